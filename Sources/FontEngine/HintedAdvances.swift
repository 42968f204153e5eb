internal import CFontFitFreeType
internal import CFontFitHarfBuzz
import Foundation

/// Advance widths as a hinting rasterizer draws them: FreeType at an integer pixels-per-em, hinted
/// (`FT_LOAD_DEFAULT`), rounded to whole pixels.
///
/// Unhinted widths are proportional to size; hinted ones are not, which is why a fit in hinted
/// mode re-measures at every candidate size.
public final class HintedAdvances: @unchecked Sendable {
    // @unchecked: a FreeType face is not thread-safe ("FreeType is not thread-safe", hb-ft.h), so
    // every use of `face` happens while holding `lock`. FreeType reads the font from `bytes` for
    // the face's whole life; both are freed in deinit, face first.
    private let lock = NSLock()
    private let bytes: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    private let face: FT_Face
    public let font: Font

    public init(font: Font) throws(FontEngineError) {
        let blob = hb_face_reference_blob(font.face.handle)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(Int(length), 1), alignment: 16)
        if let data { bytes.copyMemory(from: UnsafeRawBufferPointer(start: data, count: Int(length))) }
        var library: FT_Library?
        var face: FT_Face?
        guard FT_Init_FreeType(&library) == 0, let library else {
            bytes.deallocate()
            throw .invalidFontData(source: font.face.source, reason: "FreeType could not start")
        }
        guard FT_New_Memory_Face(
                library, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(length),
                FT_Long(font.face.index), &face) == 0, let face
        else {
            FT_Done_FreeType(library)
            bytes.deallocate()
            throw .invalidFontData(source: font.face.source, reason: "FreeType cannot load the face for hinting")
        }
        if !font.coordinates.isEmpty {
            // FreeType takes design coordinates in 16.16 fixed point.
            var fixed = font.coordinates.map { FT_Fixed(($0.value * 65536).rounded()) }
            FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
        }
        self.bytes = bytes
        self.library = library
        self.face = face
        self.font = font
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// The hinted advance of each glyph in whole pixels at `ppem` pixels per em.
    public func advances(of glyphs: [UInt32], ppem: Int) -> [Double] {
        lock.lock()
        defer { lock.unlock() }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, ppem))) == 0 else {
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
