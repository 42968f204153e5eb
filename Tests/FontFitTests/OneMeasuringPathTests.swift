import FontFit
import Testing

/// One measuring path (issue 7): measuring used to be written five times, and the copies disagreed.
/// Over mixed-script, right-to-left, fallback and inline-image strings, `measure`'s width, a
/// one-line fit's line width, a stack row's width and the advance the renderer draws for the line
/// are one number (per point of size). Vertical text is measured only (fits refuse it).
@Suite struct OneMeasuringPathTests {
    static let stack: FontStack = try! FontStack([
        loadFont("DejaVuSans.ttf"), loadFont("NotoSansArabic-Regular.ttf"), loadFont("ipaexg.ttf"),
        loadFont("EmojiSubset.ttf"),
    ])

    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String, text: String, images: [InlineImage]
        var testDescription: String { name }
    }

    static let corpus: [Sample] = [
        Sample(name: "latin", text: "The quick brown fox", images: []),
        Sample(name: "latin-then-arabic", text: "Total: 100 مرحبا بالعالم", images: []),
        Sample(name: "hebrew-with-latin", text: "שלום World, 2024!", images: []),
        Sample(name: "rtl-isolate", text: "Name: \u{2067}אבי כהן\u{2069} (admin)", images: []),
        Sample(name: "fallback-cjk-emoji", text: "Tokyo 東京 👍🏽 🇫🇷", images: []),
        Sample(name: "arabic-fallback-marks", text: "سَلام and 東京", images: []),
        Sample(name: "inline-image", text: "\u{FFFC} Sir Bunnington", images: [InlineImage(aspectRatio: 0.75)]),
        Sample(name: "image-in-arabic", text: "مرحبا \u{FFFC} عالم", images: [InlineImage(aspectRatio: 1, height: .capHeight)]),
    ]

    @Test(arguments: corpus)
    func everyCommandReadsTheSameWidth(_ sample: Sample) throws {
        let size = 37.25
        let measured = try Self.stack.measure(sample.text, size: size, images: sample.images)
        let perPoint = measured.width / size

        let prepared = try Self.stack.prepare(sample.text, images: sample.images)
        let fit = try prepared.fit(options: FitOptions(frame: FrameSize(width: 300, height: 400), maxSize: 200, minimumScaleFactor: 0.01, lineLimit: 1))
        #expect(fit.lines.count == 1 && fit.fits)
        let line = fit.lines[0]
        #expect(abs(line.width / fit.size - perPoint) <= 1e-12 * perPoint, "one-line fit")
        let closedForm = try Self.stack.fit(
            sample.text, options: FitOptions(frame: FrameSize(width: 300, height: 400), maxSize: 200, minimumScaleFactor: 0.01, lineLimit: 1),
            images: sample.images)
        #expect(abs(closedForm.lines[0].width / closedForm.size - perPoint) <= 1e-12 * perPoint, "closed-form fit")

        var scene = RenderScene(width: 400, height: 100)
        let drawn = scene.addText(prepared.drawn(line), size: fit.size, x: 0, baseline: 50)
        #expect(abs(drawn / fit.size - perPoint) <= 1e-12 * perPoint, "the line the renderer draws")

        if sample.images.isEmpty {
            let stacked = try Self.stack.stack([StackRowText(sample.text)], options: StackOptions(frame: FrameSize(width: 300, height: 400), maxSize: 200, minimumScaleFactor: 0.01))
            let row = stacked.rows[0]
            #expect(abs(row.frame.width / row.size - perPoint) <= 1e-12 * perPoint, "stack row")
        }
    }
}
