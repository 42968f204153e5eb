internal import CFontFitHarfBuzz

/// One glyph as HarfBuzz positioned it, in font units.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph in the font that shaped it.
    public let glyphID: UInt32
    /// The UTF-8 offset in the text of the first character this glyph belongs to (HarfBuzz's cluster,
    /// as `hb-shape` prints it).
    public var cluster: Int { Int(clusterAndFlag & Self.clusterBits) }
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
    public var unsafeToBreak: Bool { clusterAndFlag & Self.unsafeToBreakBit != 0 }
    /// ``cluster`` in the low 31 bits (HarfBuzz's cluster: texts are shaped only below 2 GB, whose
    /// length HarfBuzz takes as an Int32), ``unsafeToBreak`` in the top one: a glyph is 24 bytes
    /// rather than 28 or 40, and a fit writes and reads every glyph of its text.
    private let clusterAndFlag: UInt32
    private static let unsafeToBreakBit: UInt32 = 1 << 31
    private static let clusterBits: UInt32 = ~unsafeToBreakBit

    /// HarfBuzz's glyph as it left it in a buffer.
    @inline(__always)
    init(_ info: hb_glyph_info_t, _ position: hb_glyph_position_t) {
        // hb_glyph_info_get_glyph_flags, without a call per glyph: the flags are these mask bits.
        let flags = info.mask & HB_GLYPH_FLAG_DEFINED.rawValue
        self.init(
            glyphID: info.codepoint, cluster: info.cluster, xAdvance: position.x_advance, yAdvance: position.y_advance,
            xOffset: position.x_offset, yOffset: position.y_offset,
            unsafeToBreak: flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
    }

    init(
        glyphID: UInt32, cluster: UInt32, xAdvance: Int32, yAdvance: Int32, xOffset: Int32, yOffset: Int32,
        unsafeToBreak: Bool
    ) {
        self.glyphID = glyphID
        clusterAndFlag = cluster | (unsafeToBreak ? Self.unsafeToBreakBit : 0)
        self.xAdvance = xAdvance
        self.yAdvance = yAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}

/// The glyphs of a shaped HarfBuzz buffer, read in place. An array made from them is allocated once,
/// at their count, and written glyph by glyph without the capacity check of each append: this
/// runs once per glyph kept (bench: paragraphFitPerShape).
struct BufferGlyphs: RandomAccessCollection {
    let infos: UnsafePointer<hb_glyph_info_t>?
    let positions: UnsafePointer<hb_glyph_position_t>?
    let count: Int

    /// The glyphs shaped in `buffer`, read in place: valid until the buffer changes.
    init(_ buffer: OpaquePointer) {
        var count: UInt32 = 0
        infos = UnsafePointer(hb_buffer_get_glyph_infos(buffer, &count))
        positions = UnsafePointer(hb_buffer_get_glyph_positions(buffer, &count))
        self.count = infos == nil || positions == nil ? 0 : Int(count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(index: Int) -> ShapedGlyph {
        ShapedGlyph(infos.unsafelyUnwrapped[index], positions.unsafelyUnwrapped[index])
    }
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
            ShapedText(
                text: text, glyphs: Self.glyphs(of: buffer), unitsPerEm: face.unitsPerEm,
                direction: TextDirection(hb_buffer_get_direction(buffer)) ?? .leftToRight)
        }
    }

    /// The glyphs of one run of a paragraph: `utf8Range` of `text` shaped in `direction` and
    /// `script` (an `hb_script_t`; the options' own direction and script are not read), with the
    /// options' language and features.
    func shapeRun(
        _ text: String, utf8Range: Range<Int>, options: ShapingOptions, direction: TextDirection, script: UInt32?
    ) -> [ShapedGlyph] {
        if utf8Range.count > Self.longestRunShapedWhole {
            return shapeRunInPieces(
                text, utf8Range: utf8Range, options: options, direction: direction, script: script,
                pieceLength: PiecewiseShaping.pieceLength
            ).glyphs
        }
        return shapeRunWhole(text, utf8Range: utf8Range, options: options, direction: direction, script: script)
    }

    /// The longest run (UTF-8 bytes) shaped in one piece; longer ones are shaped in pieces.
    static let longestRunShapedWhole = 2 * PiecewiseShaping.pieceLength

    /// ``shapeRun(_:utf8Range:options:direction:script:)`` in one shaping, whatever the length.
    func shapeRunWhole(
        _ text: String, utf8Range: Range<Int>, options: ShapingOptions, direction: TextDirection, script: UInt32?
    ) -> [ShapedGlyph] {
        ShapingBuffer.withThreadBuffer(length: utf8Range.count) { buffer in
            shape(
                into: buffer, text: text, utf8Range: utf8Range, options: options, direction: direction, script: script)
            return Self.glyphs(of: buffer)
        }
    }

    /// The shaped glyphs in `buffer`, copied out of it.
    private static func glyphs(of buffer: OpaquePointer) -> [ShapedGlyph] {
        let glyphs = BufferGlyphs(buffer)
        return glyphs.isEmpty ? [] : Array(glyphs)
    }

    /// Appends the glyphs in `buffer` whose cluster `isKept`, in the buffer's order. Inlined, so
    /// that copying every glyph (`{ _ in true }`) tests nothing per glyph.
    @inline(__always)
    static func appendGlyphs(
        of buffer: OpaquePointer, to glyphs: inout [ShapedGlyph], where isKept: (Int) -> Bool
    ) {
        for glyph in BufferGlyphs(buffer) where isKept(glyph.cluster) { glyphs.append(glyph) }
    }

    /// Runs `body` with this thread's buffer (see ``ShapingBuffer``) holding `text` shaped by this
    /// font. The buffer belongs to this call alone, which is what makes sharing one font between
    /// threads safe.
    ///
    /// `scalarClusters` numbers clusters by Unicode scalar instead of UTF-8 offset, as `hb-shape`
    /// does unless given `--utf8-clusters`.
    func withShapedBuffer<T>(
        _ text: String, utf8Range: Range<Int>? = nil, options: ShapingOptions, scalarClusters: Bool = false,
        _ body: (OpaquePointer) -> T
    ) -> T {
        ShapingBuffer.withThreadBuffer(length: text.utf8.count) { buffer in
            shape(
                into: buffer, text: text, utf8Range: utf8Range, options: options, direction: options.direction,
                script: options.script.map(Itemizer.hbScript), scalarClusters: scalarClusters)
            return body(buffer)
        }
    }

    /// Adds `text` to the empty `buffer` (only `utf8Range` to be shaped, the rest as context), sets
    /// its properties and shapes it.
    ///
    /// Through `hb_shape`, not a shape plan kept by the font and run with `hb_shape_plan_execute`
    /// (a little cheaper for a label): `hb_shape` first caps the buffer's operations and
    /// length by its length (HarfBuzz's internal `hb_buffer_t::enter`), and a plan run directly
    /// leaves the defaults, hundreds of millions, to a hostile font's looping lookups.
    func shape(
        into buffer: OpaquePointer, text: String, utf8Range: Range<Int>?, options: ShapingOptions,
        direction: TextDirection?, script: UInt32?, scalarClusters: Bool = false
    ) {
        text.withUTF8Bytes { bytes in
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
        if let direction { hb_buffer_set_direction(buffer, direction.hbDirection) }
        if let script { hb_buffer_set_script(buffer, hb_script_t(rawValue: script)) }
        if let language = options.language {
            // Through withCString: passing the String made a null-terminated copy of it, an
            // allocation per shaping of text with a language (every check).
            hb_buffer_set_language(
                buffer, language.withCString { hb_language_from_string($0, Int32(language.utf8.count)) })
        }
        hb_buffer_guess_segment_properties(buffer)
        if options.features.isEmpty && options.letterSpacing.isZero {
            hb_shape(handle, buffer, nil, 0)
        } else {
            let features = options.shapingFeatures.map(\.hbFeature)
            hb_shape(handle, buffer, features, UInt32(features.count))
        }
    }
}

extension Font {
    /// Shapes `text` and returns only the glyph count: one `hb_shape` call with a buffer of its
    /// own, created and destroyed as a C program shaping one string would, and nothing else. The
    /// baseline that scripts/bench compares every fontfit operation against.
    package func shapedGlyphCount(_ text: String, options: ShapingOptions = ShapingOptions()) -> Int {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        shape(
            into: buffer, text: text, utf8Range: nil, options: options, direction: options.direction,
            script: options.script.map(Itemizer.hbScript))
        return Int(hb_buffer_get_length(buffer))
    }
}
