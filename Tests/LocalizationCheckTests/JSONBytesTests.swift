import Foundation
import JSONOutput
import Testing
import FontFitTestSupport

/// JSON written value by value (``JSONBytes``) is, byte for byte, the same document written as a
/// tree (``JSON``), and Foundation reads it back.
@Suite struct JSONBytesTests {
    static let keys: [StaticString] = ["a", "key", "text", "neededScale"]

    /// Integers, and whole numbers below 1e15, are Swift's decimal text of them; other numbers
    /// Swift's shortest text that reads back as the same Double.
    @Test func numbersAreSwiftsText() {
        let seed: UInt64 = 0x750B_0001
        var generator = SplitMix64(seed: seed)
        var integers = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int(Int32.max), Int(Int32.min)]
        integers += (0..<1000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0..<64, using: &generator) }
        for value in integers {
            #expect(JSON.integer(value).serialized == String(value), "\(value), seed 0x\(String(seed, radix: 16))")
        }
        for value in [0, -0.0, 1, -7, 999_999_999_999_999, 1e15, 0.1, 13.600000000000001, -2.5e-8, 1e300] {
            let expected = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            #expect(JSON.number(value).serialized == expected, "\(value)")
        }
    }

    /// Random documents, nested up to four deep: objects, arrays (empty ones too), strings,
    /// numbers, integers, booleans and nulls, with the commas placed by the writer.
    @Test func streamedDocumentsAreTheTreesBytes() throws {
        let seed: UInt64 = 0x750B_0002
        var generator = SplitMix64(seed: seed)
        func randomValue(depth: Int, into stream: inout JSONBytes) -> JSON {
            switch Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &generator) {
            case 0:
                let text = ["", "plain", "«\u{A0}»", "quote \" and \\ and \n"].randomElement(using: &generator)!
                stream.string(text)
                return .string(text)
            case 1:
                let value = [0, -2.5, 13.600000000000001, 1e20, .infinity].randomElement(using: &generator)!
                stream.number(value)
                return .number(value)
            case 2:
                let value = Int.random(in: -1000...1000, using: &generator)
                stream.integer(value)
                return .integer(value)
            case 3:
                let value = Bool.random(using: &generator)
                stream.bool(value)
                return .bool(value)
            case 4, 5:
                stream.null()
                return .null
            case 6:
                stream.beginArray()
                let elements = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    randomValue(depth: depth + 1, into: &stream)
                }
                stream.endArray()
                return .array(elements)
            default:
                stream.beginObject()
                let members = (0..<Int.random(in: 0...3, using: &generator)).map { _ -> (String, JSON) in
                    let key = Self.keys.randomElement(using: &generator)!
                    stream.key(key)
                    return ("\(key)", randomValue(depth: depth + 1, into: &stream))
                }
                stream.endObject()
                return .object(members)
            }
        }
        for round in 0..<500 {
            var stream = JSONBytes()
            var trees: [JSON] = []
            // Two JSON Lines records in one stream: the newline starts a new document.
            for _ in 0..<2 {
                stream.beginObject()
                stream.key("a")
                let tree = JSON.object([("a", randomValue(depth: 1, into: &stream))])
                stream.endObject()
                stream.append(0x0A)
                trees.append(tree)
            }
            let expected = trees.map { $0.serialized + "\n" }.joined()
            #expect(String(decoding: stream.bytes, as: UTF8.self) == expected, "seed 0x\(String(seed, radix: 16)) round \(round)")
            for line in expected.split(separator: "\n") {
                #expect(throws: Never.self, "seed 0x\(String(seed, radix: 16)) round \(round)") {
                    try JSONSerialization.jsonObject(with: Data(line.utf8))
                }
            }
        }
    }
}
