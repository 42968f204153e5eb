import Testing
import TextFitting

/// The "seed 000" analogue: one word at a large maximum size in a grid of frames.
@Suite struct FrameGridTests {
    static let widths: [Double] = [50, 75, 100, 133, 150, 200, 250, 300]
    static let heights: [Double] = [50, 100, 150, 200, 300, 450, 600]

    @Test func oneWordOnOneLineIsLimitedByWidthAndHeight() {
        let text = Synthetic.text("text")  // 4 × 0.5 = 2 em wide, 1 em tall
        for width in Self.widths {
            for height in Self.heights {
                let options = FitConstraints(
                    maxSize: 300, minimumScaleFactor: 0.01, frameWidth: width, frameHeight: height,
                    lineLimit: 1)
                let result = TextFitter.fit(text, options: options)
                let expected = min(width / 2, height / 1, 300)
                #expect(result.fits)
                #expect(close(result.size, expected), "\(width)×\(height): \(result.size) vs \(expected)")
                #expect(result.lines.map(\.text) == ["text"])
                #expect(close(result.scale, expected / 300))
                #expect(close(result.width, 2 * result.size))
                #expect(close(result.height, result.size))
            }
        }
    }

    @Test func twoWordsWrapWhenThatIsLarger() {
        // "ab cd": 2.25 em on one line; two lines of 1 em each, 2 em tall.
        let text = Synthetic.text("ab cd")
        for width in Self.widths {
            for height in Self.heights {
                let options = FitConstraints(
                    maxSize: 300, minimumScaleFactor: 0.01, frameWidth: width, frameHeight: height)
                let result = TextFitter.fit(text, options: options)
                let oneLine = min(width / 2.25, height, 300)
                // Two lines hold for sizes above W/2.25 only.
                let twoLines = min(width / 1, height / 2, 300)
                let expected = twoLines > width / 2.25 ? max(oneLine, twoLines) : oneLine
                #expect(close(result.size, expected), "\(width)×\(height): \(result.size) vs \(expected)")
                let wraps = expected > width / 2.25 * (1 + 1e-9)
                #expect(result.lines.map(\.text) == (wraps ? ["ab", "cd"] : ["ab cd"]))

                let limited = TextFitter.fit(
                    text,
                    options: FitConstraints(
                        maxSize: 300, minimumScaleFactor: 0.01, frameWidth: width, frameHeight: height,
                        lineLimit: 1))
                #expect(close(limited.size, oneLine))
            }
        }
    }

    @Test func emptyTextHasOneEmptyLine() {
        let result = TextFitter.fit(
            Synthetic.text(""),
            options: FitConstraints(maxSize: 40, minimumScaleFactor: 0.1, frameWidth: 10, frameHeight: 20))
        #expect(result.fits)
        #expect(result.size == 20)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].text == "")
        #expect(result.lines[0].range == 0..<0)
        #expect(TextFitter.layout(Synthetic.text(""), width: 1, bounds: .lineBox) == [0..<0])
    }

    @Test func infiniteFrameKeepsTheMaximumSize() {
        let result = TextFitter.fit(Synthetic.text("a b\nc"), options: FitConstraints(maxSize: 17))
        #expect(result.size == 17)
        #expect(result.lines.map(\.text) == ["a b", "c"])
        #expect(close(result.height, 34))
    }
}
