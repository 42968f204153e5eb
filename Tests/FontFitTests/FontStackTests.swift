import FontFit
import Testing

/// Font stacks with fallback (issue 7): a Latin-only primary font, then Arabic, Japanese and emoji.
/// Each grapheme cluster is set in the first font that has every character of it.
@Suite struct FontStackTests {
    static let stack: FontStack = try! FontStack([
        loadFont("Inter-roman.var.ttf"), loadFont("NotoSansArabic-Regular.ttf"), loadFont("ipaexg.ttf"),
        loadFont("EmojiSubset.ttf"),
    ])

    /// The font index of the run holding the UTF-8 offset of `substring` in `text`.
    static func font(of substring: String, in paragraph: ShapedParagraph) -> Int? {
        guard let range = paragraph.text.utf8Range(of: substring) else { return nil }
        let runs = paragraph.runs.filter { $0.range.overlaps(range) }
        return Set(runs.map(\.fontIndex)).count == 1 ? runs[0].fontIndex : nil
    }

    @Test func eachClusterTakesTheFirstFontThatCoversIt() throws {
        let text = "Tokyo 東京, مرحبا 👨‍👩‍👧 xa\u{3099}y"
        let paragraph = ShapedParagraph(text, fonts: Self.stack)
        #expect(Self.font(of: "Tokyo", in: paragraph) == 0)
        #expect(Self.font(of: "東京", in: paragraph) == 2, "CJK after Latin falls back to IPAex Gothic")
        #expect(Self.font(of: "مرحبا", in: paragraph) == 1)
        #expect(Self.font(of: "👨‍👩‍👧", in: paragraph) == 3, "a ZWJ sequence stays one cluster, in the emoji font")
        // Inter has 'a' but not U+3099: the whole cluster, base included, moves to the font with both.
        #expect(Self.font(of: "a\u{3099}", in: paragraph) == 2)
        #expect(Self.font(of: "x", in: paragraph) == 0 && Self.font(of: "y", in: paragraph) == 0)
        // Spaces and punctuation the primary font has stay in it, even between fallback words.
        #expect(Self.font(of: ", ", in: paragraph) == 0)
        #expect(paragraph.missing.isEmpty)
        // One emoji glyph for the family: the sequence was shaped together.
        let emojiRun = try #require(paragraph.runs.first { $0.fontIndex == 3 })
        #expect(emojiRun.glyphs.count == 1)
    }

    @Test func widthIsTheSumOfTheRunsMeasuredInTheirOwnFonts() throws {
        let text = "Tokyo 東京, مرحبا 👨‍👩‍👧 xa\u{3099}y"
        let size = 37.25
        let whole = try Self.stack.measure(text, size: size)
        var sum = 0.0
        let paragraph = ShapedParagraph(text, fonts: Self.stack)
        for run in paragraph.runs {
            let piece = String(decoding: text.utf8.dropFirst(run.range.lowerBound).prefix(run.range.count), as: UTF8.self)
            let alone = try FontStack(Self.stack.fonts[run.fontIndex]).measure(
                piece, size: size, options: ShapingOptions(direction: run.direction))
            sum += alone.width
        }
        #expect(abs(whole.width - sum) <= 1e-9 * sum)
    }

