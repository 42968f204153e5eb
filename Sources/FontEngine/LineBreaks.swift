internal import CFontFitICU

/// A place where a line may (or must) end, by the rules of UAX #14.
package struct LineBreakOpportunity: Sendable, Hashable {
    /// The UTF-8 offset in the text where the next line would start.
    package let offset: Int
    /// True after a hard line break (LF, CR, NEL, LS, PS): the line must end here.
    package let isMandatory: Bool

    package init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// How strictly lines break between CJK characters, by the names of CSS `line-break` (ICU's `@lb=`
/// locale keyword): `normal` lets a line start with a small kana or a prolonged sound mark
/// (コンピ / ュータ) as browsers and Android do by default; `strict` never does; `loose` also breaks
/// before iteration marks and some punctuation; `anywhere` breaks between any two grapheme clusters.
public enum LineBreakStyle: String, Sendable, Hashable, CaseIterable {
    /// Breaks the fewest places: not before small kana or prolonged sound marks.
    case strict
    /// The default of CSS and ICU.
    case normal
    /// Breaks more places, as for narrow columns and newspapers.
    case loose
    /// Breaks between any two grapheme clusters, as CSS `line-break: anywhere`.
    case anywhere
}

/// Unicode line breaking (UAX #14) through ICU's C API, called via the CFontFitICU shim because
/// ICU's exported symbols carry a version suffix that only its C macros know. Plain prose in the
/// default style is broken by ``ProseLineBreaks`` instead, to the same opportunities (the tests
/// compare the two), in less time (bench: proseBreaksOverICU).
package enum LineBreaker {
    /// Every break opportunity after the start of `text`, in order, by the rules of `language` (a
    /// BCP 47 tag, nil for the root rules) and `style`; the end of a non-empty text is always the
    /// last one. `scan`, when known, is what ``ASCIIScan`` reads of `text`.
    package static func opportunities(
        in text: String, language: String? = nil, style: LineBreakStyle = .normal, scan: ASCIIScan? = nil
    ) -> [LineBreakOpportunity] {
        if style == .anywhere { return graphemeBoundaries(of: text) }
        if style == .normal && ProseLineBreaks.handles(language: language) {
            if let breaks = text.withUTF8Bytes({ ProseLineBreaks.opportunities($0) }) { return breaks }
        }
        return icuOpportunities(in: text, language: language, style: style, scan: scan)
    }

    /// ``opportunities(in:language:style:scan:)`` from ICU alone, also for the text
    /// ``ProseLineBreaks`` answers (the tests compare the two).
    package static func icuOpportunities(
        in text: String, language: String? = nil, style: LineBreakStyle = .normal, scan: ASCIIScan? = nil
    ) -> [LineBreakOpportunity] {
        let locale = String((language ?? "").map { $0 == "-" ? "_" : $0 }) + "@lb=" + style.rawValue
        return opportunities(in: text, locale: locale, scan: scan)
    }

    /// Every grapheme boundary is a break opportunity; hard line breaks stay mandatory.
    private static func graphemeBoundaries(of text: String) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        var offset = 0
        for character in text {
            offset += character.utf8.count
            result.append(LineBreakOpportunity(offset: offset, isMandatory: character.isNewline))
        }
        return result
    }

    private static func opportunities(in text: String, locale: String, scan: ASCIIScan?) -> [LineBreakOpportunity] {
        // ASCII text is its own UTF-16 and UTF-8 offsets: widened byte by byte and read back
        // without mapping, not transcoded through String.UTF16View
        // (bench: paragraphFitSplit.breakOpportunitiesPerShape).
        let asciiUTF16: [UInt16]? = text.withUTF8Bytes { bytes in
            guard (scan ?? ASCIIScan(bytes)).isASCII else { return nil }
            var widened = [UInt16](filledWith: 0, count: bytes.count)
            widened.withUnsafeMutableBufferPointer { units in
                for index in 0..<bytes.count { units[index] = UInt16(bytes[index]) }
            }
            return widened
        }
        let utf16 = asciiUTF16 ?? Array(text.utf16)
        guard !utf16.isEmpty else { return [] }
        var offsets = [Int32](filledWith: 0, count: utf16.count + 1)
        var mandatory = [UInt8](filledWith: 0, count: utf16.count + 1)
        var error: Int32 = 0
        let count = cfontfit_line_breaks(
            utf16, Int32(utf16.count), locale, &offsets, &mandatory, Int32(offsets.count), &error)
        guard count > 0 else {
            // ICU failing here means it has no break data at all; the end of the text still ends it.
            return [LineBreakOpportunity(offset: text.utf8.count, isMandatory: false)]
        }
        if asciiUTF16 != nil {
            var result = [LineBreakOpportunity](filledWith: LineBreakOpportunity(offset: 0, isMandatory: false), count: Int(count))
            result.withUnsafeMutableBufferPointer { result in
                for index in 0..<Int(count) {
                    result[index] = LineBreakOpportunity(offset: Int(offsets[index]), isMandatory: mandatory[index] != 0)
                }
            }
            return result
        }
        // Map UTF-16 offsets to UTF-8 offsets in one pass over the scalars.
        var result: [LineBreakOpportunity] = []
        result.reserveCapacity(Int(count))
        var next = 0
        var utf16Offset = 0, utf8Offset = 0
        for scalar in text.unicodeScalars {
            while next < Int(count) && Int(offsets[next]) <= utf16Offset {
                result.append(LineBreakOpportunity(offset: utf8Offset, isMandatory: mandatory[next] != 0))
                next += 1
            }
            utf16Offset += UTF16.width(scalar)
            utf8Offset += UTF8.width(scalar)
        }
        while next < Int(count) {
            result.append(LineBreakOpportunity(offset: utf8Offset, isMandatory: mandatory[next] != 0))
            next += 1
        }
        return result
    }
}
