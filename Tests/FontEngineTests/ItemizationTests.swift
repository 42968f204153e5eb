internal import CFontFitHarfBuzz
internal import CFontFitICU
@testable import FontEngine
import Testing
import FontFitTestSupport

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

    /// Every code point whose Script_Extensions (ICU's) name several scripts while its script is
    /// common or inherited, and every East Asian wide common opening bracket, lies where
    /// `mayHaveScriptExtensions` looks: the blocks outside it are never asked of ICU.
    @Test func scriptExtensionBlocksHoldEveryCharacterOfSeveralScripts() {
        let functions = hb_unicode_funcs_get_default()
        var outside: [UInt32] = []
        var several = 0
        var tags = [UInt32](repeating: 0, count: 32)
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !Itemizer.isOwnScript(hb_unicode_script(functions, value).rawValue)
            else { continue }
            let count = cfontfit_script_extensions(value, &tags, 32)
            let wideBracket: Bool
            if case .opening = Itemizer.bracket(scalar, functions: functions) {
                wideBracket = cfontfit_is_east_asian_wide(value) != 0
            } else {
                wideBracket = false
            }
            guard count > 1 || wideBracket else { continue }
            several += 1
            if !Itemizer.mayHaveScriptExtensions(value) { outside.append(value) }
        }
        #expect(several > 200)
        #expect(outside.isEmpty, "\(outside.prefix(10).map { String($0, radix: 16) })")
    }

    /// Script runs follow Script_Extensions as Blink's do: 「 after Latin text starts a CJK run
    /// that keeps the space and "(" after 」 (Chromium 156 does not kern "(" with the "e" of
    /// "exit" in Inter); 、 between Latin words is a run of its own, in the script ICU numbers
    /// first of its extensions (Bopomofo), as Blink prefers; between kana and kanji it joins the
    /// run it follows; ー stays in a katakana run; a fullwidth "（" after Latin text starts a CJK
    /// run, as 「 does.
    @Test func scriptRunsFollowScriptExtensions() throws {
        let font = PiecewiseShapingTests.font
        let fonts = try FontStack(["Inter-roman.var.ttf", "NotoSansArabic-Regular.ttf", "ipaexg.ttf"].map(font))
        func runs(_ text: String, _ fonts: FontStack) -> [String] {
            Itemizer.itemize(text, fonts: fonts, options: ShapingOptions()).items.map { item in
                let bytes = Array(text.utf8)[item.range]
                return HBTag.string(item.script) + ":" + String(decoding: bytes, as: UTF8.self)
            }
        }
        #expect(runs("said 「出口」 (exit)", fonts) == ["Latn:said ", "Hani:「出口」", "Hani: (", "Latn:exit", "Hani:)"])
        let dejaVu = try FontStack(font("DejaVuSans.ttf"))
        #expect(runs("Hello、world", dejaVu) == ["Latn:Hello", "Bopo:、", "Latn:world"])
        #expect(runs("東京、タワー、日本", try FontStack(font("ipaexg.ttf"))) == ["Hani:東京、", "Kana:タワー、", "Hani:日本"])
        #expect(runs("abc（def）", dejaVu) == ["Latn:abc", "Bopo:（", "Latn:def", "Bopo:）"])
        // Without such characters the runs are UAX #24's: brackets take their pair's.
        #expect(runs("abc (שלום) def", dejaVu) == ["Latn:abc (", "Hebr:שלום", "Latn:) def"])
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
        let seed: UInt64 = 0x17E3_0001
        var generator = SplitMix64(seed: seed)
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
                #expect(
                    item.range.lowerBound >= previousEnd && item.range.upperBound <= bytes.count,
                    "\(text.debugDescription), seed 0x\(String(seed, radix: 16))")
                let piece = String(decoding: bytes[item.range], as: UTF8.self)
                for offset in item.range { covered[offset] = true }
                for scalar in piece.unicodeScalars {
                    let script = hb_unicode_script(functions, scalar.value).rawValue
                    if Itemizer.isOwnScript(script) {
                        #expect(script == item.script, "\(piece.debugDescription) in \(text.debugDescription), seed 0x\(String(seed, radix: 16))")
                    }
                }
                if index > 0 {
                    let previous = items[index - 1]
                    let between = bytes[previous.range.upperBound..<item.range.lowerBound]
                    #expect(
                        between.contains(0x0A) || previous.level != item.level || previous.script != item.script,
                        "\(text.debugDescription), seed 0x\(String(seed, radix: 16))")
                }
                previousEnd = item.range.upperBound
            }
            for offset in bytes.indices {
                #expect(covered[offset] == (bytes[offset] != 0x0A), "\(text.debugDescription) at \(offset), seed 0x\(String(seed, radix: 16))")
            }
        }
    }

    /// Text of one script with common and inherited characters (letters of Latin, Cyrillic or
    /// Greek, marks, digits, brackets, spaces, emoji, every newline character): the one-pass path
    /// gives the general path's items and direction, with every option that reaches it; text it
    /// must leave alone (a second script, a right-to-left or directional character) it declines.
    @Test func oneScriptTextGetsTheGeneralItems() throws {
        let font = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let scripts: [[Unicode.Scalar]] = [["a", "é", "ß", "ǅ"], ["Ж", "ї", "д"], ["λ", "Ω"]]
        let common: [Unicode.Scalar] = [
            " ", "\u{A0}", "1", "(", ")", "[", "]", "«", "»", "\u{2019}", ",", "\u{301}", "\u{308}", "😀", "\u{200D}",
            "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{B}",
        ]
        let others: [Unicode.Scalar] = ["\u{5D0}", "\u{645}", "\u{200F}", "\u{202E}", "\u{2067}", "中", "\u{E01}"]
        let options = [
            ShapingOptions(), ShapingOptions(direction: .leftToRight), ShapingOptions(direction: .topToBottom),
            ShapingOptions(script: "Latn"), ShapingOptions(language: "ru"),
        ]
        let seed: UInt64 = 0x17E3_0002
        var generator = SplitMix64(seed: seed)
        var taken = 0, declined = 0
        for round in 0..<3000 {
            var pool = scripts[round % scripts.count] + common
            if round % 5 == 0 { pool += [others.randomElement(using: &generator)!] }
            if round % 7 == 0 { pool += scripts[(round + 1) % scripts.count] }
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            let option = options[round % options.count]
            let general = Itemizer.generalItems(text, fonts: FontStack(font), options: option)
            guard let fast = Itemizer.oneScriptItems(text, fonts: FontStack(font), options: option) else {
                declined += 1
                continue
            }
            taken += 1
            #expect(Array(fast.items) == Array(general.items), "\(text.debugDescription), seed 0x\(String(seed, radix: 16)) round \(round)")
            #expect(fast.baseLevel == general.baseLevel, "\(text.debugDescription), seed 0x\(String(seed, radix: 16)) round \(round)")
        }
        // Most texts take the one-pass path; those with a second script or a bidi character do not.
        #expect(taken > 2000 && declined > 300, "taken \(taken), declined \(declined)")
        #expect(Itemizer.oneScriptItems("abc \u{5D0}", fonts: FontStack(font), options: ShapingOptions()) == nil)
        #expect(Itemizer.oneScriptItems("abc Жд", fonts: FontStack(font), options: ShapingOptions()) == nil)
        #expect(Itemizer.oneScriptItems("abc", fonts: FontStack(font), options: ShapingOptions(direction: .rightToLeft)) == nil)
    }

    /// Long runs of ASCII between characters beyond it, with and without hard breaks: the one-pass
    /// path, reading the ASCII from the scan (and skipping it a word at a time), gives the general
    /// path's items.
    @Test func oneScriptTextReadsItsASCIIFromTheScan() throws {
        let font = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let ascii: [Unicode.Scalar] = ["a", "Z", " ", "1", ".", "(", ")", "\n", "\r", "\u{B}", "-"]
        let beyond: [Unicode.Scalar] = ["é", "ß", "\u{A0}", "\u{2019}", "«", "\u{85}", "\u{2028}", "Ж", "\u{301}", "\u{5D0}"]
        let seed: UInt64 = 0x17E3_0003
        var generator = SplitMix64(seed: seed)
        var taken = 0
        for round in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...80, using: &generator) {
                let pool = Int.random(in: 0..<12, using: &generator) == 0 ? beyond : ascii
                var scalar = pool.randomElement(using: &generator)!
                // Half the texts without hard breaks: their ASCII is skipped a word at a time.
                if round % 2 == 0 && ["\n", "\r", "\u{B}"].contains(scalar) { scalar = " " }
                text.unicodeScalars.append(scalar)
            }
            var copy = text
            let scan = copy.withUTF8 { ASCIIScan($0) }
            let general = Itemizer.generalItems(text, fonts: FontStack(font), options: ShapingOptions())
            let context = "\(text.debugDescription), seed 0x\(String(seed, radix: 16)) round \(round)"
            let fast = Itemizer.oneScriptItems(text, fonts: FontStack(font), options: ShapingOptions(), scan: scan)
            #expect((fast == nil) == (Itemizer.oneScriptItems(text, fonts: FontStack(font), options: ShapingOptions()) == nil), "\(context)")
            guard let fast else { continue }
            taken += 1
            #expect(Array(fast.items) == Array(general.items), "\(context)")
        }
        #expect(taken > 1000, "taken \(taken)")
    }

    /// The fast paths against their reference, ``Itemizer/generalItems(_:fonts:options:)``, which
    /// `itemize` falls to when neither takes the text: random texts in one script or two (Latin,
    /// Cyrillic, Greek, Thai, Devanagari, kana, Han) with common and inherited characters, emoji,
    /// every newline character and now and then a right-to-left or directional character, in single
    /// fonts and in fallback stacks whose primary font lacks many of the characters. `itemize`
    /// gives the reference's items and direction, and so does the one-script path wherever it
    /// answers. Texts drawn from ASCII alone hold the ASCII path to the same reference.
    @Test func fastPathsGiveTheReferenceItemsWithFallbackFonts() throws {
        let font = PiecewiseShapingTests.font
        let stacks = try [
            FontStack(font("DejaVuSans.ttf")),
            FontStack(font("Cantarell-Regular.otf")),
            FontStack(
                [
                    "DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
                    "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "ipaexg.ttf", "EmojiSubset.ttf",
                ].map(font)),
            FontStack(["Cantarell-Regular.otf", "NotoSansThai-Regular.ttf", "DejaVuSans.ttf", "ipaexg.ttf"].map(font)),
            FontStack(["ipaexg.ttf", "DejaVuSans.ttf"].map(font)),
        ]
        let scripts: [[Unicode.Scalar]] = [
            ["a", "Z", "é", "ß", "ǅ"], ["Ж", "ї", "д"], ["λ", "Ω"], ["\u{E01}", "\u{E32}", "\u{E48}"],
            ["\u{915}", "\u{94D}", "\u{937}", "\u{93F}"], ["\u{304B}", "\u{3099}", "\u{30FC}"], ["\u{65E5}", "\u{672C}"],
        ]
        let common: [Unicode.Scalar] = [
            " ", "\u{A0}", "1", "(", ")", "«", "»", "\u{2019}", ",", "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}", "😀",
            "\u{2764}", "\u{3001}", "\u{FFFC}", "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{B}",
        ]
        let ascii: [Unicode.Scalar] = ["a", "Z", " ", "1", "(", ")", ",", "\n", "\r", "\t", "\u{C}"]
        let others: [Unicode.Scalar] = ["\u{5D0}", "\u{645}", "\u{200F}", "\u{202E}", "\u{2067}"]
        let options = [
            ShapingOptions(), ShapingOptions(direction: .leftToRight), ShapingOptions(direction: .topToBottom),
            ShapingOptions(script: "Latn"), ShapingOptions(language: "ru"), ShapingOptions(direction: .rightToLeft),
        ]
        let seed: UInt64 = 0x17E3_0003
        var generator = SplitMix64(seed: seed)
        var oneScriptTaken = 0, takenWithMissing = 0
        for round in 0..<4000 {
            var pool: [Unicode.Scalar]
            if round % 6 == 0 {
                pool = ascii
            } else {
                pool = scripts.randomElement(using: &generator)! + common
                if round % 5 == 0 { pool += [others.randomElement(using: &generator)!] }
                if round % 7 == 0 { pool += scripts.randomElement(using: &generator)! }
            }
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            let fonts = stacks[round % stacks.count]
            let option = options.randomElement(using: &generator)!
            let context = "\(text.debugDescription) in stack \(round % stacks.count), \(option), seed 0x\(String(seed, radix: 16)) round \(round)"
            let reference = Itemizer.generalItems(text, fonts: fonts, options: option)
            let itemized = Itemizer.itemize(text, fonts: fonts, options: option)
            #expect(Array(itemized.items) == Array(reference.items), "\(context)")
            #expect(itemized.baseLevel == reference.baseLevel, "\(context)")
            if let oneScript = Itemizer.oneScriptItems(text, fonts: fonts, options: option) {
                oneScriptTaken += 1
                if text.unicodeScalars.contains(where: { fonts.primary.glyph(for: $0) == nil }) { takenWithMissing += 1 }
                #expect(Array(oneScript.items) == Array(reference.items), "\(context)")
                #expect(oneScript.baseLevel == reference.baseLevel, "\(context)")
            }
        }
        // The one-script path answers many of the texts, among them texts with characters the
        // primary font lacks (in a single font, which has nothing to fall back to).
        // (Texts with 、 in a script its extensions lack are not among them: 、 is a run of its own
        // there, which the general path finds.)
        #expect(oneScriptTaken > 800 && takenWithMissing > 200, "taken \(oneScriptTaken), \(takenWithMissing) with missing characters")
    }
}
