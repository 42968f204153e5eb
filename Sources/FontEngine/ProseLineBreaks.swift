/// UAX #14 line breaking of plain prose without ICU, in less time than ICU's rule machine takes
/// (bench: proseBreaksOverICU). For text made only of the characters below, UAX #14's rules reduce
/// to a table of class pairs, and the few boundaries a pair does not settle read a little context:
/// what precedes a run of spaces, whether a hyphen begins a word, and whether a point is followed
/// by a digit.
/// Text with any other character, and every language whose rules the tests have not compared with
/// ICU's, is left to ICU.
///
/// The characters: ASCII letters and digits, space, line feed, `. , ; : ! ? ' " - ( )` and the
/// symbols that break like letters (`# & * < = > @ ^ _ \` ~`); the letters of Latin-1 and Latin
/// Extended-A (U+00C0–U+017F but × and ÷) and of Cyrillic (U+0400–U+04FF but the thousands sign and
/// the combining marks); Arabic letters, digits, harakat (which belong to the letter before them),
/// comma, semicolon, question mark and full stop; the quotation marks of English, French and German
/// (‘ ’ “ ” « » ‹ › ‚ „), the en and em dashes, the ellipsis and the no-break space.
enum ProseLineBreaks {
    /// The UAX #14 classes of the characters handled here (0: not handled).
    private enum Class {
        static let letter: UInt8 = 1  // AL
        static let digit: UInt8 = 2  // NU
        static let space: UInt8 = 3  // SP
        static let infix: UInt8 = 4  // IS: . , ; :
        static let exclamation: UInt8 = 5  // EX: ! ?
        static let quote: UInt8 = 6  // QU: ' " ‘ ’ “ ” « » ‹ ›
        static let hyphen: UInt8 = 7  // HY: -
        static let open: UInt8 = 8  // OP: ( ‚ „
        static let close: UInt8 = 9  // CP: )
        static let lineFeed: UInt8 = 10  // LF
        static let breakAfter: UInt8 = 11  // BA: – (en dash)
        static let breakBothSides: UInt8 = 12  // B2: — (em dash)
        static let inseparable: UInt8 = 13  // IN: …
        static let glue: UInt8 = 14  // GL: no-break space
        static let count = 15
        /// CM, the Arabic harakat: not a class of the pair table, as a mark takes its base's class.
        static let combiningMark: UInt8 = 0xFF
    }

    /// What a pair of classes alone says about the boundary between them.
    private enum Pair {
        static let noBreak: UInt8 = 0
        static let breaks: UInt8 = 1
        static let dependsOnContext: UInt8 = 2
        static let mandatory: UInt8 = 3
    }

    /// ``breaks(_:_:beforeSpaces:beforeStartsWord:next:)`` for each pair of classes, where the
    /// context does not change it: most boundaries are settled by one load. The contexts tried are
    /// those the rules tell apart: "(", a quote, an em dash or anything else before spaces, a hyphen
    /// that does or does not begin a word, a digit or anything else next.
    private static let pairs: [UInt8] = {
        var table = [UInt8](repeating: Pair.noBreak, count: Class.count * Class.count)
        for before in 1..<UInt8(Class.count) {
            for after in 1..<UInt8(Class.count) {
                var outcomes: (sawBreak: Bool, sawNoBreak: Bool) = (false, false)
                for beforeSpaces in [0, Class.open, Class.quote, Class.breakBothSides] {
                    for beforeStartsWord in [false, true] {
                        for next in [0, Class.digit] {
                            if breaks(before, after, beforeSpaces: beforeSpaces, beforeStartsWord: beforeStartsWord, next: next) {
                                outcomes.sawBreak = true
                            } else {
                                outcomes.sawNoBreak = true
                            }
                        }
                    }
                }
                table[Int(before) * Class.count + Int(after)] =
                    before == Class.lineFeed ? Pair.mandatory
                    : outcomes.sawBreak && outcomes.sawNoBreak ? Pair.dependsOnContext
                    : outcomes.sawBreak ? Pair.breaks : Pair.noBreak
            }
        }
        return table
    }()

