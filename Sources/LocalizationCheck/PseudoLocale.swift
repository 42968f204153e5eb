/// A pseudo-locale: the source-language strings made to look translated, checked as one more locale,
/// so that fragile labels show before any translation exists (docs: "Pseudo-locales").
///
/// The rules are Android's (aapt2 `--pseudo-localize`, `tools/aapt2/compile/Pseudolocalizer.cpp` in
/// AOSP `platform/frameworks/base`) for `accented` (`en-XA`) and `mirrored` (`ar-XB`), and Xcode's
/// Double-Length Pseudolanguage for `expanded`.
package enum PseudoLocale: String, Sendable, Hashable, CaseIterable {
    /// Android's `en-XA`: ASCII letters accented, placeholder values in `»«`, the message in `[]` and
    /// lengthened by whole words of "one two three …".
    case accented
    /// Xcode's Double-Length Pseudolanguage (`-NSDoubleLocalizedStrings YES`): the text twice.
    case expanded
    /// Android's `ar-XB`: every word forced right-to-left between RLM RLO … PDF RLM.
    case mirrored

    /// The locale the checks are reported in. Android names its two; Xcode's double-length language
    /// has no tag, so it gets one of BCP 47's private-use regions (XA–XZ) beside Android's.
    package var locale: String {
        switch self {
        case .accented: "en-XA"
        case .expanded: "en-XD"
        case .mirrored: "ar-XB"
        }
    }

    /// By name (`accented`) or by locale (`en-XA`, any case).
    package init?(name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let byName = PseudoLocale(rawValue: trimmed.lowercased()) {
            self = byName
        } else if let byLocale = PseudoLocale.allCases.first(where: { $0.locale == Locales.canonical(trimmed) }) {
            self = byLocale
        } else {
            return nil
        }
    }

    /// What a bad name is told.
    package static let expected =
        "expected " + allCases.map { "\($0.rawValue) (\($0.locale))" }.joined(separator: ", ")

    // Placeholder values are measured as the checker substitutes them, so a pseudo-locale works on the
    // substituted text: every sample is written between these two noncharacters (Unicode reserves
    // U+FDD0…U+FDEF for a program's internal use; no catalog text has them), and `transform` keeps
    // what is between them as it is and drops the marks.
    static let placeholderStart = Unicode.Scalar(0xFDD0 as UInt32)!
    static let placeholderEnd = Unicode.Scalar(0xFDD1 as UInt32)!

    static func marked(_ sample: String) -> String {
        String(Character(placeholderStart)) + sample + String(Character(placeholderEnd))
    }

    /// The samples with every value marked as a placeholder's.
    static func marked(_ samples: PlaceholderSamples) -> PlaceholderSamples {
        var result = samples
        result.string = marked(samples.string)
        result.integer = marked(samples.integer)
        result.float = marked(samples.float)
        result.char = marked(samples.char)
        result.date = marked(samples.date)
        result.named = samples.named.mapValues(marked)
        return result
    }

    /// The syntax with the values it brings itself (Chrome's placeholder contents) marked too.
    static func marked(_ syntax: PlaceholderSyntax) -> PlaceholderSyntax {
        guard case .chrome(let placeholders) = syntax else { return syntax }
        return .chrome(placeholders: placeholders.mapValues(marked))
    }

    /// A source string's checks in this pseudo-locale: its placeholders replaced by the samples, as
    /// for every locale (one text per ICU branch), then each text transformed.
    func expand(_ text: String, syntax: PlaceholderSyntax, samples: PlaceholderSamples) -> [ExpandedText] {
        Placeholders.expand(text, syntax: Self.marked(syntax), samples: Self.marked(samples)).map {
            ExpandedText(branch: $0.branch, text: transform($0.text))
        }
    }

    /// The pseudo-localized text of a text whose placeholder values are marked (see `marked`).
    func transform(_ text: String) -> String {
        switch self {
        case .accented: Self.accent(text)
        case .expanded: Self.double(text)
        case .mirrored: Self.mirror(text)
        }
    }

    // MARK: accented (aapt2 `PseudoMethodAccent`)

    /// aapt2's letter table: each ASCII letter (but `F`) and `! ? $` shown as an accented or similar
    /// letter; `q v Q` become `Q V q` and `x` a Cyrillic х, as aapt2 writes them.
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEGHIJKLMNOPQRSTUVWXYZ!?$"
        let accented = "\u{E5}\u{253}\u{E7}\u{F0}\u{E9}\u{192}\u{11D}\u{125}\u{EE}\u{135}\u{137}\u{13C}\u{1E3F}"
            + "\u{F1}\u{F6}\u{FE}Q\u{155}\u{161}\u{163}\u{FB}V\u{175}\u{445}\u{FD}\u{17E}"
            + "\u{C5}\u{3B2}\u{C7}\u{D0}\u{C9}\u{11C}\u{124}\u{CE}\u{134}\u{136}\u{13B}\u{1E3E}"
            + "\u{D1}\u{D6}\u{DE}q\u{154}\u{160}\u{162}\u{DB}\u{3BD}\u{174}\u{D7}\u{DD}\u{17D}"
            + "\u{A1}\u{BF}\u{20AC}"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()

    /// aapt2 separates words with C's `isspace` in the "C" locale.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || ("\t"..."\r").contains(scalar)
    }

    /// `[` + the text accented + ` ` + expansion words + `]`. Placeholder values are kept between `»`
    /// and `«`; markup (`<…>`) and character references (`&…;`) are kept as written. The expansion
    /// is aapt2's: N = the UTF-8 length of the accented text (placeholders and markup not counted),
    /// and the words added are "one two three …" cut to N (more than 3 words) or N/2 characters and
    /// then to the end of the word. aapt2 counts a word only where a character it does not accent
    /// (a digit, punctuation, `F`, any non-ASCII letter) follows white space, so most sentences get
    /// N/2; this keeps that, so that the text is the one an `en-XA` device shows.
    static func accent(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        output.append("[")
        var length = 0
        var words = 0
        var lastSpace = true
        var depth = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == placeholderStart {
                if depth == 0 { output.append("\u{BB}") }
                depth += 1
            } else if scalar == placeholderEnd {
                depth = max(0, depth - 1)
                if depth == 0 { output.append("\u{AB}") }
            } else if depth > 0 {
                output.append(scalar)
            } else if let end = markupEnd(scalars, at: index) {
                output.append(contentsOf: scalars[index...end])
                index = end
            } else {
                if let accented = accents[scalar] {
                    output.append(accented)
                } else {
                    let space = isSpace(scalar)
                    if lastSpace && !space { words += 1 }
                    lastSpace = space
                    output.append(scalar)
                }
                length += String(scalar).utf8.count
            }
            index += 1
        }
        if length > 0 {
            output.append(" ")
            output.append(contentsOf: expansion(words > 3 ? length : length / 2).unicodeScalars)
        }
        output.append("]")
        return String(output)
    }

    /// Where markup aapt2 leaves alone ends, if `scalars[index]` starts some: a tag `<…>` (through
    /// its `>`) or a character reference `&name;` / `&#123;`. A `<` or `&` that starts neither is
    /// text (aapt2 writes the character after a lone `&` twice; that slip is not kept).
    static func markupEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        switch scalars[index] {
        case "<":
            return scalars[(index + 1)...].firstIndex { $0 == ">" || $0 == placeholderStart }.flatMap {
                scalars[$0] == ">" ? $0 : nil
            }
        case "&":
            var end = index + 1
            while end < scalars.count, scalars[end].isASCII,
                scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) || scalars[end] == "#"
            {
                end += 1
            }
            return end > index + 1 && end < scalars.count && scalars[end] == ";" ? end : nil
        default:
            return nil
        }
    }

    static let expansionWords = Array(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fiveteen sixteen seventeen nineteen twenty"
            .utf8)

    /// aapt2's expansion text of `length`: the word list repeated as needed (joined by a space), the
    /// last copy cut after `length` characters plus the rest of the word under way. (aapt2 loses the
    /// final letter when that word is the list's last, "twent"; kept, as the device shows it.)
    static func expansion(_ length: Int) -> String {
        let words = expansionWords
        if words.count < length {
            return String(decoding: words, as: UTF8.self) + " " + expansion(length - words.count)
        }
        var end = length
        if length + 1 < words.count {
            end = words[(length + 1)...].firstIndex(of: UInt8(ascii: " ")) ?? words.count - 1
        }
        return String(decoding: words[..<end], as: UTF8.self)
    }

    // MARK: mirrored (aapt2 `PseudoMethodBidi`)

    /// Every run of non-white-space characters between RLM RLO (U+200F U+202E) and PDF RLM (U+202C
    /// U+200F), so that Latin text is laid out right to left; placeholder values count as text, as
    /// a printf conversion does inside aapt2's words.
    static func mirror(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var lastSpace = true
        for scalar in text.unicodeScalars where scalar != placeholderStart && scalar != placeholderEnd {
            let space = isSpace(scalar)
            if lastSpace && !space {
                output.append(contentsOf: "\u{200F}\u{202E}".unicodeScalars)
            } else if !lastSpace && space {
                output.append(contentsOf: "\u{202C}\u{200F}".unicodeScalars)
            }
            lastSpace = space
            output.append(scalar)
        }
        if !lastSpace { output.append(contentsOf: "\u{202C}\u{200F}".unicodeScalars) }
        return String(output)
    }

    // MARK: expanded (Xcode's Double-Length Pseudolanguage)

    /// The text, a space, and the text again: twice the length, and a place to wrap between the two.
    static func double(_ text: String) -> String {
        let plain = String(String.UnicodeScalarView(
            text.unicodeScalars.filter { $0 != placeholderStart && $0 != placeholderEnd }))
        return plain.isEmpty ? plain : plain + " " + plain
    }
}
