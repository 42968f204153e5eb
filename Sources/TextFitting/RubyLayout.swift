/// A run of base text and the ruby (furigana) over it, measured at unit size.
public struct RubySegment: Sendable, Hashable {
    /// Base text width at unit size.
    public var baseWidth: Double
    /// Ruby text width at unit size (its font size is ratio × the base size); nil for plain text.
    public var rubyWidth: Double?

    public init(baseWidth: Double, rubyWidth: Double? = nil) {
        self.baseWidth = baseWidth
        self.rubyWidth = rubyWidth
    }
}

public struct RubyOptions: Sendable {
    public var maxSize: Double
    public var minimumScaleFactor: Double = 1
    public var frameWidth: Double = .infinity
    public var frameHeight: Double = .infinity
    /// Ruby size ÷ base size (seed 004: half).
    public var ratio: Double = 0.5
    /// Points between the ruby line and the base line.
    public var spacing: Double = 0

    public init(
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
public struct TextBox: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public var textX: Double
    public var baseline: Double
}

public struct RubyResult: Sendable {
    public var size: Double
    public var rubySize: Double
    public var scale: Double
    public var fits: Bool
    public var width: Double
    public var height: Double
    /// Per segment: the base box and, when it has ruby, the ruby box above it.
    public var segments: [(base: TextBox, ruby: TextBox?)]
}

/// Furigana laid out as seed 004 asks: each segment as wide as the wider of its base and ruby, the
/// ruby centred over its base, the ruby line on top, and one scale for everything:
///
///   s = min(maxSize, W / Σ max(bⱼ, ratio·rⱼ), (H − spacing) / (h·(1 + ratio)))
public enum RubyFitter {
    public static func fit(_ segments: [RubySegment], extent: RowExtent, options: RubyOptions) -> RubyResult {
        let ratio = options.ratio
        let segmentWidths = segments.map { max($0.baseWidth, ratio * ($0.rubyWidth ?? 0)) }
        let totalWidth = segmentWidths.reduce(0, +)
        var size = options.maxSize
        if totalWidth > 0 { size = min(size, options.frameWidth / totalWidth) }
        size = min(size, (options.frameHeight - options.spacing) / (extent.height * (1 + ratio)))
        let minimum = options.maxSize * options.minimumScaleFactor
        let fits = size >= minimum * (1 - 1e-12)
        if !fits { size = minimum }

        let rubyHeight = extent.height * ratio * size
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
                    textX: x + (unitWidth - ratio * rubyWidth) * size / 2, baseline: extent.ascent * ratio * size)
            }
            boxes.append((base, ruby))
            x += width
        }
        return RubyResult(
            size: size, rubySize: size * ratio, scale: size / options.maxSize, fits: fits, width: x,
            height: baseTop + extent.height * size, segments: boxes)
    }
}
