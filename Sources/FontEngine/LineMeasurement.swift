/// A rectangle in points, y growing down: a line's ink and images (origin at its line box's
/// top-left corner, baseline at y = ascent), a layout's rows, boxes and columns (origin at the
/// frame's top-left corner), and the rectangles a scene draws.
public struct LayoutRect: Sendable, Hashable, Encodable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One line of text measured at a point size. Points throughout (1 pt = 1 px at 1x).
public struct LineMeasurement: Sendable {
    /// The point size the line was measured at.
    public let size: Double
    /// The primary font's.
    public let unitsPerEm: Int
    /// The advance width: the sum of the glyph advances × size / unitsPerEm. For vertical text, the
    /// column's width (its line height: text stands in columns as lines stand in rows).
    public let width: Double
    /// The advance along the line: the width for horizontal text, the column's length for vertical
    /// text (the sum of the vertical advances).
    public let advance: Double
    /// True for a column of vertical text.
    public let isVertical: Bool
    /// The largest over the fonts on the line, the primary font always included.
    public let metrics: LineMetrics
    /// The union of the positioned glyphs' outline bounds (and image boxes), in line-box
    /// coordinates; nil when no glyph has ink (empty or whitespace-only text).
    public let ink: LayoutRect?
    /// The glyphs shaped, over every run.
    public let glyphCount: Int
    /// Characters no font has a glyph for (they shaped to glyph 0), in text order, unique.
    public let missing: [Unicode.Scalar]
    /// Each inline image's box, in line-box coordinates.
    public let images: [LayoutRect]
    /// The text as it was measured: itemized, each run shaped once in its font. Drawing the
    /// measurement draws these glyphs.
    package let paragraph: ShapedParagraph

    /// The text measured.
    public var text: String { paragraph.text }
    /// The runs the text was itemized into (direction, bidi level, script, font), in text order.
    public var runs: [TextRun] { paragraph.runs }
    /// The fonts the text was measured in, primary first: with optical sizing, each instance at
    /// opsz = ``size``.
    public var fonts: FontStack { paragraph.fonts }

    package init(
        size: Double, unitsPerEm: Int, width: Double, advance: Double? = nil, isVertical: Bool = false,
        metrics: LineMetrics, ink: LayoutRect?, glyphCount: Int, missing: [Unicode.Scalar], images: [LayoutRect] = [],
        paragraph: ShapedParagraph
    ) {
        self.paragraph = paragraph
        self.size = size
        self.unitsPerEm = unitsPerEm
        self.width = width
        self.advance = advance ?? width
        self.isVertical = isVertical
        self.metrics = metrics
        self.ink = ink
        self.glyphCount = glyphCount
        self.missing = missing
        self.images = images
    }

    /// The same line in a line box of `lineHeight`: the fonts' ascent and descent each grown by half
    /// the leading (CSS 2 §10.8.1), the ink and images moved down with the baseline. Vertical lines
    /// and ``LineHeight/normal`` are left as they are.
    package func inLineBox(_ lineHeight: LineHeight) -> LineMeasurement {
        guard !isVertical, let box = lineHeight.box(size: size, ascent: metrics.ascent, descent: metrics.descent) else {
            return self
        }
        let shift = box.halfLeading
        return LineMeasurement(
            size: size, unitsPerEm: unitsPerEm, width: width, advance: advance, isVertical: isVertical,
            metrics: LineMetrics(ascent: metrics.ascent + shift, descent: metrics.descent + shift, lineGap: 0),
            ink: ink.map { LayoutRect(x: $0.x, y: $0.y + shift, width: $0.width, height: $0.height) },
            glyphCount: glyphCount, missing: missing,
            images: images.map { LayoutRect(x: $0.x, y: $0.y + shift, width: $0.width, height: $0.height) },
            paragraph: paragraph)
    }
}

extension ShapedParagraph {
    /// The box of the inline image a placed glyph stands for, in points, y down, with the line's pen
    /// starting at `penX` on `baseline`: it stands on the baseline like a glyph, as tall as the line
    /// (or cap height). Nil for a glyph that is not an image.
    package func imageBox(of placed: PlacedGlyph, size: Double, penX: Double, baseline: Double) -> LayoutRect? {
        guard let image = placed.image else { return nil }
        let extent = images[image].unitExtent(in: primary)
        return LayoutRect(
            x: penX + placed.x * size, y: baseline - extent.yMax * size, width: extent.xMax * size,
            height: (extent.yMax - extent.yMin) * size)
    }

