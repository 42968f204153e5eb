@testable import FontEngine
import FontFitTestSupport
import Foundation
import Testing

/// Ink is read from glyph bounds kept per font (`GlyphBoundsCache`) in one pass over the shaped
/// runs (`inkAndAdvance`): the bounds must be HarfBuzz's, glyph by glyph, and the pass's ink and
/// advance the walk's (`walkedInkBounds`, `walk`), to the bit.
@Suite struct GlyphBoundsCacheTests {
    static func font(_ name: String, variations: [FontVariation] = []) throws -> Font {
        try Font(face: FontFace(contentsOf: fixture("fonts/" + name)), variations: variations)
    }

    /// Every glyph of outline, CFF, variable and bitmap fonts, and ids past the last glyph, read
    /// twice (once filling the cache, once from it), against HarfBuzz read directly.
    @Test func cachedBoundsAreHarfBuzzsForEveryGlyph() throws {
        let fonts = [
            try Self.font("DejaVuSans.ttf"), try Self.font("Cantarell-Regular.otf"),
            try Self.font("Inter-roman.var.ttf"), try Self.font("Inter-roman.var.ttf", variations: [FontVariation(tag: "wght", value: 650)]),
            try Self.font("EmojiSubset.ttf"), try Self.font("NotoSansArabic-Regular.ttf"),
            // Bounds past 16 bits, which the cache cannot pack: read from HarfBuzz every time.
            try Self.font("DejaVuSans.ttf").rescaled(to: 1 << 20),
        ]
        for font in fonts {
            let ids = (0..<UInt32(font.face.glyphCount + 300)).map { $0 }
            for _ in 0..<2 {
                for id in ids {
                    #expect(font.glyphBounds(id) == font.uncachedGlyphBounds(id), "\(font.face) glyph \(id)")
                }
            }
            #expect(ids.contains { font.glyphBounds($0) != nil } && ids.contains { font.glyphBounds($0) == nil })
        }
    }

    /// A variation instance has bounds of its own: two instances of one face keep them apart.
    @Test func eachInstanceKeepsItsOwnBounds() throws {
        let light = try Self.font("Inter-roman.var.ttf", variations: [FontVariation(tag: "wght", value: 100)])
        let black = try Self.font("Inter-roman.var.ttf", variations: [FontVariation(tag: "wght", value: 900)])
        let m = try #require(light.glyph(for: "m"))
        _ = light.glyphBounds(m)
        #expect(black.glyphBounds(m) == black.uncachedGlyphBounds(m))
        #expect(light.glyphBounds(m) != black.glyphBounds(m))
    }

    @Test func packedWordsHoldBoundsOrSayWhyNot() {
        var random = SplitMix64(seed: 0xb0_0d5)
        for _ in 0..<10_000 {
            func field() -> Int { Int(Int16.min) + Int(random.next() % 65_536) }
            let (a, b, c, d) = (field(), field(), field(), field())
            let bounds = GlyphBounds(xMin: min(a, c), yMin: min(b, d), xMax: max(a, c), yMax: max(b, d))
            let word = GlyphBoundsCache.Packed.word(bounds)
            guard bounds != GlyphBounds(xMin: 0, yMin: 0, xMax: 0, yMax: 0) else { continue }
            #expect(word != 0 && GlyphBoundsCache.Packed.bounds(word) == bounds, "\(bounds)")
        }
        #expect(GlyphBoundsCache.Packed.word(nil) == GlyphBoundsCache.Packed.noBounds)
        #expect(GlyphBoundsCache.Packed.bounds(GlyphBoundsCache.Packed.noBounds) == nil)
        let wide = GlyphBounds(xMin: -40_000, yMin: 0, xMax: 10, yMax: 10)
        #expect(GlyphBoundsCache.Packed.word(wide) == GlyphBoundsCache.Packed.unpackable)
        #expect(GlyphBoundsCache.Packed.bounds(GlyphBoundsCache.Packed.unpackable) == nil)
    }

    /// Random texts in five scripts and both directions, through a five-font stack, whole and in
    /// random byte ranges: the one pass gives the walk's ink and advance to the bit.
    @Test(arguments: [UInt64(0x1c_01), 0x1c_02, 0x1c_03])
    func passOverRunsGivesTheWalksInkAndAdvance(seed: UInt64) throws {
        let stack = try FontStack([
            try Self.font("DejaVuSans.ttf"), try Self.font("NotoSansArabic-Regular.ttf"),
            try Self.font("NotoSansHebrew-Regular.ttf"), try Self.font("NotoSansDevanagari-Regular.ttf"),
            try Self.font("ipaexg.ttf"),
        ])
        let pieces = [
            "The", "quick", "AVATAR", "office", "ﬁ", "Wave", "é", "e\u{0301}", "«\u{A0}", "’", "مرحبا", "بالعالم",
            "עברית", "נכתב", "नमस्ते", "हिन्दी", "東京", "タワー", "123", "(", ")", " ", " ", "\u{200B}", "\u{AD}",
            "\u{1F600}", "\u{0378}",
        ]
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let options = random.next() % 4 == 0 ? ShapingOptions(direction: .rightToLeft) : ShapingOptions()
            let paragraph = ShapedParagraph(text, fonts: stack, options: options)
            let bytes = text.utf8.count
            var ranges: [Range<Int>?] = [nil]
            for _ in 0..<4 {
                let a = Int(random.next() % UInt64(bytes + 1)), b = Int(random.next() % UInt64(bytes + 1))
                ranges.append(min(a, b)..<max(a, b))
            }
            for range in ranges {
                let passed = try #require(paragraph.inkAndAdvance(range), "\(text)")
                let walked = paragraph.walkedInkBounds(range)
                let advance = paragraph.walk(range) { _ in }
                #expect(passed.ink == walked, "seed \(seed): \(text) \(String(describing: range))")
                #expect(passed.advance.bitPattern == advance.bitPattern, "seed \(seed): \(text) \(String(describing: range))")
                #expect(paragraph.inkBounds(range) == walked)
            }
        }
    }

    /// Text the walk must place (vertical, inline images, a hinted pen) is left to it.
    @Test func textTheWalkMustPlaceIsLeftToIt() throws {
        let font = try Self.font("ipaexg.ttf")
        let vertical = ShapedParagraph("縦書き", fonts: FontStack(font), options: ShapingOptions(direction: .topToBottom))
        #expect(vertical.inkAndAdvance(nil) == nil)
        #expect(vertical.inkBounds() == vertical.walkedInkBounds())
    }
}
