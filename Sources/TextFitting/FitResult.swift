/// One laid-out line of a ``FitResult``, in points at the fitted size, y down from the frame's top.
public struct FittedLine: Sendable, Hashable {
    /// The shown text: trailing whitespace and a final newline dropped, "…" included if truncated.
    ///
    /// A fitted line keeps a reference to the input text and where it was cut, and makes the string
    /// when read, so that a fit allocates no string per line.
    public var text: String {
        get { content.string }
        set { content = LineText(newValue) }
    }
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
    package var units: Range<Int>
    /// True when part of the line's content was replaced by "…" (or cut).
    public var isTruncated: Bool
    private var content: LineText

    package init(
        text: String, range: Range<Int>, width: Double, x: Double, y: Double, baseline: Double,
        penX: Double? = nil, units: Range<Int> = 0..<0, isTruncated: Bool = false
    ) {
        self.init(
            content: LineText(text), range: range, width: width, x: x, y: y, baseline: baseline,
            penX: penX ?? x, units: units, isTruncated: isTruncated)
    }

    init(
        content: LineText, range: Range<Int>, width: Double, x: Double, y: Double, baseline: Double,
        penX: Double, units: Range<Int>, isTruncated: Bool
    ) {
        self.content = content
        self.range = range
        self.width = width
        self.x = x
        self.y = y
        self.baseline = baseline
        self.penX = penX
        self.units = units
        self.isTruncated = isTruncated
    }

    public static func == (lhs: FittedLine, rhs: FittedLine) -> Bool {
        lhs.range == rhs.range && lhs.width == rhs.width && lhs.x == rhs.x && lhs.y == rhs.y
            && lhs.baseline == rhs.baseline && lhs.penX == rhs.penX && lhs.units == rhs.units
            && lhs.isTruncated == rhs.isTruncated && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range)
        hasher.combine(width)
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(baseline)
        hasher.combine(penX)
        hasher.combine(units)
        hasher.combine(isTruncated)
    }
}

/// A line's text as pieces of a source string, "…" between them when truncated; the string is made
/// only when asked for.
struct LineText: Sendable {
    let source: String
    /// UTF-8 offsets into `source`, clamped to it.
    let head: Range<Int>
    let tail: Range<Int>
    let hasEllipsis: Bool

    /// The whole of `string`.
    init(_ string: String) {
        source = string
        head = 0..<string.utf8.count
        tail = head.upperBound..<head.upperBound
        hasEllipsis = false
    }

    init(source: String, head: Range<Int>, tail: Range<Int>, hasEllipsis: Bool) {
        self.source = source
        self.head = head
        self.tail = tail
        self.hasEllipsis = hasEllipsis
    }

    var string: String {
        guard hasEllipsis || !tail.isEmpty else {
            if head.lowerBound == 0 && head.upperBound == source.utf8.count { return source }
            return String(substring(head))
        }
        return substring(head) + (hasEllipsis ? "…" : "") + substring(tail)
    }

    private func substring(_ range: Range<Int>) -> Substring {
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return source[lower..<upper]
    }
}

/// The outcome of fitting text into a frame.
public struct FitResult: Sendable, Encodable {
    /// The fitted size in points.
    public var size: Double
    /// `size / maxSize`.
    public var scale: Double
    /// False when the text does not fit even at the minimum size; it is then laid out at the
    /// minimum size, broken inside words if needed, and truncated per the truncation mode.
    public var fits: Bool
    /// True when anything of the text was left out.
    public var truncated: Bool
    /// The lines that show the text at ``size``, top to bottom.
    public var lines: [FittedLine]
    /// The widest line's width.
    public var width: Double
    /// The used height: line boxes (with spacing) or ink, per ``FitBounds``.
    public var height: Double

    /// The members of the JSON encoding, in the order fontfit's JSON output lists them.
    private enum CodingKeys: String, CodingKey { case size, scale, fits, truncated, width, height, lines }

    package init(
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

extension FittedLine: CustomStringConvertible {
    public var description: String { "\"\(text)\" x \(x) y \(y) width \(width) baseline \(baseline)" }
}

extension FitResult: CustomStringConvertible {
    /// The size, whether it fits, the extent and each line, as the CLI prints them.
    public var description: String {
        "FitResult(size \(size), scale \(scale), \(fits ? "fits" : truncated ? "does not fit, truncated" : "does not fit"), "
            + "\(width) × \(height), lines [\(lines.map(\.description).joined(separator: "; "))])"
    }
}
