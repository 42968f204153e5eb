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
    ///
    /// A re-fit of prepared text into a new frame lays its lines out when they are first read, once
    /// (a resize slider that only needs the size, or whether it fits, never pays for them).
    public var lines: [FittedLine] {
        get {
            switch storage {
            case .laidOut(let lines): lines
            case .deferred(let deferred): deferred.lines
            }
        }
        set { storage = .laidOut(newValue) }
        _modify {
            var lines = self.lines
            // Let go of the stored array first, so that the caller mutates a unique one in place.
            storage = .laidOut([])
            defer { storage = .laidOut(lines) }
            yield &lines
        }
    }
    /// The widest line's width.
    public var width: Double
    /// The used height: line boxes (with spacing) or ink, per ``FitBounds``.
    public var height: Double
    private var storage: LineStorage

    private enum LineStorage: Sendable {
        case laidOut([FittedLine])
        case deferred(DeferredLines)
    }

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
        self.width = width
        self.height = height
        storage = .laidOut(lines)
    }

    /// A result whose lines are laid out when first read.
    init(size: Double, scale: Double, fits: Bool, width: Double, height: Double, lines: DeferredLines) {
        self.size = size
        self.scale = scale
        self.fits = fits
        truncated = false
        self.width = width
        self.height = height
        storage = .deferred(lines)
    }

    /// The result as JSON: `size`, `scale`, `fits`, `truncated`, `width`, `height`, `lines`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(scale, forKey: .scale)
        try container.encode(fits, forKey: .fits)
        try container.encode(truncated, forKey: .truncated)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(lines, forKey: .lines)
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
