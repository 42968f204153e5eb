@testable import FontEngine
import Testing
import FontFitTestSupport

/// Font fallback remembers each character's coverage (``FontChooser``); the choices must be those
/// worked out font by font, cluster by cluster.
@Suite struct FontChooserTests {
    static let stack = try! FontStack(
        ["DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "ipaexg.ttf", "EmojiSubset.ttf"]
            .map { try PiecewiseShapingTests.font($0) })

    /// Characters to draw clusters from: Latin, Arabic with harakat, Devanagari with matras and
    /// virama, kana with a combining voiced mark, emoji with a ZWJ and the presentation selector,
    /// a thin space, an inline-image placeholder, joiners, a soft hyphen, and Thai, which no font
    /// of the stack has.
    static let pool: [Unicode.Scalar] = [
        "a", "Z", " ", ",", "\u{E9}", "\u{0301}", "\u{0645}", "\u{0631}", "\u{064E}", "\u{0915}", "\u{094D}",
        "\u{0937}", "\u{093F}", "\u{304B}", "\u{3099}", "\u{6771}", "\u{1F468}", "\u{200D}", "\u{1F469}",
        "\u{2764}", "\u{FE0F}", "\u{2009}", "\u{FFFC}", "\u{200C}", "\u{AD}", "\u{0E01}", "\u{0640}",
    ]

    @Test func rememberedChoicesAreTheFontByFontOnes() {
        let seed: UInt64 = 0xF0C4_0001
        var generator = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let length = Int.random(in: 1...40, using: &generator)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in Self.pool.randomElement(using: &generator)! }))
            // A small chooser, so that characters also evict one another from its slots.
            var chooser = FontChooser(Self.stack, scalarCount: 1)
            var previous = 0
            for character in text {
                let remembered = chooser.fontIndex(for: character.unicodeScalars, previous: previous)
                let direct = FontChooser.fontByFont(character.unicodeScalars, previous: previous, in: Self.stack)
                #expect(remembered == direct, "\(character.unicodeScalars.map { String($0.value, radix: 16) }) in \(text.debugDescription), seed 0x\(String(seed, radix: 16))")
                previous = remembered ?? 0
            }
        }
    }

    @Test func thePresentationSelectorAsksForTheColourFont() throws {
        // DejaVu Sans has U+2764 in black and white; the emoji font, last, has it in colour.
        let heart: Unicode.Scalar = "\u{2764}"
        try #require(Self.stack[0].glyph(for: heart) != nil && !Self.stack[0].hasColorGlyphs)
        try #require(Self.stack[4].glyph(for: heart) != nil && Self.stack[4].hasColorGlyphs)
        var chooser = FontChooser(Self.stack, scalarCount: 8)
        #expect(chooser.fontIndex(for: "\u{2764}".unicodeScalars, previous: 0) == 0)
        #expect(chooser.fontIndex(for: "\u{2764}\u{FE0F}".unicodeScalars, previous: 0) == 4)
        #expect(chooser.fontIndex(for: "\u{200D}".unicodeScalars, previous: 3) == 3, "a joiner stays in the font before it")
        #expect(chooser.fontIndex(for: "\u{0E01}".unicodeScalars, previous: 0) == nil, "no font of the stack has Thai")
    }

    /// The shortcut that answers most text without the Unicode tables: default ignorables start at
    /// the soft hyphen.
    @Test func noCharacterBelowTheSoftHyphenIsDefaultIgnorable() {
        let below = (0..<0xAD).compactMap(Unicode.Scalar.init).filter(\.properties.isDefaultIgnorableCodePoint)
        #expect(below.isEmpty)
        #expect(Unicode.Scalar(0xAD)!.properties.isDefaultIgnorableCodePoint)
    }
}
