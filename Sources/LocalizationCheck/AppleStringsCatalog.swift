import Foundation

/// Apple `.strings` (`"key" = "value";`, comments, escapes, UTF-8 or UTF-16 with a BOM) and
/// `.stringsdict` plurals, in `xx.lproj` folders (`Base.lproj` → the source locale).
enum AppleStringsCatalog {
    static func locale(of catalog: String, sourceLocale: String) -> String {
        var url = URL(fileURLWithPath: catalog).deletingLastPathComponent()
        while url.path != "/" {
            let name = url.lastPathComponent
            if name.hasSuffix(".lproj") {
                let tag = String(name.dropLast(".lproj".count))
                return tag == "Base" ? sourceLocale : Locales.canonical(tag)
            }
            url = url.deletingLastPathComponent()
        }
        let stem = URL(fileURLWithPath: catalog).deletingPathExtension().lastPathComponent
        return looksLikeLocale(stem) ? Locales.canonical(stem) : sourceLocale
    }

    static func decode(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16)
        }
        var data = data
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        return String(data: data, encoding: .utf8)
    }

    static func readStrings(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        guard let text = decode(data) else {
            throw CatalogError(
                catalog: catalog, line: lineOfInvalidUTF8(data), message: "neither UTF-8 nor UTF-16 with a byte order mark")
        }
        let locale = locale(of: catalog, sourceLocale: sourceLocale)
        var parser = StringsParser(scalars: Array(text.unicodeScalars), catalog: catalog)
        var contents = CatalogContents()
        for (key, value, line) in try parser.pairs() {
            contents.strings.append(CatalogString(
                catalog: catalog, locale: locale, key: key, text: value, syntax: .printf(android: false), line: line))
        }
        return contents
    }

    private struct StringsParser {
        let scalars: [Unicode.Scalar]
        let catalog: String
        var index = 0
        var line = 1

        func fail(_ message: String) -> CatalogError { CatalogError(catalog: catalog, line: line, message: message) }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        /// Skips white space and comments.
        mutating func skip() throws(CatalogError) {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { advance() }
                    guard index + 1 < scalars.count else { throw fail("unclosed comment") }
                    index += 2
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }

        mutating func token() throws(CatalogError) -> String {
            guard index < scalars.count else { throw fail("unexpected end of file") }
            if scalars[index] == "\"" {
                index += 1
                var output = String.UnicodeScalarView()
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\" {
                        index += 1
                        guard index < scalars.count else { break }
                        let escape = scalars[index]
                        index += 1
                        switch escape {
                        case "n": output.append("\n")
                        case "t": output.append("\t")
                        case "r": output.append("\r")
                        case "U", "u":
                            var value = try hex4()
                            if (0xD800..<0xDC00).contains(value), index + 1 < scalars.count, scalars[index] == "\\",
                                scalars[index + 1] == "U" || scalars[index + 1] == "u"
                            {
                                index += 2
                                let low = try hex4()
                                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                            }
                            guard let scalar = Unicode.Scalar(value) else { throw fail("invalid \\U escape") }
                            output.append(scalar)
                        default: output.append(escape)
                        }
                    } else {
                        output.append(scalars[index])
                        advance()
                    }
                }
                guard index < scalars.count else { throw fail("unclosed string") }
                index += 1
                return String(output)
            }
            var output = String.UnicodeScalarView()
            while index < scalars.count,
                scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
                    || "_.-$:/".unicodeScalars.contains(scalars[index])
            {
                output.append(scalars[index])
                index += 1
            }
            guard !output.isEmpty else { throw fail("expected a quoted string, found '\(scalars[index])'") }
            return String(output)
        }

        mutating func hex4() throws(CatalogError) -> UInt32 {
            guard index + 4 <= scalars.count,
                let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
            else { throw fail("\\U needs four hex digits") }
            index += 4
            return value
        }

        mutating func pairs() throws(CatalogError) -> [(String, String, Int)] {
            var pairs: [(String, String, Int)] = []
            while true {
                try skip()
                guard index < scalars.count else { return pairs }
                let key = try token()
                try skip()
                guard index < scalars.count, scalars[index] == "=" else { throw fail("expected '=' after \"\(key)\"") }
                index += 1
                try skip()
                let start = line
                let value = try token()
                try skip()
                guard index < scalars.count, scalars[index] == ";" else { throw fail("expected ';' after the value of \"\(key)\"") }
                index += 1
                pairs.append((key, value, start))
            }
        }
    }

    /// One form of a plural variable: its name (`one`, `other`), its text and the line it is on.
    struct Form {
        var name: String
        var text: String
        var line: Int?
    }

    /// `.stringsdict`: each key's `NSStringLocalizedFormatKey` with its `%#@variable@`s replaced by every
    /// plural form (one branch part per variable, several variables give the cartesian product). A
    /// value of the wrong type (a form that is not a string, an entry that is not a dictionary) is an
    /// error with its line.
    static func readStringsdict(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        let root = try PropertyList.parse(data, catalog: catalog)
        let entries = try root.dictionary("the property list", catalog: catalog)
        let locale = locale(of: catalog, sourceLocale: sourceLocale)
        var contents = CatalogContents()
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let members = try entry.dictionary("'\(key)'", catalog: catalog)
            guard let formatNode = members.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.node else {
                contents.warnings.append(CatalogError(catalog: catalog, line: entry.line, message: "'\(key)' has no NSStringLocalizedFormatKey"))
                continue
            }
            let format = try formatNode.string("NSStringLocalizedFormatKey of '\(key)'", catalog: catalog)
            var variables: [String: [Form]] = [:]
            for (name, value) in members where name != "NSStringLocalizedFormatKey" {
                let rule = try value.dictionary("'\(name)' of '\(key)'", catalog: catalog)
                var forms: [Form] = []
                for form in ["zero", "one", "two", "few", "many", "other"] {
                    guard let node = rule.first(where: { $0.key == form })?.node else { continue }
                    forms.append(Form(name: form, text: try node.string("'\(form)' of '\(name)' in '\(key)'", catalog: catalog), line: node.line))
                }
                variables[name] = forms
            }
            for expanded in expandVariables(format, variables: variables) {
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, key: key, branch: expanded.branch, text: expanded.text,
                    syntax: .printf(android: false), line: expanded.line ?? formatNode.line))
            }
        }
        return contents
    }

    /// Replaces every `%#@name@` by each of the variable's forms (recursively: a form may hold more);
    /// each text has the line of the first form it took.
    static func expandVariables(_ format: String, variables: [String: [Form]], depth: Int = 0)
        -> [(branch: [String], text: String, line: Int?)]
    {
        guard depth < 8, let range = format.range(of: #"%(\d+\$)?#@[A-Za-z0-9_]+@"#, options: .regularExpression) else {
            return [([], format, nil)]
        }
        let token = format[range]
        let name = String(token.drop(while: { $0 != "@" }).dropFirst().dropLast())
        guard let forms = variables[name], !forms.isEmpty else {
            return [([], format, nil)]
        }
        var results: [(branch: [String], text: String, line: Int?)] = []
        for form in forms {
            let replaced = format.replacingCharacters(in: range, with: form.text)
            for inner in expandVariables(replaced, variables: variables, depth: depth + 1) {
                results.append((["\(name)=\(form.name)"] + inner.branch, inner.text, form.line ?? inner.line))
            }
        }
        return results
    }
}

