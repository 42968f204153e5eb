import JSONOutput
import Foundation

/// Apple String Catalogs (`.xcstrings`, JSON): every localization, plural and device variation and
/// substitution; `needs_review`/`new` checked and flagged, `stale` flagged, untranslated entries
/// skipped and counted, `shouldTranslate: false` entries checked in the source language only.
enum XCStringsCatalog {
    static func read(_ data: Data, catalog: String) throws(CatalogError) -> CatalogContents {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw JSONCatalog.error(error, data: data, catalog: catalog)
        }
        guard let root = object as? [String: Any], let strings = root["strings"] as? [String: Any] else {
            throw CatalogError(catalog: catalog, line: 1, message: "not a string catalog: no \"strings\" object")
        }
        let sourceLanguage = (root["sourceLanguage"] as? String).map(Locales.canonical) ?? "en"
        var locales: Set<String> = [sourceLanguage]
        for case let entry as [String: Any] in strings.values {
            for locale in (entry["localizations"] as? [String: Any] ?? [:]).keys { locales.insert(Locales.canonical(locale)) }
        }
        var contents = CatalogContents()
        for key in strings.keys.sorted() {
            guard let entry = strings[key] as? [String: Any] else { continue }
            let stale = entry["extractionState"] as? String == "stale"
            let translatable = entry["shouldTranslate"] as? Bool ?? true
            var localizations: [String: [String: Any]] = [:]
            for (locale, value) in entry["localizations"] as? [String: Any] ?? [:] {
                if let value = value as? [String: Any] { localizations[Locales.canonical(locale)] = value }
            }
            for locale in locales.sorted() {
                if !translatable, locale != sourceLanguage { continue }
                guard let localization = localizations[locale] else {
                    if locale == sourceLanguage {
                        // The key itself is the source text when the entry has no explicit source value.
                        append(key, key: key, locale: locale, branch: [], flags: stale ? ["stale"] : [], to: &contents, catalog: catalog)
                    } else {
                        contents.untranslated += 1
                    }
                    continue
                }
                let substitutions = localization["substitutions"] as? [String: Any] ?? [:]
                var found = 0
                for (branch, unit) in variations(of: localization, branch: []) {
                    guard let value = unit["value"] as? String else { continue }
                    let state = unit["state"] as? String
                    if state == "new" && value.isEmpty { continue }
                    var flags: [String] = []
                    if state == "needs_review" { flags.append("needs_review") }
                    if state == "new" { flags.append("new") }
                    if stale { flags.append("stale") }
                    for (subBranch, text) in substitute(value, substitutions: substitutions) {
                        found += 1
                        append(text, key: key, locale: locale, branch: branch + subBranch, flags: flags, to: &contents, catalog: catalog)
                    }
                }
                if found == 0 { contents.untranslated += 1 }
            }
        }
        return contents
    }

    private static func append(
        _ text: String, key: String, locale: String, branch: [String], flags: [String], to contents: inout CatalogContents,
        catalog: String
    ) {
        contents.strings.append(CatalogString(
            catalog: catalog, locale: locale, key: key, branch: branch, text: text, syntax: .printf(android: false),
            flags: flags))
    }

    /// A localization's string units, one per plural/device variation (nested variations give more parts).
    static func variations(of node: [String: Any], branch: [String]) -> [([String], [String: Any])] {
        if let unit = node["stringUnit"] as? [String: Any] { return [(branch, unit)] }
        guard let variations = node["variations"] as? [String: Any] else { return [] }
        var units: [([String], [String: Any])] = []
        for dimension in variations.keys.sorted() {
            guard let cases = variations[dimension] as? [String: Any] else { continue }
            for name in cases.keys.sorted() {
                guard let child = cases[name] as? [String: Any] else { continue }
                units += self.variations(of: child, branch: branch + ["\(dimension)=\(name)"])
            }
        }
        return units
    }

    /// `%#@name@` → each plural form of the substitution `name`, whose `%arg` is the substitution's own
    /// `formatSpecifier`.
    static func substitute(_ value: String, substitutions: [String: Any]) -> [([String], String)] {
        guard !substitutions.isEmpty, value.contains("#@") else { return [([], value)] }
        var variables: [String: [(String, String)]] = [:]
        for (name, raw) in substitutions {
            guard let substitution = raw as? [String: Any] else { continue }
            let specifier = "%" + (substitution["formatSpecifier"] as? String ?? "lld")
            var forms: [(String, String)] = []
            for (branch, unit) in variations(of: substitution, branch: []) {
                guard let text = unit["value"] as? String else { continue }
                let form = branch.last.map { String($0.split(separator: "=").last ?? "") } ?? "other"
                forms.append((form, text.replacingOccurrences(of: "%arg", with: specifier)))
            }
            variables[name] = forms
        }
        return AppleStringsCatalog.expandVariables(value, variables: variables).map { ($0.branch, $0.text) }
    }
}
