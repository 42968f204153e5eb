internal import CFontFitHarfBuzz
import Foundation

/// One face of a font file (a collection holds several), loaded and validated.
///
/// The face owns a HarfBuzz copy of the font bytes (`HB_MEMORY_MODE_DUPLICATE`), so the caller's
/// buffer may go away as soon as the initializer returns (the bundled font's bytes, which live as
/// long as the program, are read in place).
public final class FontFace: @unchecked Sendable {
    // @unchecked: the only stored non-Sendable value is the hb_face_t, which is made immutable before
    // init returns; HarfBuzz documents immutable faces as safe to use from any number of threads.
    let handle: OpaquePointer

    /// Where the bytes came from: a file path, or a caller-given name for in-memory data.
    public let source: String
    /// The index of this face in its file (0 for a single-face file).
    public let index: Int
    /// How many faces the file holds (more than 1 for `.ttc`/`.otc` collections).
    public let faceCount: Int
    /// The design grid of the face (`head.unitsPerEm`).
    public let unitsPerEm: Int
    /// The number of glyphs (`maxp.numGlyphs`).
    public let glyphCount: Int

    /// Loads face `index` of the font file at `path`.
    public convenience init(contentsOf path: String, index: Int = 0) throws(FontFitError) {
        try self.init(data: try Self.readFile(path), index: index, source: path)
    }

    /// Loads face `index` from font bytes held in memory; `source` names them in error messages.
    public convenience init(data: Data, index: Int = 0, source: String = "font data") throws(FontFitError) {
        try self.init(data: data, index: index, source: source, bytesLiveForever: false)
    }

    /// `bytesLiveForever`: the bytes stay valid and unchanged for the life of the program (the
    /// font compiled into the binary), so HarfBuzz reads them in place: a copy would add page
    /// faults, which are most of a short `fontfit fit` process's time (bench-cli: fitOverHBShape).
    init(data: Data, index: Int, source: String, bytesLiveForever: Bool) throws(FontFitError) {
        let faceCount = try FreeTypeValidator.validate(data, index: index, source: source)
        let blob = data.withUnsafeBytes { bytes in
            hb_blob_create(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                bytesLiveForever ? HB_MEMORY_MODE_READONLY : HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        // The face keeps its own reference to the blob.
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, UInt32(index))!
        let unitsPerEm = Int(hb_face_get_upem(face))
        let glyphCount = Int(hb_face_get_glyph_count(face))
        let headLength = Self.tableLength(face, "head")
        let problem: String? =
            if headLength < 54 { "no usable 'head' table" }
            else if glyphCount == 0 { "no glyphs ('maxp' table missing or empty)" }
            else if !(16...16384).contains(unitsPerEm) { "unitsPerEm \(unitsPerEm) is outside 16…16384" }
            else if Self.tableLength(face, "hmtx") == 0 && Self.tableLength(face, "CFF2") == 0 {
                "no horizontal metrics ('hmtx' table missing)"
            } else { nil }
        if let problem {
            hb_face_destroy(face)
            throw .invalidFontData(source: source, reason: problem)
        }
        hb_face_make_immutable(face)
        self.handle = face
        self.source = source
        self.index = index
        self.faceCount = faceCount
        self.unitsPerEm = unitsPerEm
        self.glyphCount = glyphCount
    }

    deinit {
        hb_face_destroy(handle)
    }

    /// The number of faces in a font file, without loading any of them.
    public static func faceCount(contentsOf path: String) throws(FontFitError) -> Int {
        try FreeTypeValidator.faceCount(try readFile(path), source: path)
    }

    /// Whether the face has a table with this tag (e.g. "glyf", "CFF ", "COLR").
    public func hasTable(_ tag: String) -> Bool {
        Self.tableLength(handle, tag) > 0
    }

    /// The raw bytes of a table, or empty data when the face has none.
    func tableData(_ tag: String) -> Data {
        let blob = hb_face_reference_table(handle, HBTag.make(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return Data() }
        return Data(bytes: bytes, count: Int(length))
    }

    private static func tableLength(_ face: OpaquePointer, _ tag: String) -> Int {
        let blob = hb_face_reference_table(face, HBTag.make(tag))
        defer { hb_blob_destroy(blob) }
        return Int(hb_blob_get_length(blob))
    }

    private static func readFile(_ path: String) throws(FontFitError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        guard !isDirectory.boolValue else { throw .notAFile(path: path) }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}

/// OpenType tags as HarfBuzz's `hb_tag_t`, and back.
enum HBTag {
    static func make(_ text: String) -> UInt32 {
        hb_tag_from_string(text, Int32(text.utf8.count))
    }

    /// The tag's four bytes, most significant first (as `hb_tag_to_string` writes them), without
    /// allocating: four bytes are a small string.
    static func string(_ tag: UInt32) -> String {
        String(unsafeUninitializedCapacity: 4) { bytes in
            for index in 0..<4 { bytes[index] = UInt8(truncatingIfNeeded: tag >> (24 - 8 * index)) }
            return 4
        }
    }
}
