/// One laid-out line of a ``FitResult``, in points at the fitted size, y down from the frame's top.
public struct FittedLine: Sendable, Hashable {
    // Stored in this order, the text last: 96 bytes a line rather than 136, so that the lines of a
    // short paragraph fit in one of the allocator's small blocks.

    /// The UTF-8 range of the input text the line shows, before truncation. For a truncated line
    /// this is the whole content it was cut from (it may reach to the end of its paragraph).
    public var range: Range<Int> {
        get { shownRange }
        set {
            // A line that shows its range of the input keeps showing what it showed.
            content = content.detached(from: shownRange)
            shownRange = newValue
        }
    }
    private var shownRange: Range<Int>
    /// The width of the line's bounds (advance or ink, see ``FitBounds``).
    public var width: Double
    /// The left edge of the line's bounds, placed by alignment inside the frame width (or inside
    /// the widest line when the frame width is infinite). In ``FitBounds/ink`` bounds this is where
    /// the ink starts; the pen starts at ``penX``.
    public var x: Double
    /// The top of the line box. In ``FitBounds/ink`` bounds, every line is shifted so that the ink
    /// top of the first line with ink is at y = 0 (so y can be negative).
    public var y: Double
    /// `y + ascent × size`, the ascent of the line's own box.
    public var baseline: Double
    /// The height of the line's box: the fonts' line height at the size (each line's own when its
    /// fonts differ: the primary font's and those of the fonts it uses), or the line height set.
    public var height: Double
    /// Where the pen starts drawing the line: equal to `x` in line-box bounds.
    public var penX: Double
    /// The unit indices the line stands for, trailing whitespace included.
    package var units: Range<Int> {
        get { Int(unitStart)..<Int(unitEnd) }
        set {
            unitStart = Int32(truncatingIfNeeded: newValue.lowerBound)
            unitEnd = Int32(truncatingIfNeeded: newValue.upperBound)
        }
    }
    // Unit indices in 32 bits, as the line table keeps them (a text HarfBuzz shapes is below 2 GB):
    // the line stays 96 bytes with its height.
    @usableFromInline var unitStart: Int32
    @usableFromInline var unitEnd: Int32
    private var content: LineText
    /// True when part of the line's content was replaced by "…" (or cut).
    public var isTruncated: Bool
    /// True when the line ends in a hyphen it draws: it breaks at a soft hyphen or at an automatic
    /// hyphenation point (CSS `hyphens: auto`), and ``text`` ends in that hyphen.
    public var isHyphenated: Bool = false

    /// The shown text: trailing whitespace and a final newline dropped, "…" included if truncated.
    ///
    /// A line that is not truncated keeps a reference to the input text, and makes the string when
    /// read, so that a fit allocates no string per line.
    public var text: String {
        get { content.string(range: shownRange) }
        set { content = .whole(newValue) }
    }

    package init(
        text: String, range: Range<Int>, width: Double, x: Double, y: Double, baseline: Double,
        height: Double = 0, penX: Double? = nil, units: Range<Int> = 0..<0, isTruncated: Bool = false
    ) {
        self.init(
            content: .whole(text), range: range, width: width, x: x, y: y, baseline: baseline, height: height,
            penX: penX ?? x, units: units, isTruncated: isTruncated)
    }

    /// A line that shows `range` of `source` (clamped to it), untruncated.
    package init(
        showing range: Range<Int>, of source: String, width: Double, x: Double, y: Double, baseline: Double,
        height: Double = 0, units: Range<Int>
    ) {
        self.init(
            content: .slice(of: source), range: range, width: width, x: x, y: y, baseline: baseline, height: height,
            penX: x, units: units, isTruncated: false)
    }

    @usableFromInline
    init(
        content: LineText, range: Range<Int>, width: Double, x: Double, y: Double, baseline: Double, height: Double,
        penX: Double, units: Range<Int>, isTruncated: Bool
    ) {
        self.content = content
        shownRange = range
        self.width = width
        self.x = x
        self.y = y
        self.baseline = baseline
        self.height = height
        self.penX = penX
        unitStart = Int32(truncatingIfNeeded: units.lowerBound)
        unitEnd = Int32(truncatingIfNeeded: units.upperBound)
        self.isTruncated = isTruncated
    }

