import Foundation

/// Android `res/values-xx/strings.xml`: `<string>`, `<plurals>`, `<string-array>`, with aapt2's text
/// rules; `translatable="false"` skipped, `formatted="false"` measured without printf substitution.
enum AndroidCatalog {
    static func read(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        let root = try XMLElementNode.parse(data, catalog: catalog)
        guard root.name == "resources" else {
            throw CatalogError(catalog: catalog, line: root.line, message: "expected <resources>, found <\(root.name)>")
        }
        let folder = URL(fileURLWithPath: catalog).deletingLastPathComponent().lastPathComponent
        let locale = Locales.android(folder: folder) ?? sourceLocale
        var contents = CatalogContents()
        var plainStrings: [String: String] = [:]
        for element in root.elements(named: "string") {
            if let name = element.attributes["name"] { plainStrings[name] = try text(of: element, catalog: catalog) }
        }
        /// `@string/name` alone is that string: from this file, else from the default `values/` folder.
        var defaults: [String: String]?
        func resolve(_ value: String) -> String {
            guard value.hasPrefix("@string/") else { return value }
            let name = String(value.dropFirst("@string/".count))
            if let local = plainStrings[name], !local.hasPrefix("@string/") { return local }
            if defaults == nil {
                let url = URL(fileURLWithPath: catalog).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("values").appendingPathComponent(URL(fileURLWithPath: catalog).lastPathComponent)
                defaults = [:]
                if let data = try? Data(contentsOf: url), let values = try? XMLElementNode.parse(data, catalog: url.path) {
                    for element in values.elements(named: "string") {
                        if let name = element.attributes["name"] { defaults![name] = try? text(of: element, catalog: url.path) }
                    }
                }
            }
            return defaults?[name] ?? value
        }
        for element in root.elements {
            guard ["string", "plurals", "string-array"].contains(element.localName) else { continue }
            guard let name = element.attributes["name"] else {
                throw CatalogError(catalog: catalog, line: element.line, message: "<\(element.name)> without a name")
            }
            guard element.attributes["translatable"] != "false" else { continue }
            let syntax: PlaceholderSyntax = element.attributes["formatted"] == "false" ? .none : .printf(android: true)
            func add(_ text: String, branch: [String], line: Int) {
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, key: name, branch: branch, text: resolve(text), syntax: syntax,
                    line: line))
            }
            switch element.localName {
            case "string": add(try text(of: element, catalog: catalog), branch: [], line: element.line)
            case "plurals":
                for item in element.elements(named: "item") {
                    // aapt2 refuses any other quantity, and an item without one.
                    guard let quantity = item.attributes["quantity"], Self.quantities.contains(quantity) else {
                        throw CatalogError(
                            catalog: catalog, line: item.line,
                            message: "<item> of <plurals name=\"\(name)\"> has quantity \(item.attributes["quantity"].map { "\"\($0)\"" } ?? "missing"): expected one of \(Self.quantities.joined(separator: ", "))")
                    }
                    add(try text(of: item, catalog: catalog), branch: ["quantity=\(quantity)"], line: item.line)
                }
            case "string-array":
                for (index, item) in element.elements(named: "item").enumerated() {
                    add(try text(of: item, catalog: catalog), branch: ["item=\(index)"], line: item.line)
                }
            default: continue
            }
        }
        return contents
    }

    /// What C's `isspace` takes in the ASCII range: space, tab, line feed, vertical tab, form feed,
    /// carriage return.
    static func isASCIISpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || ("\t"..."\r").contains(scalar)
    }

    /// CLDR's plural categories, the quantities aapt2 accepts.
    static let quantities = ["zero", "one", "two", "few", "many", "other"]

    /// aapt2's rules: `\' \" \\ \n \t \uXXXX \@ \?`; an unescaped `"` toggles verbatim whitespace and is
    /// removed; other runs of ASCII white space collapse to one space (aapt2 tests `isspace` on code
    /// points below 128 only, so U+00A0 and the other Unicode spaces stay as written); the ends are
    /// trimmed. Child elements (`<xliff:g>`, `<b>`) contribute their text; CDATA is text. A `\u` not
    /// followed by hex digits is an error, as in aapt2.
    static func text(of element: XMLElementNode, catalog: String) throws(CatalogError) -> String {
        let raw = element.allText
        var output = String.UnicodeScalarView()
        var quoted = false
        var pendingSpace = false
        let scalars = Array(raw.unicodeScalars)
        var index = 0
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace, !output.isEmpty { output.append(" ") }
            pendingSpace = false
            output.append(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else { break }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "n": emit("\n")
                case "t": emit("\t")
                case "u":
                    // Up to four hex digits (fewer at the end of the text), as aapt2 reads them.
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < scalars.count {
                        guard scalars[index].isASCII, let digit = UInt32(String(scalars[index]), radix: 16) else {
                            throw CatalogError(
                                catalog: catalog, line: element.line,
                                message: "invalid \\u escape in the text of <\(element.name)>: expected four hex digits")
                        }
                        value = value << 4 | digit
                        index += 1
                        digits += 1
                    }
                    guard digits > 0, let decoded = Unicode.Scalar(value) else {
                        throw CatalogError(
                            catalog: catalog, line: element.line,
                            message: "invalid \\u escape in the text of <\(element.name)>: expected four hex digits")
                    }
                    emit(decoded)
                default: emit(escape)
                }
            case "\"": quoted.toggle()
            case _ where !quoted && isASCIISpace(scalar):
                pendingSpace = true
            default: emit(scalar)
            }
        }
        return String(output)
    }
}
