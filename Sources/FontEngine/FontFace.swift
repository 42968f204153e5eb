internal import CFontFitHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        try Self.checkFile(path)
        // Mapped rather than read and copied (as hb-shape maps it): only the pages HarfBuzz and the
        // validator touch are faulted in, where reading a 700 kB font and HarfBuzz's copy of it
        // faulted in both, whole (bench-cli: fitOverHBShape). Like hb-shape, this trusts the file
        // not to be truncated in place while the face lives (replacing it, as installers do, is
        // safe). A file that cannot be mapped is read, and one that cannot be read fails as reading
        // reports it.
        if let blob = hb_blob_create_from_file_or_fail(path) {
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            if let bytes = hb_blob_get_data(blob, &length), length > 0 {
                let mapped = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes), count: Int(length), deallocator: .none)
                try self.init(data: mapped, index: index, source: path, blob: blob)
                return
            }
        }
        try self.init(data: try Self.readFile(path), index: index, source: path)
    }

    /// Loads face `index` from font bytes held in memory; `source` names them in error messages.
    public convenience init(data: Data, index: Int = 0, source: String = "font data") throws(FontFitError) {
        try self.init(data: data, index: index, source: source, bytesLiveForever: false)
    }

    /// `bytesLiveForever`: the bytes stay valid and unchanged for the life of the program (the
    /// font compiled into the binary), so HarfBuzz reads them in place: a copy would add page
    /// faults, which are most of a short `fontfit fit` process's time (bench-cli: fitOverHBShape).
    ///
    /// `blob`: a HarfBuzz blob that already holds `data`'s bytes (a mapped file), used as it is.
    init(data: Data, index: Int, source: String, bytesLiveForever: Bool = false, blob held: OpaquePointer? = nil)
        throws(FontFitError)
    {
        let faceCount = try FreeTypeValidator.validate(data, index: index, source: source)
        let blob = held.map { hb_blob_reference($0) } ?? data.withUnsafeBytes { bytes in
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

    private static func checkFile(_ path: String) throws(FontFitError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .fileNotFound(path: path) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .notAFile(path: path) }
    }

    private static func readFile(_ path: String) throws(FontFitError) -> Data {
        try checkFile(path)
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw .unreadableFile(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadableFile(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
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
