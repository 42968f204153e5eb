import Foundation

/// A JSON value with the line it starts on, read by a strict RFC 8259 parser of our own:
/// Foundation's `JSONSerialization` gives no lines for values, so a check could not say where its
/// string is, nor a wrong-typed value where it is wrong. Shared by the JSON catalog readers
/// (`.xcstrings`, i18next, Chrome).
struct JSONNode {
    enum Value {
        /// Members in file order; a key given twice keeps its first place and its last value, as
        /// JavaScript's `JSON.parse` and Foundation do.
        case object([(key: String, node: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var value: Value
    /// The 1-based line the value starts on.
    var line: Int

    /// What kind of value this is, for messages: "a string", "a number", ….
    var kind: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The member `key` of an object (nil when absent or when this is not an object).
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.node
    }

    var stringValue: String? {
        if case .string(let string) = value { string } else { nil }
    }

    /// A wrong-typed value's error: `"value" is a number, expected a string`.
    func wrongType(_ name: String, expected: String, catalog: String) -> CatalogError {
        CatalogError(catalog: catalog, line: line, message: "\(name) is \(kind), expected \(expected)")
    }

    /// The members of an object, or an error naming `name`.
    func members(_ name: String, catalog: String) throws(CatalogError) -> [(key: String, node: JSONNode)] {
        guard case .object(let members) = value else { throw wrongType(name, expected: "an object", catalog: catalog) }
        return members
    }

    /// The text of a string, or an error naming `name`.
    func string(_ name: String, catalog: String) throws(CatalogError) -> String {
        guard case .string(let string) = value else { throw wrongType(name, expected: "a string", catalog: catalog) }
        return string
    }

    func bool(_ name: String, catalog: String) throws(CatalogError) -> Bool {
        guard case .bool(let bool) = value else { throw wrongType(name, expected: "true or false", catalog: catalog) }
        return bool
    }

    /// Parses a whole document: UTF-8 (a byte order mark is skipped) or UTF-16 with a byte order mark.
    /// Anything that is not exactly one JSON value, white space around it, is an error with its line.
    static func parse(_ data: Data, catalog: String) throws(CatalogError) -> JSONNode {
        var bytes: [UInt8]
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else {
                throw CatalogError(catalog: catalog, line: nil, message: "malformed JSON: not UTF-16")
            }
            bytes = Array(text.utf8)
        } else {
            bytes = Array(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...])
        }
        var parser = Parser(bytes: bytes, catalog: catalog)
        parser.skipSpace()
        let root = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.fail("more after the end of the document") }
        return root
    }

    private struct Parser {
        let bytes: [UInt8]
        let catalog: String
        var index = 0
        var line = 1

        /// Deeper than any catalog nests; a bound keeps a hostile file from exhausting the stack.
        static let maximumDepth = 512

        func fail(_ message: String) -> CatalogError {
            CatalogError(catalog: catalog, line: line, message: "malformed JSON: \(message)")
        }

        var current: String {
            guard index < bytes.count else { return "the end of the file" }
            let byte = bytes[index]
            return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A: line += 1
                case 0x20, 0x09, 0x0D: break
                default: return
                }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(CatalogError) -> JSONNode {
            guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
            let start = line
            guard index < bytes.count else { throw fail("a value was expected, found the end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, node: JSONNode)] = []
                var positions: [String: Int] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return JSONNode(value: .object(members), line: start)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw fail("a quoted key was expected, found \(current)")
                    }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw fail("':' was expected after a key, found \(current)")
                    }
                    index += 1
                    skipSpace()
                    let node = try value(depth: depth + 1)
                    if let position = positions[key] {
                        members[position].node = node
                    } else {
                        positions[key] = members.count
                        members.append((key, node))
                    }
                    skipSpace()
                    guard index < bytes.count else { throw fail("',' or '}' was expected, found the end of the file") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else { throw fail("',' or '}' was expected, found \(current)") }
                    index += 1
                    return JSONNode(value: .object(members), line: start)
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONNode] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return JSONNode(value: .array(items), line: start)
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("',' or ']' was expected, found the end of the file") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "]") else { throw fail("',' or ']' was expected, found \(current)") }
                    index += 1
                    return JSONNode(value: .array(items), line: start)
                }
            case UInt8(ascii: "\""):
                return JSONNode(value: .string(try string()), line: start)
            case UInt8(ascii: "t"):
                try literal("true")
                return JSONNode(value: .bool(true), line: start)
            case UInt8(ascii: "f"):
                try literal("false")
                return JSONNode(value: .bool(false), line: start)
            case UInt8(ascii: "n"):
                try literal("null")
                return JSONNode(value: .null, line: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try number()), line: start)
            default:
                throw fail("a value was expected, found \(current)")
            }
        }

        mutating func literal(_ word: String) throws(CatalogError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw fail("a value was expected, found \(current)")
            }
            index += expected.count
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() throws(CatalogError) -> Double {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw fail("a digit was expected, found the end of the file") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                throw fail("a digit was expected, found \(current)")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw fail("a digit was expected after '.', found \(current)") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw fail("a digit was expected in the exponent, found \(current)") }
            }
            return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
        }

        /// A string starting at its opening quote: escapes `\" \\ \/ \b \f \n \r \t \uXXXX` (a
        /// surrogate pair joined); control characters, lone surrogates and bytes that are not UTF-8
        /// are errors.
        mutating func string() throws(CatalogError) -> String {
            index += 1
            var output: [UInt8] = []
            var runStart = index
            while true {
                guard index < bytes.count else { throw fail("a string is not closed before the end of the file") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    output.append(contentsOf: bytes[runStart..<index])
                    index += 1
                    break
                }
                if byte < 0x20 {
                    throw fail(byte == 0x0A ? "a string is not closed at the end of its line" : "a control character in a string (write it as an escape)")
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                output.append(contentsOf: bytes[runStart..<index])
                index += 1
                guard index < bytes.count else { throw fail("a string is not closed before the end of the file") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try hex4()
                    if (0xD800..<0xDC00).contains(value) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("bad escape: \\u\(String(value, radix: 16)) is half of a surrogate pair") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw fail("bad escape: \\u\(String(value, radix: 16)) is half of a surrogate pair")
                        }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else {
                        throw fail("bad escape: \\u\(String(value, radix: 16)) is half of a surrogate pair")
                    }
                    output.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    index -= 1
                    throw fail("bad escape '\\\(current.trimmingCharacters(in: CharacterSet(charactersIn: "'")))' in a string")
                }
                runStart = index
            }
            guard let string = String(validating: output, as: UTF8.self) else {
                throw fail("a string that is not UTF-8")
            }
            return string
        }

        mutating func hex4() throws(CatalogError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, bytes[index] < 0x80, let digit = UInt32(String(Unicode.Scalar(bytes[index])), radix: 16)
                else { throw fail("bad escape: \\u needs four hex digits") }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