    public static func == (lhs: FittedLine, rhs: FittedLine) -> Bool {
        lhs.range == rhs.range && lhs.width == rhs.width && lhs.x == rhs.x && lhs.y == rhs.y
            && lhs.baseline == rhs.baseline && lhs.height == rhs.height && lhs.penX == rhs.penX
            && lhs.units == rhs.units && lhs.isTruncated == rhs.isTruncated && lhs.isHyphenated == rhs.isHyphenated
            && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range)
        hasher.combine(width)
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(baseline)
        hasher.combine(height)
        hasher.combine(penX)
        hasher.combine(units)
        hasher.combine(isTruncated)
        hasher.combine(isHyphenated)
    }
}

/// A line's text: most often the line's own range of the input, kept as the input and made only
/// when asked for; else (a truncated line, or text that was set) the text itself.
@usableFromInline
struct LineText: Sendable {
    /// The input, of which the line shows its range (clamped to it); or, when `isWhole`, the
    /// line's text. A string and a flag rather than an enum: copying a line is then one retain,
    /// with no switch over cases.
    private let storage: String
    private let isWhole: Bool

    /// The line's range of `source`.
    @inlinable
    static func slice(of source: String) -> LineText { LineText(storage: source, isWhole: false) }

    /// `text` itself.
    static func whole(_ text: String) -> LineText { LineText(storage: text, isWhole: true) }

    @usableFromInline
    init(storage: String, isWhole: Bool) {
        self.storage = storage
        self.isWhole = isWhole
    }

    /// `head`, "…" if `hasEllipsis`, then `tail` of `source`, for a line whose range is `range`:
    /// a slice when that is just the line's range, else made now.
    init(source: String, head: Range<Int>, tail: Range<Int>, hasEllipsis: Bool, range: Range<Int>) {
        if !hasEllipsis && tail.isEmpty && head == Self.clamped(range, source.utf8.count) {
            self = .slice(of: source)
        } else {
            let cut = Self.substring(source, head) + (hasEllipsis ? "…" : "") + Self.substring(source, tail)
            self = .whole(String(cut))
        }
    }

    /// The text of a line whose range is `range`.
    func string(range: Range<Int>) -> String {
        if isWhole { return storage }
        let range = Self.clamped(range, storage.utf8.count)
        if range.lowerBound == 0 && range.upperBound == storage.utf8.count { return storage }
        return String(Self.substring(storage, range))
    }

    /// The same text, no longer read from the line's range `range` (which is about to change).
    func detached(from range: Range<Int>) -> LineText {
        isWhole ? self : .whole(string(range: range))
    }

    /// UTF-8 offsets clamped to a text of `byteCount` bytes: offsets past the end (inconsistent
    /// input) are clamped rather than trapping.
    static func clamped(_ range: Range<Int>, _ byteCount: Int) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), byteCount)
        return lower..<min(max(range.upperBound, lower), byteCount)
    }

    private static func substring(_ source: String, _ range: Range<Int>) -> Substring {
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return source[lower..<upper]
    }
}

