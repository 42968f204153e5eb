import Foundation

/// Canonical BCP 47 locale tags, as the contract spells them.
package enum Locales {
    /// `_` → `-`, case normalised (`zh-hant` → `zh-Hant`, `pt-br` → `pt-BR`), gettext `sr@latin` →
    /// `sr-Latn`, deprecated codes replaced (`iw` → `he`, `in` → `id`, `ji` → `yi`).
    package static func canonical(_ tag: String) -> String {
        var tag = tag.trimmingCharacters(in: .whitespaces)
        var extraScript: String?
        if let at = tag.firstIndex(of: "@") {
            let modifier = tag[tag.index(after: at)...].lowercased()
            tag = String(tag[..<at])
            switch modifier {
            case "latin", "latn": extraScript = "Latn"
            case "cyrillic", "cyrl": extraScript = "Cyrl"
            default: break
            }
        }
        if let dot = tag.firstIndex(of: ".") { tag = String(tag[..<dot]) }  // de_DE.UTF-8
        var parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard !parts.isEmpty else { return tag }
        parts[0] = parts[0].lowercased()
        switch parts[0] {
        case "iw": parts[0] = "he"
        case "in": parts[0] = "id"
        case "ji": parts[0] = "yi"
        default: break
        }
        for index in parts.indices.dropFirst() {
            let part = parts[index]
            if part.count == 4, part.allSatisfy(\.isLetter) {
                parts[index] = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2, part.allSatisfy(\.isLetter) || part.count == 3 && part.allSatisfy(\.isNumber) {
                parts[index] = part.uppercased()
            } else {
                parts[index] = part.lowercased()
            }
        }
        if let extraScript, !parts.dropFirst().contains(where: { $0.count == 4 }) {
            parts.insert(extraScript, at: 1)
        }
        return parts.joined(separator: "-")
    }

    /// A locale tag a catalog declares (a gettext `Language` header, an XLIFF `target-language`, an
    /// xcstrings localization), canonical; nil when it is not a language tag: a language of 2 to 8
    /// letters, then parts of 1 to 8 letters or digits.
    package static func declared(_ tag: String) -> String? {
        let tag = canonical(tag)
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return tag
    }

    /// The locale of an Android resource folder: `values` → nil (the source locale), `values-de` →
    /// `de`, `values-zh-rCN` → `zh-CN`, `values-b+uz+Latn` → `uz-Latn`; other qualifiers (`-land`,
    /// `-v21`, `-sw600dp`) are ignored.
    package static func android(folder: String) -> String? {
        guard folder.hasPrefix("values") else { return nil }
        let qualifiers = folder.split(separator: "-").dropFirst().map(String.init)
        for (index, qualifier) in qualifiers.enumerated() {
            if qualifier.hasPrefix("b+") {
                return canonical(qualifier.dropFirst(2).split(separator: "+").joined(separator: "-"))
            }
            if qualifier.count == 2 || qualifier.count == 3, qualifier.allSatisfy({ $0.isLowercase }) {
                var tag = qualifier
                if index + 1 < qualifiers.count, qualifiers[index + 1].hasPrefix("r"), qualifiers[index + 1].count == 3 {
                    tag += "-" + qualifiers[index + 1].dropFirst()
                }
                return canonical(tag)
            }
        }
        return nil
    }

    /// The keys a locale override may be written under, most specific first: the locale, its likely
    /// Chinese script (zh-TW/HK/MO → zh-Hant, zh-CN/SG → zh-Hans), then shorter prefixes.
    package static func overrideCandidates(_ locale: String) -> [String] {
        var candidates = [locale]
        let parts = locale.split(separator: "-").map(String.init)
        if parts.first == "zh", parts.count >= 2, parts[1].count == 2 {
            switch parts[1] {
            case "TW", "HK", "MO": candidates.append("zh-Hant")
            case "CN", "SG": candidates.append("zh-Hans")
            default: break
            }
        }
        var prefix = parts
        while prefix.count > 1 {
            prefix.removeLast()
            let tag = prefix.joined(separator: "-")
            if !candidates.contains(tag) { candidates.append(tag) }
        }
        return candidates
    }
}
