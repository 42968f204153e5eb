import Testing
@testable import TextFitting
import FontFitTestSupport

/// The staircase re-fit (issue 9) gives exactly the sizes and lines of the plain search: a
/// differential test over thousands of random texts (hard breaks included), frames, line limits and
/// spacings, one table re-fitted into many frames as a resize slider does.
@Suite struct StaircaseTests {
    @Test func staircaseSizesEqualThePlainSearch() {
        var rng = SplitMix64(seed: 9_001)
        var compared = 0, fitted = 0
        for _ in 0..<1500 {
            let text = randomText(words: Int.random(in: 1...60, using: &rng), using: &rng)
            let table = FitTable(text)
            for _ in 0..<4 {
                var options = PropertyTests.randomOptions(using: &rng)
                options.bounds = .lineBox
                if Bool.random(using: &rng) { options.frameWidth = Double.random(in: 5...400, using: &rng) }
                let plain = FitProblem(text, options: options.normalized)
                guard plain.options.lineLimit != 1 else { continue }
                let staircased = FitProblem(table, options: options.normalized)
                let expected = plain.searchedSize()
                if let staircase = staircased.staircase, let size = staircased.staircaseSize(staircase) {
                    compared += 1
                    #expect(size == expected, "\(text.text.debugDescription) \(options)")
                } else {
                    // The staircase says nothing fits only when nothing does (or does not apply).
                    #expect(expected == nil || staircased.staircase == nil || !options.frameWidth.isFinite,
                            "\(text.text.debugDescription) \(options)")
                }
                // The public size-only query and the full result agree with the plain fit.
                let full = TextFitter.fit(text, options: options)
                let sizeOnly = TextFitter.size(table, options: options)
                #expect(sizeOnly == (full.fits ? full.size : nil), "\(text.text.debugDescription) \(options)")
                let refit = TextFitter.fit(table, options: options)
                FitTableTests.expectSame(refit, full, "\(text.text.debugDescription) \(options)")
                if full.fits { fitted += 1 }
            }
        }
        #expect(compared > 2000 && fitted > 2000)
    }

    /// Line counts only fall as the width grows, so each stair takes at most its line count, and a
    /// hair narrower than the stair's width takes more.
    @Test func eachStairIsTheNarrowestWidthForItsLineCount() throws {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<200 {
            let text = randomText(words: 40, using: &rng)
            let staircase = try #require(Staircase(LineTable(text, bounds: .lineBox)))
            guard staircase.endLayouts.narrowest.lineCount > staircase.endLayouts.widest.lineCount else { continue }
            let lines = Int.random(in: staircase.endLayouts.widest.lineCount..<staircase.endLayouts.narrowest.lineCount, using: &rng)
            let stair = try #require(staircase.stair(lines: lines))
            #expect(stair.lineCount <= lines)
            var none: [LaidLine] = []
            let narrower = LineTable(text, bounds: .lineBox).greedy(
                width: stair.start.nextDown, slack: 1, emergency: false, record: false, lines: &none)
            #expect(narrower.lineCount > lines)
        }
    }

    /// With monotone widths a greedy line is found by galloping over its breaks; it must be the
    /// line that trying each break in turn makes, with the same summary (the interval of widths the
    /// layout holds for is what the search and the staircase stand on).
    @Test func gallopingGreedyEqualsTryingEachBreak() throws {
        var rng = SplitMix64(seed: 77)
        var compared = 0
        for _ in 0..<2000 {
            let text = randomText(words: Int.random(in: 1...80, using: &rng), using: &rng)
            let table = LineTable(text, bounds: .lineBox)
            guard table.hasMonotoneWidths, table.count > 0 else { continue }
            for _ in 0..<6 {
                let width = Bool.random(using: &rng)
                    ? Double.random(in: 0...12, using: &rng) : Double(Int.random(in: 0...40, using: &rng)) * 0.1
                var galloped: [LaidLine] = [], tried: [LaidLine] = []
                let fast = table.greedy(width: width, slack: 1, emergency: false, record: true, lines: &galloped)
                let plain = table.advanceGreedy(limit: width, record: true, lines: &tried)
                #expect(galloped.map { [$0.start, $0.end] } == tried.map { [$0.start, $0.end] }, "\(text.text.debugDescription) \(width)")
                #expect(galloped.map(\.run.width) == tried.map(\.run.width))
                #expect(fast.lineCount == plain.lineCount && fast.maxWidth == plain.maxWidth)
                #expect(fast.lowerWidth == plain.lowerWidth && fast.upperWidth == plain.upperWidth, "\(text.text.debugDescription) \(width)")
                compared += 1
            }
        }
        #expect(compared > 10_000)
    }

    /// A re-fit answered by the staircase, with its lines laid out when read, is the plain fit:
    /// size, extent and, once read, every line; and so is the same re-fit again, its layout and
    /// lines taken from those kept.
    @Test func deferredRefitEqualsThePlainFit() {
        var rng = SplitMix64(seed: 4_242)
        var answered = 0
        for _ in 0..<800 {
            let text = randomText(words: Int.random(in: 1...60, using: &rng), using: &rng)
            let table = FitTable(text)
            // A re-fit reads the stairs from the second fit of a text on.
            _ = table.staircase?.isWorthUsing()
            for _ in 0..<5 {
                var options = PropertyTests.randomOptions(using: &rng)
                options.bounds = .lineBox
                options.frameWidth = Double.random(in: 5...400, using: &rng)
                options.alignment = [LineAlignment.leading, .center, .trailing].randomElement(using: &rng)!
                let bounds = options.normalized.sizeBounds
                let plain = TextFitter.fit(text, options: options)
                guard let refit = TextFitter.refit(table, bounds, alignment: options.alignment) else {
                    // Only a fit of one line, or one that does not fit, is left to the full fit.
                    #expect(!plain.fits || bounds.lineLimit == 1 || table.staircase == nil, "\(text.text.debugDescription) \(options)")
                    continue
                }
                answered += 1
                FitTableTests.expectSame(refit, plain, "\(text.text.debugDescription) \(options)")
                // Again: the layout and its lines now come from the layouts re-fits met last.
                if let again = TextFitter.refit(table, bounds, alignment: options.alignment) {
                    FitTableTests.expectSame(again, plain, "again: \(text.text.debugDescription) \(options)")
                } else {
                    Issue.record("a second re-fit was not answered: \(text.text.debugDescription) \(options)")
                }
            }
        }
        #expect(answered > 1500)

    }
}
