import Synchronization
import Testing
import TextFitting

/// Lines whose ends HarfBuzz marks unsafe to break are measured again.
@Suite struct ReshapingTests {
    final class Calls: Sendable {
        let ranges = Mutex<[Range<Int>]>([])
    }

    /// "aa bb cc dd" with the space after "bb" unsafe; a line ending or starting there shapes
    /// 0.3 em wider than its advances say.
    static func text(recording calls: Calls, unsafeIndex: Int = 5) -> MeasuredText {
        let plain = Synthetic.text("aa bb cc dd")
        let advances = plain.units.map(\.advance)
        var text = Synthetic.text(
            "aa bb cc dd",
            reshapedWidth: { range in
                calls.ranges.withLock { $0.append(range) }
                return advances[range].reduce(0, +) + 0.3
            })
        text.units[unsafeIndex].unsafeToBreakAfter = true
        return text
    }

    /// Whether the unit before `range` is unsafe, or the break ending its line (after the whitespace
    /// that follows it) is.
    static func touchesUnsafeBoundary(_ range: Range<Int>, in text: MeasuredText) -> Bool {
        if range.lowerBound > 0 && text.units[range.lowerBound - 1].unsafeToBreakAfter { return true }
        var end = range.upperBound
        while end < text.units.count && text.units[end].isWhitespace { end += 1 }
        return text.units[(range.upperBound - 1)..<end].contains(where: \.unsafeToBreakAfter)
    }

    @Test func reshapedWidthIsCalledOnlyAtUnsafeBoundariesAndUsed() {
        let calls = Calls()
        let text = Self.text(recording: calls)
        // "aa bb" is 2.25 em by advances, 2.55 em reshaped: below 2.55 em it no longer fits, while
        // "bb cc" (both ends safe) is 2.25 em.
        #expect(TextFitter.layout(text, width: 2.25, bounds: .lineBox) == [0..<3, 3..<9, 9..<11])
        #expect(TextFitter.layout(text, width: 2.54, bounds: .lineBox) == [0..<3, 3..<9, 9..<11])
        #expect(TextFitter.layout(text, width: 2.55, bounds: .lineBox) == [0..<6, 6..<11])
        // Without reshaping, "aa bb" fits at 2.25.
        let plain = Synthetic.text("aa bb cc dd")
        #expect(TextFitter.layout(plain, width: 2.25, bounds: .lineBox) == [0..<6, 6..<11])

        let result = TextFitter.fit(
            text, options: FitConstraints(maxSize: 100, minimumScaleFactor: 0.01, frameWidth: 51, frameHeight: 40))
        // Two lines of 2.55 em at 20 pt: "cc dd" starts after the unsafe space, so it is reshaped
        // too. By advances alone they would be 2.25 em and fit at 22.7 pt.
        #expect(close(result.size, 20))
        #expect(result.lines.map(\.text) == ["aa bb", "cc dd"])
        #expect(close(result.lines[0].width, 51) && close(result.lines[1].width, 51))

        let recorded = calls.ranges.withLock { $0 }
        #expect(!recorded.isEmpty)
        for range in recorded {
            #expect(Self.touchesUnsafeBoundary(range, in: text), "\(range)")
            #expect(!text.units[range.upperBound - 1].isWhitespace)
        }
    }

    @Test func aFlagInsideALineIsNeverAsked() {
        let calls = Calls()
        // After the first "a": inside a word, never a line boundary without emergency breaks.
        let text = Self.text(recording: calls, unsafeIndex: 0)
        for width in stride(from: 0.5, through: 6, by: 0.25) {
            _ = TextFitter.layout(text, width: width, bounds: .lineBox)
            let options = FitConstraints(maxSize: 30, minimumScaleFactor: 0.1, frameWidth: width * 10)
            _ = TextFitter.fit(text, options: options)
        }
        #expect(calls.ranges.withLock { $0.isEmpty })
    }
}

extension ReshapingTests {
    /// Issue 11: `fit --line-limit 1` of long text that does not fit re-shaped the line for every
    /// candidate end while truncating ("word " × 20,000 took 26 s, 1 MB 51 s): each emergency line
    /// measured the rest of its segment shaped again, every line of the text was laid out though
    /// one is kept, and the "…" search shaped half the paragraph per probe. With every unit unsafe
    /// to break (so any line could be shaped again), truncating to one line must shape only a few
    /// lines' worth of text, whatever the text's length.
    @Test(arguments: [TruncationMode.tail, .head, .middle])
    func truncatingLongTextShapesAFewLinesNotTheText(_ mode: TruncationMode) {
        let calls = Calls()
        let string = String(repeating: "word ", count: 4_000) + String(repeating: "x", count: 4_000)
        let plain = Synthetic.text(string)
        let advances = plain.units.map(\.advance)
        var text = Synthetic.text(
            string,
            reshapedWidth: { range in
                calls.ranges.withLock { $0.append(range) }
                return advances[range].reduce(0, +) + 0.01
            })
        // As `fit --line-limit 1` prepares it: no break opportunities, one paragraph.
        for index in text.units.indices {
            text.units[index].unsafeToBreakAfter = true
            text.units[index].breakAfter = .none
        }
        // 10 em wide at 10 pt: about four words per line, 24,000 units in all.
        for lineLimit in [1, 3] {
            calls.ranges.withLock { $0.removeAll() }
            let result = TextFitter.fit(
                text,
                options: FitConstraints(
                    maxSize: 10, minimumScaleFactor: 1, frameWidth: 100, frameHeight: 1000, lineLimit: lineLimit,
                    truncation: mode))
            #expect(!result.fits && result.truncated)
            #expect(result.lines.count == lineLimit)
            for line in result.lines { #expect(line.width <= 100 * (1 + 1e-9)) }
            let recorded = calls.ranges.withLock { $0 }
            let shapedUnits = recorded.reduce(0) { $0 + $1.count }
            // A line holds at most 20 units (10 em of 0.5 em letters); a few dozen shapings of a
            // line or two each, not thousands, nor any of half the text.
            #expect(recorded.count <= 40 * lineLimit + 40, "\(recorded.count) shapings")
            #expect(recorded.allSatisfy { $0.count <= 60 }, "\(recorded.map(\.count).max() ?? 0) units in one shaping")
            #expect(shapedUnits <= 2_000 * lineLimit, "\(shapedUnits) units shaped")
        }
    }
}
