internal import CFontFitHarfBuzz

/// A face at a point in its design space (variation coordinates), ready to shape and measure.
///
/// The HarfBuzz font works in font units (its scale is unitsPerEm, as rustybuzz and harfrust do), so
/// every shaped value is an exact integer of the font's design grid; sizes are applied afterwards by
/// arithmetic (``FontStack/measure(_:size:options:images:opticalSizing:lineHeight:)``). It uses HarfBuzz's OpenType font functions, which read
/// the font tables directly and are thread-safe, never FreeType's.
public final class Font: @unchecked Sendable {
    // @unchecked: the hb_font_t is made immutable before init returns. HarfBuzz documents immutable
    // fonts with its OpenType functions as safe for concurrent shaping; each shaping call makes its
    // own hb_buffer_t.
    let handle: OpaquePointer

    /// The face this font draws from (one face of a file; shared by the fonts made from it).
    public let face: FontFace
    /// The design coordinates in effect, one per axis of the face, in axis order.
    public let coordinates: [FontVariation]
    /// The named instance chosen, if any (its coordinates are folded into ``coordinates``).
    public let namedInstance: Int?
    /// Whether HarfBuzz's font was given design coordinates (variations or a named instance were
    /// asked for). A font left at its defaults gets none, as hb-shape leaves it: HarfBuzz 6.0 finds
    /// vertical origins of a glyf font without `vmtx` differently with and without coordinates
    /// (from glyf's phantom points when set, from the font extents otherwise), even when the
    /// coordinates are the defaults.
    let setsCoordinates: Bool
    /// The axes the caller set explicitly (``init(face:variations:namedInstance:)``'s variations):
    /// automatic optical sizing leaves an `opsz` set here alone, as CSS leaves one set by
    /// `font-variation-settings`.
    package let explicitAxes: Set<String>
    /// Line metrics in font units (see ``FontInfo/lineMetrics`` for the rule), read from HarfBuzz
    /// once: every fit reads them (bench: singleLineFitPerShape).
    public let unitLineMetrics: LineMetrics
    /// Short texts measured in this font (``FontStack/measureShortText(_:options:)``).
    let shortTexts = FontMemo<(text: String, options: ShapingOptions), ShortTextMeasurement>(capacity: 8)
    /// Each glyph's outline bounds at this font's coordinates and scale, read once
    /// (``glyphBounds(_:)``; bench: scaling.text.*.measurePerShape).
    let boundsCache: GlyphBoundsCache

    /// Makes a font from a face at the given variation settings.
    ///
    /// - Parameters:
    ///   - face: the face to draw from (a face can serve any number of fonts).
    ///   - namedInstance: starts from this named instance's coordinates (index into
    ///     ``FontInfo/namedInstances``) instead of the axes' defaults.
    ///   - variations: axis values set on top. An axis the face does not have is an error, never
    ///     silently ignored.
    public convenience init(
        face: FontFace, variations: [FontVariation] = [], namedInstance: Int? = nil
    ) throws(FontFitError) {
        let axes = VariationAxis.all(of: face)
        var values = axes.map(\.defaultValue)
        if let namedInstance {
            let instances = NamedInstance.all(of: face, axes: axes)
            guard instances.indices.contains(namedInstance) else {
                throw .unknownNamedInstance(
                    String(namedInstance), available: instances.enumerated().map { "\($0) \($1.name)" })
            }
            values = axes.map { instances[namedInstance].coordinates[$0.tag] ?? $0.defaultValue }
        }
        for variation in variations {
            guard variation.value.isFinite else { throw .invalidVariation(variation.description) }
            // A setting sets every axis of its tag, as `hb_font_set_variations` does: a face may
            // have several axes that share one.
            let tagged = axes.indices.filter { axes[$0].tag == variation.tag }
            guard !tagged.isEmpty else {
                throw .unknownAxis(tag: variation.tag, available: axes.map(\.description))
            }
            for axis in tagged { values[axis] = variation.value }
        }
        let coordinates = zip(axes, values).map { FontVariation(tag: $0.tag, value: $1) }
        self.init(
            face: face, coordinates: coordinates, namedInstance: namedInstance, scale: face.unitsPerEm,
            setsCoordinates: !variations.isEmpty || namedInstance != nil, explicitAxes: Set(variations.map(\.tag)))
    }

    private init(
        face: FontFace, coordinates: [FontVariation], namedInstance: Int?, scale: Int, setsCoordinates: Bool,
        explicitAxes: Set<String>
    ) {
        let font = hb_font_create(face.handle)!
        hb_font_set_scale(font, Int32(scale), Int32(scale))
        if setsCoordinates && !coordinates.isEmpty {
            let design = coordinates.map { Float($0.value) }
            hb_font_set_var_coords_design(font, design, UInt32(design.count))
        }
        hb_font_make_immutable(font)
        self.handle = font
        self.face = face
        self.coordinates = coordinates
        self.namedInstance = namedInstance
        self.setsCoordinates = setsCoordinates
        self.explicitAxes = explicitAxes
        // Stored: every fit asks, and hashing "opsz" to look it up would cost more than the rest of
        // the choice of width model (bench: singleLineFitPerShape).
        followsOpticalSize = !explicitAxes.contains("opsz") && coordinates.contains { $0.tag == "opsz" }
        unitLineMetrics = Self.readUnitLineMetrics(font)
        boundsCache = GlyphBoundsCache(glyphCount: face.glyphCount)
    }

