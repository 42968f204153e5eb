import Foundation

/// A JSON value whose object keys keep the order they were written in, so output reads in the order
/// the contract lists the fields.
public enum JSON: Sendable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    public func write(to output: inout String) {
        switch self {
        case .number(let value):
            // Swift prints the shortest text that reads back as the same Double.
            if !value.isFinite {
                output += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                output += String(Int64(value))
            } else {
                output += String(value)
            }
        case .integer(let value): output += String(value)
        case .string(let value): Self.quote(value, to: &output)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.quote(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    static func quote(_ text: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: appended whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSON {
    static func optional(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
    static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
}
