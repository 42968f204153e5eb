/// A box in a line box's coordinates: origin at the line box's top-left corner, y growing down,
/// baseline at y = ascent.
public struct Box: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One line of text measured at a point size. Points throughout (1 pt = 1 px at 1x).
public struct LineMeasurement: Sendable {
    public let size: Double
    public let unitsPerEm: Int
    /// The advance width: the sum of the glyph advances × size / unitsPerEm.
    public let width: Double
    public let metrics: LineMetrics
    /// The union of the positioned glyphs' outline bounds, in line-box coordinates; nil when no
    /// glyph has ink (empty or whitespace-only text).
    public let ink: Box?
    public let glyphCount: Int
    /// Characters the font has no glyph for (they shaped to glyph 0), in text order, unique.
    public let missing: [Unicode.Scalar]

    public init(
        size: Double, unitsPerEm: Int, width: Double, metrics: LineMetrics, ink: Box?, glyphCount: Int,
        missing: [Unicode.Scalar]
    ) {
        self.size = size
        self.unitsPerEm = unitsPerEm
        self.width = width
        self.metrics = metrics
        self.ink = ink
        self.glyphCount = glyphCount
        self.missing = missing
    }
}

extension Font {
    /// Measures `text` as one line at `size` points.
    public func measure(
        _ text: String, size: Double, options: ShapingOptions = ShapingOptions()
    ) throws(FontEngineError) -> LineMeasurement {
        try Self.checkSize(size)
        return measure(shape(text, options: try options.validated()), size: size)
    }

    /// Measures already shaped text at `size` points; the shaping is reused for every size.
    public func measure(_ shaped: ShapedText, size: Double) -> LineMeasurement {
        let scale = size / Double(face.unitsPerEm)
        let metrics = unitLineMetrics.scaled(by: scale)
        let ink = inkBounds(of: shaped).map { bounds in
            Box(
                x: Double(bounds.xMin) * scale, y: metrics.ascent - Double(bounds.yMax) * scale,
                width: Double(bounds.xMax - bounds.xMin) * scale,
                height: Double(bounds.yMax - bounds.yMin) * scale)
        }
        return LineMeasurement(
            size: size, unitsPerEm: face.unitsPerEm, width: shaped.width(atSize: size), metrics: metrics,
            ink: ink, glyphCount: shaped.glyphs.count, missing: missingCharacters(in: shaped))
    }

    /// The union of every glyph's outline bounds placed at its pen position, in font units, y up.
    public func inkBounds(of shaped: ShapedText) -> GlyphBounds? {
        var penX = 0, penY = 0
        var union: GlyphBounds?
        for glyph in shaped.glyphs {
            if let bounds = glyphBounds(glyph.glyphID) {
                let placed = bounds.offsetBy(x: penX + Int(glyph.xOffset), y: penY + Int(glyph.yOffset))
                union = union.map { $0.union(placed) } ?? placed
            }
            penX += Int(glyph.xAdvance)
            penY += Int(glyph.yAdvance)
        }
        return union
    }

    /// The characters of every cluster that holds glyph 0 that the cmap cannot map (all of the
    /// cluster's characters when each maps but the sequence still failed).
    public func missingCharacters(in shaped: ShapedText) -> [Unicode.Scalar] {
        let notdefClusters = Set(shaped.glyphs.lazy.filter { $0.glyphID == 0 }.map(\.cluster))
        guard !notdefClusters.isEmpty else { return [] }
        let clusterStarts = Set(shaped.glyphs.map(\.cluster))
        var missing: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        var clusterScalars: [Unicode.Scalar] = []
        var currentCluster = -1
        func flush() {
            guard notdefClusters.contains(currentCluster) else { return }
            let unmapped = clusterScalars.filter { glyph(for: $0) == nil }
            for scalar in unmapped.isEmpty ? clusterScalars : unmapped where seen.insert(scalar).inserted {
                missing.append(scalar)
            }
        }
        var offset = 0
        for scalar in shaped.text.unicodeScalars {
            if clusterStarts.contains(offset) && offset != currentCluster {
                flush()
                clusterScalars = []
                currentCluster = offset
            }
            clusterScalars.append(scalar)
            offset += UTF8.width(scalar)
        }
        flush()
        return missing
    }

    /// Rejects sizes outside ``Limits/sizes`` (zero, negative, NaN, infinite, or too small or too
    /// large to compute with).
    public static func checkSize(_ size: Double) throws(FontEngineError) {
        guard Limits.sizes.contains(size) else { throw .invalidSize(size) }
    }
}
