internal import CFontFitFontconfig
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Font files found by name through fontconfig, the way `fc-match` finds them: a family and style
/// ("DejaVu Sans", "Noto Sans:bold", any fontconfig pattern) to the file and face index of the best
/// match, and, for a character no font in a stack has, the font fontconfig would fall back to.
package enum FontResolver {
    /// A font file and the face in it.
    package struct Match: Sendable, Hashable {
        /// The font file fontconfig chose.
        package let path: String
        /// The face in that file (nonzero in a collection).
        package let faceIndex: Int
        /// The named instance of a variable font fontconfig chose for the style ("Inter:bold").
        package let namedInstance: Int?
        /// The family fontconfig matched (its first name for it).
        package var family: String { families.first ?? "" }
        /// Every name the matched font gives its family (one per language).
        package let families: [String]
    }

    // fontconfig's configuration is initialised on first use and shared; calls are serialised so
    // that a configuration is never loaded twice.
    private static let lock = Lock()

    /// The best match for `name` (`fc-match NAME`); an error when fontconfig has no font of the
    /// pattern's family (fc-match would print its closest substitute instead).
    package static func match(_ name: String) throws(FontFitError) -> Match {
        let result: Match? = lock.withLock {
            guard let pattern = FcNameParse(name) else { return nil }
            defer { FcPatternDestroy(pattern) }
            return bestMatch(for: pattern)
        }
        guard let result else {
            throw .invalidValue(name: "font name", value: name, expected: "a font file or a fontconfig pattern such as 'DejaVu Sans:bold'")
        }
        let requested = requestedFamily(name)
        if let requested, !result.families.contains(where: { $0.equalsIgnoringCase(requested) }) {
            throw .fileNotFound(path: "\(name) (no installed font has the family '\(requested)'; fontconfig's closest is '\(result.family)')")
        }
        return result
    }

    /// The font fontconfig picks for `scalar` near the family `near` (fontconfig's own fallback
    /// order), or nil when no installed font has it.
    package static func fallback(for scalar: Unicode.Scalar, near family: String?) -> Match? {
        lock.withLock {
            guard let pattern = FcNameParse(family ?? ""), let charset = FcCharSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcCharSetDestroy(charset)
            }
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            guard let match = bestMatch(for: pattern, requiring: scalar) else { return nil }
            return match
        }
    }

    /// Substitutes defaults into `pattern` and matches it, as fc-match does; with `scalar`, only a
    /// font that has it counts.
    private static func bestMatch(for pattern: OpaquePointer, requiring scalar: Unicode.Scalar? = nil) -> Match? {
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        if let scalar {
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                FcCharSetHasChar(charset, scalar.value) != 0
            else { return nil }
        }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, FC_FAMILY, Int32(families.count), &family) == FcResultMatch, let name = family {
            families.append(String(cString: name))
        }
        // fontconfig keeps the face index in its low 16 bits and 1 + the named instance above them.
        let instance = Int(index >> 16)
        return Match(
            path: String(cString: file), faceIndex: Int(index & 0xFFFF), namedInstance: instance > 0 ? instance - 1 : nil,
            families: families)
    }

    /// The family a pattern asks for, if any ("Noto Sans:bold" → "Noto Sans").
    private static func requestedFamily(_ name: String) -> String? {
        lock.withLock {
            guard let pattern = FcNameParse(name) else { return nil }
            defer { FcPatternDestroy(pattern) }
            var family: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return nil }
            return String(cString: family)
        }
    }
}
