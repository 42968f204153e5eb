import Testing
import TextFitting
import FontFitTestSupport

@Suite struct LayoutTests {
    @Test func greedyBreaksOnlyAtOpportunities() {
        let text = Synthetic.text("aa bb cc")
        // "aa bb" is 2.25 em; "aa bb cc" 3.5 em.
        #expect(TextFitter.layout(text, width: 2.25, bounds: .lineBox) == [0..<6, 6..<8])
        #expect(TextFitter.layout(text, width: 2.2499, bounds: .lineBox) == [0..<3, 3..<6, 6..<8])
        #expect(TextFitter.layout(text, width: 3.5, bounds: .lineBox) == [0..<8])
        // Too narrow for any word: each word alone, never split.
        #expect(TextFitter.layout(text, width: 0.1, bounds: .lineBox) == [0..<3, 3..<6, 6..<8])
    }

    @Test func trailingWhitespaceDoesNotCount() {
        let text = Synthetic.text("aa    bb")
        // "aa" plus four spaces is still 1 em wide at the end of a line, so the spaces stay with it.
        #expect(TextFitter.layout(text, width: 1, bounds: .lineBox) == [0..<6, 6..<8])
        let spaced = Synthetic.text("aa bb   ")
        #expect(TextFitter.layout(spaced, width: 2.25, bounds: .lineBox) == [0..<8])
    }

    @Test func mandatoryBreaksAlwaysBreak() {
        let text = Synthetic.text("a\nb c\n\nd\n")
        #expect(TextFitter.layout(text, width: 100, bounds: .lineBox) == [0..<2, 2..<6, 6..<7, 7..<9])
        let result = TextFitter.fit(text, options: FitConstraints(maxSize: 10))
        // A final newline does not add an empty line; an empty paragraph is an empty line.
        #expect(result.lines.map(\.text) == ["a", "b c", "", "d"])
    }

    @Test func inkBoundsUseInkEdges() {
        // Each letter's ink spans 0.05...0.45 of its 0.5 em advance.
        let text = Synthetic.text("aa bb")
        let result = TextFitter.fit(
            text, options: FitConstraints(maxSize: 10, frameWidth: 100, lineLimit: 1, bounds: .ink))
        // From 0.05 to 2.25 - 0.05.
        #expect(close(result.width, 21.5))
        #expect(close(result.lines[0].x, 0))
        #expect(close(result.lines[0].penX, -0.5))
        #expect(TextFitter.layout(text, width: 2.15, bounds: .ink) == [0..<5])
        #expect(TextFitter.layout(text, width: 2.149, bounds: .ink) == [0..<3, 3..<5])
    }

    @Test func layoutMatchesTheOracleOnRandomText() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let text = randomText(words: 30, using: &rng)
            let bounds: FitBounds = Bool.random(using: &rng) ? .lineBox : .ink
            let oracle = Oracle(text: text, options: FitConstraints(maxSize: 1, bounds: bounds))
            for _ in 0..<5 {
                let width = Double.random(in: 0.5...15, using: &rng)
                #expect(TextFitter.layout(text, width: width, bounds: bounds) == oracle.lines(unitWidth: width))
            }
        }
    }

    @Test func clusterTextComesFromUTF8Ranges() {
        // Multi-scalar graphemes stay whole; the line text is cut out by UTF-8 offsets.
        let text = Synthetic.text("e\u{301}te\u{301} 👨‍👩‍👧 ok")
        let result = TextFitter.fit(text, options: FitConstraints(maxSize: 10, frameWidth: 25))
        #expect(result.lines.map(\.text) == ["e\u{301}te\u{301} 👨‍👩‍👧", "ok"])
        #expect(result.lines[0].range == 0..<26)
        #expect(result.lines[1].range == 27..<29)
    }
}
