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

extension TextTransform {
    /// Where the pieces of `text` transformed (``apply(to:language:)``) came from, so that a range
    /// of the transformed text, a line's, can be read back in the text as written.
    package func sourceMap(of text: String, language: String?) -> TransformSourceMap {
        guard self != .none else { return TransformSourceMap(identityOf: text.utf8.count) }
        let transformed = apply(to: text, language: language)
        var map = TransformSourceMap(sourceCount: text.utf8.count)
        switch self {
        case .none:
            break
        case .capitalize:
            // One scalar for one: the simple title case of a word's first letter.
            var source = 0, output = 0
            for (written, mapped) in zip(text.unicodeScalars, transformed.unicodeScalars) {
                map.append(transformed: output, source: source)
                source += UTF8.width(written)
                output += UTF8.width(mapped)
            }
        case .uppercase, .lowercase:
            // Case mapping looks at a letter's neighbours (final sigma, Greek accents, Lithuanian
            // dot above), never across white space: each word is mapped alone, and piece by piece
            // (a letter with its marks) when that gives what the word gave, else whole.
            var output = 0
            var pieces: [(String, Int)] = []
            let bytes = Array(text.utf8)
            for word in Self.words(of: text) {
                let wordBytes = bytes[word]
                let wordText = String(decoding: wordBytes, as: UTF8.self)
                let mapped = apply(to: wordText, language: language)
                pieces.removeAll(keepingCapacity: true)
                var joined = ""
                for piece in Self.letters(of: wordText) {
                    let pieceText = apply(
                        to: String(decoding: wordBytes[(word.lowerBound + piece.lowerBound)...].prefix(piece.count), as: UTF8.self),
                        language: language)
                    joined += pieceText
                    pieces.append((pieceText, word.lowerBound + piece.lowerBound))
                }
                if joined.utf8.elementsEqual(mapped.utf8) {
                    for (pieceText, source) in pieces {
                        map.append(transformed: output, source: source)
                        output += pieceText.utf8.count
                    }
                } else {
                    map.append(transformed: output, source: word.lowerBound)
                    output += mapped.utf8.count
                }
            }
            // Words mapped alone must give the text mapped whole; if ICU ever looked further, the
            // whole text is one piece.
            if output != transformed.utf8.count { return TransformSourceMap(wholeOf: text.utf8.count) }
        }
        return map
    }

    /// UTF-8 ranges of `text`'s words (runs of non-white-space) and of each white-space scalar.
    private static func words(of text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0, wordStart: Int?
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if let start = wordStart { ranges.append(start..<offset) }
                wordStart = nil
                ranges.append(offset..<offset + UTF8.width(scalar))
            } else if wordStart == nil {
                wordStart = offset
            }
            offset += UTF8.width(scalar)
        }
        if let start = wordStart { ranges.append(start..<offset) }
        return ranges
    }

    /// UTF-8 ranges of `word`'s letters, each with the marks that follow it.
    private static func letters(of word: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for scalar in word.unicodeScalars {
            let width = UTF8.width(scalar)
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if let last = ranges.last {
                    ranges[ranges.count - 1] = last.lowerBound..<offset + width
                } else {
                    ranges.append(offset..<offset + width)
                }
            default:
                ranges.append(offset..<offset + width)
            }
            offset += width
        }
        return ranges
    }
}

/// Pieces of a transformed text and the text as written they came from (``TextTransform/sourceMap(of:language:)``):
/// each piece's start in both, UTF-8 offsets, ascending.
package struct TransformSourceMap: Sendable {
    private var transformedStarts: [Int] = []
    private var sourceStarts: [Int] = []
    private let sourceCount: Int
    /// Every offset maps to itself (the text was not transformed).
    private var isIdentity = false

    init(sourceCount: Int) {
        self.sourceCount = sourceCount
    }

    /// The text as written, unchanged.
    init(identityOf count: Int) {
        self.init(sourceCount: count)
        isIdentity = true
    }

    /// One piece: any part of the transformed text maps to the whole text.
    init(wholeOf sourceCount: Int) {
        self.init(sourceCount: sourceCount)
        append(transformed: 0, source: 0)
    }

    mutating func append(transformed: Int, source: Int) {
        transformedStarts.append(transformed)
        sourceStarts.append(source)
    }

    /// The part of the text as written that `range` of the transformed text came from: from the
    /// start of the piece `range` starts in to the end of the piece it ends in.
    package func sourceRange(of range: Range<Int>) -> Range<Int> {
        if isIdentity { return range }
        guard !transformedStarts.isEmpty else { return 0..<sourceCount }
        // The last piece starting at or before the lower bound.
        var low = 0, high = transformedStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if transformedStarts[middle] <= range.lowerBound { low = middle } else { high = middle }
        }
        let lower = sourceStarts[low]
        // The first piece starting at or after the upper bound begins where the range's source ends.
        var first = low
        while first < transformedStarts.count && transformedStarts[first] < range.upperBound { first += 1 }
        let upper = range.isEmpty ? lower : (first < sourceStarts.count ? sourceStarts[first] : sourceCount)
        return lower..<max(lower, upper)
    }
}
