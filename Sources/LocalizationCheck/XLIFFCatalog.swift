import Foundation

/// XLIFF 1.2 and 2.x: every unit's target, inline codes as the contract maps them, whitespace
/// collapsed unless `xml:space="preserve"`, and the format's own size limits.
enum XLIFFCatalog {
    static func read(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        let root = try XMLElementNode.parse(data, catalog: catalog)
        guard root.localName == "xliff" else {
            throw CatalogError(catalog: catalog, line: root.line, message: "expected <xliff>, found <\(root.name)>")
        }
        let version = root.attributes["version"] ?? "1.2"
        let preserve = root.attributes["xml:space"] == "preserve"
        return version.hasPrefix("1")
            ? try readVersion1(root, catalog: catalog, sourceLocale: sourceLocale, preserve: preserve)
            : try readVersion2(root, catalog: catalog, sourceLocale: sourceLocale, preserve: preserve)
    }

    /// The document's target language, else one the file's name gives (`messages.de.xlf`, `de.xlf`).
    private static func fileLocale(_ tag: String?, of element: XMLElementNode, catalog: String) throws(CatalogError)
        -> String?
    {
        if let tag, !tag.isEmpty {
            guard let locale = Locales.declared(tag) else {
                throw CatalogError(
                    catalog: catalog, line: element.line, message: "<\(element.name)>'s target language '\(tag)' is not a language tag")
            }
            return locale
        }
        let stem = URL(fileURLWithPath: catalog).deletingPathExtension().lastPathComponent
        if let dot = stem.lastIndex(of: "."), looksLikeLocale(String(stem[stem.index(after: dot)...])) {
            return Locales.canonical(String(stem[stem.index(after: dot)...]))  // messages.de.xlf
        }
        return looksLikeLocale(stem) ? Locales.canonical(stem) : nil
    }

