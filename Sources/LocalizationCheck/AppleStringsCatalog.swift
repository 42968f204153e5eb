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
            throw CatalogError(catalog: catalog, line: nil, message: "neither UTF-8 nor UTF-16 with a byte order mark")
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
                let start = line
                let key = try token()
                try skip()
                guard index < scalars.count, scalars[index] == "=" else { throw fail("expected '=' after \"\(key)\"") }
                index += 1
                try skip()
                let value = try token()
                try skip()
                guard index < scalars.count, scalars[index] == ";" else { throw fail("expected ';' after the value of \"\(key)\"") }
                index += 1
                pairs.append((key, value, start))
            }
        }
    }

    /// `.stringsdict`: each key's `NSStringLocalizedFormatKey` with its `%#@variable@`s replaced by every
    /// plural form (one branch part per variable, several variables give the cartesian product).
    static func readStringsdict(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw CatalogError(catalog: catalog, line: xmlErrorLine(data), message: "malformed property list: \(error.localizedDescription)")
        }
        guard let root = plist as? [String: Any] else {
            throw CatalogError(catalog: catalog, line: nil, message: "the property list is not a dictionary")
        }
        let locale = locale(of: catalog, sourceLocale: sourceLocale)
        var contents = CatalogContents()
        for key in root.keys.sorted() {
            guard let entry = root[key] as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String else {
                contents.warnings.append(CatalogError(catalog: catalog, line: nil, message: "'\(key)' has no NSStringLocalizedFormatKey"))
                continue
            }
            var variables: [String: [(String, String)]] = [:]
            for (name, value) in entry where name != "NSStringLocalizedFormatKey" {
                guard let rule = value as? [String: Any] else { continue }
                let forms = ["zero", "one", "two", "few", "many", "other"].compactMap { form in
                    (rule[form] as? String).map { (form, $0) }
                }
                variables[name] = forms
            }
            for (branch, text) in expandVariables(format, variables: variables) {
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, key: key, branch: branch, text: text, syntax: .printf(android: false)))
            }
        }
        return contents
    }

    /// Replaces every `%#@name@` by each of the variable's forms (recursively: a form may hold more).
    static func expandVariables(_ format: String, variables: [String: [(String, String)]], depth: Int = 0)
        -> [(branch: [String], text: String)]
    {
        guard depth < 8, let range = format.range(of: #"%(\d+\$)?#@[A-Za-z0-9_]+@"#, options: .regularExpression) else {
            return [([], format)]
        }
        let token = format[range]
        let name = String(token.drop(while: { $0 != "@" }).dropFirst().dropLast())
        guard let forms = variables[name], !forms.isEmpty else {
            return [([], format)]
        }
        var results: [(branch: [String], text: String)] = []
        for (form, value) in forms {
            let replaced = format.replacingCharacters(in: range, with: value)
            for inner in expandVariables(replaced, variables: variables, depth: depth + 1) {
                results.append((["\(name)=\(form)"] + inner.branch, inner.text))
            }
        }
        return results
    }

    /// XMLParser's line for a malformed XML property list, when it is XML.
    static func xmlErrorLine(_ data: Data) -> Int? {
        do {
            _ = try XMLElementNode.parse(data, catalog: "")
            return nil
        } catch {
            return error.line
        }
    }
}
