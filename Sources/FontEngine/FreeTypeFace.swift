internal import CFontFitFreeType
internal import CFontFitHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A FreeType face over a font's bytes at its variation coordinates, for the work HarfBuzz's
/// OpenType functions do not do: hinted advances and rasterizing.
final class FreeTypeFace: @unchecked Sendable {
    // @unchecked: a FreeType face is not thread-safe ("FreeType is not thread-safe", hb-ft.h), so
    // the face is only reached through `withFace`, which holds `lock`. FreeType reads the font from
    // `bytes` for the face's whole life; deinit frees the face, then its library, then the bytes.
    private let lock = Lock()
    private let bytes: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    private let face: FT_Face

    /// - Parameter purpose: what the face is for, named in the error if FreeType cannot load it.
    init(font: Font, purpose: String) throws(FontFitError) {
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
            throw .invalidFontData(source: font.face.source, reason: "FreeType cannot load the face for \(purpose)")
        }
        if !font.coordinates.isEmpty {
            // FreeType takes design coordinates in 16.16 fixed point.
            // FreeType takes design coordinates in 16.16 fixed point; it clamps them to each axis's
            // range as HarfBuzz does, so a value past the 16.16 range is clamped to it first (a
            // coordinate of 1e30 trapped converting to FT_Fixed).
            var fixed = font.coordinates.map { FT_Fixed((min(max($0.value, -32768), 32767) * 65536).rounded()) }
            FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
        }
        self.bytes = bytes
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// Runs `body` with the face, holding the lock; the face must not escape `body`.
    func withFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(face)
    }
}
