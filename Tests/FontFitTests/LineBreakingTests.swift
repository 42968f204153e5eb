import FontFit
import Foundation
import Testing

/// Line breaking by language and CSS `line-break` strictness (issue 7): `--language ja` used to
/// never reach ICU, so Japanese broke only by the strict rules. Expected breaks come from ICU's own
/// BreakIterator through PyICU (scripts/make-text-goldens).
@Suite struct LineBreakingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String, text: String, language: String?, style: LineBreakStyle, breaks: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("goldens/linebreaks.json"))
        let golden = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (golden["cases"] as! [[String: Any]]).map { entry in
            Case(
                name: entry["name"] as! String, text: entry["text"] as! String, language: entry["language"] as? String,
                style: LineBreakStyle(rawValue: entry["style"] as! String)!, breaks: entry["breaks"] as! [Int])
        }
    }()

    @Test(arguments: cases)
    func opportunitiesAreICUs(_ golden: Case) {
        let found = LineBreaker.opportunities(in: golden.text, language: golden.language, style: golden.style)
        #expect(found.map(\.offset) == golden.breaks)
    }

    /// "コンピューター" in a frame three em wide: browsers and Android (`normal`) may start a line with
    /// the small ュ; `strict` never does, so its first line ends one character earlier.
    /// ICU reports the breaks its dictionary finds between Thai words with the rule status of the
    /// hard break after a following newline; read as hard, they split the phrase into lines and the
    /// unit before each was trimmed as a line end (Chromium's golden case
    /// stack/dejavu+thai/newlines lost "ดี" and "ว").
    @Test func thaiWordBreaksBeforeANewlineAreNotHard() throws {
        let fonts = try FontStack([loadFont("DejaVuSans.ttf"), loadFont("NotoSansThai-Regular.ttf")])
        let text = "Latin first\nสวัสดีชาวโลก\nLatin last"
        let result = try fonts.fit(text, options: FitOptions(frame: FrameSize(), maxSize: 20.5))
        #expect(result.lines.map(\.text) == ["Latin first", "สวัสดีชาวโลก", "Latin last"])
        // Narrow enough to wrap: the phrase breaks between words and keeps every character.
        let narrow = try fonts.fit(text, options: FitOptions(frame: FrameSize(width: 60), maxSize: 20.5))
        #expect(narrow.lines.count > 3)
        #expect(narrow.lines.map(\.text).joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
    }

    @Test func normalLetsALineStartWithASmallKanaAndStrictDoesNot() throws {
        let font = try loadFont("ipaexg.ttf")
        let frame = FrameSize(width: 60, height: 1000)
        func lines(_ style: LineBreakStyle) throws -> [String] {
            try FontStack(font).fit(
                "コンピューター", options: FitOptions(frame: frame, maxSize: 20),
                shaping: ShapingOptions(language: "ja", lineBreak: style)
            ).lines.map(\.text)
        }
        #expect(try lines(.normal) == ["コンピ", "ュータ", "ー"])
        #expect(try lines(.strict) == ["コン", "ピュー", "ター"])
        #expect(try lines(.anywhere).first == "コンピ")
    }
}
