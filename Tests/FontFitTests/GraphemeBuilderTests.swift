@testable import FontFit
import Testing
import FontFitTestSupport

/// `Graphemes` is built by one of three loops, picked by what ``ASCIIScan`` reads of the text: the
/// general one over the grapheme walk, one for ASCII with line breaks, and one for ASCII without
/// (byte by byte). Each must give what its reference, `Graphemes(byCharacter:)` (`for character in
/// text` with `Character.isWhitespace` and `isNewline`), gives.
@Suite struct GraphemeBuilderTests {
    struct Row: Equatable, CustomStringConvertible {
        var bytes: Range<Int>
        var isWhitespace: Bool
        var isNewline: Bool
        var description: String { "\(bytes)\(isWhitespace ? " white" : "")\(isNewline ? " newline" : "")" }
    }

    /// What line breaking reads of graphemes, whichever loop built them: each grapheme's bytes and
    /// kind, and the grapheme of every byte.
    static func table(_ graphemes: Graphemes, of text: String) -> (rows: [Row], owners: [Int]) {
        let rows = text.withUTF8Bytes { utf8 in
            (0..<graphemes.count).map { index in
                let bytes =
                    graphemes.isByteByByte
                    ? index..<(index + 1)
                    : graphemes.starts[index]..<(index + 1 < graphemes.count ? graphemes.starts[index + 1] : graphemes.byteCount)
                return Row(
                    bytes: bytes, isWhitespace: graphemes.isWhitespace[index],
                    isNewline: graphemes.isNewline(index, bytes: utf8))
            }
        }
        return (rows, (0..<graphemes.byteCount).map(graphemes.index(containingByte:)))
    }

    /// The reference table: the clusters of `Graphemes(byCharacter:)`, each newline as
    /// `Character.isNewline` says.
    static func referenceTable(_ text: String) -> (rows: [Row], owners: [Int]) {
        var table = Self.table(Graphemes(byCharacter: text), of: text)
        for (index, character) in text.enumerated() { table.rows[index].isNewline = character.isNewline }
        return table
    }

    static func scan(_ text: String) -> ASCIIScan {
        var text = text
        return text.withUTF8 { ASCIIScan($0) }
    }

    /// Every ASCII character that is white space or a newline (tab, LF, VT, FF, CR, space, and CR LF
    /// together), the separators U+001C–U+001F (neither), other controls, letters and punctuation;
    /// for mixed text, white space and newlines beyond ASCII, marks on spaces and on CR, joined
    /// emoji, a prepended mark, Hangul and CJK. Each text is given to every builder that can take
    /// it, chosen through the scan passed in: the general loop takes any text (told it is not
    /// ASCII), the line loop any ASCII text (told it has a line break), the byte-by-byte loop ASCII
    /// without line breaks.
    @Test func everyBuilderGivesTheReferenceGraphemes() {
        let singleLine = ["a", "Z", "0", ".", "-", " ", "  ", "\t", "\u{0}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{1F}", "\u{7F}", "\u{8}"]
        let breaks = ["\n", "\u{B}", "\u{C}", "\r", "\r\n", "\n\r", "\r\r\n"]
        let beyond = [
            "é", "e\u{301}", " \u{301}", "\r\u{301}", "\n\u{308}", "\u{A0}", "\u{85}", "\u{1680}", "\u{2000}", "\u{2009}",
            "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{3000}", "\u{FEFF}", "\u{AD}", "👨‍👩‍👧", "🇫🇷", "👍🏽",
            "\u{600} ", "\u{1100}\u{1161}", "한", "日本", "\u{915}\u{94D}\u{937}", "\u{FFFC}",
        ]
        let seed: UInt64 = 0x64A9_0001
        var generator = SplitMix64(seed: seed)
        var built = (general: 0, lines: 0, byteByByte: 0)
        for round in 0..<6000 {
            let pool = [singleLine, singleLine + breaks, singleLine + breaks + beyond][round % 3]
            let text = (0..<Int.random(in: 0...20, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
                .joined()
            let context = "\(text.debugDescription), seed 0x\(String(seed, radix: 16)) round \(round)"
            let reference = Self.referenceTable(text)
            let scan = Self.scan(text)
            var builders = [(name: String, graphemes: Graphemes)]()
            builders.append(("chosen", Graphemes(text)))
            var notASCII = scan
            notASCII.isASCII = false
            builders.append(("general", Graphemes(text, scan: notASCII)))
            built.general += 1
            if scan.isASCII {
                var withBreak = scan
                withBreak.hasHardBreak = true
                let lines = Graphemes(text, scan: withBreak)
                #expect(!lines.isByteByByte, "\(context)")
                builders.append(("ASCII lines", lines))
                built.lines += 1
                if !scan.hasHardBreak {
                    let byteByByte = Graphemes(text, scan: scan)
                    #expect(byteByByte.isByteByByte, "\(context)")
                    builders.append(("byte by byte", byteByByte))
                    built.byteByByte += 1
                }
            }
            for (name, graphemes) in builders {
                let table = Self.table(graphemes, of: text)
                #expect(table.rows == reference.rows, "\(name): \(context)")
                #expect(table.owners == reference.owners, "\(name): \(context)")
                #expect(graphemes.hasSoftHyphen == text.unicodeScalars.contains("\u{AD}"), "\(name): \(context)")
            }
        }
        #expect(built.lines > 3000 && built.byteByByte > 1500, "\(built)")
    }

    /// Text beyond ASCII whose scalars mostly stand alone (Latin, Cyrillic, punctuation), with now
    /// and then one that joins its neighbour or a CR: the general builder writes lone scalars as
    /// it decodes them and hands over to the grapheme walk at the first that may join, anywhere in
    /// the text.
    @Test func loneScalarsHandOverToTheWalkAnywhere() {
        let lone = ["a", "Z", " ", ".", "é", "à", "\u{2019}", "\u{AB}", "\u{BB}", "\u{A0}", "\u{416}", "\u{85}", "\n", "\t"]
        let joining = ["\u{301}", "\r", "\r\n", "\u{200D}", "👍🏽", "🇫🇷", "\u{AD}", "\u{600}", "日", "\u{1100}\u{1161}", "\u{915}\u{94D}"]
        let seed: UInt64 = 0x64A9_0002
        var generator = SplitMix64(seed: seed)
        for round in 0..<3000 {
            let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Int.random(in: 0..<20, using: &generator) == 0
                    ? joining.randomElement(using: &generator)! : lone.randomElement(using: &generator)!
            }.joined()
            var notASCII = Self.scan(text)
            notASCII.isASCII = false
            let graphemes = Graphemes(text, scan: notASCII)
            let table = Self.table(graphemes, of: text)
            let reference = Self.referenceTable(text)
            let context = "\(text.debugDescription), seed 0x\(String(seed, radix: 16)) round \(round)"
            #expect(table.rows == reference.rows, "\(context)")
            #expect(table.owners == reference.owners, "\(context)")
            #expect(graphemes.hasSoftHyphen == text.unicodeScalars.contains("\u{AD}"), "\(context)")
        }
    }
}
