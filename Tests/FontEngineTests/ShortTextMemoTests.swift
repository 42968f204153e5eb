@testable import FontEngine
import Testing

/// A short text's measurement, remembered by the font that draws it, is the one a fresh shaping
/// gives: with each set of options it was asked with, and through fallback when the primary font
/// lacks a character.
@Suite struct ShortTextMemoTests {
    static func fresh(_ text: String, _ fonts: FontStack, _ options: ShapingOptions) -> (Double, EmBounds?, Bool) {
        let shaped = ShapedParagraph(text, fonts: fonts, options: options)
        return (shaped.advance(), shaped.inkBounds(), !shaped.missing.isEmpty)
    }

    static func remembered(_ text: String, _ fonts: FontStack, _ options: ShapingOptions) -> (Double, EmBounds?, Bool) {
        let measured = fonts.measureShortText(text, options: options)
        return (measured.advance, measured.ink, measured.isMissing)
    }

    @Test func rememberedMeasurementsAreFreshOnes() throws {
        let dejaVu = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let inter = try PiecewiseShapingTests.font("Inter-roman.var.ttf")
        let options = [
            ShapingOptions(), ShapingOptions(direction: .rightToLeft), ShapingOptions(features: [try FontFeature("-kern")]),
            ShapingOptions(language: "tr"),
        ]
        // Asked twice each, in turn: the second answer comes from the memo.
        for _ in 0..<2 {
            for fonts in [FontStack(dejaVu), FontStack(inter)] {
                for text in ["…", "\u{2010}", "-"] {
                    for option in options {
                        let remembered = Self.remembered(text, fonts, option), fresh = Self.fresh(text, fonts, option)
                        #expect(remembered.0 == fresh.0 && remembered.1 == fresh.1 && remembered.2 == fresh.2)
                    }
                }
            }
        }
        // Options that change the shaping change the answer: DejaVu Sans kerns "AV".
        let noKerning = options[2]
        try #require(Self.fresh("AV", FontStack(dejaVu), options[0]).0 != Self.fresh("AV", FontStack(dejaVu), noKerning).0)
        for _ in 0..<2 {
            for option in [options[0], noKerning] {
                #expect(Self.remembered("AV", FontStack(dejaVu), option).0 == Self.fresh("AV", FontStack(dejaVu), option).0)
            }
        }
        // The two fonts' ellipses differ, so each font answers for itself.
        #expect(Self.remembered("…", FontStack(dejaVu), options[0]).0 != Self.remembered("…", FontStack(inter), options[0]).0)
    }

    @Test func aPrimaryFontWithoutTheCharacterFallsBack() throws {
        let dejaVu = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let thai = try PiecewiseShapingTests.font("NotoSansThai-Regular.ttf")
        try #require(thai.glyph(for: "…") == nil && dejaVu.glyph(for: "…") != nil)
        let stack = try FontStack([thai, dejaVu])
        for _ in 0..<2 {
            let remembered = Self.remembered("…", stack, ShapingOptions()), fresh = Self.fresh("…", stack, ShapingOptions())
            #expect(remembered.0 == fresh.0 && remembered.1 == fresh.1 && !remembered.2)
            #expect(Self.remembered("…", FontStack(thai), ShapingOptions()).2)
        }
    }
}
