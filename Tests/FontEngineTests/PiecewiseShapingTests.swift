@testable import FontEngine
internal import CFontFitHarfBuzz
import Foundation
import Testing
import FontFitTestSupport

/// A long run is shaped in pieces joined where HarfBuzz says joining is exact
/// (`HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`); the joined glyphs must be those of the run shaped whole —
/// ids, clusters, advances, offsets and unsafe-to-break flags — in every script and direction.
@Suite struct PiecewiseShapingTests {
    static func font(_ name: String) throws -> Font {
        try Font(face: FontFace(contentsOf: AdvanceSumTests.fonts.appendingPathComponent(name).path))
    }

    /// Words of real sentences, joined in a shuffled order (seeded) until the text is `length`
    /// bytes or more: every piece boundary meets different neighbours.
    static func text(_ sentences: [String], length: Int, seed: UInt64) -> String {
        let words = sentences.flatMap { $0.split(separator: " ").map(String.init) }
        var random = SplitMix64(seed: seed)
        var text = ""
        while text.utf8.count < length {
            if !text.isEmpty { text += " " }
            text += words[Int(random.next() % UInt64(words.count))]
        }
        return text
    }

    /// The run shaped whole, as a run of up to twice the piece length is.
    static func whole(_ font: Font, _ text: String, direction: TextDirection, script: UInt32?) -> [ShapedGlyph] {
        font.shapeRunWhole(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: direction, script: script)
    }

    struct Case {
        let font: String
        let script: String
        let direction: TextDirection
        let sentences: [String]
    }

    static let cases = [
        Case(font: "DejaVuSans.ttf", script: "Latn", direction: .leftToRight, sentences: [
            "AVATAR Wave office Tj Ty To, Yo. LTA “quoted” — dash… fi ffl",
            "The quick brown fox jumps over the lazy dog while Vera waves at Tom’s yacht",
        ]),
        Case(font: "DejaVuSans.ttf", script: "Cyrl", direction: .leftToRight, sentences: [
            "Съешь же ещё этих мягких французских булок да выпей чаю",
        ]),
        Case(font: "Inter-roman.var.ttf", script: "Latn", direction: .leftToRight, sentences: [
            "Office affluent fjord 1/2 -> --> AVATAR TeX Wa Yo f* 12:30 (x) [y] {z}",
        ]),
        Case(font: "Cantarell-Regular.otf", script: "Latn", direction: .leftToRight, sentences: [
            "Waving yachts tow flotillas; Tuesday’s AV quiz — office fluff",
        ]),
        Case(font: "NotoSansArabic-Regular.ttf", script: "Arab", direction: .rightToLeft, sentences: [
            "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر ومغلف بجلد أزرق",
            "لَا إِلَٰهَ إِلَّا ٱللَّٰهُ مُحَمَّدٌ رَسُولُ ٱللَّٰهِ بِسْمِ ٱللَّٰهِ",
        ]),
        Case(font: "NotoSansHebrew-Regular.ttf", script: "Hebr", direction: .rightToLeft, sentences: [
            "דג סקרן שט בים מאוכזב ולפתע מצא חברה בְּרֵאשִׁית בָּרָא אֱלֹהִים",
        ]),
        Case(font: "NotoSansDevanagari-Regular.ttf", script: "Deva", direction: .leftToRight, sentences: [
            "ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश करने वाले विष्णुवतार भगवान श्रीराम",
            "क्षत्रिय द्वार श्रृंगार हृदय र्क्ष त्र्य",
        ]),
        Case(font: "NotoSansThai-Regular.ttf", script: "Thai", direction: .leftToRight, sentences: [
            "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า กว่าบรรดาฝูงสัตว์เดรัจฉาน น้ำ ปู่ ป่ำ",
        ]),
        Case(font: "ipaexg.ttf", script: "Jpan", direction: .topToBottom, sentences: [
            "いろはにほへと ちりぬるを わかよたれそ つねならむ 縦書き「引用」ー。、（括弧）",
        ]),
    ]

    @Test(arguments: cases)
    func piecesJoinToTheWholeRun(_ testCase: Case) throws {
        let font = try Self.font(testCase.font)
        let script = Itemizer.hbScript(testCase.script)
        for (seed, pieceLength) in [(1, 23), (2, 64), (3, 257), (4, 1_024)] as [(UInt64, Int)] {
            let text = Self.text(testCase.sentences, length: 6 * pieceLength + 500, seed: seed)
            let expected = Self.whole(font, text, direction: testCase.direction, script: script)
            let (glyphs, pieces) = font.shapeRunInPieces(
                text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: testCase.direction,
                script: script, pieceLength: pieceLength)
            #expect(glyphs == expected, "\(testCase.font) \(testCase.script), pieces of \(pieceLength)")
            // Pieces were joined: the test saw seams, not only one whole shaping.
            #expect(pieces > 1, "\(testCase.font) \(testCase.script), pieces of \(pieceLength): \(pieces)")
        }
    }

