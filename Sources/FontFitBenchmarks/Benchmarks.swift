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

    /// The paragraph's sense in French, with its typography: accents, apostrophes, guillemets and
    /// no-break spaces (324 characters).
    static let frenchParagraph = """
        La composition typographique assemble un texte à l’aide de caractères physiques ou de leurs \
        équivalents numériques. Les lettres et les autres symboles sont rangés selon l’orthographe \
        d’une langue pour être affichés. Un moteur de mise en page mesure chaque ligne exactement et \
        ajuste le texte à son cadre\u{A0}: «\u{A0}au point près\u{A0}».
        """

    static func main() throws {
        if CommandLine.arguments.dropFirst().first == "--check-baseline" {
            return try CheckBaseline.run(Array(CommandLine.arguments.dropFirst(2)))
        }
        let json = CommandLine.arguments.contains("--json")
        let font = try Font(face: BundledFont.face())
        // Built once: a one-line fit is about one shaping, and a stack built per call would add to it.
        let fonts = FontStack(font)
        precondition(line.count == 30 && (290...310).contains(paragraph.count))
        if let flag = CommandLine.arguments.firstIndex(of: "--peak-memory"), flag + 1 < CommandLine.arguments.count {
            return try PeakMemory.run(case: CommandLine.arguments[flag + 1], font: font, paragraph: paragraph)
        }

        let lineFrame = FrameSize(width: 200, height: 40)
        let paragraphFrame = FrameSize(width: 400, height: 300)
        func fitLine() throws -> Double {
            try fonts.fit(line, options: FitOptions(frame: lineFrame, maxSize: 100, minimumScaleFactor: 0.01, lineLimit: 1)).size
        }
        func fitParagraph() throws -> Double {
            try fonts.fit(paragraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01)).size
        }

        let shapeLine = time { font.shapedGlyphCount(line) }
        let singleLineFit = try time { try fitLine() }
        let shapeParagraph = time { font.shapedGlyphCount(paragraph) }
        let paragraphFit = try time { try fitParagraph() }

        // The resize-slider case: the text is measured once and its options held, then re-fitted as
        // the frame changes. (An options value built for every call costs a size-only re-fit a
        // third more: FitOptions holds an array, so it is copied and destroyed through its value
        // witnesses.)
        let prepared = try fonts.prepare(paragraph)
        // The resize slider's options, the frame's width changing by a point per re-fit. A re-fit
        // borrows them; options are trivially copyable, so a re-fit that copies them pays a few
        // moves. The width lives in a variable only non-escaping closures capture: one a stored
        // closure captured would be checked for exclusive access on every call.
        let refitOptions = FitOptions(frame: FrameSize(width: 300, height: 300), maxSize: 100, minimumScaleFactor: 0.01)
        var frameWidth = 300.0
        let refit = try time { () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            var options = refitOptions
            options.frame.width = frameWidth
            return try prepared.fit(options: options).size
        }
        // The same re-fits asking only for the size: the staircase answers in a few comparisons.
        frameWidth = 300
        let refitSize = try time { () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            var options = refitOptions
            options.frame.width = frameWidth
            return try prepared.fittedSize(options: options) ?? 0
        }
        // The same re-fits reading every line's place, as drawing them would: a re-fit finds its
        // lines only when they are read.
        frameWidth = 300
        let refitLines = try time { () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            var options = refitOptions
            options.frame.width = frameWidth
            return readingEveryLine(of: try prepared.fit(options: options))
        }
        let naive = try time { try naiveFit(font: font, text: paragraph, frame: paragraphFrame, maxSize: 100, minimumSize: 1).size }

        // A clean 1200×630 card: drawing its glyphs, and encoding the PNG.
        let cardFrame = FrameSize(width: 1040, height: 470)
        let card = try fonts.prepare("Ship text that fits, in every language")
        let cardScene = RenderScene.fit(
            try card.fit(options: FitOptions(frame: cardFrame, maxSize: 160, minimumScaleFactor: 0.1, alignment: .center)), frame: cardFrame,
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

        // The ratios, each measured again with its baseline in alternating batches (see
        // Timing.ratio); the times printed beside them are the separate medians above.
        let shapeParagraphBody = { font.shapedGlyphCount(paragraph) }
        let singleLineFitRatio = try Timing.ratio(fitLine, over: { font.shapedGlyphCount(line) })
        let paragraphFitRatio = try Timing.ratio(fitParagraph, over: shapeParagraphBody)
        frameWidth = 300
        let refitRatio = try Timing.ratio({ () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            var options = refitOptions
            options.frame.width = frameWidth
            return try prepared.fit(options: options).size
        }, over: shapeParagraphBody)
        frameWidth = 300
        let refitSizeRatio = try Timing.ratio({ () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            var options = refitOptions
            options.frame.width = frameWidth
            return try prepared.fittedSize(options: options) ?? 0
        }, over: shapeParagraphBody)
        frameWidth = 300
        let refitLinesRatio = try Timing.ratio({ () throws -> Double in
            frameWidth = frameWidth >= 500 ? 300 : frameWidth + 1
            var options = refitOptions
            options.frame.width = frameWidth
            return readingEveryLine(of: try prepared.fit(options: options))
        }, over: shapeParagraphBody)
        let naiveRatio = try Timing.ratio({
            try naiveFit(font: font, text: paragraph, frame: paragraphFrame, maxSize: 100, minimumSize: 1).size
        }, over: fitParagraph)
        // The same fit of the French paragraph: text beyond ASCII takes the general paths
        // (graphemes found by the standard library, scripts and bidi levels by scalar).
        let frenchFitRatio = try Timing.ratio({
            try fonts.fit(frenchParagraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01)).size
        }, over: { font.shapedGlyphCount(frenchParagraph) })
        // Labels styled with letter-spacing (issue 31): spacing in em keeps widths size × em advance
        // (the walk adds it; the sums that skip placing glyphs step aside); spacing in points makes
        // widths a + b / size, re-measured at the sizes the fit tries.
        let spacedLineRatio = try Timing.ratio({
            try fonts.fit(
                line, options: FitOptions(frame: lineFrame, maxSize: 100, minimumScaleFactor: 0.01, lineLimit: 1),
                shaping: ShapingOptions(letterSpacing: .em(0.05))
            ).size
        }, over: { font.shapedGlyphCount(line) })
        let spacedParagraphRatio = try Timing.ratio({
            try fonts.fit(
                paragraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01),
                shaping: ShapingOptions(letterSpacing: .em(0.02))
            ).size
        }, over: shapeParagraphBody)
        let pointSpacedParagraphRatio = try Timing.ratio({
            try fonts.fit(
                paragraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01),
                shaping: ShapingOptions(letterSpacing: .points(0.5))
            ).size
        }, over: shapeParagraphBody)
        // Line breaking that designers choose (issue 32): hyphenation points found once when the
        // text is prepared (the dictionary loaded once per process, before timing), balanced lines
        // re-broken once at the fitted size.
        _ = try fonts.fit(
            paragraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01),
            shaping: ShapingOptions(language: "en-US", hyphens: .auto))
        let hyphenatedParagraphRatio = try Timing.ratio({
            try fonts.fit(
                paragraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01),
                shaping: ShapingOptions(language: "en-US", hyphens: .auto)
            ).size
        }, over: shapeParagraphBody)
        let balancedParagraphRatio = try Timing.ratio({ () throws -> Double in
            var options = FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01)
            options.wrap = .balance
            return try fonts.fit(paragraph, options: options).size
        }, over: shapeParagraphBody)
        func ratio(_ paired: Double, _ separate: Double) -> Double { Timing.countsCalls ? separate : paired }

        var record: [(key: String, record: Record)] = [
            ("singleLineFitPerShape", .figure(ratio(singleLineFitRatio, singleLineFit / shapeLine), label: "single-line fit ÷ hb_shape (30 chars)",
             note: "fit \(ns(singleLineFit)) vs hb_shape \(ns(shapeLine)); goal ≤ 1.05")),
            ("paragraphFitPerShape", .figure(ratio(paragraphFitRatio, paragraphFit / shapeParagraph), label: "wrapped fit 400×300 ÷ hb_shape (300 chars)",
             note: "fit \(ns(paragraphFit)) vs hb_shape \(ns(shapeParagraph)); goal ≤ 1.3")),
            ("frenchParagraphFitPerShape", .figure(frenchFitRatio, label: "the same, the paragraph in French (324 chars)",
             note: "accents, ’, « », no-break spaces: the paths for text beyond ASCII")),
            ("spacedLineFitPerShape", .figure(spacedLineRatio, label: "single-line fit with letter-spacing 0.05em ÷ hb_shape",
             note: "spacing in em: one shaping, a walk, a division")),
            ("spacedParagraphFitPerShape", .figure(spacedParagraphRatio, label: "wrapped fit with letter-spacing 0.02em ÷ hb_shape",
             note: "spacing in em: widths summed by the walk")),
            ("pointSpacedParagraphFitPerShape", .figure(pointSpacedParagraphRatio, label: "wrapped fit with letter-spacing 0.5pt ÷ hb_shape",
             note: "spacing in points: measured again at each size tried")),
            ("hyphenatedParagraphFitPerShape", .figure(hyphenatedParagraphRatio, label: "wrapped fit with hyphens auto (en-US) ÷ hb_shape",
             note: "each word's hyphenation points from libhyphen, once per fit")),
            ("balancedParagraphFitPerShape", .figure(balancedParagraphRatio, label: "wrapped fit with text-wrap balance ÷ hb_shape",
             note: "greedy's size, its lines broken again by Blink's scores")),
            ("shapesPerRefit", .figure(1 / ratio(refitRatio, refit / shapeParagraph), label: "re-fits per hb_shape of the paragraph",
             note: "re-fit \(ns(refit)) vs hb_shape \(ns(shapeParagraph)); the full result, its lines placed when read")),
            ("refitsWithLinesPerShape", .figure(1 / ratio(refitLinesRatio, refitLines / shapeParagraph), label: "staircase re-fits with lines per hb_shape",
             note: "re-fit \(ns(refitLines)), every line's place and range read; goal ≥ 100")),
            ("refitSizesPerShape", .figure(1 / ratio(refitSizeRatio, refitSize / shapeParagraph), label: "staircase re-fits, size only, per hb_shape",
             note: "size \(ns(refitSize)) vs hb_shape \(ns(shapeParagraph)); goal ≥ 1000")),
            ("naiveOverFit", .figure(ratio(naiveRatio, naive / paragraphFit), label: "naive re-shaping binary search ÷ fit",
             note: "naive \(ns(naive)) (\(naiveProbes) probes to \(naiveTolerance) pt) vs fit \(ns(paragraphFit)); goal ≥ 15")),
            ("cardRasterizeMilliseconds", .figure(rasterizeCard / 1e6, label: "1200×630 card: draw the glyphs (ms)",
             note: "FreeType rasterising into an RGBA canvas")),
            ("cardPNGEncodeMilliseconds", .figure(encodeCard / 1e6, label: "1200×630 card: encode the PNG (ms)",
             note: "libpng, fast mode; goal: a few milliseconds")),
        ]
        record.append(("paragraphFitSplit", try paragraphFitSplit(font: font, shape: shapeParagraph)))
        record.append(("proseBreaksOverICU", proseBreaksOverICU()))
        let peers = PeerStrategies(font: font, text: paragraph, frame: paragraphFrame, maxSize: 100, minimumSize: 1)
        record.append(("peers", try peers.record(fontfitFit: paragraphFit)))
        record.append(("scaling", try Scaling(font: font, paragraph: paragraph).record()))
        if Timing.countsCalls {
            // The French paragraph's shaping and fit as counted bodies (the last two), for callgrind
            // (bench: frenchParagraphFitPerShape); timed, its ratio is paired above.
            _ = time { font.shapedGlyphCount(frenchParagraph) }
            _ = try time {
                try fonts.fit(frenchParagraph, options: FitOptions(frame: paragraphFrame, maxSize: 100, minimumScaleFactor: 0.01)).size
            }
        }
        if !Timing.countsCalls {
            record.append(("peakMemoryMegabytes", try PeakMemory.record()))
        }
        let all = Record.group(title: "", record)
        if json {
            print(all.json)
        } else {
            print(all.lines().joined(separator: "\n"))
        }
    }

    /// Where the one-shot wrapped fit's time goes: itemizing and shaping, the break opportunities,
    /// the size search with its lines (on tables built once, without the staircase a re-fit uses),
    /// and what remains of the fit (graphemes, units and prefix tables). Each part is timed paired
    /// with the baseline, as the headline ratios are; only the remainder is a difference.
    static func paragraphFitSplit(font: Font, shape: Double) throws -> Record {
        let fonts = FontStack(font)
        let table = FitTable(try fonts.prepare(paragraph, ink: false).measured)
        let constraints = FitConstraints(maxSize: 100, minimumScaleFactor: 0.01, frameWidth: 400, frameHeight: 300)
        let shapeBody = { ShapedParagraph(paragraph, fonts: fonts, options: ShapingOptions()).glyphCount }
        let breaksBody = { LineBreaker.opportunities(in: paragraph).count }
        let searchBody = { TextFitter.fit(table, options: constraints).size }
        let fitBody = {
            try fonts.fit(paragraph, options: FitOptions(frame: FrameSize(width: 400, height: 300), maxSize: 100, minimumScaleFactor: 0.01)).size
        }
        let wholeFitSize = try fitBody()
        precondition(wholeFitSize == searchBody(), "the split's search must fit as the whole fit does")
        // Timed alone too: with FONTFIT_BENCH_CALLS these are the bodies counted in instructions.
        _ = Timing.time(shapeBody)
        _ = Timing.time(breaksBody)
        _ = Timing.time(searchBody)
        let paragraphBody = { font.shapedGlyphCount(paragraph) }
        let shapeRatio = Timing.ratio(shapeBody, over: paragraphBody)
        let breaksRatio = Timing.ratio(breaksBody, over: paragraphBody)
        let searchRatio = Timing.ratio(searchBody, over: paragraphBody)
        let fitRatio = try Timing.ratio(fitBody, over: paragraphBody)
        guard !Timing.countsCalls else { return .group(title: "", []) }
        let tablesRatio = fitRatio - shapeRatio - breaksRatio - searchRatio
        func part(_ ratio: Double, _ label: String) -> Record {
            .figure(ratio, label: label, note: "≈ \(ns(ratio * shape))")
        }
        return .group(title: "wrapped fit 400×300, split (each ÷ one hb_shape of the paragraph):", [
            ("shapePerShape", part(shapeRatio, "itemize and shape (ShapedParagraph)")),
            ("breakOpportunitiesPerShape", part(breaksRatio, "break opportunities (UAX #14)")),
            ("searchPerShape", part(searchRatio, "size search and lines (tables built)")),
            ("tablesPerShape", part(tablesRatio, "graphemes and tables (fit − the three above)")),
        ])
    }

    /// The break opportunities of plain prose found without ICU, against ICU's own (the same
    /// opportunities: the tests compare them), for the English and the French paragraph.
    static func proseBreaksOverICU() -> Record {
        func ratio(_ text: String) -> Double {
            precondition(LineBreaker.opportunities(in: text) == LineBreaker.icuOpportunities(in: text))
            return Timing.ratio({ LineBreaker.opportunities(in: text).count }, over: { LineBreaker.icuOpportunities(in: text).count })
        }
        let english = ratio(paragraph), french = ratio(frenchParagraph)
        guard !Timing.countsCalls else { return .group(title: "", []) }
        return .group(title: "break opportunities without ICU ÷ ICU's, the paragraph in English and in French:", [
            ("english", .figure(english, label: "English (ASCII)", note: "")),
            ("french", .figure(french, label: "French (accents, ’, « », no-break spaces)", note: "")),
        ])
    }

    static let naiveTolerance = 0.01

    /// What autosizing widgets do: bisect the size, laying the text out again (shaping included)
    /// at every probe, until the interval is narrower than a hundredth of a point.
    static func naiveFit(
        font: Font, text: String, frame: FrameSize, maxSize: Double, minimumSize: Double
    ) throws -> (size: Double, probes: Int) {
        let fonts = FontStack(font)
        var low = minimumSize, high = maxSize, probes = 0
        func fits(_ size: Double) throws -> Bool {
            probes += 1
            return try fonts.prepare(text, ink: false).fit(options: FitOptions(frame: frame, maxSize: size)).fits
        }
        if try fits(high) { return (high, probes) }
        while high - low > naiveTolerance {
            let middle = (low + high) / 2
            if try fits(middle) { low = middle } else { high = middle }
        }
        return (low, probes)
    }

    static func time<T>(_ body: () throws -> T) rethrows -> Double { try Timing.time(body) }

    /// What drawing a result reads: its size and every line's place and range.
    static func readingEveryLine(of result: FitResult) -> Double {
        var read = result.size
        for line in result.lines { read += line.x + line.baseline + line.width + Double(line.range.count) }
        return read
    }

    static func ns(_ value: Double) -> String { Timing.text(value) }
}
