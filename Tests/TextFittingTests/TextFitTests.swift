import Testing
import TextFitting

/// CSS `text-fit` values and the factors they give (css-text-4, as Chromium 156 applies them).
@Suite struct TextFitTests {
    @Test func parsesWhatCSSAccepts() {
        #expect(TextFit(parsing: "grow") == TextFit(method: .grow))
        #expect(TextFit(parsing: "shrink") == TextFit(method: .shrink, scope: .consistent))
        #expect(TextFit(parsing: "grow per-line 200%") == TextFit(method: .grow, scope: .perLine, limit: 2))
        #expect(TextFit(parsing: "shrink consistent 50%") == TextFit(method: .shrink, limit: 0.5))
        #expect(TextFit(parsing: "SHRINK Per-Line-All") == TextFit(method: .shrink, scope: .perLineAll))
        #expect(TextFit(parsing: "grow 150%") == TextFit(method: .grow, limit: 1.5))
        #expect(TextFit(parsing: "  grow\tper-line  ") == TextFit(method: .grow, scope: .perLine))
        // The grammar's order is fixed, and each part comes once.
        for bad in ["", "none", "fill", "per-line grow", "grow 200% per-line", "grow per-line per-line", "grow -10%",
            "grow 200", "grow 200%%", "grow per-line 200% x"]
        {
            #expect(TextFit(parsing: bad) == nil, "\(bad)")
        }
        #expect(TextFit(parsing: "grow per-line 200%")?.cssValue == "grow per-line 200%")
        #expect(TextFit(parsing: "shrink consistent 50%")?.cssValue == "shrink 50%")
        #expect(TextFit(parsing: "grow 12.5%")?.cssValue == "grow 12.5%")
    }

    /// 100 pt of width: a line 2 pt or less from it is left alone; grow acts on narrower lines only,
    /// shrink on wider ones; per-line skips the last line, per-line-all does not.
    @Test func perLineFactors() {
        let widths = [50.0, 98.5, 125, 80]
        #expect(TextFit(method: .grow, scope: .perLine).factors(widths: widths, frameWidth: 100) == [2, 1, 1, 1])
        #expect(TextFit(method: .grow, scope: .perLineAll).factors(widths: widths, frameWidth: 100) == [2, 1, 1, 1.25])
        #expect(TextFit(method: .shrink, scope: .perLineAll).factors(widths: widths, frameWidth: 100) == [1, 1, 0.8, 1])
        // A line before a hard break ends its paragraph: per-line leaves it alone too.
        #expect(TextFit(method: .grow, scope: .perLine).factors(widths: widths, frameWidth: 100, endsParagraph: [true, false, false, true]) == [1, 1, 1, 1])
        #expect(TextFit(method: .grow, scope: .perLineAll).factors(widths: widths, frameWidth: 100, endsParagraph: [true, false, false, true]) == [2, 1, 1, 1.25])
        #expect(TextFit(method: .grow, scope: .perLine, limit: 1.5).factors(widths: widths, frameWidth: 100) == [1.5, 1, 1, 1])
        // A limit on the wrong side of 1 stops the method: grow 50 % grows nothing.
        #expect(TextFit(method: .grow, scope: .perLineAll, limit: 0.5).factors(widths: widths, frameWidth: 100) == [1, 1, 1, 1])
        #expect(TextFit(method: .shrink, scope: .perLineAll, limit: 0.9).factors(widths: widths, frameWidth: 100) == [1, 1, 0.9, 1])
        #expect(TextFit(method: .shrink, scope: .perLineAll, limit: 2).factors(widths: widths, frameWidth: 100) == [1, 1, 1, 1])
    }

    /// Consistent: one factor, the smallest of the lines' own among those more than 2 pt from the
    /// width, on every line; a line wider than the width makes that factor below 1, so grow then
    /// does nothing at all.
    @Test func consistentFactor() {
        #expect(TextFit(method: .grow).factors(widths: [80, 50, 99], frameWidth: 100) == [1.25, 1.25, 1.25])
        #expect(TextFit(method: .grow).factors(widths: [80, 50, 125], frameWidth: 100) == [1, 1, 1])
        #expect(TextFit(method: .shrink).factors(widths: [80, 50, 125], frameWidth: 100) == [0.8, 0.8, 0.8])
        #expect(TextFit(method: .shrink).factors(widths: [80, 50, 101], frameWidth: 100) == [1, 1, 1])
        #expect(TextFit(method: .grow, limit: 1.1).factors(widths: [80, 50], frameWidth: 100) == [1.1, 1.1])
        // An empty line has nothing to scale.
        #expect(TextFit(method: .grow).factors(widths: [80, 0], frameWidth: 100) == [1.25, 1])
    }
}
