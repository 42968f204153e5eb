import JSONOutput
import Foundation

/// Flat or nested JSON key → string files (i18next: nested keys joined with `.`, `$t(key)` resolved;
/// plural keys `key_one`, `key_other` stay separate keys) and Chrome `messages.json` (`"message"`, with
/// its `placeholders`).
enum JSONCatalog {
    static func read(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw self.error(error, data: data, catalog: catalog)
        }
        guard let root = object as? [String: Any] else {
            throw CatalogError(catalog: catalog, line: 1, message: "expected a JSON object of keys and strings")
        }
        let locale = locale(of: catalog) ?? sourceLocale
        let lines = keyLines(data)
        var contents = CatalogContents()
        let isChrome = !root.isEmpty && root.values.allSatisfy { ($0 as? [String: Any])?["message"] is String }
        if isChrome {
            for name in root.keys.sorted() {
                let message = root[name] as! [String: Any]
                var placeholders: [String: String] = [:]
                for (placeholder, value) in message["placeholders"] as? [String: Any] ?? [:] {
                    if let content = (value as? [String: Any])?["content"] as? String {
                        placeholders[placeholder.lowercased()] = content
                    }
                }
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, key: name, text: message["message"] as! String,
                    syntax: .chrome(placeholders: placeholders), line: lines[name]))
            }
            return contents
        }
        var flat: [(String, String)] = []
        func walk(_ value: Any, path: String) {
            if let string = value as? String {
                flat.append((path, string))
            } else if let object = value as? [String: Any] {
                for key in object.keys.sorted() { walk(object[key]!, path: path.isEmpty ? key : path + "." + key) }
            } else if let array = value as? [Any] {
                for (index, item) in array.enumerated() { walk(item, path: path + ".\(index)") }
            }
        }
        walk(root, path: "")
        let byKey = Dictionary(flat, uniquingKeysWith: { first, _ in first })
        for (key, text) in flat {
            let leaf = String(key.split(separator: ".").last ?? "")
            contents.strings.append(CatalogString(
                catalog: catalog, locale: locale, key: key, text: resolveNesting(text, in: byKey), syntax: .i18next,
                line: lines[leaf]))
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

    /// The line each key first appears on (for reports), found by scanning for `"key":`.
    static func keyLines(_ data: Data) -> [String: Int] {
        var lines: [String: Int] = [:]
        var line = 1
        for text in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "\"") {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "\"") else { break }
                let key = String(after[..<close])
                let tail = after[after.index(after: close)...].drop(while: { $0 == " " })
                if tail.first == ":", lines[key] == nil { lines[key] = line }
                rest = after[after.index(after: close)...]
            }
            line += 1
        }
        return lines
    }

    /// A JSON syntax error with the line it is on (from the character offset Foundation reports).
    static func error(_ error: Error, data: Data, catalog: String) -> CatalogError {
        let description = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
        var line: Int?
        if let range = description.range(of: #"(character|offset) \d+"#, options: .regularExpression),
            let offset = Int(description[range].split(separator: " ").last ?? "")
        {
            line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        } else if let range = description.range(of: #"line \d+"#, options: .regularExpression) {
            line = Int(description[range].split(separator: " ").last ?? "")
        }
        return CatalogError(catalog: catalog, line: line, message: "malformed JSON: \(description)")
    }
}
