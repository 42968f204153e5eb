import Glibc
/// An image placed in a line of text and sized by the font (a portrait before a name, as tall as
/// the name's line). The text marks where each image goes with U+FFFC OBJECT REPLACEMENT
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
    /// Which height of the font the image takes.
    public var height: Height

    /// An image `aspectRatio` times as wide as it is high, as high as the font's line height or cap height.
    public init(aspectRatio: Double, height: Height = .lineHeight) {
        self.aspectRatio = aspectRatio
        self.height = height
    }

    /// The character that stands for an image in the text.
    public static let placeholder: Unicode.Scalar = "\u{FFFC}"

    /// Whether the UTF-8 `range` of `text` is exactly one U+FFFC.
    package static func isPlaceholder(_ range: Range<Int>, in text: String) -> Bool {
        range.count == 3 && text.utf8.dropFirst(range.lowerBound).prefix(3).elementsEqual([0xEF, 0xBF, 0xBC])
    }

    /// The image's box at unit size (em), relative to its pen position, y up.
    package func unitExtent(in font: Font) -> EmBounds {
        let unitsPerEm = Double(font.face.unitsPerEm)
        let metrics = font.unitLineMetrics.scaled(by: 1 / unitsPerEm)
        let (bottom, top): (Double, Double) =
            switch height {
            case .lineHeight: (-metrics.descent, metrics.ascent)
            // A font without a cap height (OS/2 before version 2) falls back to its ascent.
            case .capHeight: (0, font.capHeight.map { Double($0) / unitsPerEm } ?? metrics.ascent)
            }
        return EmBounds(xMin: 0, yMin: bottom, xMax: aspectRatio * (top - bottom), yMax: top)
    }

    /// How many U+FFFC the text holds, counted over its UTF-8 bytes (EF BF BC, a sequence UTF-8
    /// never forms otherwise), with nothing decoded or allocated: every fit validates its images,
    /// most with none (bench: paragraphFitPerShape).
    package static func placeholderCount(in text: String) -> Int {
        return text.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var count = 0
            var index = 0
            // memchr finds the lead bytes word by word; most texts have none.
            while index + 2 < bytes.count, let lead = memchr(base + index, 0xEF, bytes.count - 2 - index) {
                index = base.distance(to: lead.assumingMemoryBound(to: UInt8.self))
                if bytes[index + 1] == 0xBF && bytes[index + 2] == 0xBC {
                    count += 1
                    index += 3
                } else {
                    index += 1
                }
            }
            return count
        }
    }

    package static func validate(_ images: [InlineImage], in text: String) throws(FontFitError) {
        let placeholders = placeholderCount(in: text)
        guard placeholders == images.count else {
            throw .invalidValue(
                name: "inline images", value: "\(images.count)",
                expected: "one per U+FFFC in the text (\(placeholders))")
        }
        for image in images { try Limits.checkFactor(image.aspectRatio, name: "image aspect ratio") }
    }
}

