/// One laid-out line of a ``FitResult``, in points at the fitted size, y down from the frame's top.
public struct FittedLine: Sendable, Hashable {
    /// The shown text: trailing whitespace and a final newline dropped, "…" included if truncated.
    public var text: String
    /// The UTF-8 range of the input text the line shows, before truncation. For a truncated line
    /// this is the whole content it was cut from (it may reach to the end of its paragraph).
    public var range: Range<Int>
    /// The width of the line's bounds (advance or ink, see ``FitBounds``).
    public var width: Double
    /// The left edge of the line's bounds, placed by alignment inside the frame width (or inside
    /// the widest line when the frame width is infinite). In ``FitBounds/ink`` bounds this is where
    /// the ink starts; the pen starts at ``penX``.
    public var x: Double
    /// The top of the line box. In ``FitBounds/ink`` bounds, every line is shifted so that the ink
    /// top of the first line with ink is at y = 0 (so y can be negative).
    public var y: Double
    /// `y + ascent × size`.
    public var baseline: Double
    /// Where the pen starts drawing the line: equal to `x` in line-box bounds.
    public var penX: Double
    /// The unit indices the line stands for, trailing whitespace included.
    public var units: Range<Int>
    /// True when part of the line's content was replaced by "…" (or cut).
    public var isTruncated: Bool

    public init(
        text: String, range: Range<Int>, width: Double, x: Double, y: Double, baseline: Double,
        penX: Double? = nil, units: Range<Int> = 0..<0, isTruncated: Bool = false
    ) {
        self.text = text
        self.range = range
        self.width = width
        self.x = x
        self.y = y
        self.baseline = baseline
        self.penX = penX ?? x
        self.units = units
        self.isTruncated = isTruncated
    }
}

/// The outcome of fitting text into a frame.
public struct FitResult: Sendable {
    /// The fitted size in points.
    public var size: Double
    /// `size / maxSize`.
    public var scale: Double
    /// False when the text does not fit even at the minimum size; it is then laid out at the
    /// minimum size, broken inside words if needed, and truncated per ``FitOptions/truncation``.
    public var fits: Bool
    /// True when anything of the text was left out.
    public var truncated: Bool
    public var lines: [FittedLine]
    /// The widest line's width.
    public var width: Double
    /// The used height: line boxes (with spacing) or ink, per ``FitBounds``.
    public var height: Double

    public init(
        size: Double, scale: Double, fits: Bool, truncated: Bool, lines: [FittedLine], width: Double,
        height: Double
    ) {
        self.size = size
        self.scale = scale
        self.fits = fits
        self.truncated = truncated
        self.lines = lines
        self.width = width
        self.height = height
    }
}