    private static func readVersion1(
        _ root: XMLElementNode, catalog: String, sourceLocale: String, preserve: Bool
    ) throws(CatalogError) -> CatalogContents {
        var contents = CatalogContents()
        let files = root.elements(named: "file")
        for file in files {
            let locale = try fileLocale(file.attributes["target-language"], of: file, catalog: catalog) ?? sourceLocale
            let context = files.count > 1 ? file.attributes["original"] ?? "" : ""
            let filePreserve = file.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
            func walk(_ element: XMLElementNode, preserve: Bool) throws(CatalogError) {
                for child in element.elements {
                    let childPreserve = child.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
                    if child.localName == "trans-unit" {
                        try unit(child, preserve: childPreserve)
                    } else if child.localName == "group" || child.localName == "body" {
                        try walk(child, preserve: childPreserve)
                    }
                }
            }
            func unit(_ unit: XMLElementNode, preserve: Bool) throws(CatalogError) {
                guard unit.attributes["translate"] != "no" else { return }
                guard let target = unit.first("target") else {
                    contents.untranslated += 1
                    return
                }
                let targetPreserve = target.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
                let text = whitespace(inline1(target), preserve: targetPreserve)
                let source = unit.first("source").map { whitespace(inline1($0), preserve: targetPreserve) }
                var flags: [String] = []
                if let state = target.attributes["state"], state == "needs-review-translation" || state == "needs-review-l10n" {
                    flags.append("needs_review")
                } else if target.attributes["state"] == "new" {
                    flags.append("new")
                }
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, context: context,
                    key: unit.attributes["resname"] ?? unit.attributes["id"] ?? "", text: text, syntax: .printfAndICU,
                    flags: flags, line: target.line, sourceText: source, limit: try limit1(unit, catalog: catalog)))
            }
            try walk(file, preserve: filePreserve)
        }
        return contents
    }

    /// 1.2 `maxwidth`/`maxheight`: a frame side when `size-unit` is pixel, point or absent (1.2's default
    /// is pixel); other units are length limits.
    private static func limit1(_ unit: XMLElementNode, catalog: String) throws(CatalogError) -> SizeLimit? {
        let width = try unit.number("maxwidth", catalog: catalog)
        let height = try unit.number("maxheight", catalog: catalog)
        guard width != nil || height != nil else { return nil }
        let sizeUnit = unit.attributes["size-unit"] ?? "pixel"
        if sizeUnit == "pixel" || sizeUnit == "point" {
            return SizeLimit(width: width, height: height)
        }
        return SizeLimit(length: width.map { Int($0) }, lengthUnit: sizeUnit)
    }

    /// 1.2 target content: `<x>` by id, `<g>`/`<mrk>` → content, `<ph>/<bpt>/<ept>/<it>` → native text,
    /// `<bx/> <ex/>` → nothing.
    private static func inline1(_ element: XMLElementNode) -> String {
        var text = ""
        for child in element.children {
            switch child {
            case .text(let string): text += string
            case .element(let inline):
                switch inline.localName {
                case "x": text += placeholder(id: inline.attributes["id"] ?? "", type: inline.attributes["ctype"])
                case "bx", "ex": break
                case "ph", "bpt", "ept", "it", "sub": text += inline.allText
                default: text += inline1(inline)
                }
            }
        }
        return text
    }

    /// What an empty inline code stands for: a line break, a tag (nothing) or a value (the string sample,
    /// written as `%@` so that printf substitution puts the sample in).
    private static func placeholder(id: String, type: String?) -> String {
        if id == "LINE_BREAK" || type == "lb" { return String(lineBreakMark) }
        if id.hasPrefix("START_") || id.hasPrefix("CLOSE_") || (type?.hasPrefix("x-") ?? false) { return "" }
        return "%@"
    }

    private static func readVersion2(
        _ root: XMLElementNode, catalog: String, sourceLocale: String, preserve: Bool
    ) throws(CatalogError) -> CatalogContents {
        var contents = CatalogContents()
        let locale = try fileLocale(root.attributes["trgLang"], of: root, catalog: catalog) ?? sourceLocale
        let files = root.elements(named: "file")
        for file in files {
            let context = files.count > 1 ? file.attributes["original"] ?? file.attributes["id"] ?? "" : ""
            // `<slr:profiles generalProfile="xliff:codepoints">` makes sizeRestriction a code-point count.
            var codepoints = false
            func findProfiles(_ element: XMLElementNode) {
                for child in element.elements {
                    if child.localName == "profiles", child.attribute("generalProfile") == "xliff:codepoints" {
                        codepoints = true
                    }
                    if child.localName != "unit" { findProfiles(child) }
                }
            }
            findProfiles(file)
            func walk(_ element: XMLElementNode, preserve: Bool) throws(CatalogError) {
                for child in element.elements {
                    let childPreserve = child.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
                    if child.localName == "unit" {
                        try unit(child, preserve: childPreserve)
                    } else if child.localName == "group" {
                        try walk(child, preserve: childPreserve)
                    }
                }
            }
            func unit(_ unit: XMLElementNode, preserve: Bool) throws(CatalogError) {
                guard unit.attributes["translate"] != "no" else { return }
                var target = ""
                var source = ""
                var flags: [String] = []
                var line: Int?
                for part in unit.elements where part.localName == "segment" || part.localName == "ignorable" {
                    let partPreserve = part.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
                    let sourceText = part.first("source").map { inline2($0) } ?? ""
                    source += sourceText
                    guard let targetElement = part.first("target") else {
                        if part.localName == "segment" {
                            contents.untranslated += 1
                            return
                        }
                        target += sourceText
                        continue
                    }
                    _ = partPreserve
                    if line == nil, part.localName == "segment" { line = targetElement.line }
                    target += inline2(targetElement)
                    if part.attributes["state"] == "initial" { flags.append("new") }
                }
                let unitPreserve = unit.first("segment")?.first("target")?.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
                var limit: SizeLimit?
                if let restriction = try unit.number("sizeRestriction", catalog: catalog) {
                    limit = codepoints
                        ? SizeLimit(length: Int(restriction), lengthUnit: "codepoints")
                        : SizeLimit(width: restriction)
                }
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: locale, context: context,
                    key: unit.attributes["name"] ?? unit.attributes["id"] ?? "",
                    text: whitespace(target, preserve: unitPreserve), syntax: .printfAndICU,
                    flags: Array(Set(flags)).sorted(), line: line ?? unit.line, sourceText: whitespace(source, preserve: unitPreserve),
                    limit: limit))
            }
            try walk(file, preserve: file.attributes["xml:space"].map { $0 == "preserve" } ?? preserve)
        }
        return contents
    }

    /// 2.x target content: `<ph>` by its `equiv`/`disp`, `<pc>`/`<mrk>` → content, `<sc/> <ec/>` → nothing.
    private static func inline2(_ element: XMLElementNode) -> String {
        var text = ""
        for child in element.children {
            switch child {
            case .text(let string): text += string
            case .element(let inline):
                switch inline.localName {
                case "ph":
                    text += placeholder(id: inline.attributes["equiv"] ?? inline.attributes["id"] ?? "", type: inline.attributes["type"] == "fmt" ? nil : inline.attributes["subType"])
                case "sc", "ec": break
                default: text += inline2(inline)
                }
            }
        }
        return text
    }

    /// Stands for an inline line break until white space is collapsed (a noncharacter, never in text).
    static let lineBreakMark = Unicode.Scalar(UInt32(0xFDD0))!

    /// Without `xml:space="preserve"`, white-space runs collapse to one space and the ends are trimmed;
    /// inline line breaks then become newlines.
    static func whitespace(_ text: String, preserve: Bool) -> String {
        guard !preserve else { return text.replacingOccurrences(of: String(lineBreakMark), with: "\n") }
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = true
                continue
            }
            if pendingSpace, !output.isEmpty { output.append(" ") }
            pendingSpace = false
            output.append(scalar == lineBreakMark ? "\n" : scalar)
        }
        return String(output)
    }
}
