import Foundation

/// Flat or nested JSON key → string files (i18next: nested keys joined with `.`, `$t(key)` resolved;
/// plural keys `key_one`, `key_other` stay separate keys) and Chrome `messages.json` (`"message"`, with
/// its `placeholders`).
enum JSONCatalog {
    static func read(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        let root = try JSONNode.parse(data, catalog: catalog)
        guard case .object(let members) = root.value else {
            throw root.wrongType("the document", expected: "an object of keys and strings", catalog: catalog)
        }
        let locale = locale(of: catalog) ?? sourceLocale
        var contents = CatalogContents()
        // Chrome's messages.json: every member is an object with a "message".
        let isChrome = !members.isEmpty && members.allSatisfy { $0.node["message"] != nil }
        if isChrome {
            for (name, message) in members.sorted(by: { $0.key < $1.key }) {
                let text = try message["message"]!.string("\"message\" of \"\(name)\"", catalog: catalog)
                var placeholders: [String: String] = [:]
                if let list = message["placeholders"] {
                    for (placeholder, value) in try list.members("\"placeholders\" of \"\(name)\"", catalog: catalog) {
                        guard let content = value["content"] else { continue }
                        placeholders[placeholder.lowercased()] = try content.string(
                            "\"content\" of placeholder \"\(placeholder)\"", catalog: catalog)
                    }
                }
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, key: name, text: text,
                    syntax: .chrome(placeholders: placeholders), line: message["message"]!.line))
            }
            return contents
        }
        // i18next: strings, nested objects and arrays of them; null is a missing translation (i18next
        // falls back); a number or a boolean is not a translation.
        var flat: [(key: String, text: String, line: Int)] = []
        func walk(_ node: JSONNode, path: String) throws(CatalogError) {
            switch node.value {
            case .string(let string): flat.append((path, string, node.line))
            case .object(let members):
                for (key, child) in members.sorted(by: { $0.key < $1.key }) {
                    try walk(child, path: path.isEmpty ? key : path + "." + key)
                }
            case .array(let items):
                for (index, item) in items.enumerated() { try walk(item, path: path + ".\(index)") }
            case .null: contents.untranslated += 1
            default:
                throw node.wrongType("\"\(path)\"", expected: "a string, an object or an array", catalog: catalog)
            }
        }
        try walk(root, path: "")
        let byKey = Dictionary(flat.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first })
        for (key, text, line) in flat {
            contents.strings.append(CatalogString(
                catalog: catalog, locale: locale, key: key, text: resolveNesting(text, in: byKey), syntax: .i18next,
                line: line))
        }
        return contents
    }

    /// i18next `$t(key)` → that key's text (nested ones too, a few levels deep).
    static func resolveNesting(_ text: String, in strings: [String: String], depth: Int = 0) -> String {
        guard depth < 5, let start = text.range(of: "$t(") else { return text }
        guard let end = text[start.upperBound...].firstIndex(of: ")") else { return text }
        var key = String(text[start.upperBound..<end])
        if let comma = key.firstIndex(of: ",") { key = String(key[..<comma]) }
        guard let value = strings[key.trimmingCharacters(in: .whitespaces)] else { return text }
        let replaced = text.replacingCharacters(in: start.lowerBound...end, with: value)
        return resolveNesting(replaced, in: strings, depth: depth + 1)
    }

    /// `de.json`, `de/translation.json`, `_locales/de/messages.json`.
    static func locale(of catalog: String) -> String? {
        let url = URL(fileURLWithPath: catalog)
        let stem = url.deletingPathExtension().lastPathComponent
        if looksLikeLocale(stem) { return Locales.canonical(stem) }
        let folder = url.deletingLastPathComponent().lastPathComponent
        return looksLikeLocale(folder) ? Locales.canonical(folder) : nil
    }
}
