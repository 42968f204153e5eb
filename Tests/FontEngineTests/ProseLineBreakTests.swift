import Testing

@testable import FontEngine
import FontFitTestSupport

/// The prose line breaker against ICU's, whose rules it stands in for: every string of up to four
/// characters over one character of each class it handles, and random longer strings over all of
/// them, in the root rules and every language it is trusted with.
@Suite struct ProseLineBreakTests {
    /// One character of each class (the classes' other members break alike: the random strings
    /// below use them all).
    static let representatives = Array("a1 .!'-()\n–—…\u{A0}")
    static let everyHandled = Array(
        "ABCXYZabcxyz0123456789#&*<=>@^_`~ .,;:!?'\"-()\nÀÖØöøÿĀſßé‘’“”«»‹›‚„–—…\u{A0}ЖжЁёЇїҐґѢӿءمرحباًٌَُِّْٰ٠٩٫۰ۓە،؛؟۔")

    @Test func everyShortStringBreaksAsICUDoes() {
        var mismatches: [String] = []
        var text = ""
        func visit(_ length: Int) {
            if length > 0 { compare(text, into: &mismatches) }
            guard length < 4 else { return }
            for character in Self.representatives {
                text.append(character)
                visit(length + 1)
                text.removeLast()
            }
        }
        visit(0)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20))")
    }

    @Test func randomStringsBreakAsICUDoes() {
        var random = SplitMix64(seed: 0x1b_05)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let length = Int(random.next() % 24) + 1
            let text = String((0..<length).map { _ in Self.everyHandled[Int(random.next() % UInt64(Self.everyHandled.count))] })
            compare(text, into: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20))")
    }

    /// Each character it handles (found by asking it, over the first 12,288 scalars) beside one of
    /// each class, on either side and between two: a character outside its class's rules would
    /// differ from ICU here even if the random strings never met it.
    @Test func everyHandledCharacterBreaksAsICUDoes() {
        let handled = (0..<0x3000).compactMap(Unicode.Scalar.init).filter { scalar in
            var probe = "a" + String(scalar)
            return probe.withUTF8 { ProseLineBreaks.opportunities($0) } != nil
        }
        // ASCII: 52 letters, 10 digits, 11 symbols, space, 11 punctuation marks, line feed; Latin-1
        // and Latin Extended-A letters: 190; Cyrillic letters: 248; Arabic letters, digits,
        // harakat and punctuation: 146 + 22 + 22 + 4; quotation marks, dashes, ellipsis, no-break
        // space: 14.
        #expect(handled.count == 86 + 190 + 248 + 194 + 14, "handled: \(handled.count)")
        var mismatches: [String] = []
        for scalar in handled {
            let character = String(scalar)
            for neighbour in Self.representatives.map(String.init) {
                for text in [neighbour + character, character + neighbour, neighbour + character + neighbour] {
                    compare(text, into: &mismatches)
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20))")
    }

    @Test(arguments: [nil] + ProseLineBreaks.languages.sorted())
    func languagesBreakAsTheRootRulesDo(language: String?) {
        var random = SplitMix64(seed: 0x1b_06)
        var mismatches: [String] = []
        for _ in 0..<2_000 {
            let length = Int(random.next() % 16) + 1
            let text = String((0..<length).map { _ in Self.everyHandled[Int(random.next() % UInt64(Self.everyHandled.count))] })
            compare(text, language: language, into: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20))")
    }

    @Test func otherCharactersAreLeftToICU() {
        for text in [
            "a/b", "50%", "$5", "a\tb", "a\r\nb", "[x]", "{x}", "a|b", "a+b", "a\u{7F}b", "e\u{301}", "2×3", "ª",
            "ƀ", "a\u{2010}b", "a\u{200B}b", "日本",
        ] {
            var source = text
            #expect(source.withUTF8 { ProseLineBreaks.opportunities($0) } == nil, "\(text.debugDescription)")
        }
        // Malformed UTF-8 (a Swift string never holds it, but the function takes any bytes): cut
        // short, a bad continuation, overlong forms of "A" and of "À".
        for bytes: [UInt8] in [[0x61, 0xC3], [0xC3, 0x28], [0xC1, 0x81], [0xE0, 0x83, 0x80], [0xE2, 0x80]] {
            #expect(bytes.withUnsafeBufferPointer { ProseLineBreaks.opportunities($0) } == nil, "\(bytes)")
        }
        #expect(!ProseLineBreaks.handles(language: "ja"))
        #expect(!ProseLineBreaks.handles(language: "zh-Hant"))
        #expect(ProseLineBreaks.handles(language: "en-US"))
        // The primary subtag in any case, after any empty pieces; no subtag at all is the root rules.
        #expect(ProseLineBreaks.handles(language: "EN_gb") && ProseLineBreaks.handles(language: "_fr"))
        #expect(!ProseLineBreaks.handles(language: "JA-jp") && !ProseLineBreaks.handles(language: "--ja"))
        #expect(ProseLineBreaks.handles(language: "") && ProseLineBreaks.handles(language: "-") && ProseLineBreaks.handles(language: nil))
    }

    private func compare(_ text: String, language: String? = nil, into mismatches: inout [String]) {
        var source = text
        let fast = source.withUTF8 { ProseLineBreaks.opportunities($0) }
        let icu = LineBreaker.icuOpportunities(in: text, language: language)
        if fast != icu {
            func describe(_ breaks: [LineBreakOpportunity]?) -> String {
                breaks.map { $0.map { "\($0.offset)\($0.isMandatory ? "!" : "")" }.joined(separator: ",") } ?? "nil"
            }
            mismatches.append("\(text.debugDescription): \(describe(fast)) vs ICU \(describe(icu))")
        }
    }
}
