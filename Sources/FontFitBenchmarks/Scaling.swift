import FontFit
import Foundation

/// How cost grows: with the text's length, the number of stack rows, the number of fonts in the
/// stack, and with scripts mixed.
struct Scaling {
    let font: Font
    var fonts: FontStack { FontStack(font) }
    let paragraph: String

    static let lengths = [30, 300, 3_000, 30_000, 300_000, 1_000_000]
    static let rowCounts = [10, 100, 1_000, 10_000]

    /// Real-looking text of exactly `characters` characters: the paragraph repeated, one space
    /// between copies (one long paragraph, as `scripts/bench-large` feeds the CLI).
    static func text(repeating paragraph: String, characters: Int) -> String {
        // Whole copies joined as strings, then part of one: building 1 MB character by character
        // would cost more than fitting it (and minutes under valgrind).
        let copy = paragraph + " "
        let length = copy.count
        return String(repeating: copy, count: characters / length) + String(copy.prefix(characters % length))
    }

    func record() throws -> Record {
        .group(title: "scaling:", [
            ("text", try textLengths()),
            ("stackRows", try stackRows()),
            ("fontStack", try fontStacks()),
            ("mixedScript", try mixedScript()),
        ])
    }

    /// Shaping (one raw hb_shape), measuring (one line, ink included) and fitting (wrapped, in a
    /// frame 400 pt wide whose area grows with the text, so that every length lands near the same
    /// size) per character, from 30 characters to 1 MB.
    func textLengths() throws -> Record {
        var members: [(key: String, record: Record)] = []
        var fitPerCharacter: [Int: Double] = [:], fitPerShape: [Int: Double] = [:]
        // Each length's fit also timed against one fixed baseline, one hb_shape of the paragraph, in
        // alternating batches (Timing.ratio): the lengths are timed a minute apart, and the
        // machine's speed drifts more than that between them (a run put the 300-character fit at
        // 141 ns a character and the 3,000-character one, seconds later, at 81).
        var fitOverReferencePerCharacter: [Int: Double] = [:]
        let reference = { font.shapedGlyphCount(paragraph) }
        for length in Self.lengths {
            let text = Self.text(repeating: paragraph, characters: length)
            let frame = FrameSize(width: 400, height: 300 * Double(length) / 300)
            let shape = Timing.time { font.shapedGlyphCount(text) }
            let measure = try Timing.time { try fonts.measure(text, size: 12).advance }
            func fitText() throws -> Double { try fonts.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01)).size }
            let fit = try Timing.time(fitText)
            let characters = Double(length)
            fitPerCharacter[length] = fit / characters
            // Paired with its baseline (Timing.ratio), as the headline ratios are.
            let fitOverShape =
                Timing.countsCalls ? fit / shape : try Timing.ratio(fitText, over: { font.shapedGlyphCount(text) })
            fitPerShape[length] = fitOverShape
            fitOverReferencePerCharacter[length] = try Timing.ratio(fitText, over: reference) / characters
            members.append(("\(length)", .group(title: "\(length) characters:", [
                ("shapeNanosecondsPerCharacter", .figure(shape / characters, label: "hb_shape, ns per character")),
                ("measureNanosecondsPerCharacter", .figure(measure / characters, label: "measure, ns per character")),
                ("fitNanosecondsPerCharacter", .figure(fit / characters, label: "fit, ns per character",
                 note: "fit \(Timing.text(fit))")),
                ("measurePerShape", .figure(measure / shape, label: "measure ÷ hb_shape")),
                ("fitPerShape", .figure(fitOverShape, label: "fit ÷ hb_shape")),
            ])))
        }
        // From 300 characters on: below that, fixed costs (options, one-off set-up) dominate.
        func spread(_ values: [Int: Double]) -> Double {
            let flat = values.filter { $0.key >= 300 }.map(\.value)
            return flat.max()! / flat.min()!
        }
        members.append(("fitPerCharacterSpread", .figure(
            Timing.countsCalls ? spread(fitPerCharacter) : spread(fitOverReferencePerCharacter),
            label: "fit per character: largest ÷ smallest, 300 chars … 1 MB",
            note: "each length paired with one hb_shape of the 300-char paragraph; goal ≤ 2")))
        members.append(("fitPerCharacterSpreadUnpaired", .figure(
            spread(fitPerCharacter), label: "the same from the times above (not paired)")))
        // hb_shape's own cost per character grows with the text (caches): this one leaves that out.
        members.append(("fitPerShapeSpread", .figure(
            spread(fitPerShape), label: "fit ÷ hb_shape: largest ÷ smallest, 300 chars … 1 MB")))
        return .group(title: "text length (the paragraph repeated; fit 400 pt wide, height ∝ length):", members)
    }

    /// A shared-size stack of n one-line rows, per row and against shaping every row once.
    func stackRows() throws -> Record {
        var members: [(key: String, record: Record)] = []
        for count in Self.rowCounts {
            let texts = (1...count).map { "Row \($0): \($0 * 7 % 60) min" }
            let rows = texts.map { StackRowText($0) }
            let frame = FrameSize(width: 300, height: Double(count) * 14)
            let shapeRows = Timing.time { texts.reduce(0) { $0 + font.shapedGlyphCount($1) } }
            let stack = try Timing.time {
                try fonts.stack(rows, options: StackOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.001)).size
            }
            members.append(("\(count)", .group(title: "\(count) rows:", [
                ("nanosecondsPerRow", .figure(stack / Double(count), label: "stack, ns per row")),
                ("stackPerShape", .figure(stack / shapeRows, label: "stack ÷ hb_shape of every row")),
            ])))
        }
        return .group(title: "stack rows (\"Row i: m min\", one shared size):", members)
    }

    /// The fixture fonts a mixed-script text needs, primary first: Latin, Arabic, Hebrew,
    /// Devanagari, Thai.
    static func fallbackFonts() throws -> [Font] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/fonts").standardized.path
        return try [
            "Cantarell-Regular.otf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
            "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
        ].map { try Font(face: FontFace(contentsOf: directory + "/" + $0)) }
    }

    /// One sentence in each of five scripts, repeated to `characters` characters.
    static func mixedText(characters: Int) -> String {
        let sentences = """
            Typesetting arranges letters into lines. النص العربي يكتب من اليمين إلى اليسار. \
            טקסט עברי נכתב מימין לשמאל. हिन्दी पाठ बाएँ से दाएँ लिखा जाता है। ภาษาไทยเขียนจากซ้ายไปขวา
            """
        return text(repeating: sentences, characters: characters)
    }

    /// The same five-script text (3,000 characters) fitted with the first 1 to 5 fonts of the
    /// stack: each font added takes over its script from the primary font's missing glyphs. The
    /// ratios to the one-font fit are paired (``Timing/ratio(_:over:)``).
    func fontStacks() throws -> Record {
        let fonts = try Self.fallbackFonts()
        let text = Self.mixedText(characters: 3_000)
        let frame = FrameSize(width: 400, height: 3_000)
        let oneFont = FontStack(fonts[0])
        func oneFontFit() throws -> Double { try oneFont.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01)).size }
        var members: [(key: String, record: Record)] = []
        for count in 1...fonts.count {
            let stack = try FontStack(Array(fonts.prefix(count)))
            func stackFit() throws -> Double { try stack.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01)).size }
            let fit = try Timing.time(stackFit)
            let overOneFont = count == 1 ? 1 : try Timing.ratio(stackFit, over: oneFontFit)
            members.append(("\(count)", .group(title: "\(count) font\(count == 1 ? "" : "s"):", [
                ("fitNanosecondsPerCharacter", .figure(fit / 3_000, label: "fit, ns per character")),
                ("overOneFont", .figure(overOneFont, label: "÷ the same fit with one font")),
            ])))
        }
        return .group(title: "font stack (3,000 chars of Latin, Arabic, Hebrew, Devanagari, Thai; 400×3000):", members)
    }

    /// Five scripts against Latin alone, the same length and the same five-font stack, and the
    /// five-script fit against shaping its runs with raw `hb_shape` calls, each in its font,
    /// direction and script: what fallback, bidi and the rest of the fit add to the shaping.
    func mixedScript() throws -> Record {
        let stack = try FontStack(try Self.fallbackFonts())
        let frame = FrameSize(width: 400, height: 3_000)
        let mixed = Self.mixedText(characters: 3_000)
        let latin = Self.text(repeating: paragraph, characters: 3_000)
        func mixedFit() throws -> Double { try stack.fit(mixed, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01)).size }
        func latinFit() throws -> Double { try stack.fit(latin, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01)).size }
        let runs = ShapedParagraph(mixed, fonts: stack).runs.map { run in
            let piece = String(decoding: mixed.utf8.dropFirst(run.range.lowerBound).prefix(run.range.count), as: UTF8.self)
            return (font: stack[run.fontIndex], text: piece, options: ShapingOptions(direction: run.direction, script: run.script))
        }
        func shapeRuns() -> Int { runs.reduce(0) { $0 + $1.font.shapedGlyphCount($1.text, options: $1.options) } }
        let mixedTime = try Timing.time(mixedFit)
        let latinTime = try Timing.time(latinFit)
        let mixedOverLatin = try Timing.ratio(mixedFit, over: latinFit)
        let mixedOverShape = try Timing.ratio(mixedFit, over: shapeRuns)
        return .group(title: "mixed script (3,000 chars, five-font stack, 400×3000):", [
            ("mixedFitNanosecondsPerCharacter", .figure(mixedTime / 3_000, label: "five scripts: fit, ns per character")),
            ("singleFitNanosecondsPerCharacter", .figure(latinTime / 3_000, label: "Latin only: fit, ns per character")),
            ("mixedOverSingle", .figure(mixedOverLatin, label: "five scripts ÷ Latin only")),
            ("mixedFitPerShape", .figure(mixedOverShape, label: "five scripts: fit ÷ hb_shape of its \(runs.count) runs",
             note: "each run shaped alone in its font, direction and script")),
        ])
    }
}