/// How a font's widths depend on the size it is drawn at.
public enum WidthModel: Sendable, Hashable {
    /// Widths scale with the size (unhinted outlines, no size-dependent axis): measured once.
    case proportional
    /// FreeType's hinted advances at whole pixel sizes (`FT_LOAD_DEFAULT`); only whole sizes are
    /// candidates.
    case hinted
    /// The font's `opsz` axis set to the size, as automatic optical sizing draws it.
    case followingOpticalSize
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
    // Stored beside the flags, in the padding after them: the result stays the size it was.
    /// How the lines' widths were measured: the fonts' instance and advances at ``size`` that
    /// drawing must use for the glyphs to fill the widths reported. A fit asked for hinted or
    /// optical-size widths that could not apply them (no whole size in range, no `opsz` axis)
    /// measured, and says, proportional.
    public package(set) var widths: WidthModel = .proportional
    /// ``tightening`` in single precision, in the same padding. A fit takes a tightening a `Float`
    /// holds, so the value read back is the one its lines were measured with.
    private var storedTightening: Float = 0
    /// How much letter-spacing the fit took away to keep a one-line label at a larger size, in
    /// em (SwiftUI's `allowsTightening`): the lines are drawn with their letter-spacing reduced by
    /// this much. 0 unless `FitOptions.tightening` allowed it and the text needed it. Set, it keeps
    /// single precision.
    public var tightening: Double {
        get { Double(storedTightening) }
        set { storedTightening = Float(newValue) }
    }
    /// The lines that show the text at ``size``, top to bottom.
    ///
    /// A re-fit of prepared text into a new frame finds its layout's lines when they are first
    /// read (a resize slider that only needs the size, or whether it fits, never pays for them),
    /// and places each line as it is read.
    public var lines: FittedLines {
        get { deferred?.lines ?? FittedLines(laidOut) }
        set {
            laidOut = newValue.storedLines()
            deferred = nil
        }
        _modify {
            var lines = self.lines
            // Let go of the stored lines first, so that the caller mutates unique ones in place.
            laidOut = []
            deferred = nil
            defer { laidOut = lines.storedLines() }
            yield &lines
        }
    }
    /// The widest line's width.
    public var width: Double
    /// The used height: line boxes (with spacing) or ink, per ``FitBounds``.
    public var height: Double
    /// The lines, unless they are found when first read (then `deferred` has them). Two stored
    /// properties rather than an enum: reading a case's payload copies it, a retain and a release
    /// on every read of ``lines``. `Optional<…>` rather than `…?`: that spelling starts the
    /// property at nil, and each init then released the nil it replaced, a copy of the whole
    /// result the optimizer kept.
    private var laidOut: [FittedLine]
    private var deferred: Optional<DeferredLayout>
    /// Each line's CSS `text-fit` factor, in the order of ``lines`` (a line is drawn at ``size`` ×
    /// its factor, see ``lineSize(_:)``); empty unless `FitOptions.textFit` was set. An array
    /// beside the lines rather than a field of each: a line stays 96 bytes.
    public var lineScales: [Double] {
        get { scales ?? [] }
        set { scales = newValue.isEmpty ? nil : newValue }
    }
    /// ``lineScales``, nil when empty: a result without text-fit then holds no array, not even the
    /// shared empty one, whose release every re-fit would pay when its result goes
    /// (bench: shapesPerRefit). Spelt `Optional<…>` for the reason `deferred` is.
    private var scales: Optional<[Double]>

    /// The size line `index` is drawn at: ``size`` × its ``lineScales`` factor.
    public func lineSize(_ index: Int) -> Double {
        lineScales.indices.contains(index) ? size * lineScales[index] : size
    }

    /// The members of the JSON encoding, in the order fontfit's JSON output lists them.
    private enum CodingKeys: String, CodingKey { case size, scale, fits, truncated, width, height, lines, tightening }

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
        laidOut = lines
        deferred = nil
        scales = nil
    }

    /// A result whose lines are found when first read.
    init(size: Double, scale: Double, fits: Bool, width: Double, height: Double, lines: DeferredLayout) {
        self.init(
            size: size, scale: scale, fits: fits, truncated: false, width: width, height: height, laidOut: [],
            deferred: lines)
    }

    private init(
        size: Double, scale: Double, fits: Bool, truncated: Bool, width: Double, height: Double, laidOut: [FittedLine],
        deferred: DeferredLayout?
    ) {
        self.size = size
        self.scale = scale
        self.fits = fits
        self.truncated = truncated
        self.width = width
        self.height = height
        self.laidOut = laidOut
        self.deferred = deferred
        scales = nil
    }

    /// The result as JSON: `size`, `scale`, `fits`, `truncated`, `width`, `height`, `lines`, then
    /// `tightening` when there was some.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(scale, forKey: .scale)
        try container.encode(fits, forKey: .fits)
        try container.encode(truncated, forKey: .truncated)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        if lineScales.isEmpty {
            try container.encode(lines, forKey: .lines)
        } else {
            try container.encode(
                zip(lines, lineScales).map { ScaledLine(line: $0, size: size * $1, scale: $1) }, forKey: .lines)
        }
        if tightening != 0 { try container.encode(tightening, forKey: .tightening) }
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
