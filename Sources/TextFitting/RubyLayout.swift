/// A run of base text and the ruby (furigana) over it, measured at unit size.
package struct RubySegment: Sendable, Hashable {
    /// Base text width at unit size.
    package var baseWidth: Double
    /// Ruby text width at unit size (its font size is ratio × the base size); nil for plain text.
    package var rubyWidth: Double?

    package init(baseWidth: Double, rubyWidth: Double? = nil) {
        self.baseWidth = baseWidth
        self.rubyWidth = rubyWidth
    }
}

package struct RubyConstraints: Sendable {
    package var maxSize: Double
    package var minimumScaleFactor: Double = 1
    package var frameWidth: Double = .infinity
    package var frameHeight: Double = .infinity
    /// Ruby size ÷ base size (furigana's usual half by default).
    package var ratio: Double = 0.5
    /// Points between the ruby line and the base line.
    package var spacing: Double = 0

    package init(
        maxSize: Double, minimumScaleFactor: Double = 1, frameWidth: Double = .infinity,
        frameHeight: Double = .infinity, ratio: Double = 0.5, spacing: Double = 0
    ) {
        self.maxSize = maxSize
        self.minimumScaleFactor = minimumScaleFactor
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.ratio = ratio
        self.spacing = spacing
    }
}

/// A box in points (y grows down) with the pen start and baseline of the text drawn in it.
package struct TextBox: Sendable, Hashable {
    /// The left edge, in points.
    package var x: Double
    /// The top edge, in points.
    package var y: Double
    /// The width.
    package var width: Double
    /// The height.
    package var height: Double
    /// Where the pen starts drawing the box's text (centred in the box).
    package var textX: Double
    /// The y of the box's baseline.
    package var baseline: Double
}

/// A ruby layout: one size for the base text, ruby at a ratio of it, and a box for every segment.
package struct RubyPlacement: Sendable {
    /// The base text's size in points.
    package var size: Double
    /// The ruby's size: `size × ratio`.
    package var rubySize: Double
    /// `size / maxSize`.
    package var scale: Double
    /// True when the layout fits the frame at ``size``.
    package var fits: Bool
    /// The width the layout uses.
    package var width: Double
    /// The height the layout uses, ruby included.
    package var height: Double
    /// Per segment: the base box and, when it has ruby, the ruby box above it.
    package var segments: [(base: TextBox, ruby: TextBox?)]
}

/// Furigana laid out: each segment as wide as the wider of its base and ruby, the
/// ruby centred over its base, the ruby line on top, and one scale for everything:
///
///   s = min(maxSize, W / Σ max(bⱼ, ratio·rⱼ), (H − spacing) / (h + ratio·h_ruby))
///
/// with h the base line's box and h_ruby the ruby line's, each from the fonts its own text uses.
package enum RubyFitter {
    /// `rubyExtent` is the ruby line's box at unit size (its own fonts); nil takes `extent`.
    package static func fit(
        _ segments: [RubySegment], extent: RowExtent, rubyExtent: RowExtent? = nil, options: RubyConstraints
    ) -> RubyPlacement {
        let rubyExtent = rubyExtent ?? extent
        let ratio = options.ratio
        let segmentWidths = segments.map { max($0.baseWidth, ratio * ($0.rubyWidth ?? 0)) }
        let totalWidth = segmentWidths.reduce(0, +)
        var size = options.maxSize
        if totalWidth > 0 { size = min(size, options.frameWidth / totalWidth) }
        size = min(size, (options.frameHeight - options.spacing) / (extent.height + rubyExtent.height * ratio))
        let minimum = options.maxSize * options.minimumScaleFactor
        let fits = size >= minimum * (1 - 1e-12)
        if !fits { size = minimum }

        let rubyHeight = rubyExtent.height * ratio * size
        let baseTop = rubyHeight + options.spacing
        var x = 0.0
        var boxes: [(base: TextBox, ruby: TextBox?)] = []
        for (segment, unitWidth) in zip(segments, segmentWidths) {
            let width = unitWidth * size
            let base = TextBox(
                x: x, y: baseTop, width: width, height: extent.height * size,
                textX: x + (unitWidth - segment.baseWidth) * size / 2, baseline: baseTop + extent.ascent * size)
            let ruby = segment.rubyWidth.map { rubyWidth in
                TextBox(
                    x: x, y: 0, width: width, height: rubyHeight,
                    textX: x + (unitWidth - ratio * rubyWidth) * size / 2, baseline: rubyExtent.ascent * ratio * size)
            }
            boxes.append((base, ruby))
            x += width
        }
        return RubyPlacement(
            size: size, rubySize: size * ratio, scale: size / options.maxSize, fits: fits, width: x,
            height: baseTop + extent.height * size, segments: boxes)
    }
}
