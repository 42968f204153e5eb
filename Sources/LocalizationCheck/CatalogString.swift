import Foundation

/// One translatable string as a catalog holds it, before its placeholders are replaced.
///
/// Identity (contract `check.md`): catalog (the path as passed), locale (canonical BCP 47), context
/// (gettext `msgctxt`, an XLIFF `<file original>`), key and branch (`plural=one`, `item=3`, …).
package struct CatalogString: Sendable, Hashable {
    package var catalog: String
    package var locale: String
    package var context: String
    package var key: String
    /// `dimension=value` parts from the catalog's structure; placeholders may add more.
    package var branch: [String]
    /// The text as extracted (escapes resolved, whitespace handled), placeholders still in it.
    package var text: String
    package var syntax: PlaceholderSyntax
    /// `fuzzy`, `needs_review`, `new`, `stale` as found.
    package var flags: [String]
    /// The 1-based line of the string's value in its catalog (its `msgstr`, `<target>`, `<string>`,
    /// JSON value…); nil only where the format has no lines (binary property lists).
    package var line: Int?
    /// The source-language text beside it in the same file (gettext msgid, XLIFF `<source>`), if any.
    package var sourceText: String?
    /// A size limit the catalog itself sets for this string (XLIFF, Weblate flags in gettext).
    package var limit: SizeLimit?
    /// Set on the copies of source strings the checker makes for a pseudo-locale: their text is
    /// transformed when their placeholders are replaced.
    package var pseudo: PseudoLocale?

    package init(
        catalog: String, locale: String, context: String = "", key: String, branch: [String] = [], text: String,
        syntax: PlaceholderSyntax, flags: [String] = [], line: Int? = nil, sourceText: String? = nil,
        limit: SizeLimit? = nil
    ) {
        self.catalog = catalog
        self.locale = locale
        self.context = context
        self.key = key
        self.branch = branch
        self.text = text
        self.syntax = syntax
        self.flags = flags
        self.line = line
        self.sourceText = sourceText
        self.limit = limit
    }
}

/// Which placeholder syntax a string's format uses (contract: "Placeholder rules", per format).
package enum PlaceholderSyntax: Sendable, Hashable {
    /// Plain text: nothing is replaced.
    case none
    /// printf (`%@ %1$s %d %.2f …`); Android adds `%n` (newline).
    case printf(android: Bool)
    /// XLIFF: printf, Symfony's `{{name}}` and ICU MessageFormat.
    case printfAndICU
    /// i18next / Symfony `{{name}}` (`$t(key)` is resolved by the reader).
    case i18next
    /// Chrome `messages.json`: `$NAME$` → the message's placeholder content (lowercased names).
    case chrome(placeholders: [String: String])
}

/// A size the catalog sets for one string, replacing the spec's frame and line limit (XLIFF
/// `maxwidth`/`maxheight`, `slr:sizeRestriction`, Weblate's `max-size:WIDTH:LINES` in gettext), or a
/// length limit in other units, which is recorded only.
package struct SizeLimit: Sendable, Hashable {
    package var width: Double?
    package var height: Double?
    /// The most lines the string may take (Weblate's `max-size:WIDTH:LINES`).
    package var lines: Int?
    /// A limit in characters (or another non-geometric unit), with its unit.
    package var length: Int?
    package var lengthUnit: String?

    package init(
        width: Double? = nil, height: Double? = nil, lines: Int? = nil, length: Int? = nil, lengthUnit: String? = nil
    ) {
        self.width = width
        self.height = height
        self.lines = lines
        self.length = length
        self.lengthUnit = lengthUnit
    }
}

/// A catalog that could not be read, or a part of one: the file, the line and what was wrong.
package struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    package var catalog: String
    package var line: Int?
    package var message: String

    package init(catalog: String, line: Int?, message: String) {
        self.catalog = catalog
        self.line = line
        self.message = message
    }

    package var description: String {
        "\(catalog)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

/// What reading one catalog gave.
package struct CatalogContents: Sendable {
    package var strings: [CatalogString] = []
    /// Entries with no translation, skipped and counted (xcstrings, gettext, XLIFF 2 segments).
    package var untranslated = 0
    /// Problems that did not stop the rest of the file from being read.
    package var warnings: [CatalogError] = []

    package init(strings: [CatalogString] = [], untranslated: Int = 0, warnings: [CatalogError] = []) {
        self.strings = strings
        self.untranslated = untranslated
        self.warnings = warnings
    }
}

/// The 1-based line of the first byte sequence that is not UTF-8, or nil when the bytes are UTF-8:
/// catalogs that must be UTF-8 name the place where one is not.
func lineOfInvalidUTF8(_ bytes: some Collection<UInt8>) -> Int? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var line = 1
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded): if encoded.count == 1, encoded.first == 0x0A { line += 1 }
        case .emptyInput: return nil
        case .error: return line
        }
    }
}
