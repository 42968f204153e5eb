/// A JSON value whose object keys keep the order they were written in, so output reads in the order
/// the contract lists the fields. Written as UTF-8 bytes: a run's 100,000 checks are tens of
/// megabytes, and byte appends are what keeps writing them cheap.
package enum JSON: Sendable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    package var serialized: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    package func write(to output: inout [UInt8]) {
        switch self {
        case .number(let value): Self.writeNumber(value, to: &output)
        case .integer(let value): Self.writeInteger(value, to: &output)
        case .string(let value): Self.quote(value, to: &output)
        case .bool(let value): output.appendLiteral(value ? "true" : "false")
        case .null: output.appendLiteral("null")
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.quote(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A number: whole numbers below 1e15 without a fraction, others as Swift's shortest text that
    /// reads back as the same Double, non-finite values as null.
    package static func writeNumber(_ value: Double, to output: inout [UInt8]) {
        if !value.isFinite {
            output.appendLiteral("null")
        } else if value == value.rounded(), abs(value) < 1e15 {
            writeInteger(Int(value), to: &output)
        } else {
            output.append(contentsOf: String(value).utf8)
        }
    }

    /// An integer in decimal, its digits made in place, not through `String(value)`'s description
    /// and a generic append: `shape --json` writes integers for every glyph
    /// (bench-cli: shapeJSONOverHBShapeJSON).
    package static func writeInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &digits) { scratch in
            var index = scratch.count
            repeat {
                index -= 1
                scratch[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: scratch[index...])
        }
    }

    /// A JSON string: `"` `\` and control characters escaped, everything else as its UTF-8 bytes
    /// (the escaped characters are all ASCII, so bytes can be handled one by one). The bytes
    /// between escapes are copied a run at a time, not byte by byte: every string of a `check`
    /// report is quoted here (scripts/bench-check).
    package static func quote(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            var plainStart = 0
            for index in bytes.indices where needsEscape(bytes[index]) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                appendEscape(of: bytes[index], to: &output)
                plainStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
        // In place when the text is stored as UTF-8 (a native string always is); `withUTF8`, which
        // makes any string so, costs a retain and a release of the text per string quoted.
        if text.utf8.withContiguousStorageIfAvailable(write) == nil {
            var text = text
            text.withUTF8(write)
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}

extension JSON {
    package static func optional(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
}
