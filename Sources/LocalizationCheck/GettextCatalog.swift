import Foundation

/// gettext `.po` files: `msgctxt`, `msgid_plural`/`msgstr[n]`, multi-line strings, C escapes; the
/// header, obsolete (`#~`) and untranslated entries skipped; `fuzzy` entries checked and flagged
/// (as polib reads them); Weblate's `max-size` and `max-length` flags are the string's size limit.
/// A small parser of our own: there is no maintained Swift one.
enum GettextCatalog {
    struct Entry {
        var context: String?
        var id: String?
        var idPlural: String?
        /// Each `msgstr` (index 0) or `msgstr[n]` in the order of their keywords, with the line each
        /// keyword is on: one small array per entry where two dictionaries, filtered and sorted,
        /// made four (scripts/bench-check).
        var strings: [Translation] = []
        var flags: [String] = []
        /// The line of the `#,` comment each flag is on.
        var flagLines: [String: Int] = [:]
        var line = 0

        /// The `msgstr[index]`, if the entry has one.
        func string(_ index: Int) -> Translation? { strings.first { $0.index == index } }

        /// Its text at `index` appended to, the entry made if it has none (at `line`, its keyword's).
        mutating func appendString(_ value: String, at index: Int, keywordLine line: Int?) {
            if let position = strings.firstIndex(where: { $0.index == index }) {
                strings[position].text += value
                if let line { strings[position].line = line }
            } else {
                strings.append(Translation(index: index, text: value, line: line ?? self.line))
            }
        }

        /// The translations that are not empty, by index.
        var translations: [Translation] {
            let translated = strings.allSatisfy { !$0.text.isEmpty } ? strings : strings.filter { !$0.text.isEmpty }
            let isSorted = zip(translated, translated.dropFirst()).allSatisfy { $0.index < $1.index }
            return isSorted ? translated : translated.sorted { $0.index < $1.index }
        }
    }

    struct Translation {
        var index: Int
        var text: String
        /// The line of its `msgstr` keyword.
        var line: Int
    }

