internal import CFontFitHyphen
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Whether lines may break inside words, and where, as CSS `hyphens`.
public enum Hyphens: String, Sendable, Hashable, CaseIterable {
    /// No break inside a word, not even at a soft hyphen (U+00AD), which then draws nothing.
    case none
    /// Breaks only at soft hyphens, each drawing a hyphen when a line ends there (the default, as
    /// in CSS).
    case manual
    /// Soft hyphens, and the hyphenation points of each word in the text's language
    /// (``ShapingOptions/language``) from its Liang patterns (``Hyphenator``); a language with no
    /// dictionary behaves as ``manual``.
    case auto
}

/// The shortest word that is hyphenated and the fewest characters before and after a hyphen, as
/// CSS `hyphenate-limit-chars`, in Unicode scalars.
public struct HyphenationLimits: Sendable, Hashable {
    /// Words shorter than this are never hyphenated.
    public var minimumWord: Int
    /// Characters a line keeps before the hyphen.
    public var minimumPrefix: Int
    /// Characters the next line starts with.
    public var minimumSuffix: Int

    /// Limits of at least one character each.
    public init(minimumWord: Int, minimumPrefix: Int, minimumSuffix: Int) {
        self.minimumWord = max(1, minimumWord)
        self.minimumPrefix = max(1, minimumPrefix)
        self.minimumSuffix = max(1, minimumSuffix)
    }

    /// `hyphenate-limit-chars: auto` as Chromium chooses it: 5 2 2 (kDefaultMinWordLength,
    /// kDefaultMinPrefixLength and kDefaultMinSuffixLength in Blink's
    /// third_party/blink/renderer/platform/text/hyphenation.h, the values css-text-4 suggests).
    public static let auto = HyphenationLimits(minimumWord: 5, minimumPrefix: 2, minimumSuffix: 2)
}

/// One language's hyphenation patterns, read by libhyphen from Debian's `hyphen-*` packages
/// (`/usr/share/hyphen/hyph_<language>.dic`), and the points where its words may break.
///
/// libhyphen runs each word through the file's two levels (the compound level before `NEXTLEVEL`,
/// which splits a German "Datenschutz|einstellungen" at its parts, then the syllable level over
/// each part, whose edges keep `COMPOUNDLEFTHYPHENMIN`/`COMPOUNDRIGHTHYPHENMIN` characters) and
/// applies the file's `LEFTHYPHENMIN`/`RIGHTHYPHENMIN` and `NOHYPHEN`; ``points(in:limits:)`` then applies
/// ``HyphenationLimits`` on top, as a browser does.
///
/// libhyphen builds its automaton when it loads a file: German's (77,900 lines) takes it about 2 s,
/// once per process; English, French and Dutch take a few milliseconds.
///
/// Covered with Debian 12's packages: German (`de`, any region: one file), English (`en`, `en-US`;
/// other English regions use the US patterns), French (`fr`, any region) and Dutch (`nl`,
/// `nl-BE`); any other `hyphen-*` package installed is used too when its file is in UTF-8 or
/// ISO 8859-1. Finnish (`fi`), which no Debian 12 package has as a libhyphen dictionary, comes
/// compiled in: hyph-utf8's patterns, converted by scripts/make-finnish-hyphenation.
public final class Hyphenator: @unchecked Sendable {
    // Sendable: the dictionary is built by `hnj_hyphen_load` before the initializer returns and
    // never written again; `hnj_hyphen_hyphenate2` only reads it and keeps its scratch in buffers
    // of its own call (hyphen.c allocates them per call), so threads may share one.
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The dictionary file's tag, such as "de_CH" or "en".
    public let dictionaryName: String
    /// Whether the patterns are UTF-8; otherwise ISO 8859-1 (``load(path:name:)`` accepts no other).
    private let isUTF8: Bool
    /// Capitalized words are left whole in English, as Chromium does (`hyphenate_capitalized_word_`
    /// in Blink's hyphenation.cc): names and sentence starts there; German capitalizes every noun.
    private let hyphenatesCapitalized: Bool

