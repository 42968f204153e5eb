import FontFit
import Testing
import FontFitTestSupport

/// A one-line fit has two routes: the closed form of `FontStack.fit` (one shaping and a division)
/// and the general fitter of a prepared text. Both must end a line's content at the same place:
/// `fit("Hello \u{301}", …)` gave 70.11 pt by one route and 78.91 pt by the other, because one
/// trimmed trailing white space scalar by scalar and the other by grapheme cluster.
@Suite struct ClosedFormAgreementTests {
    static let stack: FontStack = try! FontStack([
        loadFont("DejaVuSans.ttf"), loadFont("NotoSansArabic-Regular.ttf"), loadFont("ipaexg.ttf"),
        loadFont("EmojiSubset.ttf"),
    ])

    /// Pieces random texts are made of: words in several scripts, and what a line's end may hold.
    static let words = ["Hello", "fox", "office", "مرحبا", "東京", "שלום", "Ünïcödé", "👍🏽", "🇫🇷", "👩‍👩‍👧", "a\u{0600}"]
    static let trailing: [String] = [
        " ", "\t", "\u{A0}", "\u{1680}", "\u{2002}", "\u{2009}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}",
        "\u{301}", "\u{FE0F}", "\u{FE0E}", "\u{200D}", "\u{200B}", "\u{0600}", "\u{20E3}", "\u{E0101}", "\u{0903}",
        "x", ".",
    ]

    static func randomText(_ generator: inout SplitMix64) -> String {
        var text = ""
        for index in 0..<Int.random(in: 1...4, using: &generator) {
            if index > 0 { text += Bool.random(using: &generator) ? " " : "\u{3000}" }
            text += words.randomElement(using: &generator)!
        }
        for _ in 0..<Int.random(in: 0...4, using: &generator) { text += trailing.randomElement(using: &generator)! }
        return text
    }

    static let cases = ["Hello \u{301}", "Hello \u{FE0F}", "Hello\u{A0}\u{301}", "Hello \u{200D}\u{301} "]

    @Test(arguments: cases)
    func closedFormAndPreparedFitsAgree(_ text: String) throws {
        try Self.expectAgreement(text)
    }

    @Test func closedFormAndPreparedFitsAgreeOnRandomTexts() throws {
        var generator = SplitMix64(seed: 0x5EED_0030)
        for _ in 0..<1_500 {
            try Self.expectAgreement(Self.randomText(&generator))
        }
    }

    /// The routes add a line's advances in different orders (run by run, grapheme by grapheme), so
    /// their sums may differ in the last bits of a double.
    static let summationSlack = 1e-12

    static func expectAgreement(_ text: String) throws {
        let frame = FrameSize(width: 200, height: 100)
        let closedForm = try stack.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01, lineLimit: 1))
        let prepared = try stack.prepare(text).fit(options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01, lineLimit: 1))
        let scalars = text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        #expect(abs(closedForm.size - prepared.size) <= summationSlack * prepared.size, "size, \(scalars)")
        #expect(abs(closedForm.width - prepared.width) <= summationSlack * prepared.width, "width, \(scalars)")
        #expect(closedForm.lines.map(\.text) == prepared.lines.map(\.text), "line text, \(scalars)")
    }
}