    @Test func lineMetricsAreTheLargestOfTheFontsOnTheLine() throws {
        let size = 20.0
        func metrics(_ font: Font) -> LineMetrics { font.unitLineMetrics.scaled(by: size / Double(font.face.unitsPerEm)) }
        let inter = metrics(Self.stack.fonts[0]), arabic = metrics(Self.stack.fonts[1]), japanese = metrics(Self.stack.fonts[2])
        // Latin alone: the primary font's line box, however tall the fallback fonts are.
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * size }
        let latin = try Self.stack.measure("Tokyo", size: size)
        #expect(same(latin.metrics.ascent, inter.ascent) && same(latin.metrics.descent, inter.descent))
        // Latin and Arabic: the taller ascent and the deeper descent of the two (the CSS line box).
        let mixed = try Self.stack.measure("Tokyo مرحبا", size: size)
        #expect(same(mixed.metrics.ascent, max(inter.ascent, arabic.ascent)))
        #expect(same(mixed.metrics.descent, max(inter.descent, arabic.descent)))
        #expect(mixed.metrics.ascent > inter.ascent, "Noto Sans Arabic reaches higher than Inter")
        let cjk = try Self.stack.measure("東京", size: size)
        #expect(same(cjk.metrics.ascent, max(inter.ascent, japanese.ascent)), "the primary font's strut is always there")
    }

    @Test func charactersNoFontHasAreMissing() throws {
        let line = try Self.stack.measure("ok ก 東", size: 12)
        #expect(line.missing == ["\u{0E01}"])
    }

    @Test func aFitFallsBackToo() throws {
        let prepared = try Self.stack.prepare("Total 東京 مرحبا")
        let result = try prepared.fit(options: FitOptions(frame: FrameSize(width: 200, height: 40), maxSize: 100, minimumScaleFactor: 0.01, lineLimit: 1))
        let measured = try Self.stack.measure("Total 東京 مرحبا", size: result.size)
        #expect(abs(result.lines[0].width - measured.width) <= 1e-9 * measured.width)
        #expect(prepared.missing.isEmpty)
    }

    /// Stack rows are measured as a one-line fit measures a label (a row of one run keeps no
    /// glyphs). In a stack of Cantarell and Noto Sans Arabic: an Arabic row (one run, in the
    /// fallback font), a Latin row, a mixed row and rows with characters neither font has each
    /// take the width `measure` gives, the template row takes its template's width, every row has
    /// its own line's height (Noto Sans Arabic's only where Arabic is), and the missing character is named.
    @Test func stackRowsMeasureAsMeasureDoes() throws {
        let stack = try FontStack([loadFont("Cantarell-Regular.otf"), loadFont("NotoSansArabic-Regular.ttf")])
        let texts = ["مرحبا", "Row 1", "Total: 100 مرحبا", "ก ok", "ขก"]
        let rows = texts.map { StackRowText($0) } + [StackRowText("7", template: "88:88")]
        let fitted = try stack.stack(rows, options: StackOptions(frame: FrameSize(width: 300, height: 400), maxSize: 60, minimumScaleFactor: 0.01))
        let size = fitted.size
        for (index, text) in (texts + ["88:88"]).enumerated() {
            let measured = try stack.measure(text, size: size)
            #expect(abs(fitted.rows[index].frame.width - measured.width) <= 1e-9 * measured.width, "\(text)")
        }
        let arabic = try stack.measure("مرحبا", size: size).metrics
        let latin = try stack.measure("Row 1", size: size).metrics
        #expect(arabic.lineHeight > latin.lineHeight)
        // Each row's box is its own line's, as a browser builds it: the primary font's strut and the
        // fonts its text uses (a template row: its text's and its template's).
        for (row, text) in zip(fitted.rows, texts + ["88:88"]) {
            let own = try stack.measure(text, size: size).metrics.lineHeight
            #expect(abs(row.frame.height - own) <= 1e-9 * own, "\(text)")
        }
        #expect(abs(fitted.rows[0].frame.height - arabic.lineHeight) <= 1e-9 * arabic.lineHeight)
        #expect(abs(fitted.rows[1].frame.height - latin.lineHeight) <= 1e-9 * latin.lineHeight)
        // "ก ok" is two runs (a paragraph names its missing character), "ขก" one (named from
        // HarfBuzz's buffer); each character once, in row order.
        #expect(fitted.missing == ["\u{0E01}", "\u{0E02}"])
    }
}

extension String {
    /// The UTF-8 offsets of the first occurrence of `substring`.
    func utf8Range(of substring: String) -> Range<Int>? {
        let haystack = Array(utf8), needle = Array(substring.utf8)
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }

    /// An empty font name (an unset variable in a script, an empty `font` in batch) is an error
    /// naming the font, never fontconfig's default font measured in silence.
    @Test func anEmptyFontNameIsRefused() {
        for names in [[""], [" "], [BundledFont.source, ""]] {
            #expect {
                try FontSelection(fonts: names).load()
            } throws: { error in
                guard let error = error as? FontFitError, error.kind == .usage else { return false }
                return error.description.contains("font") && error.description.contains("empty")
            }
        }
    }

    /// Lines of text with line breaks: each measured as a line alone, its box from the fonts on it
    /// (the primary's always), the boxes stacked; images follow their placeholders across lines.
    @Test func measuredLinesHaveTheirOwnLineBoxes() throws {
        let fonts = try FontStack([try loadFont("DejaVuSans.ttf"), try loadFont("NotoSansDevanagari-Regular.ttf")])
        let text = "Hello\nनमस्ते\u{2028}\n\u{FFFC} 80 %\n"
        let images = [InlineImage(aspectRatio: 2, height: .capHeight)]
        let block = try fonts.measureLines(text, size: 20, images: images)
        #expect(block.lines.map(\.text) == ["Hello", "नमस्ते", "", "\u{FFFC} 80 %"])
        for (line, expected) in zip(block.lines, ["Hello", "नमस्ते", "", "\u{FFFC} 80 %"]) {
            let alone = try fonts.measure(expected, size: 20, images: expected.contains("\u{FFFC}") ? images : [])
            #expect(line.width == alone.width && line.metrics == alone.metrics && line.images == alone.images, "\(expected)")
        }
        let latin = block.lines[0].metrics.lineHeight, devanagari = block.lines[1].metrics.lineHeight
        #expect(devanagari > latin, "the Devanagari font's taller box is that line's alone")
        #expect(block.lines[2].metrics == block.lines[0].metrics, "an empty line has the primary font's box")
        #expect(block.tops == [0, latin, latin + devanagari, latin + devanagari + latin])
        #expect(block.height == block.tops[3] + block.lines[3].metrics.lineHeight)
        #expect(block.width == block.lines.map(\.width).max())
        #expect(block.baseline(ofLine: 1) == latin + block.lines[1].metrics.ascent)
        #expect(block.lines[3].images.count == 1)
        let thai = try fonts.measureLines("a\u{0E01}\nb\u{0E01}\u{0E02}", size: 20)
        #expect(thai.missing == ["\u{0E01}", "\u{0E02}"], "each character no font has once, in text order")
    }
}
