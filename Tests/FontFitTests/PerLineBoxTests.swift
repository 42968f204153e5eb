import FontFit
import FontFitTestSupport
import Testing

/// Line boxes built line by line from the primary font's strut and the fonts on the line, in
/// fits of random mixed-script texts: every line's box is what `measure` gives its text, the
/// boxes stand one under the other, the fitted size fits, and a size 3e-9 larger does not.
@Suite struct PerLineBoxTests {
    static let words = [
        "Latin", "words", "here", "مرحبا", "بالعالم", "東京", "タワー", "สวัสดี", "ชาวโลก", "नमस्ते", "and", "more", "שלום",
    ]

    @Test func linesOfAFontStackHaveTheirOwnBoxesAndFitExactly() throws {
        let fonts = try FontStack(
            ["DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "ipaexg.ttf", "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf"]
                .map { try loadFont($0) })
        var random = SplitMix64(seed: 314)
        var differing = 0, shrunk = 0
        for _ in 0..<150 {
            let text = (0..<Int.random(in: 2...12, using: &random)).map { _ in Self.words.randomElement(using: &random)! }
                .joined(separator: " ")
            var options = FitOptions(
                frame: FrameSize(width: Double.random(in: 80...400, using: &random), height: Double.random(in: 40...300, using: &random)),
                maxSize: Double.random(in: 14...60, using: &random), minimumScaleFactor: 0.05,
                lineSpacing: Double.random(in: 0...4, using: &random))
            let result = try fonts.fit(text, options: options)
            guard result.fits else { continue }
            var top = 0.0
            for line in result.lines {
                let measured = try fonts.measure(line.text, size: result.size)
                #expect(abs(line.height - measured.metrics.lineHeight) <= 1e-9 * measured.metrics.lineHeight, "\(line.text)")
                #expect(abs(line.baseline - line.y - measured.metrics.ascent) <= 1e-9 * max(1, line.baseline), "\(line.text)")
                #expect(abs(line.y - top) <= 1e-9 * max(1, top))
                top = line.y + line.height + options.lineSpacing
            }
            if Set(result.lines.map { ($0.height * 1e6).rounded() }).count > 1 { differing += 1 }
            #expect(result.height <= options.frame.height * (1 + 1e-9))
            #expect(abs(result.height - (top - options.lineSpacing)) <= 1e-9 * max(1, result.height))
            if result.size < options.maxSize {
                shrunk += 1
                options.maxSize = result.size * (1 + 3e-9)
                options.minimumScaleFactor = 1
                #expect(try !fonts.fit(text, options: options).fits, "\(text)")
                // A re-fit of the prepared text is the same fit.
                options.maxSize = result.size / (1 + 3e-9) * 1.5
                options.minimumScaleFactor = 0.05
            }
            let prepared = try fonts.prepare(text)
            #expect(try prepared.fit(options: options).size == fonts.fit(text, options: options).size)
        }
        #expect(differing > 20 && shrunk > 20)
    }

    /// A line height as a multiple of the size makes every stack row and ruby line that many sizes
    /// tall, the baseline moved down by half the leading; points are refused (rows share one scale).
    @Test func stacksAndRubyTakeALineHeightAsAMultipleOfTheSize() throws {
        let fonts = try FontStack([loadFont("DejaVuSans.ttf"), loadFont("NotoSansArabic-Regular.ttf")])
        var options = StackOptions(frame: FrameSize(width: 300, height: 400), maxSize: 40, minimumScaleFactor: 0.1)
        options.lineHeight = .multiple(1.5)
        let stack = try fonts.stack([StackRowText("12:30"), StackRowText("مرحبا", weight: 0.5)], options: options)
        let metrics = try fonts.measure("12:30", size: stack.size).metrics
        #expect(abs(stack.rows[0].frame.height - 1.5 * stack.size) <= 1e-9 * stack.size)
        #expect(abs(stack.rows[1].frame.height - 0.75 * stack.size) <= 1e-9 * stack.size)
        let halfLeading = (1.5 * stack.size - (metrics.ascent + metrics.descent)) / 2
        #expect(abs(stack.rows[0].baseline - (metrics.ascent + halfLeading)) <= 1e-9 * stack.size)
        options.lineHeight = .points(20)
        #expect(throws: FontFitError.self) { try fonts.stack([StackRowText("12:30")], options: options) }
        var ruby = RubyOptions(frame: FrameSize(width: 300, height: 300), maxSize: 40)
        ruby.lineHeight = .multiple(1.2)
        let japanese = try loadFonts("ipaexg.ttf")
        let fitted = try japanese.ruby([RubyText("今日", ruby: "きょう")], options: ruby)
        #expect(abs(fitted.segments[0].base.frame.height - 1.2 * fitted.size) <= 1e-9 * fitted.size)
        #expect(abs(fitted.height - 1.2 * fitted.size * 1.5) <= 1e-9 * fitted.size)
    }
}
