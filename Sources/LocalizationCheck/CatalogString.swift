import Foundation

/// One translatable string as a catalog holds it, before its placeholders are replaced.
///
/// Identity (contract `check.md`): catalog (the path as passed), locale (canonical BCP 47), context
/// (gettext `msgctxt`, an XLIFF `<file original>`), key and branch (`plural=one`, `item=3`, …).
public struct CatalogString: Sendable, Hashable {
    public var catalog: String
    public var locale: String
    public var context: String
    public var key: String
    /// `dimension=value` parts from the catalog's structure; placeholders may add more.
    public var branch: [String]
    /// The text as extracted (escapes resolved, whitespace handled), placeholders still in it.
    public var text: String
    public var syntax: PlaceholderSyntax
    /// `fuzzy`, `needs_review`, `new`, `stale` as found.
    public var flags: [String]
    /// The 1-based line the string starts on, where the format has lines.
    public var line: Int?
    /// The source-language text beside it in the same file (gettext msgid, XLIFF `<source>`), if any.
    public var sourceText: String?
    /// A size limit the catalog itself sets for this string (XLIFF).
    public var limit: SizeLimit?

    public init(
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
public enum PlaceholderSyntax: Sendable, Hashable {
    /// Plain text: nothing is replaced.
    case none
    /// printf (`%@ %1$s %d %.2f …`); Android adds `%n` (newline).
    case printf(android: Bool)
    /// XLIFF: printf and ICU MessageFormat.
    case printfAndICU
    /// i18next / Symfony `{{name}}` (`$t(key)` is resolved by the reader).
    case i18next
    /// Chrome `messages.json`: `$NAME$` → the message's placeholder content (lowercased names).
    case chrome(placeholders: [String: String])
}

/// A size the catalog sets for one string, replacing the spec's frame (XLIFF `maxwidth`/`maxheight`,
/// `slr:sizeRestriction`), or a length limit in other units, which is recorded only.
public struct SizeLimit: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    /// A limit in characters (or another non-geometric unit), with its unit.
    public var length: Int?
    public var lengthUnit: String?

    public init(width: Double? = nil, height: Double? = nil, length: Int? = nil, lengthUnit: String? = nil) {
        self.width = width
        self.height = height
        self.length = length
        self.lengthUnit = lengthUnit
    }
}

/// A catalog that could not be read, or a part of one: the file, the line and what was wrong.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    public var catalog: String
    public var line: Int?
    public var message: String

    public init(catalog: String, line: Int?, message: String) {
        self.catalog = catalog
        self.line = line
        self.message = message
    }

    public var description: String {
        "\(catalog)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

/// What reading one catalog gave.
public struct CatalogContents: Sendable {
    public var strings: [CatalogString] = []
    /// Entries with no translation, skipped and counted (xcstrings, gettext, XLIFF 2 segments).
    public var untranslated = 0
    /// Problems that did not stop the rest of the file from being read.
    public var warnings: [CatalogError] = []

    public init(strings: [CatalogString] = [], untranslated: Int = 0, warnings: [CatalogError] = []) {
        self.strings = strings
        self.untranslated = untranslated
        self.warnings = warnings
    }
}
