internal import CFontFitHarfBuzz

/// What `hb-shape` prints for each glyph, switched off by its `--no-…` flags.
public struct HBShapeFields: Sendable, Hashable {
    /// Glyph names (`--no-glyph-names` prints glyph IDs instead).
    public var glyphNames = true
    /// Offsets and advances (`--no-positions`).
    public var positions = true
    /// Clusters (`--no-clusters`).
    public var clusters = true
    /// Advances (`--no-advances`).
    public var advances = true

    /// Every field on, as hb-shape prints by default; each argument turns one off.
    public init(glyphNames: Bool = true, positions: Bool = true, clusters: Bool = true, advances: Bool = true) {
        self.glyphNames = glyphNames
        self.positions = positions
        self.clusters = clusters
        self.advances = advances
    }

    var flags: hb_buffer_serialize_flags_t {
        var raw = HB_BUFFER_SERIALIZE_FLAG_DEFAULT.rawValue
        if !glyphNames { raw |= HB_BUFFER_SERIALIZE_FLAG_NO_GLYPH_NAMES.rawValue }
        if !positions { raw |= HB_BUFFER_SERIALIZE_FLAG_NO_POSITIONS.rawValue }
        if !clusters { raw |= HB_BUFFER_SERIALIZE_FLAG_NO_CLUSTERS.rawValue }
        if !advances { raw |= HB_BUFFER_SERIALIZE_FLAG_NO_ADVANCES.rawValue }
        return hb_buffer_serialize_flags_t(rawValue: raw)
    }
}

extension Font {
    /// Shapes `text` as `hb-shape` does: clusters are Unicode scalar indices, set before shaping, so
    /// feature ranges (`kern[3:5]`) count scalars, not UTF-8 bytes.
    public func shapeAsHBShape(_ text: String, options: ShapingOptions = ShapingOptions()) throws(FontFitError) -> ShapedText {
        shape(text, utf8Range: nil, options: try options.validated(), scalarClusters: true)
    }

    /// Shapes `text` and prints it exactly as `hb-shape` does, through HarfBuzz's own serializer
    /// (`hb_buffer_serialize_glyphs`, text format), one line per line of `text`. Clusters are
    /// Unicode scalar indices, as hb-shape prints them.
    ///
    /// Positions are in font units unless `fontSize` is given; like `hb-shape --font-size`, the font's
    /// scale is then the size truncated to an integer (hb-shape sets no sub-pixel bits). An empty text
    /// prints nothing, as hb-shape does; like hb-shape, a final newline ends the last line instead of
    /// starting an empty one, and an empty line prints an empty line.
    public func hbShapeOutput(
        _ text: String, options: ShapingOptions = ShapingOptions(), fontSize: Double? = nil,
        fields: HBShapeFields = HBShapeFields()
    ) throws(FontFitError) -> String {
        let options = try options.validated()
        if let fontSize {
            try Self.checkSize(fontSize)
            // HarfBuzz's scale is an int32.
            guard fontSize < Double(Int32.max) else { throw .invalidSize(fontSize) }
        }
        guard !text.isEmpty else { return "" }
        // Checked above: finite, positive, below Int32.max.
        let font = fontSize.map { rescaled(to: Int(checked: $0) ?? 0) } ?? self
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        var output = ""
        for line in lines {
            output += font.withShapedBuffer(String(line), options: options, scalarClusters: true) { buffer in
                Self.serialize(buffer, font: font.handle, flags: fields.flags)
            }
            output += "\n"
        }
        return output
    }

    private static func serialize(
        _ buffer: OpaquePointer, font: OpaquePointer, flags: hb_buffer_serialize_flags_t
    ) -> String {
        let length = hb_buffer_get_length(buffer)
        // An empty line's buffer still holds Unicode, not glyphs (hb_shape returns early on empty
        // buffers), and HarfBuzz's serializer asserts on that content type: `shape $'a\n'` aborted.
        guard length > 0 else { return "" }
        var bytes = [CChar](repeating: 0, count: 4096)
        var text = ""
        var start: UInt32 = 0
        repeat {
            var consumed: UInt32 = 0
            let written = hb_buffer_serialize_glyphs(
                buffer, start, length, &bytes, UInt32(bytes.count), &consumed, font,
                HB_BUFFER_SERIALIZE_FORMAT_TEXT, flags)
            text += String(decoding: bytes.prefix(Int(consumed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            start += written
            if written == 0 { break }
        } while start < length
        return text
    }
}
