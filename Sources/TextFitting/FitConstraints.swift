/// Which box of a line has to fit the frame.
public enum FitBounds: Sendable {
    /// Advance widths (trailing whitespace excluded) and whole line boxes
    /// (ascent + descent + line gap per line).
    case lineBox
    /// The glyphs' ink: from the leftmost to the rightmost ink edge of each line, and from the top
    /// of the first line's ink to the bottom of the last line's ink.
    case ink
}

/// Where lines sit horizontally inside the frame.
public enum LineAlignment: Sendable {
    /// Against the left edge (the start of left-to-right text).
    case leading
    /// Centred.
    case center
    /// Against the right edge.
    case trailing

    /// The share of the spare room that goes before the line: 0, ½ or 1.
    public var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }

    /// Where something `width` wide starts inside `container`.
    @inlinable
    package func offset(of width: Double, in container: Double) -> Double {
        (container - width) * fraction
    }
}

/// Where "…" goes when text that does not fit at the minimum size has to be cut.
public enum TruncationMode: Sendable {
    /// Keep the start of the last kept line's paragraph: "The quick bro…".
    case tail
    /// Keep the end of the last kept line's paragraph: "…n fox jumps".
    case head
    /// Keep both ends: "The qu…x jumps".
    case middle
    /// Cut nothing: every line is kept, past the line limit and the frame's height, and the result
    /// does not fit. A one-line label (a line limit of 1) is not wrapped: it overflows the frame's
    /// width, one line for each hard line break's paragraph.
    case none
}

/// What to fit the text into, and how.
package struct FitConstraints: Sendable {
    /// The largest size tried, in points; the result is never larger.
    package var maxSize: Double
    /// The smallest size tried is `maxSize × minimumScaleFactor`, in (0, 1].
    package var minimumScaleFactor: Double
    /// Points; infinite means no width limit.
    package var frameWidth: Double
    /// Points; infinite means no height limit.
    package var frameHeight: Double
    /// The most lines allowed; nil means unlimited.
    package var lineLimit: Int?
    package var bounds: FitBounds
    /// Extra points between consecutive line boxes.
    package var lineSpacing: Double
    package var alignment: LineAlignment
    package var truncation: TruncationMode
    /// When set (for example 0.5), the size is rounded down to a multiple of it (never below the
    /// minimum size while the text fits).
    package var granularity: Double?
    /// When set, the size is the largest of these within the size range at which the text fits.
    package var presetSizes: [Double]?

    package init(
        maxSize: Double, minimumScaleFactor: Double = 1, frameWidth: Double = .infinity,
        frameHeight: Double = .infinity, lineLimit: Int? = nil, bounds: FitBounds = .lineBox,
        lineSpacing: Double = 0, alignment: LineAlignment = .leading, truncation: TruncationMode = .tail,
        granularity: Double? = nil, presetSizes: [Double]? = nil
    ) {
        self.maxSize = maxSize
        self.minimumScaleFactor = minimumScaleFactor
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.lineLimit = lineLimit
        self.bounds = bounds
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.truncation = truncation
        self.granularity = granularity
        self.presetSizes = presetSizes
    }

    /// The smallest size tried, `maxSize × minimumScaleFactor`, after clamping both.
    package var minSize: Double { normalized(withPresets: false).minSize }
}

/// Options with out-of-range values clamped once, so the algorithms never meet NaN or a negative
/// frame.
struct NormalizedOptions {
    var maxSize: Double
    var minSize: Double
    var frameWidth: Double
    var frameHeight: Double
    var lineLimit: Int
    var bounds: FitBounds
    var lineSpacing: Double
    var alignment: LineAlignment
    var truncation: TruncationMode
    var granularity: Double?
    /// In [minSize, maxSize], descending, without duplicates.
    var presetSizes: [Double]?

    /// The unit (em) width the frame has at `size`.
    func unitWidth(atSize size: Double) -> Double {
        if frameWidth.isInfinite || size <= 0 { return .infinity }
        return frameWidth / size
    }

    /// Whether `layout`, the greedy layout at unit width `width` with the tolerance's slack, fits at
    /// `size`, its height there being `height.perSize × size + height.constant`.
    func fits(
        _ layout: LayoutSummary, height: (perSize: Double, constant: Double), atSize size: Double, width: Double
    ) -> Bool {
        let tolerance = TextFitter.fitTolerance
        guard layout.lineCount <= lineLimit, layout.maxWidth <= width * (1 + tolerance) else { return false }
        let used = height.perSize * size + height.constant
        let slack = tolerance * max(abs(frameHeight), abs(height.constant), abs(height.perSize * size))
        return used <= frameHeight + slack
    }

    /// The height of `lines` line boxes `lineHeight` em tall with the spacing between them, as
    /// `perSize × size + constant`.
    func lineBoxHeight(lines: Int, lineHeight: Double) -> (perSize: Double, constant: Double) {
        let count = Double(lines)
        return (count * lineHeight, (count - 1) * lineSpacing)
    }

    /// The height `lines` line boxes `lineHeight` em tall take at `size`, spacing included.
    func lineBoxHeight(lines: Int, lineHeight: Double, atSize size: Double) -> Double {
        let (perSize, constant) = lineBoxHeight(lines: lines, lineHeight: lineHeight)
        return perSize * size + constant
    }

