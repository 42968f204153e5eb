import Testing
import TextFitting

/// Degenerate input must give an answer, never a trap or an endless loop.
@Suite struct EdgeCaseTests {
    static let texts = ["", " ", "\n", "a", "aa bb\n\ncc", "   x   ", "Supercalifragilistic"]

    @Test(arguments: [
        FitConstraints(maxSize: 0),
        FitConstraints(maxSize: 20, frameWidth: 0),
        FitConstraints(maxSize: 20, minimumScaleFactor: 0.1, frameHeight: 0),
        FitConstraints(maxSize: 20, minimumScaleFactor: 0, frameWidth: 30, frameHeight: 30),
        FitConstraints(maxSize: 20, minimumScaleFactor: .nan, frameWidth: .nan, frameHeight: -5),
        FitConstraints(maxSize: 20, minimumScaleFactor: 7, frameWidth: 30, lineLimit: 0),
        FitConstraints(maxSize: 20, minimumScaleFactor: 0.5, frameWidth: 30, frameHeight: 50, lineSpacing: -30),
        FitConstraints(maxSize: 20, minimumScaleFactor: 0.5, frameWidth: 30, granularity: -1, presetSizes: []),
        FitConstraints(maxSize: .infinity, minimumScaleFactor: 0.5, frameWidth: 30, frameHeight: 30),
    ])
    func degenerateOptionsStillAnswer(options: FitConstraints) {
        for string in Self.texts {
            for bounds in [FitBounds.lineBox, .ink] {
                var options = options
                options.bounds = bounds
                let result = TextFitter.fit(Synthetic.text(string), options: options)
                #expect(!result.lines.isEmpty)
                #expect(!result.size.isNaN)
                _ = TextFitter.fit(options: options) { _ in Synthetic.text(string) }
            }
        }
    }

    @Test func whitespaceOnlyTextHasNoWidth() {
        let result = TextFitter.fit(Synthetic.text("   "), options: FitConstraints(maxSize: 10, frameWidth: 1))
        #expect(result.fits && result.size == 10)
        #expect(result.lines.map(\.text) == [""])
        #expect(result.width == 0)
        let ink = TextFitter.fit(
            Synthetic.text("   "), options: FitConstraints(maxSize: 10, frameHeight: 1, bounds: .ink))
        #expect(ink.fits && ink.height == 0)
    }

    @Test func aMinimumEqualToTheMaximumStillFitsAtTheBoundary() {
        // 2 em at 10 pt is exactly the 20 pt frame.
        let result = TextFitter.fit(Synthetic.text("text"), options: FitConstraints(maxSize: 10, frameWidth: 20))
        #expect(result.fits && result.size == 10)
    }

    @Test func aLineLimitOfOneWithNewlinesTruncatesTheFirstParagraph() {
        let result = TextFitter.fit(
            Synthetic.text("ab\ncd"), options: FitConstraints(maxSize: 10, frameWidth: 100, lineLimit: 1))
        #expect(!result.fits && result.truncated)
        #expect(result.lines.map(\.text) == ["ab…"])
    }
}