/// A property list as `.stringsdict` files hold it, with the line of each value: XML property lists are
/// read through ``XMLElementNode`` (so that a broken one is reported at its line, and every value
/// has one); binary ones (`bplist`) through Foundation, without lines.
struct PropertyList {
    enum Value {
        /// Keys and values in file order.
        case dictionary([(key: String, node: PropertyList)])
        case array([PropertyList])
        case string(String)
        /// Numbers, booleans, dates and data: kept by their element name only.
        case other(String)
    }

    var value: Value
    var line: Int?

    var kind: String {
        switch value {
        case .dictionary: "a <dict>"
        case .array: "an <array>"
        case .string: "a <string>"
        case .other(let name): "<\(name)>"
        }
    }

    func dictionary(_ name: String, catalog: String) throws(CatalogError) -> [(key: String, node: PropertyList)] {
        guard case .dictionary(let members) = value else {
            throw CatalogError(catalog: catalog, line: line, message: "\(name) is \(kind), expected a <dict>")
        }
        return members
    }

    func string(_ name: String, catalog: String) throws(CatalogError) -> String {
        guard case .string(let string) = value else {
            throw CatalogError(catalog: catalog, line: line, message: "\(name) is \(kind), expected a <string>")
        }
        return string
    }

    static func parse(_ data: Data, catalog: String) throws(CatalogError) -> PropertyList {
        if data.starts(with: Array("bplist".utf8)) {
            let object: Any
            do {
                object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            } catch {
                throw CatalogError(catalog: catalog, line: nil, message: "malformed binary property list: \(error.localizedDescription)")
            }
            return PropertyList(foundation: object)
        }
        let root = try XMLElementNode.parse(data, catalog: catalog)
        guard root.name == "plist" else {
            throw CatalogError(catalog: catalog, line: root.line, message: "expected <plist>, found <\(root.name)>")
        }
        let values = root.elements
        guard values.count == 1 else {
            throw CatalogError(catalog: catalog, line: root.line, message: "<plist> holds \(values.count) values, expected one")
        }
        return try PropertyList(values[0], catalog: catalog)
    }

    private init(_ element: XMLElementNode, catalog: String) throws(CatalogError) {
        line = element.line
        switch element.name {
        case "dict":
            var members: [(key: String, node: PropertyList)] = []
            let children = element.elements
            var index = 0
            while index < children.count {
                guard children[index].name == "key" else {
                    throw CatalogError(
                        catalog: catalog, line: children[index].line,
                        message: "<\(children[index].name)> in a <dict> where a <key> was expected")
                }
                guard index + 1 < children.count, children[index + 1].name != "key" else {
                    throw CatalogError(
                        catalog: catalog, line: children[index].line, message: "<key>\(children[index].allText)</key> has no value")
                }
                let key = children[index].allText
                let node = try PropertyList(children[index + 1], catalog: catalog)
                // A key given twice: the last value, as Foundation reads it.
                if let position = members.firstIndex(where: { $0.key == key }) {
                    members[position].node = node
                } else {
                    members.append((key, node))
                }
                index += 2
            }
            value = .dictionary(members)
        case "array":
            var items: [PropertyList] = []
            for child in element.elements { items.append(try PropertyList(child, catalog: catalog)) }
            value = .array(items)
        case "string": value = .string(element.allText)
        case "integer", "real", "true", "false", "date", "data": value = .other(element.name)
        default:
            throw CatalogError(catalog: catalog, line: element.line, message: "<\(element.name)> is not a property list value")
        }
    }

    private init(foundation object: Any) {
        line = nil
        if let dictionary = object as? [String: Any] {
            value = .dictionary(dictionary.keys.sorted().map { ($0, PropertyList(foundation: dictionary[$0]!)) })
        } else if let array = object as? [Any] {
            value = .array(array.map { PropertyList(foundation: $0) })
        } else if let string = object as? String {
            value = .string(string)
        } else {
            value = .other("\(type(of: object))")
        }
    }
}
