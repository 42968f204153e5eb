internal import CFontFitFreeType
internal import CFontFitHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Advance widths as a hinting rasterizer draws them: FreeType at an integer pixels-per-em, hinted
/// (`FT_LOAD_DEFAULT`), rounded to whole pixels.
///
/// Unhinted widths are proportional to size; hinted ones are not, which is why a fit in hinted
/// mode re-measures at every candidate size.
package final class HintedAdvances: Sendable {
    private let freeType: FreeTypeFace
    package let font: Font

    package init(font: Font) throws(FontFitError) {
        self.freeType = try FreeTypeFace(font: font, purpose: "hinting")
        self.font = font
    }

    /// The hinted advance of each glyph in whole pixels at `ppem` pixels per em.
    ///
    /// A glyph FreeType cannot load at that size (a bitmap-only font has no outline to hint and
    /// refuses sizes it has no strike for) takes its unhinted advance rounded to whole pixels, as a
    /// renderer that cannot hint it places it, so that hinted lines of such fonts are never 0 or
    /// less wide (`hintedWidthsOfABitmapOnlyFontAreItsAdvancesInWholePixels` holds it).
    package func advances(of glyphs: [UInt32], ppem: Int) -> [Double] {
        let font = self.font
        return freeType.withFace { face in
            Self.advances(of: glyphs, ppem: ppem, face: face) { glyph in
                (Double(font.nominalAdvance(glyph)) * Double(ppem) / Double(font.face.unitsPerEm)).rounded()
            }
        }
    }

    private static func advances(
        of glyphs: [UInt32], ppem: Int, face: FT_Face, unhinted: (UInt32) -> Double
    ) -> [Double] {
        // FreeType takes pixel sizes up to 65,535 (16-bit ppem); fits check their size against
        // Limits.largestHintedSize, so the clamp never changes a size asked for.
        let sized = FT_Set_Pixel_Sizes(face, 0, FT_UInt(min(max(1, ppem), Int(Limits.largestHintedSize)))) == 0
        var cache: [UInt32: Double] = [:]
        return glyphs.map { glyph in
            if let known = cache[glyph] { return known }
            let advance: Double =
                sized && FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_DEFAULT)) == 0
                ? Double(face.pointee.glyph.pointee.advance.x) / 64 : unhinted(glyph)
            cache[glyph] = advance
            return advance
        }
    }
}

/// Where a hinting renderer moves the pen through a paragraph at a whole pixel size: each glyph of
/// the hinted font's runs by FreeType's hinted advance plus HarfBuzz's GPOS adjustment (kerning)
/// rounded to whole pixels; glyphs of other fonts by their unhinted advances.
/// ``ShapedParagraph/walk(_:_:)`` reads it, so that fitting and drawing a hinted paragraph see the
/// same pen.
package final class HintedPen: Sendable {
    /// The hinted font's advances, read again when the paragraph is reshaped.
    package let advances: HintedAdvances
    /// Pixels per em.
    package let ppem: Int
    /// For each run of the paragraph, each glyph's pen step in 1/64 pixel; nil for runs of other
    /// fonts. 1/64 pixel is FreeType's own unit, so a step is an exact integer.
    let steps: [[Int]?]

    init(advances: HintedAdvances, ppem: Int, runs: [TextRun], fonts: FontStack) {
        self.advances = advances
        self.ppem = ppem
        let font = advances.font
        let unitsPerEm = Double(font.face.unitsPerEm)
        steps = runs.map { run in
            guard fonts[run.fontIndex] === font, run.direction.isHorizontal else { return nil }
            let hinted = advances.advances(of: run.glyphs.map(\.glyphID), ppem: ppem)
            return zip(run.glyphs, hinted).map { glyph, pixels in
                let adjustment = Double(Int(glyph.xAdvance) - font.nominalAdvance(glyph.glyphID)) * Double(ppem) / unitsPerEm
                return Int((pixels * 64).rounded()) + Int(adjustment.rounded()) * 64
            }
        }
    }

    /// The unit steps are counted in: 1/64 pixel, so `ppem × 64` of them make an em.
    var unitsPerEm: Double { Double(ppem * 64) }
}

extension Font {
    /// The glyph's advance from `hmtx`/`HVAR` before any GPOS adjustment, in font units.
    package func nominalAdvance(_ glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(handle, glyph))
    }
}
