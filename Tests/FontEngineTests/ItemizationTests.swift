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

    /// Random texts mixing Latin, Cyrillic, Hebrew and Arabic letters with digits, spaces, brackets,
    /// punctuation and line feeds: the items cover every byte but the line feeds, in order; every
    /// character of an item that has a script of its own has the item's script, by HarfBuzz's
    /// tables; and two items meet only where the level, the script or a line feed changes.
    @Test func itemsSplitWhereScriptsLevelsAndBreaksDo() throws {
        let font = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let functions = hb_unicode_funcs_get_default()
        let pool: [Unicode.Scalar] = [
            "a", "Z", "é", "Ж", "ї", "\u{5D0}", "\u{5E9}", "\u{645}", "\u{631}", "\u{64E}", "1", "\u{661}", " ", "(", ")",
            ",", ".", "\n",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            let bytes = Array(text.utf8)
            let items = Itemizer.itemize(text, fonts: FontStack(font), options: ShapingOptions()).items
            var covered = [Bool](repeating: false, count: bytes.count)
            var previousEnd = 0
            for (index, item) in items.enumerated() {
                #expect(item.range.lowerBound >= previousEnd && item.range.upperBound <= bytes.count)
                let piece = String(decoding: bytes[item.range], as: UTF8.self)
                for offset in item.range { covered[offset] = true }
                for scalar in piece.unicodeScalars {
                    let script = hb_unicode_script(functions, scalar.value).rawValue
                    if Itemizer.isOwnScript(script) { #expect(script == item.script, "\(piece.debugDescription)") }
                }
                if index > 0 {
                    let previous = items[index - 1]
                    let between = bytes[previous.range.upperBound..<item.range.lowerBound]
                    #expect(
                        between.contains(0x0A) || previous.level != item.level || previous.script != item.script,
                        "\(text.debugDescription)")
                }
                previousEnd = item.range.upperBound
            }
            for offset in bytes.indices {
                #expect(covered[offset] == (bytes[offset] != 0x0A), "\(text.debugDescription) at \(offset)")
            }
        }
    }
}
