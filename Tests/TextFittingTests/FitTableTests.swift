import Testing
@testable import TextFitting
import FontFitTestSupport

/// The tables built once (``FitTable``), the certified search and the lazily made line texts must
/// give exactly what the plain paths give.
@Suite struct FitTableTests {
    static func randomOptions(using rng: inout SplitMix64) -> FitConstraints {
        var options = PropertyTests.randomOptions(using: &rng)
        options.alignment = [.leading, .center, .trailing].randomElement(using: &rng)!
        options.truncation = [.tail, .head, .middle, .none].randomElement(using: &rng)!
        if Int.random(in: 0..<6, using: &rng) == 0 { options.granularity = 0.5 }
        if Int.random(in: 0..<8, using: &rng) == 0 {
            options.presetSizes = (0..<4).map { _ in Double.random(in: 4...120, using: &rng) }
        }
        return options
    }

    static func expectSame(_ a: FitResult, _ b: FitResult, _ context: String) {
        #expect(a.size == b.size && a.scale == b.scale && a.fits == b.fits, "\(context)")
        #expect(a.truncated == b.truncated && a.width == b.width && a.height == b.height, "\(context)")
        #expect(a.lines == b.lines, "\(context)")
        #expect(a.lines.map(\.text) == b.lines.map(\.text), "\(context)")
    }

    @Test func cachedTableFitEqualsPlainFit() {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<600 {
            let text = randomText(words: 30, using: &rng)
            let table = FitTable(text)
            // One table, many frames, as a resize slider uses it.
            for _ in 0..<3 {
                let options = Self.randomOptions(using: &rng)
                Self.expectSame(
                    TextFitter.fit(table, options: options), TextFitter.fit(text, options: options),
                    "\(text.text.debugDescription) \(options)")
            }
        }
    }

    @Test func tableWithoutInkFitsInkBoundsLikeThePlainFit() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<100 {
            var text = randomText(words: 12, using: &rng)
            text.inks = []
            var options = PropertyTests.randomOptions(using: &rng)
            options.bounds = .ink
            Self.expectSame(
                TextFitter.fit(FitTable(text), options: options), TextFitter.fit(text, options: options),
                "\(text.text.debugDescription)")
        }
    }

    /// The fit that asks for its ellipsis only when it truncates equals the fit of the text that
    /// holds that ellipsis from the start, in every truncation mode.
    @Test func ellipsisAskedForLateEqualsTheTextWithIt() {
        var rng = SplitMix64(seed: 11)
        var truncated = 0
        for _ in 0..<200 {
            var text = randomText(words: 20, using: &rng)
            text.ellipsis = nil
            var options = Self.randomOptions(using: &rng)
            options.minimumScaleFactor = 1
            options.truncation = [TruncationMode.tail, .head, .middle, .none].randomElement(using: &rng)!
            var withEllipsis = text
            withEllipsis.ellipsis = Synthetic.ellipsisUnit
            var asked = 0
            let result = TextFitter.fit(FitTable(text), options: options) {
                asked += 1
                return Synthetic.ellipsisUnit
            }
            Self.expectSame(result, TextFitter.fit(withEllipsis, options: options), "\(text.text.debugDescription)")
            #expect(asked == (result.fits || options.truncation == .none ? 0 : 1))
            if result.truncated { truncated += 1 }
        }
        #expect(truncated > 20)
    }

    /// Texts with long words and frames of every shape, so that answers are bound by height, by
    /// a line's width, by an unbreakable word, by the line limit and by the maximum size.
    @Test func certifiedSearchEqualsThePlainSearch() {
        var rng = SplitMix64(seed: 4242)
        var certified = 0, found = 0
        for _ in 0..<4000 {
            let text = randomText(words: Int.random(in: 1...60, using: &rng), using: &rng)
            var options = PropertyTests.randomOptions(using: &rng)
            options.bounds = .lineBox
            if Bool.random(using: &rng) { options.frameHeight = Double.random(in: 5...800, using: &rng) }
            if Bool.random(using: &rng) { options.frameWidth = Double.random(in: 5...400, using: &rng) }
            let problem = FitProblem(text, options: options.normalized)
            guard problem.options.lineLimit != 1 else { continue }
            let plain = problem.searchedSize()
            if problem.usesCertifiedSearch {
                certified += 1
                let fast = problem.certifiedSize()
                #expect(fast?.size == plain, "\(text.text.debugDescription) \(options)")
                if fast != nil { found += 1 }
                // A layout that proved itself gives the result's lines when it is the same layout.
                if let (size, witness) = fast, let witness, let reused = problem.reused(witness, atSize: size) {
                    let recorded = problem.layout(atSize: size, record: true)
                    #expect(reused.fits == recorded.fits)
                    #expect(reused.lines.map { $0.start..<$0.end } == recorded.lines.map { $0.start..<$0.end })
                    #expect(reused.lines.map(\.run.width) == recorded.lines.map(\.run.width))
                }
            }
            #expect(problem.exactSize() == plain)
        }
        #expect(certified > 1500 && found > 1000)
    }

    @Test func lineTextReadsAndWritesLikeAStoredString() throws {
        let text = Synthetic.text("The quick brown fox jumps over the lazy dog")
        let result = TextFitter.fit(FitTable(text), options: FitConstraints(maxSize: 10, frameWidth: 60))
        let line = try #require(result.lines.first)
        #expect(line.text == "The quick")
        let copy = FittedLine(
            text: line.text, range: line.range, width: line.width, x: line.x, y: line.y,
            baseline: line.baseline, height: line.height, penX: line.penX, units: line.units, isTruncated: line.isTruncated)
        #expect(copy == line && copy.hashValue == line.hashValue)
        var edited = line
        edited.text = "other"
        #expect(edited.text == "other" && edited != line)
        #expect(result.lines.map(\.text).joined(separator: " ") == "The quick brown fox jumps over the lazy dog")
    }

    /// A fit holds one unit per grapheme (a million for 1 MB of text), so its size is the memory a
    /// large fit writes: the layout its documentation promises.
    @Test func aUnitIsThreeWords() {
        #expect(MemoryLayout<TextUnit>.stride == 24)
    }

    /// A size search reads the break point of every line it lays out: a break point keeps its unit
    /// indices in 31 bits and its flags in their top bits, and every field reads back whole.
    @Test func aBreakPointIsThreeWords() {
        #expect(MemoryLayout<BreakPoint>.stride == 24)
        for (mandatory, unsafe) in [(false, false), (true, false), (false, true), (true, true)] {
            let point = BreakPoint(
                end: Int(Int32.max), contentEnd: 7, pen: 2.5, endPen: 3.25, isMandatory: mandatory, isUnsafe: unsafe)
            #expect(point.end == Int(Int32.max) && point.contentEnd == 7 && point.pen == 2.5 && point.endPen == 3.25)
            #expect(point.isMandatory == mandatory && point.isUnsafe == unsafe)
        }
    }
}
