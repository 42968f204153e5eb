import Foundation

/// Apple String Catalogs (`.xcstrings`, JSON): every localization, plural and device variation and
/// substitution; `needs_review`/`new` checked and flagged, `stale` flagged, untranslated entries
/// skipped and counted, `shouldTranslate: false` entries checked in the source language only.
enum XCStringsCatalog {
    static func read(_ data: Data, catalog: String) throws(CatalogError) -> CatalogContents {
        let root = try JSONNode.parse(data, catalog: catalog)
        _ = try root.members("the document", catalog: catalog)
        guard let stringsNode = root["strings"] else {
            throw CatalogError(catalog: catalog, line: root.line, message: "not a string catalog: no \"strings\" object")
        }
        let strings = try stringsNode.members("\"strings\"", catalog: catalog)
        var sourceLanguage = "en"
        if let language = root["sourceLanguage"] {
            let tag = try language.string("\"sourceLanguage\"", catalog: catalog)
            guard let locale = Locales.declared(tag) else {
                throw CatalogError(catalog: catalog, line: language.line, message: "\"sourceLanguage\" '\(tag)' is not a language tag")
            }
            sourceLanguage = locale
        }
        // Every entry's localizations, by canonical locale, checked for their types once.
        var entries: [(key: String, entry: JSONNode, localizations: [String: JSONNode])] = []
        var locales: Set<String> = [sourceLanguage]
        for (key, entry) in strings.sorted(by: { $0.key < $1.key }) {
            let name = "the entry \"\(key)\""
            _ = try entry.members(name, catalog: catalog)
            var localizations: [String: JSONNode] = [:]
            for (locale, localization) in try entry["localizations"]?.members("\"localizations\" of \(name)", catalog: catalog) ?? [] {
                _ = try localization.members("\"\(locale)\" of \(name)", catalog: catalog)
                guard let tag = Locales.declared(locale) else {
                    throw CatalogError(
                        catalog: catalog, line: localization.line, message: "the localization \"\(locale)\" of \(name) is not a language tag")
                }
                localizations[tag] = localization
                locales.insert(tag)
            }
            entries.append((key, entry, localizations))
        }
        var contents = CatalogContents()
        for (key, entry, localizations) in entries {
            let name = "the entry \"\(key)\""
            let stale = try entry["extractionState"]?.string("\"extractionState\" of \(name)", catalog: catalog) == "stale"
            let translatable = try entry["shouldTranslate"]?.bool("\"shouldTranslate\" of \(name)", catalog: catalog) ?? true
            for locale in locales.sorted() {
                if !translatable, locale != sourceLanguage { continue }
                guard let localization = localizations[locale] else {
                    if locale == sourceLanguage {
                        // The key itself is the source text when the entry has no explicit source value.
                        append(
                            key, key: key, locale: locale, branch: [], flags: stale ? ["stale"] : [], line: entry.line,
                            to: &contents, catalog: catalog)
                    } else {
                        contents.untranslated += 1
                    }
                    continue
                }
                let substitutions = try localization["substitutions"]?.members("\"substitutions\" of \(name)", catalog: catalog) ?? []
                var found = 0
                for (branch, unit) in try variations(of: localization, branch: [], catalog: catalog) {
                    guard let valueNode = unit["value"] else { continue }
                    let value = try valueNode.string("\"value\" of \(name)", catalog: catalog)
                    let state = try unit["state"]?.string("\"state\" of \(name)", catalog: catalog)
                    if state == "new" && value.isEmpty { continue }
                    var flags: [String] = []
                    if state == "needs_review" { flags.append("needs_review") }
                    if state == "new" { flags.append("new") }
                    if stale { flags.append("stale") }
                    for (subBranch, text, line) in try substitute(value, substitutions: substitutions, catalog: catalog) {
                        found += 1
                        append(
                            text, key: key, locale: locale, branch: branch + subBranch, flags: flags, line: line ?? valueNode.line,
                            to: &contents, catalog: catalog)
                    }
                }
                if found == 0 { contents.untranslated += 1 }
            }
        }
        return contents
    }

    private static func append(
        _ text: String, key: String, locale: String, branch: [String], flags: [String], line: Int,
        to contents: inout CatalogContents, catalog: String
    ) {
        contents.strings.append(CatalogString(
            catalog: catalog, locale: locale, key: key, branch: branch, text: text, syntax: .printf(android: false),
            flags: flags, line: line))
    }

    /// A localization's string units, one per plural/device variation (nested variations give more parts).
    static func variations(of node: JSONNode, branch: [String], catalog: String) throws(CatalogError)
        -> [([String], JSONNode)]
    {
        if let unit = node["stringUnit"] {
            _ = try unit.members("\"stringUnit\"", catalog: catalog)
            return [(branch, unit)]
        }
        guard let variations = node["variations"] else { return [] }
        var units: [([String], JSONNode)] = []
        for (dimension, cases) in try variations.members("\"variations\"", catalog: catalog).sorted(by: { $0.key < $1.key }) {
            for (name, child) in try cases.members("\"\(dimension)\" variations", catalog: catalog).sorted(by: { $0.key < $1.key }) {
                _ = try child.members("the \"\(name)\" variation", catalog: catalog)
                units += try self.variations(of: child, branch: branch + ["\(dimension)=\(name)"], catalog: catalog)
            }
        }
        return units
    }

    /// `%#@name@` → each plural form of the substitution `name`, whose `%arg` is the substitution's own
    /// `formatSpecifier`; each text with the line of the form it took (nil when nothing was replaced).
    static func substitute(_ value: String, substitutions: [(key: String, node: JSONNode)], catalog: String)
        throws(CatalogError) -> [([String], String, Int?)]
    {
        guard !substitutions.isEmpty, value.contains("#@") else { return [([], value, nil)] }
        var variables: [String: [AppleStringsCatalog.Form]] = [:]
        for (name, substitution) in substitutions {
            _ = try substitution.members("the substitution \"\(name)\"", catalog: catalog)
            let specifier = try "%" + (substitution["formatSpecifier"]?.string("\"formatSpecifier\" of \"\(name)\"", catalog: catalog) ?? "lld")
            var forms: [AppleStringsCatalog.Form] = []
            for (branch, unit) in try variations(of: substitution, branch: [], catalog: catalog) {
                guard let valueNode = unit["value"] else { continue }
                let text = try valueNode.string("\"value\" of the substitution \"\(name)\"", catalog: catalog)
                let form = branch.last.map { String($0.split(separator: "=").last ?? "") } ?? "other"
                forms.append(.init(name: form, text: text.replacingOccurrences(of: "%arg", with: specifier), line: valueNode.line))
            }
            variables[name] = forms
        }
        return AppleStringsCatalog.expandVariables(value, variables: variables).map { ($0.branch, $0.text, $0.line) }
    }
}