    deinit {
        boundsCache.deallocate()
        hb_font_destroy(handle)
    }

    /// The same font with HarfBuzz's scale set to `scale` units per em, for callers (hb-shape's
    /// output format) that need HarfBuzz's own rounding at a given scale.
    func rescaled(to scale: Int) -> Font {
        Font(
            face: face, coordinates: coordinates, namedInstance: namedInstance, scale: scale,
            setsCoordinates: setsCoordinates, explicitAxes: explicitAxes)
    }

    /// Whether the font's widths follow the size automatically: it has an `opsz` axis the caller
    /// did not set, so it is drawn at opsz = size, as CSS (`font-optical-sizing: auto`) and Apple's
    /// text stacks draw it.
    public let followsOpticalSize: Bool

    /// The font as drawn at `size` points with automatic optical sizing: `opsz` set to the size
    /// (clamped to the axis), the other coordinates kept; the font itself when it does not follow
    /// the size.
    public func atOpticalSize(_ size: Double) -> Font {
        guard followsOpticalSize, let axis = VariationAxis.all(of: face).first(where: { $0.tag == "opsz" }) else {
            return self
        }
        let opsz = min(max(size, axis.minValue), axis.maxValue)
        let coordinates = self.coordinates.map { $0.tag == "opsz" ? FontVariation(tag: "opsz", value: opsz) : $0 }
        return Font(
            face: face, coordinates: coordinates, namedInstance: namedInstance, scale: face.unitsPerEm,
            setsCoordinates: true, explicitAxes: explicitAxes)
    }

    /// The style a person would call this font: the named instance's name when one was chosen,
    /// else the face's style name (the default instance's).
    public var styleName: String {
        if let namedInstance {
            let instances = NamedInstance.all(of: face, axes: VariationAxis.all(of: face))
            if instances.indices.contains(namedInstance) { return instances[namedInstance].name }
        }
        return info.styleName
    }

    /// Axis values asked for outside the axis's range, with the value HarfBuzz clamps each to.
    public var clampedVariations: [(asked: FontVariation, used: Double, axis: VariationAxis)] {
        var seen = Set<String>()
        return VariationAxis.all(of: face).compactMap { axis in
            // One answer a setting, however many axes share its tag.
            guard seen.insert(axis.tag).inserted else { return nil }
            guard explicitAxes.contains(axis.tag), let asked = coordinates.first(where: { $0.tag == axis.tag }),
                asked.value < axis.minValue || asked.value > axis.maxValue
            else { return nil }
            return (asked, min(max(asked.value, axis.minValue), axis.maxValue), axis)
        }
    }

    /// Whether any coordinate differs from its axis default.
    public var isVaried: Bool {
        zip(coordinates, VariationAxis.all(of: face)).contains { $0.value != $1.defaultValue }
    }

    /// The glyph's name from the `post` or `CFF` table, or HarfBuzz's fallback `gidN`.
    public func glyphName(_ glyph: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        if hb_font_get_glyph_name(handle, glyph, &buffer, UInt32(buffer.count)) != 0, buffer[0] != 0 {
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return "gid\(glyph)"
    }

    /// The glyph the `cmap` maps a character to, or nil when the font lacks it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(handle, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The glyph's outline bounds in font units, y up, at this font's coordinates; nil for a glyph
    /// with no outline (a space). ``uncachedGlyphBounds(_:in:)``'s, read once per glyph and kept
    /// (``GlyphBoundsCache``): safe to call from any thread.
    @inline(__always)
    package func glyphBounds(_ glyph: UInt32) -> GlyphBounds? {
        boundsCache.bounds(of: glyph, in: handle)
    }

    /// ``glyphBounds(_:)`` read from HarfBuzz without the cache: the reference the cache is tested
    /// against.
    package func uncachedGlyphBounds(_ glyph: UInt32) -> GlyphBounds? { Self.uncachedGlyphBounds(glyph, in: handle) }

    /// The glyph's outline bounds from `hb_font_get_glyph_extents` (glyf/CFF/CFF2 with variations)
    /// of the HarfBuzz font `font`, in its scale's units, y up; nil when its extents are empty.
    static func uncachedGlyphBounds(_ glyph: UInt32, in font: OpaquePointer) -> GlyphBounds? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0,
            extents.width != 0 || extents.height != 0
        else { return nil }
        let xMin = Int(extents.x_bearing), yMax = Int(extents.y_bearing)
        return GlyphBounds(
            xMin: min(xMin, xMin + Int(extents.width)), yMin: min(yMax, yMax + Int(extents.height)),
            xMax: max(xMin, xMin + Int(extents.width)), yMax: max(yMax, yMax + Int(extents.height)))
    }
}

/// A box in font units with y growing up, as the font tables store outlines.
package struct GlyphBounds: Sendable, Hashable {
    /// The left edge.
    package var xMin: Int
    /// The bottom edge.
    package var yMin: Int
    /// The right edge.
    package var xMax: Int
    /// The top edge.
    package var yMax: Int

    package init(xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }

    package func union(_ other: GlyphBounds) -> GlyphBounds {
        GlyphBounds(
            xMin: min(xMin, other.xMin), yMin: min(yMin, other.yMin),
            xMax: max(xMax, other.xMax), yMax: max(yMax, other.yMax))
    }

    package func offsetBy(x: Int, y: Int) -> GlyphBounds {
        GlyphBounds(xMin: xMin + x, yMin: yMin + y, xMax: xMax + x, yMax: yMax + y)
    }
}
