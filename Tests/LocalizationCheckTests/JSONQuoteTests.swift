import Foundation
import JSONOutput
import Testing
import FontFitTestSupport

/// The report writer's strings read back, through Foundation's own JSON parser, as the strings
/// written: quotes, backslashes and control characters escaped between runs of plain bytes.
@Suite struct JSONQuoteTests {
    @Test func quotedStringsReadBackThroughFoundation() throws {
        var strings = [
            "", "a", "\"", "\\", "\n\r\t", "\u{0}\u{1F}\u{7F}", "plain ASCII of more than fifteen bytes",
            "«\u{A0}au point près\u{A0}»", "Добрий день", "👨‍👩‍👧 \"quoted\" \\path\\ end\n",
            String(repeating: "x\"y\\z\u{1}", count: 200),
        ]
        let seed: UInt64 = 0x750E_0001
        var generator = SplitMix64(seed: seed)
        let pool: [Unicode.Scalar] = ["a", " ", "\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "ж", "東", "😀"]
        for _ in 0..<200 {
            let length = Int.random(in: 0...40, using: &generator)
            strings.append(String(String.UnicodeScalarView((0..<length).map { _ in pool.randomElement(using: &generator)! })))
        }
        for string in strings {
            var output: [UInt8] = []
            JSON.quote(string, to: &output)
            let decoded = try JSONSerialization.jsonObject(with: Data(output), options: .fragmentsAllowed) as? String
            #expect(decoded == string, "\(string.debugDescription) → \(String(decoding: output, as: UTF8.self)), seed 0x\(String(seed, radix: 16))")
        }
    }
}
