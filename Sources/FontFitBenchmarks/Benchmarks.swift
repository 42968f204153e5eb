import FontFit
import Foundation

/// scripts/bench: every fontfit operation timed against a baseline measured in the same run (one raw
/// hb_shape call of the same text), so the figures are ratios that do not depend on the machine.
@main
struct Benchmarks {
    static let line = "The quick brown fox jumps over"  // 30 characters
    static let paragraph = """
        Typesetting is the composition of text by means of arranging physical type or its digital \
        equivalents. Stored letters and other symbols are retrieved and ordered according to a \
        language's orthography for visual display. A layout engine measures each line exactly and \
        fits text to its frame.
        """

    static func main() throws {
        let json = CommandLine.arguments.contains("--json")
        let font = try Font(face: BundledFont.face())
        precondition(line.count == 30 && (290...310).contains(paragraph.count))

        let lineFrame = FrameSize(width: 200, height: 40)
        let paragraphFrame = FrameSize(width: 400, height: 300)
        func fitLine() throws -> Double {
            try font.fit(line, in: lineFrame, maxSize: 100, minimumScaleFactor: 0.01, lineLimit: 1).size
        }
        func fitParagraph() throws -> Double {
            try font.fit(paragraph, in: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01).size
        }

        let shapeLine = time { font.shapedGlyphCount(line) }
        let singleLineFit = try time { try fitLine() }
        let shapeParagraph = time { font.shapedGlyphCount(paragraph) }
        let paragraphFit = try time { try fitParagraph() }

        // The resize-slider case: the text is measured once, then re-fitted as the frame changes.
        let prepared = try font.prepare(paragraph)
        var frameWidth = 300.0
        let refit = try time { () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            return try prepared.fit(in: FrameSize(width: frameWidth, height: 300), maxSize: 100, minimumScaleFactor: 0.01).size
        }
        // The same re-fits asking only for the size: the staircase answers in a few comparisons.
        frameWidth = 300
        let refitSize = try time { () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            return try prepared.fittedSize(in: FrameSize(width: frameWidth, height: 300), maxSize: 100, minimumScaleFactor: 0.01) ?? 0
        }
        let naive = try time { try naiveFit(font: font, text: paragraph, frame: paragraphFrame, maxSize: 100, minimumSize: 1).size }

        // A clean 1200×630 card: drawing its glyphs, and encoding the PNG.
        let cardFrame = FrameSize(width: 1040, height: 470)
        let card = try font.prepare("Ship text that fits, in every language")
        let cardScene = RenderScene.fit(
            try card.fit(in: cardFrame, maxSize: 160, minimumScaleFactor: 0.1, alignment: .center), frame: cardFrame,
            text: card, style: .clean(canvas: FrameSize(width: 1200, height: 630), verticalAlignment: .center, padding: 80),
            pixelScale: 1)
        let cardImage = try PNGRenderer.rasterize(cardScene)
        let rasterizeCard = try time { try PNGRenderer.rasterize(cardScene).width }
        let encodeCard = try time { try PNGEncoder.encode(cardImage).count }

        // Check the naive search lands where the exact fit does (to its own tolerance).
        let exact = try fitParagraph()
        let (approximate, naiveProbes) = try naiveFit(
            font: font, text: paragraph, frame: paragraphFrame, maxSize: 100, minimumSize: 1)
        precondition(abs(exact - approximate) <= naiveTolerance * 2, "naive \(approximate) vs exact \(exact)")

        let figures: [(key: String, value: Double, label: String, detail: String)] = [
            ("singleLineFitPerShape", singleLineFit / shapeLine, "single-line fit ÷ hb_shape (30 chars)",
             "fit \(ns(singleLineFit)) vs hb_shape \(ns(shapeLine)); goal ≤ 1.2"),
            ("paragraphFitPerShape", paragraphFit / shapeParagraph, "wrapped fit 400×300 ÷ hb_shape (300 chars)",
             "fit \(ns(paragraphFit)) vs hb_shape \(ns(shapeParagraph)); goal ≤ 2"),
            ("shapesPerRefit", shapeParagraph / refit, "re-fits per hb_shape of the paragraph",
             "re-fit \(ns(refit)) vs hb_shape \(ns(shapeParagraph)); goal ≥ 100"),
            ("refitsWithLinesPerShape", shapeParagraph / refit, "staircase re-fits with lines per hb_shape",
             "the re-fit above, lines laid out; goal ≥ 100"),
            ("refitSizesPerShape", shapeParagraph / refitSize, "staircase re-fits, size only, per hb_shape",
             "size \(ns(refitSize)) vs hb_shape \(ns(shapeParagraph)); goal ≥ 1000"),
            ("naiveOverFit", naive / paragraphFit, "naive re-shaping binary search ÷ fit",
             "naive \(ns(naive)) (\(naiveProbes) probes to \(naiveTolerance) pt) vs fit \(ns(paragraphFit)); goal ≥ 15"),
            ("cardRasterizeMilliseconds", rasterizeCard / 1e6, "1200×630 card: draw the glyphs (ms)",
             "FreeType rasterising into an RGBA canvas"),
            ("cardPNGEncodeMilliseconds", encodeCard / 1e6, "1200×630 card: encode the PNG (ms)",
             "libpng, fast mode; goal: a few milliseconds"),
        ]
        if json {
            let members = figures.map { "\"\($0.key)\":\(String(format: "%.4g", $0.value))" }
            print("{" + members.joined(separator: ",") + "}")
        } else {
            for figure in figures {
                print("\(figure.label.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%8.3f", figure.value))   \(figure.detail)")
            }
        }
    }

    static let naiveTolerance = 0.01

    /// What autosizing widgets do: bisect the size, laying the text out again (shaping included)
    /// at every probe, until the interval is narrower than a hundredth of a point.
    static func naiveFit(
        font: Font, text: String, frame: FrameSize, maxSize: Double, minimumSize: Double
    ) throws -> (size: Double, probes: Int) {
        var low = minimumSize, high = maxSize, probes = 0
        func fits(_ size: Double) throws -> Bool {
            probes += 1
            return try font.prepare(text, ink: false).fit(in: frame, maxSize: size).fits
        }
        if try fits(high) { return (high, probes) }
        while high - low > naiveTolerance {
            let middle = (low + high) / 2
            if try fits(middle) { low = middle } else { high = middle }
        }
        return (low, probes)
    }

    /// Median time of one call in nanoseconds, over batches that each run for about 20 ms.
    ///
    /// With FONTFIT_BENCH_CALLS=N1,N2,… in the environment, the k-th timed body runs exactly Nk times
    /// (0 when the list is shorter) and no time is taken: a fixed amount of work, for instruction
    /// counts (valgrind --tool=callgrind), e.g. 0,1000 for the single-line fit alone.
    nonisolated(unsafe) static var timedBodies = 0
    static func time<T>(_ body: () throws -> T) rethrows -> Double {
        if let list = ProcessInfo.processInfo.environment["FONTFIT_BENCH_CALLS"] {
            let counts = list.split(separator: ",").map { Int($0) ?? 0 }
            let calls = timedBodies < counts.count ? counts[timedBodies] : 0
            timedBodies += 1
            for _ in 0..<calls { blackHole(try body()) }
            return 1
        }
        let start = ContinuousClock.now
        var calls = 0
        while ContinuousClock.now - start < .milliseconds(20) {
            blackHole(try body())
            calls += 1
        }
        let perBatch = max(calls, 1)
        var samples: [Double] = []
        for _ in 0..<15 {
            let batchStart = ContinuousClock.now
            for _ in 0..<perBatch { blackHole(try body()) }
            let elapsed = ContinuousClock.now - batchStart
            samples.append(Double(elapsed.components.attoseconds) / 1e9 / Double(perBatch)
                + Double(elapsed.components.seconds) * 1e9 / Double(perBatch))
        }
        return samples.sorted()[samples.count / 2]
    }

    static func ns(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.2f µs", value / 1000) : String(format: "%.1f ns", value)
    }
}

/// Keeps the optimizer from dropping a result nobody reads.
@inline(never) func blackHole<T>(_ value: T) {}