    private init(dictionary: UnsafeMutablePointer<HyphenDict>, name: String, isUTF8: Bool) {
        self.dictionary = dictionary
        dictionaryName = name
        self.isUTF8 = isUTF8
        hyphenatesCapitalized = !name.lowercased().hasPrefix("en")
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// Where Debian's `hyphen-*` packages put their dictionaries.
    package static let directory = "/usr/share/hyphen"

    /// The hyphenator for a BCP 47 `language` ("de", "de-CH", "en-US", "fr", "nl"), loaded once per
    /// dictionary file for the whole process; nil when no installed dictionary covers it.
    public static func forLanguage(_ language: String?) -> Hyphenator? {
        guard let language else { return nil }
        for name in dictionaryNames(for: language) {
            if let hyphenator = cached(name) { return hyphenator }
        }
        return nil
    }

    /// The file tags that may hold `language`'s patterns, most specific first: language and region
    /// ("de_CH"), then the language alone ("de").
    static func dictionaryNames(for language: String) -> [String] {
        let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetterOrDigit) else {
            return []
        }
        let primary = first.lowercased()
        // A region is two letters or three digits after the language (and perhaps a script).
        let region = subtags.dropFirst().first { tag in
            (tag.count == 2 && tag.allSatisfy(\.isLetter)) || (tag.count == 3 && tag.allSatisfy(\.isNumber))
        }
        return (region.map { ["\(primary)_\($0.uppercased())"] } ?? []) + [primary]
    }

    /// Dictionaries by file tag: nil for a tag whose file is missing or unreadable, so that it is
    /// looked for once.
    private static let loaded = Mutex<[String: Hyphenator?]>([:])

    private static func cached(_ name: String) -> Hyphenator? {
        loaded.withLock { loaded in
            if let known = loaded[name] { return known }
            var hyphenator = load(path: "\(directory)/hyph_\(name).dic", name: name)
            if hyphenator == nil && name == "fi" { hyphenator = load(contents: finnishDictionary, name: name) }
            loaded[name] = hyphenator
            return hyphenator
        }
    }

    /// The dictionary at `path`, when libhyphen reads it and its character set is one this type
    /// converts words to (UTF-8 or ISO 8859-1, the first line of the file).
    static func load(path: String, name: String) -> Hyphenator? {
        hnj_hyphen_load(path).flatMap { adopt($0, name: name) }
    }

