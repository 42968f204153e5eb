import Testing

@testable import FontEngine

/// The ASCII line breaker against ICU's, whose rules it stands in for: every string of up to five
/// characters over one character of each class it handles, and random longer strings over all of
/// them, in the root rules and every language it is trusted with.
@Suite struct ASCIILineBreakTests {
    /// One character of each class (the classes' other members break alike: the random strings
    /// below use them all).
    static let representatives = Array("a1 .!'-()\n")
    static let everyHandled = Array(
        "ABCXYZabcxyz0123456789#&*<=>@^_`~ .,;:!?'\"-()\n")

    @Test func everyShortStringBreaksAsICUDoes() {
        var mismatches: [String] = []
        var text = ""
        func visit(_ length: Int) {
            if length > 0 { compare(text, into: &mismatches) }
            guard length < 5 else { return }
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
        var random = Generator(seed: 0x1b_05)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let length = Int(random.next() % 24) + 1
            let text = String((0..<length).map { _ in Self.everyHandled[Int(random.next() % UInt64(Self.everyHandled.count))] })
            compare(text, into: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20))")
    }

    @Test(arguments: [nil] + ASCIILineBreaks.languages.sorted())
    func languagesBreakAsTheRootRulesDo(language: String?) {
        var random = Generator(seed: 0x1b_06)
        var mismatches: [String] = []
        for _ in 0..<2_000 {
            let length = Int(random.next() % 16) + 1
            let text = String((0..<length).map { _ in Self.everyHandled[Int(random.next() % UInt64(Self.everyHandled.count))] })
            compare(text, language: language, into: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20))")
    }

    @Test func otherCharactersAreLeftToICU() {
        for text in ["a/b", "50%", "$5", "a\tb", "a\r\nb", "[x]", "{x}", "a|b", "a+b", "é", "a\u{7F}b"] {
            var source = text
            #expect(source.withUTF8 { ASCIILineBreaks.opportunities($0) } == nil, "\(text.debugDescription)")
        }
        #expect(!ASCIILineBreaks.handles(language: "ja"))
        #expect(!ASCIILineBreaks.handles(language: "zh-Hant"))
        #expect(ASCIILineBreaks.handles(language: "en-US"))
    }

    private func compare(_ text: String, language: String? = nil, into mismatches: inout [String]) {
        var source = text
        let fast = source.withUTF8 { ASCIILineBreaks.opportunities($0) }
        let icu = LineBreaker.icuOpportunities(in: text, language: language)
        if fast != icu {
            func describe(_ breaks: [LineBreakOpportunity]?) -> String {
                breaks.map { $0.map { "\($0.offset)\($0.isMandatory ? "!" : "")" }.joined(separator: ",") } ?? "nil"
            }
            mismatches.append("\(text.debugDescription): \(describe(fast)) vs ICU \(describe(icu))")
        }
    }
}

/// Knuth's MMIX linear congruential generator: deterministic, so a failure names a reproducible input.
private struct Generator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
