/// An image placed in a line of text and sized by the font (seed 003: a portrait before
/// "Sir Bunnington"). The text marks where each image goes with U+FFFC OBJECT REPLACEMENT
/// CHARACTER, the character Unicode reserves for an inline object; images are taken in order.
public struct InlineImage: Sendable, Hashable {
    /// How tall the image is drawn.
    public enum Height: Sendable, Hashable {
        /// From the top to the bottom of the line box (ascent + descent), as a font-sized SF Symbol.
        case lineHeight
        /// From the baseline up to the font's cap height (OS/2 sCapHeight).
        case capHeight
    }

    /// Width ÷ height.
    public var aspectRatio: Double
    public var height: Height

    public init(aspectRatio: Double, height: Height = .lineHeight) {
        self.aspectRatio = aspectRatio
        self.height = height
    }

    /// The character that stands for an image in the text.
    public static let placeholder: Unicode.Scalar = "\u{FFFC}"

    /// Whether the UTF-8 `range` of `text` is exactly one U+FFFC.
    static func isPlaceholder(_ range: Range<Int>, in text: String) -> Bool {
        range.count == 3 && text.utf8.dropFirst(range.lowerBound).prefix(3).elementsEqual([0xEF, 0xBF, 0xBC])
    }

    /// The image's box at unit size (em), relative to its pen position, y up.
    func unitExtent(in font: Font) -> InkExtent {
        let unitsPerEm = Double(font.face.unitsPerEm)
        let metrics = font.unitLineMetrics.scaled(by: 1 / unitsPerEm)
        let (bottom, top): (Double, Double) =
            switch height {
            case .lineHeight: (-metrics.descent, metrics.ascent)
            // A font without a cap height (OS/2 before version 2) falls back to its ascent.
            case .capHeight: (0, font.capHeight.map { Double($0) / unitsPerEm } ?? metrics.ascent)
            }
        return InkExtent(left: 0, right: aspectRatio * (top - bottom), bottom: bottom, top: top)
    }

    static func validate(_ images: [InlineImage], in text: String) throws(FontEngineError) {
        let placeholders = text.unicodeScalars.filter { $0 == placeholder }.count
        guard placeholders == images.count else {
            throw .invalidValue(
                name: "inline images", value: "\(images.count)",
                expected: "one per U+FFFC in the text (\(placeholders))")
        }
        for image in images { try Limits.checkFactor(image.aspectRatio, name: "image aspect ratio") }
    }
}

/// A line with images in it, measured at a point size.
public struct InlineMeasurement: Sendable {
    /// The line, its width and ink including the images.
    public var line: LineMeasurement
    /// Each image's box, in line-box coordinates (origin at the top-left, baseline at y = ascent).
    public var images: [Box]
}

extension Font {
    /// Measures one line in which each U+FFFC stands for an image of the given aspect ratio, as
    /// tall as the line (or the cap height), so the images count in the width.
    public func measure(
        _ text: String, size: Double, images: [InlineImage], options: ShapingOptions = ShapingOptions()
    ) throws(FontEngineError) -> InlineMeasurement {
        try Font.checkSize(size)
        try InlineImage.validate(images, in: text)
        let shaped = shape(text, options: try options.validated())
        let scale = size / Double(face.unitsPerEm)
        let metrics = unitLineMetrics.scaled(by: scale)
        let placeholderOffsets = Self.placeholderOffsets(in: text)
        var pen = 0.0
        var ink: (left: Double, right: Double, top: Double, bottom: Double)?
        func include(left: Double, right: Double, bottom: Double, top: Double) {
            ink = ink.map { (min($0.left, left), max($0.right, right), max($0.top, top), min($0.bottom, bottom)) }
                ?? (left, right, top, bottom)
        }
        var boxes: [Box] = []
        for glyph in shaped.glyphs {
            if let image = placeholderOffsets.firstIndex(of: glyph.cluster) {
                let extent = images[image].unitExtent(in: self)
                let x = pen * scale, width = extent.right * size
                boxes.append(Box(x: x, y: metrics.ascent - extent.top * size, width: width, height: (extent.top - extent.bottom) * size))
                include(left: x, right: x + width, bottom: extent.bottom * size, top: extent.top * size)
                pen += extent.right * Double(face.unitsPerEm)
                continue
            }
            if let bounds = glyphBounds(glyph.glyphID) {
                let x = pen + Double(glyph.xOffset), y = Double(glyph.yOffset)
                include(
                    left: (x + Double(bounds.xMin)) * scale, right: (x + Double(bounds.xMax)) * scale,
                    bottom: (y + Double(bounds.yMin)) * scale, top: (y + Double(bounds.yMax)) * scale)
            }
            pen += Double(glyph.xAdvance)
        }
        let line = LineMeasurement(
            size: size, unitsPerEm: face.unitsPerEm, width: pen * scale, metrics: metrics,
            ink: ink.map { Box(x: $0.left, y: metrics.ascent - $0.top, width: $0.right - $0.left, height: $0.top - $0.bottom) },
            glyphCount: shaped.glyphs.count,
            missing: missingCharacters(in: shaped).filter { $0 != InlineImage.placeholder })
        return InlineMeasurement(line: line, images: boxes)
    }

    static func placeholderOffsets(in text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar == InlineImage.placeholder { offsets.append(offset) }
            offset += UTF8.width(scalar)
        }
        return offsets
    }
}