    @Test func aRunInsideLongerTextKeepsItsContext() throws {
        // Arabic between Latin: the pieces' context at the run's ends is the text around it.
        let font = try Self.font("NotoSansArabic-Regular.ttf")
        let arabic = Self.text(Self.cases[4].sentences, length: 3_000, seed: 11)
        let text = "abc " + arabic + " xyz"
        let run = 4..<(4 + arabic.utf8.count)
        let script = Itemizer.hbScript("Arab")
        let expected = font.shapeRunWhole(
            text, utf8Range: run, options: ShapingOptions(), direction: .rightToLeft, script: script)
        let (glyphs, pieces) = font.shapeRunInPieces(
            text, utf8Range: run, options: ShapingOptions(), direction: .rightToLeft, script: script, pieceLength: 100)
        #expect(glyphs == expected)
        #expect(pieces > 10, "\(pieces) pieces")
        #expect(glyphs.first!.cluster > glyphs.last!.cluster, "right to left: HarfBuzz's visual order")
    }

    @Test func aRunWithNoClearBoundaryIsShapedWhole() throws {
        // One base and a thousand combining marks: every cluster boundary inside is unsafe, so
        // no piece can end early; the result is still the whole run's.
        let font = try Self.font("DejaVuSans.ttf")
        let text = "a" + String(repeating: "\u{0301}\u{0323}", count: 500) + " b"
        let expected = Self.whole(font, text, direction: .leftToRight, script: Itemizer.hbScript("Latn"))
        let (glyphs, _) = font.shapeRunInPieces(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: .leftToRight,
            script: Itemizer.hbScript("Latn"), pieceLength: 64)
        #expect(glyphs == expected)
    }

    @Test func aRunWithoutScriptTakesTheWholeRunsGuess() throws {
        // HarfBuzz guesses a missing script from the first letter of what it shapes: the pieces of
        // a run that starts with 600 bytes of digits and punctuation take the run's guess (Arabic),
        // not each its own.
        let font = try Self.font("NotoSansArabic-Regular.ttf")
        let text = String(repeating: "12, (34). ", count: 60) + Self.text(Self.cases[4].sentences, length: 600, seed: 5)
        #expect(PiecewiseShaping.guessedScript(text, 0..<text.utf8.count) == Itemizer.hbScript("Arab"))
        #expect(PiecewiseShaping.guessedScript(text, 0..<600) == nil)
        let (glyphs, pieces) = font.shapeRunInPieces(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: .rightToLeft, script: nil,
            pieceLength: 50)
        #expect(glyphs == Self.whole(font, text, direction: .rightToLeft, script: nil))
        #expect(pieces > 10, "\(pieces) pieces")
        // The guess also decides whether pieces may be used: the same run set left to right is
        // Arabic against its direction, so it is shaped whole.
        let leftToRight = font.shapeRunInPieces(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: .leftToRight, script: nil,
            pieceLength: 50)
        #expect(leftToRight.pieces == 1)
    }

