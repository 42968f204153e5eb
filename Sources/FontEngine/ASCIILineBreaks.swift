/// UAX #14 line breaking of plain ASCII prose without ICU: letters, digits, spaces, line feeds and
/// the common punctuation `. , ; : ! ? ' " - ( )` plus the symbols that break like letters. ICU's
/// rule machine costs a wrapped fit a tenth of one `hb_shape`; for text made only of these
/// characters the rules reduce to a table of class pairs, and the few boundaries the pair does not
/// settle read a little context: what precedes a run of spaces, whether a hyphen begins a word, and
/// whether a point is followed by a digit. Text with any other character, and every language whose
/// rules the tests have not compared with ICU's, is left to ICU.
enum ASCIILineBreaks {
    /// The UAX #14 classes of the characters handled here (0: not handled).
    private enum Class {
        static let letter: UInt8 = 1  // AL
        static let digit: UInt8 = 2  // NU
        static let space: UInt8 = 3  // SP
        static let infix: UInt8 = 4  // IS: . , ; :
        static let exclamation: UInt8 = 5  // EX: ! ?
        static let quote: UInt8 = 6  // QU: ' "
        static let hyphen: UInt8 = 7  // HY: -
        static let open: UInt8 = 8  // OP: (
        static let close: UInt8 = 9  // CP: )
        static let lineFeed: UInt8 = 10  // LF
        static let count = 11
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
    /// those the rules tell apart: "(", a quote or anything else before spaces, a hyphen that does
    /// or does not begin a word, a digit or anything else next.
    private static let pairs: [UInt8] = {
        var table = [UInt8](repeating: Pair.noBreak, count: Class.count * Class.count)
        for before in 1..<UInt8(Class.count) {
            for after in 1..<UInt8(Class.count) {
                var outcomes: (sawBreak: Bool, sawNoBreak: Bool) = (false, false)
                for beforeSpaces in [0, Class.open, Class.quote] {
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

    private static let classes: [UInt8] = {
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
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
        return primary.map(languages.contains) ?? true
    }

    /// The break opportunities of `bytes` as ICU's root line rules (CSS `line-break: normal`) give
    /// them, or nil when a byte is not one of the characters handled here.
    static func opportunities(_ bytes: UnsafeBufferPointer<UInt8>) -> [LineBreakOpportunity]? {
        guard !bytes.isEmpty else { return [] }
        return classes.withUnsafeBufferPointer { classes -> [LineBreakOpportunity]? in
            for byte in bytes where byte >= 0x80 || classes[Int(byte)] == 0 { return nil }
            @inline(__always) func classOf(_ index: Int) -> UInt8 { index >= 0 ? classes[Int(bytes[index])] : 0 }
            /// The class of the last character before the spaces that end at `index` (0 at the
            /// start of the text): what LB14 and LB15 read.
            func beforeSpaces(endingAt index: Int) -> UInt8 {
                var index = index
                while index >= 0 && classOf(index) == Class.space { index -= 1 }
                return classOf(index)
            }
            var result: [LineBreakOpportunity] = []
            result.reserveCapacity(bytes.count / 4 + 1)
            pairs.withUnsafeBufferPointer { pairs in
                var before = classOf(0)
                for index in 1..<bytes.count {
                    let after = classOf(index)
                    switch pairs[Int(before) &* Class.count &+ Int(after)] {
                    case Pair.breaks:
                        result.append(LineBreakOpportunity(offset: index, isMandatory: false))
                    case Pair.mandatory:
                        result.append(LineBreakOpportunity(offset: index, isMandatory: true))
                    case Pair.dependsOnContext:
                        // A hyphen begins a word at the start, after a line feed or after spaces,
                        // unless those spaces follow "(": ICU reads "(" and its spaces as one piece.
                        let hyphenFollows = classOf(index - 2)
                        let beginsWord =
                            index < 2 || hyphenFollows == Class.lineFeed
                            || (hyphenFollows == Class.space && beforeSpaces(endingAt: index - 2) != Class.open)
                        if breaks(
                            before, after, beforeSpaces: beforeSpaces(endingAt: index - 1), beforeStartsWord: beginsWord,
                            next: index + 1 < bytes.count ? classOf(index + 1) : 0)
                        {
                            result.append(LineBreakOpportunity(offset: index, isMandatory: false))
                        }
                    default: break
                    }
                    before = after
                }
                result.append(LineBreakOpportunity(offset: bytes.count, isMandatory: before == Class.lineFeed))
            }
            return result
        }
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
        if before == Class.space {
            // LB14: no break after "(" and spaces; LB15: nor between a quote, spaces and "(".
            if beforeSpaces == Class.open || (beforeSpaces == Class.quote && after == Class.open) { return false }
            return true  // LB18
        }
        switch (before, after) {
        case (Class.open, _): return false  // LB14
        case (Class.quote, _), (_, Class.quote): return false  // LB19
        case (_, Class.hyphen): return false  // LB21
        case (Class.hyphen, Class.letter) where beforeStartsWord: return false  // LB20a
        case (Class.letter, Class.digit), (Class.digit, Class.letter): return false  // LB23
        case (Class.hyphen, Class.digit), (Class.digit, Class.digit), (Class.infix, Class.digit): return false  // LB25
        case (Class.letter, Class.letter), (Class.infix, Class.letter): return false  // LB28, LB29
        case (Class.letter, Class.open), (Class.digit, Class.open), (Class.close, Class.letter), (Class.close, Class.digit):
            return false  // LB30
        default: return true  // LB31
        }
    }
}
