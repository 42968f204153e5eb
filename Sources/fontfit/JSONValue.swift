import Foundation

/// A JSON value that keeps its keys in the order they were written, so output reads like the
/// contract documents it.
enum JSONValue {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    var serialized: String {
        switch self {
        case .number(let value):
            // Swift prints the shortest text that reads back as the same Double.
            guard value.isFinite else { return "null" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .integer(let value): return String(value)
        case .string(let value): return Self.quote(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.serialized).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0) + ":" + $1.serialized }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// `value` with `digits` decimals, as C's "%.Nf" writes it (what String(format:) gives too, at a
/// small part of its cost: its first call sets up Foundation's formatting, a tenth of a short
/// `fontfit fit`'s instructions).
func fixedPoint(_ value: Double, digits: Int) -> String {
    // The longest "%.Nf" of a finite Double is 309 integer digits, a sign, a point and N decimals.
    let capacity = 320 + max(0, digits)
    return String(unsafeUninitializedCapacity: capacity) { buffer in
        let written = withVaList([value]) { arguments in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                vsnprintf(characters.baseAddress, capacity, "%.\(digits)f", arguments)
            }
        }
        return max(0, min(Int(written), capacity - 1))
    }
}

/// U+XXXX, at least four hex digits, as Unicode writes code points.
func codePointLabel(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// Prints labelled values in two aligned columns.
func printTable(_ rows: [(String, String)]) {
    let width = rows.map(\.0.count).max() ?? 0
    for (label, value) in rows {
        // Padded by hand: Foundation's padding(toLength:) costs more than the fit it reports.
        print(label + String(repeating: " ", count: width + 2 - label.count) + value)
    }
}

/// A number for people: at most `digits` decimals, no trailing zeros.
func formatted(_ value: Double, digits: Int = 3) -> String {
    var text = fixedPoint(value, digits: digits)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}