    /// A dictionary given as the text of a `.dic` file, read by libhyphen from memory.
    static func load(contents: String, name: String) -> Hyphenator? {
        var bytes = Array(contents.utf8)
        let dictionary = bytes.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<HyphenDict>? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            return hnj_hyphen_load_file(file)
        }
        return dictionary.flatMap { adopt($0, name: name) }
    }

    /// The hyphenator owning `dictionary`, or nil (the dictionary freed) when its character set is
    /// neither UTF-8 nor ISO 8859-1.
    private static func adopt(_ dictionary: UnsafeMutablePointer<HyphenDict>, name: String) -> Hyphenator? {
        let charset = withUnsafeBytes(of: dictionary.pointee.cset) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let normalized = charset.uppercased().filter { $0 != "-" && $0 != "_" && !$0.isWhitespace }
        guard dictionary.pointee.utf8 != 0 || normalized == "ISO88591" else {
            hnj_hyphen_free(dictionary)
            return nil
        }
        return Hyphenator(dictionary: dictionary, name: name, isUTF8: dictionary.pointee.utf8 != 0)
    }

    /// The hyphenation points of one word, as UTF-8 offsets into `word` (each the start of the
    /// character that begins the next line), in order, with `limits` applied.
    ///
    /// `word` is one word of letters: the caller splits text at everything else. It is matched in
    /// lowercase (the patterns are), one scalar for one, so offsets stay those of `word`. A word of
    /// over 100 scalars, a capitalized English word, or one with a character the dictionary's
    /// character set lacks gets none.
    public func points(in word: Substring, limits: HyphenationLimits = .auto) -> [Int] {
        // The word as libhyphen reads it, lowercased, and where each scalar starts in `word`:
        // one pass, ASCII letters lowercased by hand (most words of most labels), the others by
        // their Unicode mapping when it is one scalar.
        var offsets: [Int] = []
        var bytes: [CChar] = []
        offsets.reserveCapacity(word.utf8.count)
        bytes.reserveCapacity(word.utf8.count + 1)
        var offset = 0
        var first: Unicode.Scalar?
        for scalar in word.unicodeScalars {
            if first == nil { first = scalar }
            offsets.append(offset)
            offset += UTF8.width(scalar)
            var matched = scalar
            if scalar.isASCII {
                if scalar.value >= 0x41 && scalar.value <= 0x5A { matched = Unicode.Scalar(scalar.value + 0x20)! }
            } else if scalar.properties.changesWhenLowercased {
                let lower = scalar.properties.lowercaseMapping.unicodeScalars
                if lower.count == 1 { matched = lower.first! }
            }
            if isUTF8 {
                for byte in UTF8.encode(matched)! { bytes.append(CChar(bitPattern: byte)) }
            } else {
                guard matched.value <= 0xFF else { return [] }
                bytes.append(CChar(bitPattern: UInt8(matched.value)))
            }
        }
        let count = offsets.count
        guard count >= limits.minimumWord, count >= limits.minimumPrefix + limits.minimumSuffix, count <= 100,
            let first
        else { return [] }
        // Blink's IsUpper: general category Lu.
        if !hyphenatesCapitalized, first.properties.generalCategory == .uppercaseLetter { return [] }
        let range = (limits.minimumPrefix - 1)..<(count - limits.minimumSuffix)
        var points: [Int] = []
        hyphenate(&bytes) { index in
            // A break after scalar `index`: the next line starts at the scalar after it.
            if range.contains(index) { points.append(offsets[index + 1]) }
        }
        return points
    }

    /// Calls `body` with each character index of `bytes` after which libhyphen's odd values allow
    /// a break (libhyphen gives one value per character for UTF-8 dictionaries, and ISO 8859-1
    /// has one byte a character), in order. Breaks that change the spelling
    /// (`hnj_hyphen_hyphenate2`'s replacements, as "Schiffahrt"'s "ff=f") are left out: a line
    /// breaks here only by drawing a hyphen.
    private func hyphenate(_ bytes: inout [CChar], _ body: (Int) -> Void) {
        let length = bytes.count
        // libhyphen reads the word as a C string too (its compound pass runs strstr on it), so it
        // ends in a NUL that the length leaves out; AddressSanitizer caught the read past the end.
        bytes.append(0)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        defer {
            if let replacements {
                for index in 0..<length { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 5) { hyphens in
            hyphens.initialize(repeating: 0)
            let status = bytes.withUnsafeBufferPointer { word in
                hnj_hyphen_hyphenate2(
                    dictionary, word.baseAddress, Int32(length), hyphens.baseAddress, nil, &replacements, &positions,
                    &cuts)
            }
            guard status == 0 else { return }
            // For UTF-8, hnj_hyphen_norm has moved the values to one per character; the
            // replacement arrays are indexed by character too.
            let characters = isUTF8 ? bytes[..<length].count(where: { UInt8(bitPattern: $0) & 0xC0 != 0x80 }) : length
            for index in 0..<characters where hyphens[index] & 1 == 1 {
                if let replacements, replacements[index] != nil { continue }
                body(index)
            }
        }
    }
}

extension Character {
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}

extension ShapingOptions {
    /// Whether ``hyphens`` asks for ``Hyphens/auto`` and no dictionary covers ``language``: the
    /// text then breaks as with ``Hyphens/manual``, which a front end should say.
    public var hyphenationUnavailable: Bool {
        hyphens == .auto && Hyphenator.forLanguage(language) == nil
    }

    /// The warning a front end prints when ``hyphenationUnavailable``.
    public var hyphenationWarning: String? {
        guard hyphenationUnavailable else { return nil }
        let language = language.map { "'\($0)'" } ?? "(none given)"
        return "no hyphenation dictionary for language \(language) in \(Hyphenator.directory) (Debian's hyphen-* packages): "
            + "hyphens auto breaks only at soft hyphens, as manual"
    }
}
