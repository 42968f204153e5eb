internal import CFontFitICU

/// A change of case applied to the text before it is shaped: CSS `text-transform`, SwiftUI's
/// `textCase`, Android's `textAllCaps`.
public enum TextTransform: String, Sendable, Hashable, CaseIterable {
    /// The text as written.
    case none
    /// ICU's full upper-case mapping in the text's language (`ß` → `SS`, Turkish and Azeri `i` →
    /// `İ`, Greek accents dropped in `el`, Lithuanian dot above removed in `lt`).
    case uppercase
    /// ICU's full lower-case mapping in the text's language (Turkish `I` → `ı`, `İ` → `i`;
    /// Lithuanian dot above kept on accented `i`; final sigma).
    case lowercase
    /// The first letter of each word in its simple title case, the rest as written, as Chromium
    /// does (not CSS Text 3's language-sensitive mapping): `istanbul` → `Istanbul` even in
    /// Turkish, `ß` and `ﬁ` unchanged; a word starts after white space and after punctuation or a
    /// symbol such as `.` and `@`, but not after an apostrophe or a hyphen.
    case capitalize

    /// `text` transformed, in `language` (a BCP 47 tag; nil for ICU's root mappings).
    package func apply(to text: String, language: String?) -> String {
        switch self {
        case .none: return text
        case .uppercase, .lowercase: return Self.caseMapped(text, upper: self == .uppercase, language: language)
        case .capitalize: return Self.capitalized(text)
        }
    }

    private static func caseMapped(_ text: String, upper: Bool, language: String?) -> String {
        let source = Array(text.utf16)
        guard !source.isEmpty else { return text }
        let locale = language ?? ""
        // Full mappings grow text by at most three units a unit (U+0390 → three), so one call with
        // room for that never overflows.
        var output = [UInt16](repeating: 0, count: source.count * 3 + 1)
        var error: Int32 = 0
        let written = cfontfit_case_map(
            source, Int32(source.count), upper ? 1 : 0, locale, &output, Int32(output.count), &error)
        // ICU failing (no case data) leaves the text as written: the label is still measured.
        guard written >= 0, Int(written) <= output.count else { return text }
        return String(decoding: output[..<Int(written)], as: UTF16.self)
    }

    private static func capitalized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var atWordStart = true
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic && atWordStart {
                result.append(Unicode.Scalar(cfontfit_simple_title(scalar.value)) ?? scalar)
            } else {
                result.append(scalar)
            }
            atWordStart = startsWord(after: scalar)
        }
        return String(result)
    }

    /// Whether a letter after `scalar` starts a word.
    private static func startsWord(after scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace { return true }
        if properties.isAlphabetic || properties.numericType != nil { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return false
        case .dashPunctuation: return false
        default: break
        }
        // Apostrophes keep a word together ("don't").
        return scalar != "'" && scalar != "\u{2019}"
    }
}
