import FontFit
import Foundation
import JSONOutput
import Testing

@testable import LocalizationCheck
import FontFitTestSupport

/// `fontfit batch` writes a fit's answer value by value; it must be the bytes of the result's
/// Codable encoding (through `OrderedJSONEncoder`, as every other JSON answer of fontfit is made)
/// with the request's id first.
@Suite struct BatchAnswerTests {
    @Test func aFitsAnswerIsItsEncodingsBytes() throws {
        let font = try Font(face: BundledFont.face())
        let seed: UInt64 = 0xBA7C_0001
        var generator = SplitMix64(seed: seed)
        let words = ["Save", "changes", "à", "l’écran", "Überschrift", "\"quoted\"", "back\\slash", "tab\there", "AVATAR", "ﬁne", "日本語", "😀"]
        let ids: [JSON?] = [nil, .string("r1"), .string("é\n\"x\""), .number(7), .number(2.5), .number(-0.0)]
        for round in 0..<300 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: Bool.random(using: &generator) ? " " : "\n")
            let frame = FrameSize(
                width: round % 17 == 0 ? .infinity : Double.random(in: 20...400, using: &generator),
                height: Double.random(in: 10...300, using: &generator))
            var options = FitOptions(frame: frame, maxSize: Double.random(in: 8...60, using: &generator),
                minimumScaleFactor: Double.random(in: 0.05...1, using: &generator),
                lineLimit: [nil, 1, 2, 3].randomElement(using: &generator)!,
                alignment: [.leading, .center, .trailing].randomElement(using: &generator)!,
                truncation: [.tail, .head, .middle, .none].randomElement(using: &generator)!)
            // Tightened one-line labels add a member.
            if round % 3 == 0 { options.tightening = .apple }
            let result = try FontStack(font).fit(text, options: options)
            let id = ids[round % ids.count]
            var streamed = JSONBytes()
            BatchRunner.write(result, id: id, to: &streamed)
            guard case .object(var members) = try OrderedJSONEncoder.encode(result) else {
                Issue.record("a fit result encodes as an object")
                return
            }
            if let id { members.insert(("id", id), at: 0) }
            #expect(String(decoding: streamed.bytes, as: UTF8.self) == JSON.object(members).serialized, "\(text), seed 0x\(String(seed, radix: 16)) round \(round)")
        }
    }
}
