internal import CFontFitFreeType
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks font bytes with FreeType's loader before HarfBuzz sees them.
///
/// HarfBuzz 6.0 has no `*_or_fail` constructors: it turns any bytes into an empty face. FreeType's
/// loader does reject a non-font, a truncated table directory or a face index past the end, and says
/// which, so each load opens and closes a FreeType face here. Nothing FreeType creates outlives the
/// call, so no FreeType state is shared between threads.
enum FreeTypeValidator {
    /// Returns the number of faces in the file after checking that face `index` loads.
    static func validate(_ data: Data, index: Int, source: String) throws(FontFitError) -> Int {
        let count = try faceCount(data, source: source)
        guard index >= 0, index < count else {
            throw .faceIndexOutOfRange(index: index, faceCount: count, source: source)
        }
        try withFace(data, index: index, source: source) { _ in }
        return count
    }

    static func faceCount(_ data: Data, source: String) throws(FontFitError) -> Int {
        guard !data.isEmpty else { throw .invalidFontData(source: source, reason: "the file is empty") }
        // Web fonts are compressed sfnts HarfBuzz cannot read as they are: say which format it is.
        for (signature, format) in [("wOFF", "WOFF"), ("wOF2", "WOFF2")] where data.starts(with: Array(signature.utf8)) {
            throw .invalidFontData(
                source: source,
                reason: "a \(format) web font: fontfit reads TrueType and OpenType files (.ttf, .otf, .ttc, .otc); "
                    + "decompress it first (e.g. fontTools: fonttools ttLib.woff2 decompress FILE)")
        }
        // FreeType's documented way to count faces: open with face index -1.
        return try withFace(data, index: -1, source: source) { face in Int(face.pointee.num_faces) }
    }

    private static func withFace<T>(
        _ data: Data, index: Int, source: String, _ body: (FT_Face) -> T
    ) throws(FontFitError) -> T {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .invalidFontData(source: source, reason: "FreeType could not start")
        }
        defer { FT_Done_FreeType(library) }
        let result: Result<T, FontFitError> = data.withUnsafeBytes { bytes in
            var face: FT_Face?
            let error = FT_New_Memory_Face(
                library, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                FT_Long(bytes.count), FT_Long(index), &face)
            guard error == 0, let face else {
                let reason = hasFontSignature(data)
                    ? "the file starts like a font but is damaged or truncated (FreeType: \(describe(error)))"
                    : error == 0x02 ? "not a font (FreeType: unknown file format)" : describe(error)
                return .failure(.invalidFontData(source: source, reason: reason))
            }
            defer { FT_Done_Face(face) }
            // A face opened with index -1 only reports num_faces, so the format is checked on the real one.
            guard index < 0 || face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 else {
                return .failure(.invalidFontData(
                    source: source, reason: "not an OpenType/TrueType font (FreeType reads it as another format)"))
            }
            return .success(body(face))
        }
        return try result.get()
    }

    /// Whether the bytes open with an sfnt or collection tag, so a failure means damage, not a
    /// different kind of file.
    private static func hasFontSignature(_ data: Data) -> Bool {
        let signatures: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
        return signatures.contains { data.prefix(4).elementsEqual($0) }
    }

    /// FreeType's error codes (fterrdef.h) that a bad font file produces, in words.
    private static func describe(_ error: FT_Error) -> String {
        let reason: String =
            switch error {
            case 0x02: "unknown file format"
            case 0x03: "broken file"
            case 0x04: "invalid FreeType version"
            case 0x06: "invalid argument (face index?)"
            case 0x08: "invalid table"
            case 0x09: "invalid offset in a table"
            case 0x0A: "array too large"
            case 0x51...0x58: "the file ends early (truncated or damaged)"
            case 0x8E: "a required table is missing"
            case 0x8F...0x94: "a required table is missing or damaged"
            default: "FreeType error 0x\(String(error, radix: 16))"
            }
        return reason
    }
}
