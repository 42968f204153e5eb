import Testing
import TextFitting
import FontFitTestSupport

@Suite struct QuantizationTests {
    /// "text" on one line in 101 pt: exactly 50.5.
    static func options(granularity: Double? = nil, presets: [Double]? = nil) -> FitConstraints {
        FitConstraints(
            maxSize: 300, minimumScaleFactor: 0.01, frameWidth: 101, lineLimit: 1,
            granularity: granularity, presetSizes: presets)
    }

    static let word = Synthetic.text("text")

    @Test func granularityRoundsDown() {
        #expect(TextFitter.fit(Self.word, options: Self.options()).size == 50.5)
        #expect(TextFitter.fit(Self.word, options: Self.options(granularity: 0.5)).size == 50.5)
        #expect(TextFitter.fit(Self.word, options: Self.options(granularity: 2)).size == 50)
        #expect(close(TextFitter.fit(Self.word, options: Self.options(granularity: 0.3)).size, 50.4))
        #expect(TextFitter.fit(Self.word, options: Self.options(granularity: 1000)).size == 3)
    }

    @Test func granularityNeverGoesBelowTheMinimum() {
        // Minimum 50.3; the multiple of 1 below 50.5 would be 50.
        let result = TextFitter.fit(
            Self.word,
            options: FitConstraints(
                maxSize: 100, minimumScaleFactor: 0.503, frameWidth: 101, lineLimit: 1, granularity: 1))
        #expect(result.fits)
        #expect(close(result.size, 50.3))
    }

    @Test func presetsPickTheLargestThatFits() {
        let presets: [Double] = [72, 8, 12, 16, 24, 36, 48, 60]
        let result = TextFitter.fit(Self.word, options: Self.options(presets: presets))
        #expect(result.fits && result.size == 48)
        // Presets above the maximum are ignored.
        let capped = TextFitter.fit(
            Self.word,
            options: FitConstraints(
                maxSize: 40, minimumScaleFactor: 0.1, frameWidth: 1000, lineLimit: 1, presetSizes: [8, 36, 48]))
        #expect(capped.size == 36)
        // None fits: the smallest preset in range is used for truncation.
        let none = TextFitter.fit(
            Self.word,
            options: FitConstraints(
                maxSize: 100, minimumScaleFactor: 0.05, frameWidth: 14, lineLimit: 1, presetSizes: [8, 12]))
        #expect(!none.fits && none.size == 8)
        // 1.75 em at 8 pt: "te" and the 0.75 em ellipsis.
        #expect(none.lines.map(\.text) == ["te…"])
    }

    @Test func randomGranularityAndPresets() {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<200 {
            let text = randomText(words: 15, using: &rng)
            var options = PropertyTests.randomOptions(using: &rng)
            let exact = TextFitter.fit(text, options: options)
            let granularity = [0.25, 0.5, 1, 2].randomElement(using: &rng)!
            options.granularity = granularity
            let rounded = TextFitter.fit(text, options: options)
            guard exact.fits else {
                #expect(!rounded.fits)
                continue
            }
            #expect(rounded.fits)
            #expect(rounded.size <= exact.size * (1 + 1e-9))
            let multiple = (rounded.size / granularity).rounded()
            let isMultiple = close(multiple * granularity, rounded.size)
            #expect(isMultiple || rounded.size == options.minSize || rounded.size == options.maxSize)
            if isMultiple { #expect(exact.size - rounded.size < granularity * (1 + 1e-9)) }

            options.granularity = nil
            let presets = (0..<6).map { _ in Double.random(in: 1...130, using: &rng).rounded() }
            options.presetSizes = presets
            let preset = TextFitter.fit(text, options: options)
            let expected = presets.filter {
                $0 >= options.minSize && $0 <= options.maxSize && $0 <= exact.size * (1 + 1e-9)
            }.max()
            if let expected {
                #expect(preset.fits && preset.size == expected)
            } else {
                #expect(!preset.fits)
            }
        }
    }
}