    /// The whole text measured as one line at `size` points. For vertical text the line box is a
    /// column: x across it with the glyphs' vertical origins on its centre line, y down it.
    package func measure(size: Double) -> LineMeasurement {
        if options.hasFixedSpacing && spacing.size != size { return atSize(size).measure(size: size) }
        let metrics = lineMetrics().scaled(by: size)
        var imageBoxes: [LayoutRect] = []
        let inkBounds: EmBounds?, advance: Double
        // Text with no image, across the line and unhinted: ink and advance in one pass over the
        // glyphs (bench: scaling.text.*.measurePerShape).
        if let passed = inkAndAdvance(nil) {
            (inkBounds, advance) = (passed.ink, passed.advance * size)
        } else {
            advance = walk { placed in
                if let box = imageBox(of: placed, size: size, penX: 0, baseline: metrics.ascent) { imageBoxes.append(box) }
            } * size
            inkBounds = self.inkBounds()
        }
        let width = isVertical ? metrics.lineHeight : advance
        let ink = inkBounds.map { bounds in
            LayoutRect(
                x: (isVertical ? width / 2 : 0) + bounds.xMin * size,
                y: (isVertical ? 0 : metrics.ascent) - bounds.yMax * size,
                width: (bounds.xMax - bounds.xMin) * size, height: (bounds.yMax - bounds.yMin) * size)
        }
        return LineMeasurement(
            size: size, unitsPerEm: primary.face.unitsPerEm, width: width, advance: advance, isVertical: isVertical,
            metrics: metrics, ink: ink, glyphCount: glyphCount, missing: missing, images: imageBoxes, paragraph: self)
    }
}

extension FontStack {
    /// Measures `text` as one line at `size` points: itemized, each run shaped in its font, and each
    /// U+FFFC standing for the next of `images` (with no images, U+FFFC is a character like any other).
    ///
    /// - Parameters:
    ///   - text: one line of text (a newline is measured as a line break's zero width).
    ///   - size: the point size.
    ///   - options: features, direction, script, language.
    ///   - images: what each U+FFFC in `text` stands for, in order.
    ///   - opticalSizing: a font with an `opsz` axis the caller did not set is measured at
    ///     opsz = `size`, as browsers and Apple's text stacks draw it; false keeps its coordinates.
    ///   - lineHeight: the line box's height (CSS `line-height`); the metrics are then the box's,
    ///     the leading split above and below.
    public func measure(
        _ text: String, size: Double, options: ShapingOptions = ShapingOptions(), images: [InlineImage] = [],
        opticalSizing: Bool = true, lineHeight: LineHeight = .normal
    ) throws(FontFitError) -> LineMeasurement {
        try Font.checkSize(size)
        try lineHeight.validate()
        let fonts = opticalSizing ? atOpticalSize(size) : self
        return try fonts.shape(text, options: options, images: images).measure(size: size).inLineBox(lineHeight)
    }

    /// `text` itemized into runs (direction, script, font) and each run shaped once, in font units:
    /// the paragraph every measurement reads, for a caller that wants its runs and glyphs too.
    package func shape(
        _ text: String, options: ShapingOptions = ShapingOptions(), images: [InlineImage] = []
    ) throws(FontFitError) -> ShapedParagraph {
        if !images.isEmpty { try InlineImage.validate(images, in: text) }
        return ShapedParagraph(text, fonts: self, options: try options.validated(), images: images)
    }
}

