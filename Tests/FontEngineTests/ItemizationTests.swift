internal import CFontFitHarfBuzz
@testable import FontEngine
import Testing

/// Itemization answers some Unicode questions without HarfBuzz's tables; the answers must be its.
@Suite struct ItemizationTests {
    /// Every scalar up to U+2FFF (ASCII, Latin-1, Latin Extended-A and -B, and what follows, where
    /// the shortcut ends): the script is HarfBuzz's, and brackets open and close as their general
    /// category and mirrored form say.
    @Test func shortcutAnswersAreHarfBuzzs() {
        let functions = hb_unicode_funcs_get_default()
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let script = hb_unicode_script(functions, value).rawValue
            let bracket: Itemizer.Bracket? =
                switch hb_unicode_general_category(functions, value) {
                case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION: .opening(closing: hb_unicode_mirroring(functions, value))
                case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION: .closing
                default: nil
                }
            if Itemizer.script(of: scalar, functions: functions) != script
                || Itemizer.bracket(scalar, functions: functions) != bracket
            {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    /// Runs split where the script, the direction or a hard break does, with UTF-8 ranges that
    /// cover the text but its line breaks. A closing bracket takes its opening bracket's script,
    /// other common characters the script before them (UAX #24 as HarfBuzz and Pango apply it);
    /// the comma after the Hebrew word is Hebrew but, between it and a Latin letter in a
    /// left-to-right paragraph, left to right (UAX #9 rule N2).
    @Test func itemsFollowScriptsDirectionsAndBreaks() throws {
        let font = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let text = "Été (Жук) שלום, x\nΩμέγα"
        let items = Itemizer.itemize(text, fonts: FontStack(font), options: ShapingOptions()).items
        let pieces = items.map { item in
            (String(decoding: Array(text.utf8)[item.range], as: UTF8.self), HBTag.string(item.script), item.level)
        }
        #expect(pieces.map(\.0) == ["Été (", "Жук", ") ", "שלום", ", ", "x", "Ωμέγα"])
        #expect(pieces.map(\.1) == ["Latn", "Cyrl", "Latn", "Hebr", "Hebr", "Latn", "Grek"])
        #expect(pieces.map(\.2) == [0, 0, 0, 1, 0, 0, 0])
    }
}
