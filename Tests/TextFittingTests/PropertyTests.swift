import Testing
import TextFitting
import FontFitTestSupport

/// Seeded random texts and frames, checked against the naive ``Oracle``.
@Suite struct PropertyTests {
    static func randomOptions(using rng: inout SplitMix64) -> FitConstraints {
        FitConstraints(
            maxSize: Double.random(in: 8...120, using: &rng),
            minimumScaleFactor: [0.01, 0.1, 0.3, 0.5, 0.8, 1].randomElement(using: &rng)!,
            frameWidth: Int.random(in: 0..<20, using: &rng) == 0
                ? .infinity : Double.random(in: 5...400, using: &rng),
            frameHeight: Int.random(in: 0..<5, using: &rng) == 0
                ? .infinity : Double.random(in: 5...800, using: &rng),
            lineLimit: Bool.random(using: &rng) ? nil : Int.random(in: 1...5, using: &rng),
            bounds: Bool.random(using: &rng) ? .lineBox : .ink,
            lineSpacing: Bool.random(using: &rng) ? 0 : Double.random(in: 0...8, using: &rng))
    }

    @Test func resultFitsAndNothingLargerDoes() {
        var rng = SplitMix64(seed: 2024)
        var fitted = 0, limitedBelowMax = 0
        for _ in 0..<500 {
            let text = randomText(words: 14, using: &rng)
            let options = Self.randomOptions(using: &rng)
            let oracle = Oracle(text: text, options: options)
            let result = TextFitter.fit(text, options: options)
            let minSize = options.maxSize * options.minimumScaleFactor
            let brute = oracle.bruteForceBestSize()
            guard result.fits else {
                #expect(
                    brute == nil, "missed a fit at \(brute ?? 0) for \(text.text.debugDescription) \(options)")
                #expect(result.size == minSize)
                continue
            }
            fitted += 1
            #expect(result.size >= minSize && result.size <= options.maxSize)
            #expect(oracle.fits(atSize: result.size))
            #expect(TextFitter.fits(text, size: result.size, options: options))
            if result.size < options.maxSize {
                limitedBelowMax += 1
                #expect(!oracle.fits(atSize: result.size * (1 + 1e-6)), "\(text.text.debugDescription)")
            }
            if let brute {
                #expect(close(result.size, brute, 2e-9), "brute force \(brute) vs \(result.size)")
            } else {
                Issue.record("brute force found no fit but the fitter did at \(result.size)")
            }
            // The reported lines are the greedy lines at the size, and they fit.
            let unitWidth = options.frameWidth / result.size
            #expect(result.lines.map(\.units) == oracle.lines(unitWidth: unitWidth))
            #expect(result.lines.count <= (options.lineLimit ?? .max))
            #expect(result.lines.allSatisfy { $0.width <= options.frameWidth * (1 + 1e-9) })
            #expect(result.height <= options.frameHeight * (1 + 1e-9))
            #expect(close(result.width, result.lines.map(\.width).max() ?? 0))
        }
        // The generator must exercise both outcomes, not only the trivial one.
        #expect(fitted > 200 && limitedBelowMax > 150)
    }

    @Test func denseSamplingAboveTheResultFindsNoFit() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<150 {
            let text = randomText(words: 25, using: &rng)
            let options = Self.randomOptions(using: &rng)
            // Exact comparisons, so that the answer is a sharp edge.
            let oracle = Oracle(text: text, options: options, tolerance: 0)
            let result = TextFitter.fit(text, options: options)
            guard result.fits, result.size < options.maxSize else { continue }
            #expect(Oracle(text: text, options: options).fits(atSize: result.size))
            let low = result.size * (1 + 1e-9), high = options.maxSize
            // Evenly spaced samples up to the maximum, and ever closer ones just above the result.
            let even = (0...200).map { low + (high - low) * Double($0) / 200 }
            let near = (0..<40).map { low * (1 + 1e-9 * Double(1 << $0)) }.filter { $0 <= high }
            #expect(!(even + near).contains { oracle.fits(atSize: $0) })
            // Bisection on the oracle's own feasibility converges onto the result.
            var fitting = result.size * (1 - 1e-9), failing = high
            #expect(oracle.fits(atSize: fitting))
            #expect(!oracle.fits(atSize: failing))
            for _ in 0..<80 {
                let middle = (fitting + failing) / 2
                if oracle.fits(atSize: middle) { fitting = middle } else { failing = middle }
            }
            #expect(fitting <= result.size * (1 + 1e-9), "bisection found \(fitting) > \(result.size)")
        }
    }

    @Test func sizeGrowsWithTheFrame() {
        var rng = SplitMix64(seed: 31337)
        for _ in 0..<150 {
            let text = randomText(words: 20, using: &rng)
            var options = Self.randomOptions(using: &rng)
            let widths = (0..<6).map { _ in Double.random(in: 5...400, using: &rng) }.sorted()
            var previous = -Double.infinity
            for width in widths {
                options.frameWidth = width
                let result = TextFitter.fit(text, options: options)
                let size = result.fits ? result.size : -1
                #expect(size >= min(previous, previous * (1 - 1e-9)), "width \(width): \(size) < \(previous)")
                previous = size
            }
            options.frameWidth = widths[3]
            let heights = (0..<6).map { _ in Double.random(in: 5...800, using: &rng) }.sorted()
            previous = -Double.infinity
            for height in heights {
                options.frameHeight = height
                let result = TextFitter.fit(text, options: options)
                let size = result.fits ? result.size : -1
                #expect(size >= min(previous, previous * (1 - 1e-9)), "height \(height): \(size) < \(previous)")
                previous = size
            }
        }
    }

    @Test func feedingTheUsedWidthBackKeepsTheLines() {
        var rng = SplitMix64(seed: 5)
        var checked = 0
        for _ in 0..<300 {
            let text = randomText(words: 20, using: &rng)
            let options = Self.randomOptions(using: &rng)
            let result = TextFitter.fit(text, options: options)
            guard result.fits, result.width > 0 else { continue }
            checked += 1
            let lines = TextFitter.layout(text, width: result.width / result.size, bounds: options.bounds)
            #expect(lines == result.lines.map(\.units))

            var tight = options
            tight.frameWidth = result.width
            tight.maxSize = result.size
            tight.minimumScaleFactor = 1
            let refit = TextFitter.fit(text, options: tight)
            #expect(refit.fits)
            #expect(refit.lines.map(\.units) == result.lines.map(\.units))
        }
        #expect(checked > 150)
    }
}