    private static let asciiClasses: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 128)
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = Class.letter }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = Class.letter }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = Class.digit }
        for symbol in "#&*<=>@^_`~".utf8 { table[Int(symbol)] = Class.letter }
        for (characters, kind) in [
            (" ", Class.space), (".,;:", Class.infix), ("!?", Class.exclamation), ("'\"", Class.quote),
            ("-", Class.hyphen), ("(", Class.open), (")", Class.close), ("\n", Class.lineFeed),
        ] {
            for byte in characters.utf8 { table[Int(byte)] = kind }
        }
        return table
    }()

    /// The class of a scalar value above ASCII (0: not handled).
    private static func classOf(_ value: UInt32) -> UInt8 {
        // By script, so that a character tests only its own script's ranges.
        switch value {
        case ..<0x400:
            switch value {
            case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x17F: Class.letter
            case 0xAB, 0xBB: Class.quote
            case 0xA0: Class.glue
            default: 0
            }
        case ..<0x600:
            switch value {
            case 0x400...0x481, 0x48A...0x4FF: Class.letter
            default: 0
            }
        case ..<0x700:
            switch value {
            case 0x620...0x64A, 0x66D...0x66F, 0x671...0x6D3, 0x6D5: Class.letter
            case 0x660...0x669, 0x66B, 0x66C, 0x6F0...0x6F9: Class.digit
            case 0x60C: Class.infix
            case 0x61B, 0x61F, 0x6D4: Class.exclamation
            case 0x64B...0x65F, 0x670: Class.combiningMark
            default: 0
            }
        default:
            switch value {
            case 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A: Class.quote
            case 0x201A, 0x201E: Class.open
            case 0x2013: Class.breakAfter
            case 0x2014: Class.breakBothSides
            case 0x2026: Class.inseparable
            default: 0
            }
        }
    }

    /// The primary language subtags whose line breaking rules, for these characters, the tests
    /// compare with ICU's (nil: the root rules).
    static let languages: Set<String> = [
        "ar", "cs", "da", "de", "el", "en", "es", "fi", "fr", "he", "hi", "hu", "id", "it", "nb", "nl", "pl",
        "pt", "ro", "ru", "sv", "th", "tr", "uk", "vi",
    ]

    /// Whether `language` (a BCP 47 tag, nil for the root rules) breaks these characters as the
    /// root rules do.
    static func handles(language: String?) -> Bool {
        guard let language else { return true }
        // The primary subtag, the first piece between separators that is not empty, read in place:
        // splitting the tag into an array would cost more than finding a short label's
        // opportunities (bench: paragraphFitSplit.breakOpportunitiesPerShape).
        let bytes = language.utf8
        let isSeparator = { (byte: UInt8) in byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
        guard let start = bytes.firstIndex(where: { !isSeparator($0) }) else { return true }
        let end = bytes[start...].firstIndex(where: isSeparator) ?? bytes.endIndex
        return languages.contains(String(language[start..<end]).lowercased())
    }

    /// The break opportunities of `bytes` (UTF-8) as ICU's root line rules (CSS `line-break:
    /// normal`) give them, or nil when a character is not one of those handled here.
    static func opportunities(_ bytes: UnsafeBufferPointer<UInt8>) -> [LineBreakOpportunity]? {
        guard !bytes.isEmpty else { return [] }
        return asciiClasses.withUnsafeBufferPointer { ascii -> [LineBreakOpportunity]? in
            for byte in bytes {
                // The decoding beyond ASCII checks the rest of the bytes itself: read once, not
                // twice (bench: frenchParagraphFitPerShape).
                if byte >= 0x80 { return opportunitiesBeyondASCII(bytes, ascii: ascii) }
                if ascii[Int(byte)] == 0 { return nil }
            }
            // ASCII: the characters are the bytes.
            return breaks(count: bytes.count, classOf: { ascii[Int(bytes[$0])] }, offset: { $0 })
        }
    }

    /// ``opportunities(_:)`` of text beyond ASCII: each character's class, and the byte offset
    /// where it ends, then the pairs. Apart from the ASCII path, which it would otherwise change
    /// (bench: paragraphFitPerShape).
    @inline(never)
    private static func opportunitiesBeyondASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, ascii: UnsafeBufferPointer<UInt8>
    ) -> [LineBreakOpportunity]? {
        // Scratch that lives only as long as this call: on the stack where it fits (the standard
        // library falls back to the heap), neither allocated nor filled (bench:
        // frenchParagraphFitPerShape).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { classes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count) { ends in
                guard let count = classesBeyondASCII(bytes, ascii: ascii, classes: classes, ends: ends) else { return nil }
                return breaks(count: count, classOf: { classes[$0] }, offset: { ends[$0 - 1] })
            }
        }
    }

    /// The class of each character of `bytes`, text beyond ASCII, and the byte offset where it
    /// ends, written to the first `count` slots of `classes` and `ends` (one slot a byte), and
    /// `count`; nil when a character is not handled here. Every character handled above ASCII takes two or three bytes;
    /// anything else, or malformed UTF-8, is left to ICU. Written in place: an append per character
    /// cost as much as the rest of the decoding (bench: frenchParagraphFitPerShape).
    private static func classesBeyondASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, ascii: UnsafeBufferPointer<UInt8>,
        classes: UnsafeMutableBufferPointer<UInt8>, ends: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
                var count = 0
                var offset = 0
                while offset < bytes.count {
                    // A run of ASCII, most of the text, in a loop of its own: a character a byte,
                    // never a mark (bench: frenchParagraphFitPerShape).
                    while offset < bytes.count, bytes[offset] < 0x80 {
                        let kind = ascii[Int(bytes[offset])]
                        guard kind != 0 else { return nil }
                        // Both below the byte count: no overflow to check for.
                        offset &+= 1
                        classes[count] = kind
                        ends[count] = offset
                        count &+= 1
                    }
                    guard offset < bytes.count else { break }
                    let lead = UInt32(bytes[offset])
                    @inline(__always) func continuation(_ index: Int) -> UInt32? {
                        index < bytes.count && bytes[index] & 0xC0 == 0x80 ? UInt32(bytes[index] & 0x3F) : nil
                    }
                    var kind: UInt8
                    if lead < 0x80 {
                        kind = ascii[Int(lead)]
                        offset += 1
                    } else if lead & 0xE0 == 0xC0, let second = continuation(offset + 1) {
                        let value = (lead & 0x1F) << 6 | second
                        kind = value >= 0x80 ? classOf(value) : 0  // not an overlong ASCII
                        offset += 2
                    } else if lead & 0xF0 == 0xE0, let second = continuation(offset + 1),
                        let third = continuation(offset + 2)
                    {
                        let value = (lead & 0x0F) << 12 | second << 6 | third
                        kind = value >= 0x800 ? classOf(value) : 0  // not an overlong form
                        offset += 3
                    } else {
                        return nil
                    }
                    guard kind != 0 else { return nil }
                    if kind == Class.combiningMark {
                        // UAX #14 LB9: a mark belongs to the character before it, which keeps
                        // its class, unless that is a space or a line feed; LB10: then, or
                        // first, it is a letter.
                        if count > 0, classes[count - 1] != Class.space, classes[count - 1] != Class.lineFeed {
                            ends[count - 1] = offset
                            continue
                        }
                        kind = Class.letter
                    }
                    classes[count] = kind
                    ends[count] = offset
                    count += 1
                }
                return count
    }

    /// The opportunities of `count` characters of which `classOf` gives the classes; a break before
    /// character i is at byte `offset(i)`.
    @inline(__always)
    private static func breaks(
        count: Int, classOf characterClass: (Int) -> UInt8, offset: (Int) -> Int
    ) -> [LineBreakOpportunity] {
        @inline(__always) func classOf(_ index: Int) -> UInt8 { index >= 0 ? characterClass(index) : 0 }
        /// The class of the last character before the spaces that end at `index` (0 at the start
        /// of the text): what LB14, LB15 and LB17 read.
        func beforeSpaces(endingAt index: Int) -> UInt8 {
            var index = index
            while index >= 0 && classOf(index) == Class.space { index -= 1 }
            return classOf(index)
        }
        var result: [LineBreakOpportunity] = []
        result.reserveCapacity(count / 4 + 1)
        pairs.withUnsafeBufferPointer { pairs in
            var before = classOf(0)
            var index = 0
            while true {
                index += 1
                // Letters never break between them (LB28), whatever surrounds them: the letters of
                // a word, most of prose, are passed over without the table (bench:
                // paragraphFitPerShape, frenchParagraphFitPerShape).
                if before == Class.letter {
                    while index < count && classOf(index) == Class.letter { index += 1 }
                }
                guard index < count else { break }
                let after = classOf(index)
                switch pairs[Int(before) &* Class.count &+ Int(after)] {
                case Pair.breaks:
                    result.append(LineBreakOpportunity(offset: offset(index), isMandatory: false))
                case Pair.mandatory:
                    result.append(LineBreakOpportunity(offset: offset(index), isMandatory: true))
                case Pair.dependsOnContext where before == Class.space && after == Class.letter:
                    // The start of a word after spaces, most of a text's context-dependent pairs:
                    // only LB14 reads the context (no break after "(" and spaces), so the general
                    // rules below need not be run (bench: paragraphFitPerShape,
                    // frenchParagraphFitPerShape).
                    if beforeSpaces(endingAt: index - 1) != Class.open {
                        result.append(LineBreakOpportunity(offset: offset(index), isMandatory: false))
                    }
                case Pair.dependsOnContext:
                    // A hyphen begins a word at the start, after a line feed or after spaces, unless
                    // those spaces follow "(": ICU reads "(" and its spaces as one piece.
                    let hyphenFollows = classOf(index - 2)
                    let beginsWord =
                        index < 2 || hyphenFollows == Class.lineFeed
                        || (hyphenFollows == Class.space && beforeSpaces(endingAt: index - 2) != Class.open)
                    if Self.breaks(
                        before, after, beforeSpaces: beforeSpaces(endingAt: index - 1), beforeStartsWord: beginsWord,
                        next: index + 1 < count ? classOf(index + 1) : 0)
                    {
                        result.append(LineBreakOpportunity(offset: offset(index), isMandatory: false))
                    }
                default: break
                }
                before = after
            }
            result.append(LineBreakOpportunity(offset: offset(count), isMandatory: before == Class.lineFeed))
        }
        return result
    }

    /// Whether a line may break between a character of class `before` and one of class `after`
    /// (no line feed before; `next` follows `after`), by the rules of UAX #14 in their order as
    /// ICU implements them.
    @inline(__always)
    private static func breaks(
        _ before: UInt8, _ after: UInt8, beforeSpaces: UInt8, beforeStartsWord: Bool, next: UInt8
    ) -> Bool {
        switch after {
        case Class.lineFeed, Class.space, Class.close, Class.exclamation: return false  // LB6, LB7, LB13
        // LB13, except where a number starts with its point (" .5"): ICU's LB25 lets it break.
        case Class.infix: return before == Class.space && next == Class.digit && beforeSpaces != Class.open
        default: break
        }
        if before == Class.glue { return false }  // LB12
        if before == Class.space {
            // LB14: no break after "(" and spaces; LB15: nor between a quote, spaces and "(";
            // LB17: nor between em dashes and spaces.
            if beforeSpaces == Class.open || (beforeSpaces == Class.quote && after == Class.open)
                || (beforeSpaces == Class.breakBothSides && after == Class.breakBothSides)
            {
                return false
            }
            return true  // LB18
        }
        switch (before, after) {
        case (_, Class.glue): return before == Class.breakAfter || before == Class.hyphen  // LB12a
        case (Class.open, _): return false  // LB14
        case (Class.breakBothSides, Class.breakBothSides): return false  // LB17
        case (Class.quote, _), (_, Class.quote): return false  // LB19
        case (_, Class.hyphen), (_, Class.breakAfter): return false  // LB21
        case (Class.hyphen, Class.letter) where beforeStartsWord: return false  // LB20a
        case (_, Class.inseparable): return false  // LB22
        case (Class.letter, Class.digit), (Class.digit, Class.letter): return false  // LB23
        case (Class.hyphen, Class.digit), (Class.digit, Class.digit), (Class.infix, Class.digit): return false  // LB25
        case (Class.letter, Class.letter), (Class.infix, Class.letter): return false  // LB28, LB29
        case (Class.letter, Class.open), (Class.digit, Class.open), (Class.close, Class.letter), (Class.close, Class.digit):
            return false  // LB30
        default: return true  // LB31
        }
    }
}
