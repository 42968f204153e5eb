import Testing
import TextFitting

/// Fonts whose widths are not proportional to the size, through `fit(options:measure:)`.
@Suite struct NonlinearFitTests {
    static let paragraph = "Sphinx of black quartz judge my vow while the five boxing wizards jump quickly"

    /// Advances grow 1% per 10 pt, as with an optical-size axis that widens small text's opposite.
    static func growing(_ size: Double) -> MeasuredText {
        var text = Synthetic.text(paragraph)
        let factor = 1 + 0.001 * size
        for index in text.units.indices { text.units[index].advance *= factor }
        return text
    }

    /// Advances rounded up to whole pixels at the size (hinting), expressed back in em.
    static func snapped(_ size: Double) -> MeasuredText {
        var text = Synthetic.text(paragraph, letter: 0.53, space: 0.27)
        for index in text.units.indices {
            text.units[index].advance = (text.units[index].advance * size).rounded(.up) / size
        }
        return text
    }

    static let frames: [(Double, Double)] = [(100, 100), (180, 60), (300, 40), (400, 300), (90, 400), (250, 70)]

    @Test(arguments: [false, true]) func resultFitsWithItsOwnMeasurementAndLargerDoesNot(snapping: Bool) {
        let measure: (Double) -> MeasuredText = { snapping ? Self.snapped($0) : Self.growing($0) }
        for (width, height) in Self.frames {
            let options = FitConstraints(
                maxSize: 120, minimumScaleFactor: 0.05, frameWidth: width, frameHeight: height)
            var calls = 0
            let result = TextFitter.fit(options: options) { size in
                calls += 1
                return measure(size)
            }
            #expect(result.fits)
            #expect(TextFitter.fits(measure(result.size), size: result.size, options: options))
            let above = result.size * (1 + 1e-6)
            if result.size < options.maxSize {
                #expect(!TextFitter.fits(measure(above), size: above, options: options), "\(width)×\(height)")
            }
            // The lines are those of the measurement at the result.
            let lines = TextFitter.layout(measure(result.size), width: width / result.size, bounds: .lineBox)
            #expect(result.lines.map(\.units) == lines)
            #expect(calls <= 40, "\(calls) measurements")
        }
    }

    @Test func growingWidthsGiveASmallerSizeThanTheMaximumSizeMeasurementSuggests() {
        let options = FitConstraints(maxSize: 120, minimumScaleFactor: 0.05, frameWidth: 300, frameHeight: 40)
        let naive = TextFitter.fit(Self.growing(120), options: options).size
        let result = TextFitter.fit(options: options, measure: Self.growing)
        // Smaller sizes are narrower here, so more fits than the 120 pt measurement says.
        #expect(result.size > naive * 1.001)
        // The fixed point: fitting its own measurement exactly gives the same size.
        #expect(close(TextFitter.fit(Self.growing(result.size), options: options).size, result.size, 1e-8))
    }

    @Test func presetsAreVerifiedWithTheirOwnMeasurement() {
        let presets: [Double] = [10, 12, 14, 17, 20, 24, 28, 34, 40, 48]
        for (width, height) in Self.frames {
            let options = FitConstraints(
                maxSize: 120, minimumScaleFactor: 0.05, frameWidth: width, frameHeight: height,
                presetSizes: presets)
            let result = TextFitter.fit(options: options, measure: Self.snapped)
            #expect(result.fits)
            #expect(presets.contains(result.size))
            #expect(TextFitter.fits(Self.snapped(result.size), size: result.size, options: options))
            for larger in presets where larger > result.size {
                #expect(!TextFitter.fits(Self.snapped(larger), size: larger, options: options))
            }
        }
    }

    @Test func granularityIsVerifiedWithItsOwnMeasurement() {
        for (width, height) in Self.frames {
            let options = FitConstraints(
                maxSize: 120, minimumScaleFactor: 0.05, frameWidth: width, frameHeight: height, granularity: 1)
            let result = TextFitter.fit(options: options, measure: Self.growing)
            #expect(result.size == result.size.rounded())
            #expect(TextFitter.fits(Self.growing(result.size), size: result.size, options: options))
            #expect(!TextFitter.fits(Self.growing(result.size + 1), size: result.size + 1, options: options))
        }
    }

    @Test func proportionalMeasurementMatchesTheLinearFit() {
        let options = FitConstraints(maxSize: 120, minimumScaleFactor: 0.05, frameWidth: 180, frameHeight: 60)
        let text = Synthetic.text(Self.paragraph)
        let measured = TextFitter.fit(options: options) { _ in text }
        #expect(measured.size == TextFitter.fit(text, options: options).size)
    }

    @Test func nothingFitsFallsBackToTheMinimum() {
        let options = FitConstraints(
            maxSize: 40, minimumScaleFactor: 0.5, frameWidth: 50, frameHeight: 20, lineLimit: 1)
        let result = TextFitter.fit(options: options, measure: Self.growing)
        #expect(!result.fits && result.truncated)
        #expect(result.size == 20)
        #expect(result.lines.count == 1 && result.lines[0].text.hasSuffix("…"))
    }
}
