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
            text, options: FitOptions(maxSize: 100, minimumScaleFactor: 0.01, frameWidth: 51, frameHeight: 40))
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
            let options = FitOptions(maxSize: 30, minimumScaleFactor: 0.1, frameWidth: width * 10)
            _ = TextFitter.fit(text, options: options)
        }
        #expect(calls.ranges.withLock { $0.isEmpty })
    }
}