    @Test func piecesThatKeepFailingToJoinEnd() throws {
        // The first run of this text (Devanagari with a vowel sign after a comma and a space,
        // then र्क) refuses seams in pieces of a few bytes, so pieces are merged. A merged piece
        // that joined used to get the short length back, which undid the merge: the loop never
        // ended (FuzzLayout found it), or, with the 8 × budget alone, the run was shaped whole.
        // The merged length now holds until a seam passes the failure, and the run is joined.
        let stack = try FontStack(Self.font("NotoSansDevanagari-Regular.ttf"))
        let text = ", ि̣́ र्क Vلاـ」 l本क्षfVـA,Vーا本ا」A TاV日 بَّاlf"
        for pieceLength in [1, 2, 4] {
            let first = try #require(
                ShapedParagraph.runsShapedWholeAndInPieces(
                    text, fonts: stack, options: ShapingOptions(), pieceLength: pieceLength
                ).first)
            #expect(first.inPieces == first.whole, "pieces of \(pieceLength)")
            #expect(first.pieces > 1, "pieces of \(pieceLength)")
        }
    }

    @Test func aRunPastItsBudgetIsShapedWhole() throws {
        // The safety net of a run that keeps refusing seams, reached here with a budget of a few
        // pieces: the pieces already joined are dropped and the run is shaped whole, once.
        let testCase = Self.cases[0]
        let font = try Self.font(testCase.font)
        let script = Itemizer.hbScript(testCase.script)
        let text = Self.text(testCase.sentences, length: 2_000, seed: 11)
        let expected = Self.whole(font, text, direction: testCase.direction, script: script)
        let (glyphs, pieces) = font.shapeRunInPieces(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: testCase.direction,
            script: script, pieceLength: 64, budget: 200)
        #expect(glyphs == expected)
        #expect(pieces == 1)
        // The same run with the usual budget is joined from pieces.
        let joined = font.shapeRunInPieces(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: testCase.direction,
            script: script, pieceLength: 64)
        #expect(joined.glyphs == expected && joined.pieces > 1)
    }

    @Test func aRunSetAgainstItsScriptIsShapedWhole() throws {
        // HarfBuzz 6.0 shapes an Arabic letter set left to right in its initial form when the
        // buffer ends a few characters later before certain text (here a zero-width joiner, or
        // another Arabic letter), and flags nothing; the whole run has the isolated form. Such a
        // run (Arabic inside a left-to-right override) is shaped whole.
        let font = try Self.font("DejaVuSans.ttf")
        let arabic = Itemizer.hbScript("Arab")
        for text in ["ل x\u{200D}\u{200C} ل", "ل AV.A,Tfابَّ V"] {
            let (glyphs, pieces) = font.shapeRunInPieces(
                text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: .leftToRight,
                script: arabic, pieceLength: 3)
            #expect(glyphs == Self.whole(font, text, direction: .leftToRight, script: arabic))
            #expect(pieces == 1)
        }
        #expect(PiecewiseShaping.isNatural(.rightToLeft, for: arabic))
        #expect(!PiecewiseShaping.isNatural(.topToBottom, for: arabic))
        #expect(PiecewiseShaping.isNatural(.topToBottom, for: Itemizer.hbScript("Hani")))
        #expect(!PiecewiseShaping.isNatural(.rightToLeft, for: Itemizer.hbScript("Deva")))
    }

    @Test func piecesNeitherEndNorStartBesideMarksAndJoiners() {
        for scalar: Unicode.Scalar in ["\u{200D}", "\u{200C}", "\u{0640}", "\u{0301}", "\u{093F}", "\u{064E}", "\u{FE0F}"] {
            #expect(!PiecewiseShaping.isPlain(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        for scalar: Unicode.Scalar in ["a", " ", "\n", "ل", "क", "日", "\u{FFFD}"] {
            #expect(PiecewiseShaping.isPlain(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func randomTextsInPiecesOfAFewBytes() throws {
        // Short texts drawn from characters that make seams hard (Arabic joining, marks, ligatures,
        // Indic clusters, line feeds, joiners, replacement characters), itemized as a paragraph is
        // (bidi, scripts, a font per cluster from a stack of four), each run in pieces of 1 to 16
        // bytes, set horizontally and vertically.
        let pool = Array("aAfi ffl.,VAT\nا ل ع ب\u{64E}\u{651}ـ क्ष र्क ि\u{301}\u{323}\u{FFFD}\u{200D}\u{200C}ー「」日本")
        let stack = try FontStack(
            ["DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "ipaexg.ttf"].map(Self.font))
        var random = SplitMix64(seed: 13)
        for _ in 0..<5_000 {
            let length = Int(random.next() % 40) + 1
            let text = String((0..<length).map { _ in pool[Int(random.next() % UInt64(pool.count))] })
            let direction: TextDirection? = [nil, nil, .topToBottom][Int(random.next() % 3)]
            let pieceLength = Int(random.next() % 16) + 1
            let runs = ShapedParagraph.runsShapedWholeAndInPieces(
                text, fonts: stack, options: ShapingOptions(direction: direction), pieceLength: pieceLength)
            for run in runs {
                #expect(run.whole == run.inPieces, "\(text.debugDescription) \(direction as Any) pieces of \(pieceLength)")
            }
        }
    }

    @Test func theThreadBufferIsLeftWithDefaultFlags() throws {
        let font = try Self.font("DejaVuSans.ttf")
        let text = Self.text(Self.cases[0].sentences, length: 20_000, seed: 9)
        _ = ShapedParagraph(text, fonts: FontStack(font))
        #expect(ShapingBuffer.withThreadBuffer(length: 3) { hb_buffer_get_flags($0) } == HB_BUFFER_FLAG_DEFAULT)
    }

    @Test func aLongParagraphIsShapedInPieces() throws {
        // Through the text model: a paragraph of 20 kB is one run, shaped in pieces of 4 kB, and
        // its glyphs are the whole run's.
        let font = try Self.font("DejaVuSans.ttf")
        let text = Self.text(Self.cases[0].sentences, length: 20_000, seed: 11)
        let paragraph = ShapedParagraph(text, fonts: FontStack(font))
        #expect(paragraph.runs.count == 1)
        #expect(paragraph.runs[0].glyphs == Self.whole(font, text, direction: .leftToRight, script: paragraph.runs[0].item.script == Itemizer.commonScript ? nil : paragraph.runs[0].item.script))
        let (_, pieces) = font.shapeRunInPieces(
            text, utf8Range: 0..<text.utf8.count, options: ShapingOptions(), direction: .leftToRight,
            script: paragraph.runs[0].item.script, pieceLength: PiecewiseShaping.pieceLength)
        #expect(pieces >= 4)
    }
}