    /// The largest size at which `lines` line boxes `lineHeight` em tall, with the spacing between
    /// them, fit the frame's height (−∞ if none, ∞ if any).
    func heightBound(lines: Int, lineHeight: Double) -> Double {
        SizeBounds.heightBound(lines: lines, lineHeight: lineHeight, frameHeight: frameHeight, lineSpacing: lineSpacing)
    }

    /// The size at which the frame is `unitWidth` em wide: the largest size a line of that width
    /// fits. An infinite unit width gives 0, the bottom of the layout interval that holds at every
    /// size when the frame itself is infinitely wide.
    func size(forUnitWidth unitWidth: Double) -> Double {
        SizeBounds.size(forUnitWidth: unitWidth, frameWidth: frameWidth)
    }

    /// The bounds a size-only search reads.
    var sizeBounds: SizeBounds {
        SizeBounds(
            maxSize: maxSize, minSize: minSize, frameWidth: frameWidth, frameHeight: frameHeight, lineLimit: lineLimit,
            lineSpacing: lineSpacing)
    }
}

/// What bounds a size in a size-only search: the size range, the frame, the line limit and the
/// spacing, clamped as ``FitConstraints``'s fields say. Plain values: a re-fit into a new frame
/// builds this and nothing else.
@usableFromInline
package struct SizeBounds {
    @usableFromInline package var maxSize: Double
    @usableFromInline package var minSize: Double
    @usableFromInline package var frameWidth: Double
    @usableFromInline package var frameHeight: Double
    @usableFromInline package var lineLimit: Int
    @usableFromInline package var lineSpacing: Double

    /// Values already in range (no NaN, nothing negative, `minSize` ≤ `maxSize`): as they are.
    @inlinable
    package init(maxSize: Double, minSize: Double, frameWidth: Double, frameHeight: Double, lineLimit: Int, lineSpacing: Double) {
        self.maxSize = maxSize
        self.minSize = minSize
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.lineLimit = lineLimit
        self.lineSpacing = lineSpacing
    }

    /// The values clamped: NaN sizes and sides to 0 and ∞, negatives to 0, the factor into [0, 1],
    /// no line limit to `Int.max`, a non-finite spacing to 0.
    @inline(__always)
    init(
        maxSize: Double, minimumScaleFactor: Double, frameWidth: Double, frameHeight: Double, lineLimit: Int?,
        lineSpacing: Double
    ) {
        @inline(__always) func nonNegative(_ value: Double, nan: Double) -> Double { value.isNaN ? nan : max(0, value) }
        let maxSize = nonNegative(maxSize, nan: 0)
        let factor = minimumScaleFactor.isNaN ? 1 : min(1, max(0, minimumScaleFactor))
        self.init(
            maxSize: maxSize, minSize: maxSize * factor, frameWidth: nonNegative(frameWidth, nan: .infinity),
            frameHeight: nonNegative(frameHeight, nan: .infinity), lineLimit: max(1, lineLimit ?? Int.max),
            lineSpacing: lineSpacing.isFinite ? lineSpacing : 0)
    }

    /// See ``NormalizedOptions/heightBound(lines:lineHeight:)``.
    @inline(__always)
    static func heightBound(lines: Int, lineHeight: Double, frameHeight: Double, lineSpacing: Double) -> Double {
        let count = Double(lines)
        let perSize = count * lineHeight, constant = (count - 1) * lineSpacing
        if perSize > 0 { return (frameHeight - constant) / perSize }
        return constant <= frameHeight ? .infinity : -.infinity
    }

    /// See ``NormalizedOptions/size(forUnitWidth:)``.
    @inline(__always)
    static func size(forUnitWidth unitWidth: Double, frameWidth: Double) -> Double {
        if unitWidth.isInfinite { return 0 }
        if unitWidth <= 0 { return .infinity }
        return frameWidth / unitWidth
    }
}

extension FitConstraints {
    var normalized: NormalizedOptions { normalized(withPresets: true) }

    func normalized(withPresets: Bool) -> NormalizedOptions {
        NormalizedOptions(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frameWidth,
            frameHeight: frameHeight, lineLimit: lineLimit, bounds: bounds, lineSpacing: lineSpacing,
            alignment: alignment, truncation: truncation, granularity: granularity,
            presetSizes: withPresets ? presetSizes : nil)
    }
}

extension NormalizedOptions {
    /// The options clamped as ``SizeBounds`` clamps them, the preset sizes kept in range, descending.
    init(
        maxSize: Double, minimumScaleFactor: Double, frameWidth: Double, frameHeight: Double, lineLimit: Int?,
        bounds: FitBounds, lineSpacing: Double, alignment: LineAlignment, truncation: TruncationMode,
        granularity: Double?, presetSizes: [Double]?
    ) {
        let clamped = SizeBounds(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frameWidth, frameHeight: frameHeight,
            lineLimit: lineLimit, lineSpacing: lineSpacing)
        let presets = presetSizes.map { sizes in
            Array(Set(sizes.filter { $0 >= clamped.minSize && $0 <= clamped.maxSize })).sorted(by: >)
        }
        self.init(
            maxSize: clamped.maxSize, minSize: clamped.minSize, frameWidth: clamped.frameWidth,
            frameHeight: clamped.frameHeight, lineLimit: clamped.lineLimit, bounds: bounds,
            lineSpacing: clamped.lineSpacing, alignment: alignment, truncation: truncation,
            granularity: granularity.flatMap { $0 > 0 && $0.isFinite ? $0 : nil },
            presetSizes: presets)
    }
}