    static func read(_ data: Data, catalog: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        guard let text = String(data: data, encoding: .utf8) else {
            throw CatalogError(catalog: catalog, line: lineOfInvalidUTF8(data), message: "not UTF-8")
        }
        let entries = try parse(text, catalog: catalog)
        var locale: String?
        if let header = entries.first(where: { $0.id == "" && $0.context == nil }),
            let fields = header.string(0)?.text
        {
            for field in fields.split(separator: "\n") where field.hasPrefix("Language:") {
                let value = field.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces)
                guard !value.isEmpty else { continue }
                guard let tag = Locales.declared(value) else {
                    // The line of the field itself: the first "Language: line of the header's msgstr.
                    let start = header.string(0)?.line ?? header.line
                    let field = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().first {
                        $0.offset + 1 >= start && $0.element.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("\"Language:")
                    }
                    throw CatalogError(
                        catalog: catalog, line: field.map { $0.offset + 1 } ?? start,
                        message: "the header's Language '\(value)' is not a language tag")
                }
                locale = tag
            }
        }
        // The header names the language; the file's name (where gettext installs it, and so what it
        // is used for) refines it when it names the same language more precisely: Debian's
        // sr@latin/gdk-pixbuf.po says "Language: sr".
        let pathLocale = localeFromPath(catalog)
        let resolvedLocale: String
        if let locale {
            resolvedLocale = pathLocale.map { $0.hasPrefix(locale + "-") ? $0 : locale } ?? locale
        } else {
            resolvedLocale = pathLocale ?? sourceLocale
        }
        var contents = CatalogContents()
        // Most entries are one string: sized once, the array is not copied to fresh pages as it grows.
        contents.strings.reserveCapacity(entries.count)
        for entry in entries {
            guard let id = entry.id, !(id.isEmpty && entry.context == nil) else { continue }
            let translated = entry.translations
            guard !translated.isEmpty else {
                contents.untranslated += 1
                continue
            }
            let flags = entry.flags.contains("fuzzy") ? ["fuzzy"] : []
            let limit = try weblateLimit(entry, catalog: catalog)
            for translation in translated {
                let index = translation.index
                let plural = entry.idPlural != nil
                contents.strings.append(CatalogString(
                    catalog: catalog, locale: resolvedLocale, context: entry.context ?? "", key: id,
                    branch: plural ? ["n=\(index)"] : [], text: translation.text, syntax: .printf(android: false), flags: flags,
                    line: translation.line, sourceText: plural && index > 0 ? entry.idPlural : id,
                    limit: limit))
            }
        }
        return contents
    }

    /// Weblate's per-string flags: `max-size:WIDTH[:LINES]` replaces the label's frame width (in
    /// points, as Weblate's pixels at its 1:1 rendering) and, with LINES, its line limit;
    /// `max-length:N` is a limit in characters, recorded as the check's `lengthLimit` as XLIFF's
    /// `char` limits are (Weblate checks it itself; it says nothing about the rendered size).
    static func weblateLimit(_ entry: Entry, catalog: String) throws(CatalogError) -> SizeLimit? {
        var limit = SizeLimit()
        var found = false
        for flag in entry.flags where flag.hasPrefix("max-size:") || flag.hasPrefix("max-length:") {
            let parts = flag.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            func bad(_ expected: String) -> CatalogError {
                CatalogError(catalog: catalog, line: entry.flagLines[flag] ?? entry.line, message: "Weblate flag '\(flag)': expected \(expected)")
            }
            if parts[0] == "max-size" {
                guard (2...3).contains(parts.count), let width = Double(parts[1]), width.isFinite, width > 0 else {
                    throw bad("max-size:WIDTH or max-size:WIDTH:LINES, a width in pixels and a line count")
                }
                limit.width = width
                if parts.count == 3 {
                    guard let lines = Int(parts[2]), lines >= 1 else {
                        throw bad("max-size:WIDTH:LINES with LINES a whole number of lines, at least 1")
                    }
                    limit.lines = lines
                }
            } else {
                guard parts.count == 2, let length = Int(parts[1]), length >= 0 else {
                    throw bad("max-length:N, a number of characters")
                }
                limit.length = length
                limit.lengthUnit = "char"
            }
            found = true
        }
        return found ? limit : nil
    }

    /// `de.po`, `de/LC_MESSAGES/domain.po`.
    static func localeFromPath(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent()
        if parent.lastPathComponent == "LC_MESSAGES" {
            let folder = parent.deletingLastPathComponent().lastPathComponent
            return looksLikeLocale(folder) ? Locales.canonical(folder) : nil
        }
        let stem = url.deletingPathExtension().lastPathComponent
        return looksLikeLocale(stem) ? Locales.canonical(stem) : nil
    }

    static func parse(_ text: String, catalog: String) throws(CatalogError) -> [Entry] {
        var text = text
        let parsed = text.withUTF8 { bytes -> Result<[Entry], CatalogError> in
            do throws(CatalogError) { return .success(try parse(bytes, catalog: catalog)) } catch { return .failure(error) }
        }
        return try parsed.get()
    }

    /// A line or part of one, in the catalog's bytes.
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Every byte the syntax looks at is ASCII, so lines are read as UTF-8 bytes, in place (slices
    /// of an array would retain and release it at every step: scripts/bench-check).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, catalog: String) throws(CatalogError) -> [Entry] {
        var entries: [Entry] = []
        var entry = Entry()
        var started = false
        /// Where continuation lines go: msgctxt, msgid, msgid_plural, or msgstr[n].
        enum Field { case context, id, idPlural, string(Int) }
        var field: Field?
        var obsolete = false
        func finish() {
            if started, !obsolete { entries.append(entry) }
            entry = Entry()
            started = false
            field = nil
            obsolete = false
        }
        func append(_ value: String, to field: Field) {
            switch field {
            case .context: entry.context = (entry.context ?? "") + value
            case .id: entry.id = (entry.id ?? "") + value
            case .idPlural: entry.idPlural = (entry.idPlural ?? "") + value
            case .string(let index): entry.appendString(value, at: index, keywordLine: nil)
            }
        }
        var lineNumber = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            lineNumber += 1
            let line = trimmed(bytes[lineStart..<lineEnd])
            guard let first = line.first else {
                if started { finish() }
                continue
            }
            if first == UInt8(ascii: "#") {
                let second = line.dropFirst().first
                if second == UInt8(ascii: "~") {
                    // An obsolete entry: skipped whole.
                    if started, !obsolete, field != nil { finish() }
                    started = true
                    obsolete = true
                    continue
                }
                // A comment after a complete entry starts the next one.
                if started, entry.id != nil, field != nil, !entry.strings.isEmpty { finish() }
                if second == UInt8(ascii: ",") {
                    for flag in line.dropFirst(2).split(separator: UInt8(ascii: ",")) {
                        let flag = String(decoding: trimmed(flag), as: UTF8.self)
                        entry.flags.append(flag)
                        entry.flagLines[flag] = lineNumber
                    }
                }
                started = true
                continue
            }
            if first == UInt8(ascii: "\"") {
                guard let field else {
                    throw CatalogError(catalog: catalog, line: lineNumber, message: "a string continuation with no keyword before it")
                }
                append(try unquote(line, catalog: catalog, line: lineNumber), to: field)
                continue
            }
            guard let space = line.firstIndex(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
                throw CatalogError(
                    catalog: catalog, line: lineNumber,
                    message: "expected a keyword and a quoted string, found '\(String(decoding: line, as: UTF8.self))'")
            }
            let keyword = String(decoding: line[..<space], as: UTF8.self)
            let value = try unquote(trimmed(line[space...]), catalog: catalog, line: lineNumber)
            let next: Field
            switch keyword {
            case "msgctxt": next = .context
            case "msgid": next = .id
            case "msgid_plural": next = .idPlural
            case "msgstr": next = .string(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let index = Int(keyword.dropFirst(7).dropLast()), index >= 0
                else {
                    throw CatalogError(catalog: catalog, line: lineNumber, message: "unknown keyword '\(keyword)'")
                }
                next = .string(index)
            }
            // A msgctxt or msgid after a msgstr starts a new entry (no blank line between them).
            if case .context = next, !entry.strings.isEmpty { finish() }
            if case .id = next, !entry.strings.isEmpty || entry.id != nil { finish() }
            started = true
            if case .id = next { entry.line = lineNumber }
            if case .string(let index) = next {
                entry.appendString(value, at: index, keywordLine: lineNumber)
            } else {
                append(value, to: next)
            }
            field = next
        }
        finish()
        for entry in entries where entry.id != nil && entry.strings.isEmpty {
            throw CatalogError(catalog: catalog, line: entry.line, message: "msgid without msgstr")
        }
        entries.removeAll { $0.id == nil }
        return entries
    }

    /// The line without spaces, tabs and carriage returns at its ends.
    static func trimmed(_ line: Bytes) -> Bytes {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var line = line
        while let first = line.first, isSpace(first) { line = line.dropFirst() }
        while let last = line.last, isSpace(last) { line = line.dropLast() }
        return line
    }

    /// A C string literal's contents: `\n \t \r \" \\ \a \b \f \v \ooo \xhh`.
    static func unquote(_ text: Bytes, catalog: String, line: Int) throws(CatalogError) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard text.count >= 2, text.first == quote, text.last == quote else {
            throw CatalogError(
                catalog: catalog, line: line, message: "expected a quoted string, found '\(String(decoding: text, as: UTF8.self))'")
        }
        let body = text.dropFirst().dropLast()
        guard body.contains(where: { $0 == quote || $0 == backslash }) else { return String(decoding: body, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            let byte = body[index]
            index += 1
            if byte == quote {
                throw CatalogError(catalog: catalog, line: line, message: "unescaped '\"' inside a string")
            }
            guard byte == backslash else {
                bytes.append(byte)
                continue
            }
            guard index < body.endIndex else {
                throw CatalogError(catalog: catalog, line: line, message: "a string ends with a lone backslash")
            }
            let escape = body[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case quote, backslash, UInt8(ascii: "'"), UInt8(ascii: "?"): bytes.append(escape)
            case UInt8(ascii: "x"):
                var value: UInt32 = 0
                var digits = 0
                // C reads every hex digit that follows; a value past a byte is out of range (found by
                // FuzzCatalogs: a long run of digits overflowed).
                while index < body.endIndex, let digit = hexValue(body[index]) {
                    value = value * 16 + digit
                    guard value <= 0xFF else {
                        throw CatalogError(catalog: catalog, line: line, message: "\\x escape out of range (more than a byte)")
                    }
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { throw CatalogError(catalog: catalog, line: line, message: "\\x without hex digits") }
                bytes.append(UInt8(value))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - 0x30)
                var digits = 1
                while digits < 3, index < body.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(body[index]) {
                    value = value * 8 + UInt32(body[index] - 0x30)
                    index += 1
                    digits += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default:
                throw CatalogError(
                    catalog: catalog, line: line, message: "unknown escape '\\\(String(decoding: [escape], as: UTF8.self))'")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - 0x57)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - 0x37)
        default: nil
        }
    }
}

/// Whether a file or folder name is a locale tag: `de`, `pt_BR`, `zh-Hant`, `sr@latin`.
func looksLikeLocale(_ name: String) -> Bool {
    let base = name.split(separator: "@").first.map(String.init) ?? name
    let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return false
    }
    return parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
}
