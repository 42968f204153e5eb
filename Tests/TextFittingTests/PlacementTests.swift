import Testing
import TextFitting

@Suite struct PlacementTests {
    @Test func alignmentInAFiniteFrame() {
        let text = Synthetic.text("ab cd")  // 2.25 em: 22.5 pt at 10
        for (alignment, x) in [(LineAlignment.leading, 0.0), (.center, 38.75), (.trailing, 77.5)] {
            let result = TextFitter.fit(
                text, options: FitConstraints(maxSize: 10, frameWidth: 100, alignment: alignment))
            #expect(close(result.lines[0].x, x) || result.lines[0].x == x)
            #expect(result.lines[0].penX == result.lines[0].x)
        }
    }

    @Test func alignmentInAnInfiniteFrameUsesTheWidestLine() {
        let text = Synthetic.text("abcd\nab")
        let result = TextFitter.fit(text, options: FitConstraints(maxSize: 10, alignment: .center))
        #expect(result.width == 20)
        #expect(result.lines.map(\.x) == [0, 5])
        let trailing = TextFitter.fit(text, options: FitConstraints(maxSize: 10, alignment: .trailing))
        #expect(trailing.lines.map(\.x) == [0, 10])
    }

    @Test func linesStackByLineHeightAndSpacing() {
        let result = TextFitter.fit(
            Synthetic.text("a\nb\nc"), options: FitConstraints(maxSize: 10, lineSpacing: 3))
        #expect(result.lines.map(\.y) == [0, 13, 26])
        #expect(result.lines.map(\.baseline) == [8, 21, 34])
        #expect(result.height == 36)
    }

    @Test func inkBoundsPutTheFirstInkTopAtZero() {
        // "ab": ink top 0.72 (the b); "cy": bottom −0.2 (the y).
        let result = TextFitter.fit(
            Synthetic.text("ab\ncy"), options: FitConstraints(maxSize: 10, bounds: .ink, lineSpacing: 2))
        #expect(close(result.lines[0].y, -0.8))
        #expect(close(result.lines[0].baseline, 7.2))
        #expect(close(result.lines[1].y, 11.2))
        // From 7.2 above the first baseline to 2 below the second, 12 further down.
        #expect(close(result.height, 7.2 + 12 + 2))
        // Ink widths: 0.05...0.95 em.
        #expect(close(result.width, 9))
        #expect(close(result.lines[0].penX, -0.5))
    }

    @Test func inkHeightLimitsTheSize() {
        // One line of ink 0.92 em tall ("b" top 0.72, "y" bottom −0.2) in a 46 pt frame: 50 pt.
        let result = TextFitter.fit(
            Synthetic.text("by"),
            options: FitConstraints(maxSize: 100, minimumScaleFactor: 0.1, frameHeight: 46, bounds: .ink))
        #expect(close(result.size, 50))
        #expect(close(result.height, 46))
    }

    /// A line shows its range of the input until that range is set; setting it (or the text)
    /// leaves the other as it was.
    @Test func lineTextAndRangeAreSetApart() {
        let result = TextFitter.fit(
            Synthetic.text("ab cd\nef"), options: FitConstraints(maxSize: 10, frameWidth: 15))
        #expect(result.lines.map(\.text) == ["ab", "cd", "ef"])
        var line = result.lines[1]
        #expect(line.range == 3..<5)
        line.range = 0..<8
        #expect(line.text == "cd")
        line.text = "xyz"
        #expect(line.range == 0..<8 && line.text == "xyz")
        // A range past the input's end is clamped, not trapped on.
        let past = FittedLine(showing: 6..<99, of: "ab cd\nef", width: 0, x: 0, y: 0, baseline: 0, units: 0..<0)
        #expect(past.text == "ef")
    }

    /// A fitted line is small enough that the lines of a ten-line paragraph take under a kilobyte
    /// (glibc's small-block cache serves up to 1,032 bytes; a re-fit allocates its lines each time).
    @Test func fittedLineIsCompact() {
        #expect(MemoryLayout<FittedLine>.stride == 96)
    }
}
