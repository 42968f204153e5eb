import Testing
@testable import TextFitting

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
            guard staircase.ends.narrowest.lineCount > staircase.ends.widest.lineCount else { continue }
            let lines = Int.random(in: staircase.ends.widest.lineCount..<staircase.ends.narrowest.lineCount, using: &rng)
            let stair = try #require(staircase.stair(lines: lines))
            #expect(stair.lineCount <= lines)
            var none: [LaidLine] = []
            let narrower = LineTable(text, bounds: .lineBox).greedy(
                width: stair.start.nextDown, slack: 1, emergency: false, record: false, lines: &none)
            #expect(narrower.lineCount > lines)
        }
    }
}
