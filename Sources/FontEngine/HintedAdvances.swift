internal import CFontFitFreeType
internal import CFontFitHarfBuzz
import Foundation

/// Advance widths as a hinting rasterizer draws them: FreeType at an integer pixels-per-em, hinted
/// (`FT_LOAD_DEFAULT`), rounded to whole pixels.
///
/// Unhinted widths are proportional to size; hinted ones are not, which is why a fit in hinted
/// mode re-measures at every candidate size.
public final class HintedAdvances: Sendable {
    private let freeType: FreeTypeFace
    public let font: Font

    public init(font: Font) throws(FontEngineError) {
        self.freeType = try FreeTypeFace(font: font, purpose: "hinting")
        self.font = font
    }

    /// The hinted advance of each glyph in whole pixels at `ppem` pixels per em.
    public func advances(of glyphs: [UInt32], ppem: Int) -> [Double] {
        freeType.withFace { face in
            Self.advances(of: glyphs, ppem: ppem, face: face)
        }
    }

    private static func advances(of glyphs: [UInt32], ppem: Int, face: FT_Face) -> [Double] {
        // FreeType takes pixel sizes up to 65,535 (16-bit ppem); fits check their size against
        // Limits.largestHintedSize, so the clamp never changes a size asked for.
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(min(max(1, ppem), Int(Limits.largestHintedSize)))) == 0 else {
            return glyphs.map { _ in 0 }
        }
        var cache: [UInt32: Double] = [:]
        return glyphs.map { glyph in
            if let known = cache[glyph] { return known }
            let advance: Double =
                FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_DEFAULT)) == 0
                ? Double(face.pointee.glyph.pointee.advance.x) / 64 : 0
            cache[glyph] = advance
            return advance
        }
    }
}

extension Font {
    /// The glyph's advance from `hmtx`/`HVAR` before any GPOS adjustment, in font units.
    public func nominalAdvance(_ glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(handle, glyph))
    }
}
