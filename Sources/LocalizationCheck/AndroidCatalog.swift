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
            if let name = element.attributes["name"] { plainStrings[name] = text(of: element) }
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
                        if let name = element.attributes["name"] { defaults![name] = text(of: element) }
                    }
                }
            }
            return defaults?[name] ?? value
        }
        for element in root.elements {
            guard element.attributes["translatable"] != "false", let name = element.attributes["name"] else { continue }
            let syntax: PlaceholderSyntax = element.attributes["formatted"] == "false" ? .none : .printf(android: true)
            func add(_ text: String, branch: [String], line: Int) {
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, key: name, branch: branch, text: resolve(text), syntax: syntax,
                    line: line))
            }
            switch element.localName {
            case "string": add(text(of: element), branch: [], line: element.line)
            case "plurals":
                for item in element.elements(named: "item") {
                    add(text(of: item), branch: ["quantity=\(item.attributes["quantity"] ?? "other")"], line: item.line)
                }
            case "string-array":
                for (index, item) in element.elements(named: "item").enumerated() {
                    add(text(of: item), branch: ["item=\(index)"], line: item.line)
                }
            default: continue
            }
        }
        return contents
    }

    /// aapt2's rules: `\' \" \\ \n \t \uXXXX \@ \?`; an unescaped `"` toggles verbatim whitespace and is
    /// removed; other whitespace runs collapse to one space; the ends are trimmed. Child elements
    /// (`<xliff:g>`, `<b>`) contribute their text; CDATA is text.
    static func text(of element: XMLElementNode) -> String {
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
                    let hex = String(String.UnicodeScalarView(scalars[index..<min(index + 4, scalars.count)]))
                    if hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        emit(decoded)
                        index += 4
                    } else {
                        emit("u")
                    }
                default: emit(escape)
                }
            case "\"": quoted.toggle()
            case _ where scalar.properties.isWhitespace && !quoted:
                pendingSpace = true
            default: emit(scalar)
            }
        }
        return String(output)
    }
}