extension Font {
    /// The characters of every cluster that holds glyph 0 that the cmap cannot map (all of the
    /// cluster's characters when each maps but the sequence still failed), within the UTF-8 `range`
    /// that was shaped (the whole text when nil).
    package func missingCharacters(in shaped: ShapedText, within range: Range<Int>? = nil) -> [Unicode.Scalar] {
        let notdefClusters = Set(shaped.glyphs.lazy.filter { $0.glyphID == 0 }.map(\.cluster))
        guard !notdefClusters.isEmpty else { return [] }
        let clusterStarts = Set(shaped.glyphs.map(\.cluster))
        let range = range ?? 0..<shaped.text.utf8.count
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
        var offset = range.lowerBound
        let utf8 = shaped.text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        for scalar in shaped.text.unicodeScalars[start..<end] {
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

    /// Rejects sizes outside 10⁻⁶ … 10⁹ pt (zero, negative, NaN, infinite, or too small or too
    /// large to compute with), as every operation does; a front end checks early to name its option.
    public static func checkSize(_ size: Double) throws(FontFitError) {
        guard Limits.sizes.contains(size) else { throw .invalidSize(size) }
    }
}

extension LayoutRect: CustomStringConvertible {
    /// "x 4.711 y 8.086 width 275.273 height 42.047".
    public var description: String { "x \(x) y \(y) width \(width) height \(height)" }
}

extension LineMetrics: CustomStringConvertible {
    public var description: String { "ascent \(ascent) descent \(descent) lineGap \(lineGap)" }
}

extension LineMeasurement: CustomStringConvertible {
    /// One line a person can read: the size, width (advance for vertical text), line height, ink and
    /// missing characters.
    public var description: String {
        var parts = ["size \(size)", isVertical ? "advance \(advance) (vertical)" : "width \(width)", "lineHeight \(metrics.lineHeight)"]
        parts.append("ink \(ink.map { "(\($0))" } ?? "none")")
        if !missing.isEmpty {
            parts.append("missing " + missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " "))
        }
        return "LineMeasurement(" + parts.joined(separator: ", ") + ")"
    }
}

/// Text of one or more lines measured at a size: the text cut at its hard line breaks, each line
/// measured as ``FontStack/measure(_:size:options:images:opticalSizing:lineHeight:)`` measures a line (its own
/// runs, its own line box from the fonts it uses, the primary font's always included), and the
/// lines stacked top to bottom with no space between their boxes, as Pillow's `multiline_textbbox`
/// and a browser's `white-space: pre` block stack them.
public struct BlockMeasurement: Sendable {
    /// The point size the lines were measured at.
    public let size: Double
    /// Each line, top to bottom; an empty line (two breaks in a row) has the primary font's box.
    public let lines: [LineMeasurement]
    /// The y of each line box's top, from the block's top (points, y down).
    public let tops: [Double]

    /// The widest line's width.
    public var width: Double { lines.lazy.map(\.width).max() ?? 0 }
    /// The line boxes' heights together.
    public var height: Double { (tops.last ?? 0) + (lines.last?.metrics.lineHeight ?? 0) }

    /// The y of line `index`'s baseline, from the block's top.
    public func baseline(ofLine index: Int) -> Double { tops[index] + lines[index].metrics.ascent }

    /// Characters no font has a glyph for, over every line, in text order, unique.
    public var missing: [Unicode.Scalar] {
        lines.flatMap(\.missing).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

extension FontStack {
    /// Measures `text` line by line at `size` points: each hard line break (LF, CR LF, CR, VT, FF,
    /// NEL, LS, PS) ends a line, and a break at the very end ends the last line rather than
    /// starting an empty one. The parameters are ``measure(_:size:options:images:opticalSizing:lineHeight:)``'s;
    /// each U+FFFC stands for the next of `images`, across lines, and every line box is
    /// `lineHeight` tall (its own fonts' height when normal).
    public func measureLines(
        _ text: String, size: Double, options: ShapingOptions = ShapingOptions(), images: [InlineImage] = [],
        opticalSizing: Bool = true, lineHeight: LineHeight = .normal
    ) throws(FontFitError) -> BlockMeasurement {
        try Font.checkSize(size)
        try lineHeight.validate()
        // Checked over the whole text, so that an error counts the text's placeholders, not a line's.
        if !images.isEmpty { try InlineImage.validate(images, in: text) }
        let fonts = opticalSizing ? atOpticalSize(size) : self
        var lines: [LineMeasurement] = []
        var tops: [Double] = []
        var top = 0.0
        var nextImage = 0
        for line in Self.hardLines(of: text).map(String.init) {
            let placeholders = InlineImage.placeholderCount(in: line)
            let lineImages = Array(images.dropFirst(nextImage).prefix(placeholders))
            nextImage += placeholders
            let measured = try fonts.shape(line, options: options, images: lineImages).measure(size: size)
                .inLineBox(lineHeight)
            tops.append(top)
            top += measured.metrics.lineHeight
            lines.append(measured)
        }
        return BlockMeasurement(size: size, lines: lines, tops: tops)
    }

    /// The text's lines: cut at every hard break (a CR LF is one), the break left out; a final
    /// break ends the last line.
    static func hardLines(of text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
