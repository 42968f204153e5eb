internal import CFontFitHarfBuzz

/// One glyph as HarfBuzz positioned it, in font units.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph in the font that shaped it.
    public let glyphID: UInt32
    /// The UTF-8 offset in the text of the first character this glyph belongs to (HarfBuzz's cluster,
    /// as `hb-shape` prints it).
    public let cluster: Int
    /// How far the pen moves right after the glyph.
    public let xAdvance: Int32
    /// How far the pen moves up after the glyph (vertical text: negative, down).
    public let yAdvance: Int32
    /// How far the glyph is drawn right of the pen.
    public let xOffset: Int32
    /// How far the glyph is drawn above the pen.
    public let yOffset: Int32
    /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: breaking the line before this glyph changes the
    /// shaping, so a line that starts or ends here must be shaped again.
    public let unsafeToBreak: Bool
}

/// A text shaped once, in font units; sizes are applied by arithmetic.
public struct ShapedText: Sendable {
    /// The text that was shaped.
    public let text: String
    /// The glyphs in HarfBuzz's (visual) order.
    public let glyphs: [ShapedGlyph]
    /// The font's units per em, by which advances become sizes.
    public let unitsPerEm: Int
    /// The direction HarfBuzz shaped in (given, or guessed from the text).
    public let direction: TextDirection

    /// The sum of the advances along the direction, in font units.
    public var advance: Int {
        direction.isHorizontal
            ? glyphs.reduce(0) { $0 + Int($1.xAdvance) } : glyphs.reduce(0) { $0 + Int(-$1.yAdvance) }
    }

    /// Each glyph's cluster as an index of Unicode scalars in the text (how hb-shape numbers them).
    public var scalarClusters: [Int] {
        var scalarIndexAtOffset: [Int: Int] = [:]
        var offset = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            scalarIndexAtOffset[offset] = index
            offset += UTF8.width(scalar)
        }
        return glyphs.map { scalarIndexAtOffset[$0.cluster] ?? 0 }
    }

    /// The advance width at a point size: advance × size / unitsPerEm.
    public func width(atSize size: Double) -> Double {
        Double(advance) * size / Double(unitsPerEm)
    }
}

extension Font {
    /// Shapes `text` with HarfBuzz (`hb_shape`) in font units.
    ///
    /// Direction, script and language, when not given, are guessed from the text as `hb-shape` does
    /// (`hb_buffer_guess_segment_properties`). Clusters are UTF-8 offsets into `text`.
    public func shape(_ text: String, options: ShapingOptions = ShapingOptions()) -> ShapedText {
        shape(text, utf8Range: nil, options: options)
    }

    /// Shapes the part of `text` in `utf8Range` (UTF-8 offsets), with the rest of the text as context
    /// that HarfBuzz reads but does not shape. Clusters stay offsets into the whole of `text`, and
    /// the result's `text` is the whole text.
    package func shape(_ text: String, utf8Range: Range<Int>?, options: ShapingOptions = ShapingOptions()) -> ShapedText {
        shape(text, utf8Range: utf8Range, options: options, scalarClusters: false)
    }

    func shape(_ text: String, utf8Range: Range<Int>?, options: ShapingOptions, scalarClusters: Bool) -> ShapedText {
        withShapedBuffer(text, utf8Range: utf8Range, options: options, scalarClusters: scalarClusters) { buffer in
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            // Written in place: an append per glyph costs about as much as reading the glyph.
            let glyphs = [ShapedGlyph](unsafeUninitializedCapacity: Int(count)) { slots, initialized in
                for index in 0..<Int(count) {
                    let info = infos![index], position = positions![index]
                    // hb_glyph_info_get_glyph_flags, without a call per glyph: the flags are these mask bits.
                    let flags = info.mask & HB_GLYPH_FLAG_DEFINED.rawValue
                    (slots.baseAddress! + index).initialize(to:
                        ShapedGlyph(
                            glyphID: info.codepoint, cluster: Int(info.cluster),
                            xAdvance: position.x_advance, yAdvance: position.y_advance,
                            xOffset: position.x_offset, yOffset: position.y_offset,
                            unsafeToBreak: flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
                }
                initialized = Int(count)
            }
            return ShapedText(
                text: text, glyphs: glyphs, unitsPerEm: face.unitsPerEm,
                direction: TextDirection(hb_buffer_get_direction(buffer)) ?? .leftToRight)
        }
    }

    /// Runs `body` with a buffer holding `text` shaped by this font. The buffer belongs to this call
    /// alone, which is what makes sharing one font between threads safe.
    ///
    /// `scalarClusters` numbers clusters by Unicode scalar instead of UTF-8 offset, as `hb-shape`
    /// does unless given `--utf8-clusters`.
    func withShapedBuffer<T>(
        _ text: String, utf8Range: Range<Int>? = nil, options: ShapingOptions, scalarClusters: Bool = false,
        _ body: (OpaquePointer) -> T
    ) -> T {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        var utf8 = text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                let item = utf8Range ?? 0..<chars.count
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(item.lowerBound), Int32(item.count))
            }
        }
        if scalarClusters {
            var count: UInt32 = 0
            if let infos = hb_buffer_get_glyph_infos(buffer, &count) {
                for index in 0..<Int(count) { infos[index].cluster = UInt32(index) }
            }
        }
        if let direction = options.direction { hb_buffer_set_direction(buffer, direction.hbDirection) }
        if let script = options.script {
            hb_buffer_set_script(buffer, hb_script_from_string(script, Int32(script.utf8.count)))
        }
        if let language = options.language {
            hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
        }
        hb_buffer_guess_segment_properties(buffer)
        let features = options.features.map(\.hbFeature)
        hb_shape(handle, buffer, features, UInt32(features.count))
        return body(buffer)
    }
}

extension Font {
    /// Shapes `text` and returns only the glyph count: one `hb_shape` call with its buffer and
    /// nothing else, the baseline that scripts/bench compares every fontfit operation against.
    package func shapedGlyphCount(_ text: String, options: ShapingOptions = ShapingOptions()) -> Int {
        withShapedBuffer(text, options: options) { Int(hb_buffer_get_length($0)) }
    }
}
