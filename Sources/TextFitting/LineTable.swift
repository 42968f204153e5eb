/// Ink bounds at size 1, y up, with +∞/−∞ sentinels when there is no ink so that unions need no
/// branches.
struct InkBox {
    var left = Double.infinity
    var right = -Double.infinity
    var bottom = Double.infinity
    var top = -Double.infinity

    /// No ink. Computed, not stored: a stored static is read through a once-check, and every line
    /// a greedy pass records starts with it.
    static var none: InkBox { InkBox() }

    var hasInk: Bool { left <= right }
    var width: Double { hasInk ? right - left : 0 }

    init() {}

    init(left: Double, right: Double, bottom: Double, top: Double) {
        self.left = left
        self.right = right
        self.bottom = bottom
        self.top = top
    }

    @inline(__always)
    mutating func formUnion(_ other: InkBox) {
        left = min(left, other.left)
        right = max(right, other.right)
        bottom = min(bottom, other.bottom)
        top = max(top, other.top)
    }

    func offset(by dx: Double) -> InkBox {
        InkBox(left: left + dx, right: right + dx, bottom: bottom, top: top)
    }
}

/// A line (or a piece of one) being measured: its start, and in ink bounds the ink gathered so far.
struct LineRun {
    var start: Int
    /// Ink has been gathered over units `start..<scanned`.
    var scanned: Int
    /// Absolute: x relative to the pen start of unit 0.
    var ink = InkBox.none
    /// The line's width in the table's bounds, at size 1.
    var width = 0.0
}

/// One place a line may end, with what a greedy pass needs to know about a line ending there.
struct BreakPoint {
    /// `prefix[contentEnd]`, plus the hyphen a break here draws: where a line ending here stops.
    let pen: Double
    /// `prefix[end]`: where the line after a break here starts. Kept here because the greedy
    /// pass reads it with the break point it ends a line at, where `prefix` would cost a cache miss
    /// a line in a large text (a unit's table is megabytes; the break points are read in order).
    let endPen: Double
    /// The exclusive end of a line breaking here.
    var end: Int { Int(storedEnd & Self.indexBits) }
    /// `contentEnd[end]`: a line `s..<end` shows units `s..<max(s, contentEnd)`.
    var contentEnd: Int { Int(storedContentEnd & Self.indexBits) }
    var isMandatory: Bool { storedEnd & Self.flagBit != 0 }
    /// The text can be reshaped and HarfBuzz marked the unit before `end` (not the last) unsafe to
    /// break after: a line ending here must be shaped again.
    var isUnsafe: Bool { storedContentEnd & Self.flagBit != 0 }
    // Unit indices in 31 bits (see `LineTableData.contentEnd`), each with a flag in the top bit:
    // 24 bytes a break point, and a size search reads the break point of every line it lays out.
    private let storedEnd: UInt32
    private let storedContentEnd: UInt32
    private static let flagBit: UInt32 = 1 << 31
    private static let indexBits: UInt32 = ~flagBit

    init(end: Int, contentEnd: Int, pen: Double, endPen: Double, isMandatory: Bool, isUnsafe: Bool) {
        self.pen = pen
        self.endPen = endPen
        storedEnd = UInt32(truncatingIfNeeded: end) | (isMandatory ? Self.flagBit : 0)
        storedContentEnd = UInt32(truncatingIfNeeded: contentEnd) | (isUnsafe ? Self.flagBit : 0)
    }
}

/// The tables of a ``LineTable``, shared so that a table is copied with one reference.
final class LineTableData: Sendable {
    let text: MeasuredText
    let count: Int
    /// `prefix[i]` is the pen position of unit i: the sum of the advances before it.
    let prefix: [Double]
    /// `contentEnd[e]` is 1 + the index of the last unit before `e` that is not trailing-trimmable
    /// (0 if none): a line `s..<e` shows units `s..<max(s, contentEnd[e])`. 32 bits, as unit
    /// indices of a text HarfBuzz can shape (below 2 GB) are: half the bytes a unit of a large fit.
    let contentEnd: [Int32]
    /// The places at which a line may end, ascending; the last ends at `count`.
    let breaks: [BreakPoint]
    /// Runs of text between mandatory breaks (at least 1).
    let paragraphCount: Int
    /// Absolute ink of each unit (only when built with ink).
    let ink: [InkBox]
    let reshaped: (@Sendable (Range<Int>) -> Double)?
    /// `reshaped` is set and some unit is unsafe to break after, so it may be called.
    let hasReshaping: Bool
    /// Some line may break at a soft hyphen and draw a hyphen there (one that is not the text's
    /// last unit, with a hyphen of some width): only then does a line's width read the units' flags.
    let drawsHyphens: Bool
    /// The widths of lines that start and end at break points (all lines but emergency cuts) are
    /// plain differences of prefix sums of finite, non-negative advances, so such a line never
    /// narrows as it gains segments and greedy line counts never grow with the width.
    let hasMonotoneWidths: Bool
    /// Line boxes built line by line (``MeasuredText/lineBoxes``), in line-box bounds; nil when
    /// every line box is the same.
    let lineBoxes: LineBoxFonts?
    /// `lineBoxes != nil`, stored: reading the optional out of the table retains and releases its
    /// arrays, and every greedy pass asks (bench: refitsWithLinesPerShape).
    let hasLineBoxes: Bool
    /// Per font of ``lineBoxes``, how many units before each index bring it: a line holds the font
    /// when the count grows across it.
    let fontCounts: [[Int32]]
    /// Per break, with monotone widths: the index of the first mandatory break at or after it (or
    /// the last break), the furthest a line starting there can reach. With it a greedy line is
    /// found by galloping over its breaks instead of trying each (empty otherwise).
    let lineReach: [Int]

    /// Tables for line-box bounds, with the ink ones too when `ink` is true.
    init(_ text: MeasuredText, ink withInk: Bool) {
        let units = text.units
        let count = units.count
        self.text = text
        self.count = count
        let reshaped = text.reshapedWidth
        self.reshaped = reshaped
        // Without a way to reshape, no break is unsafe: lines keep their summed widths.
        let canReshape = reshaped != nil
        var contentEnd = [Int32](filledWith: 0, count: count + 1)
        var prefix = [Double](filledWith: 0, count: count + 1)
        var scan = TableScan()
        // At most one break point a unit.
        let breaks = [BreakPoint](unsafeUninitializedCapacity: count) { breaks, initialized in
            prefix.withUnsafeMutableBufferPointer { prefix in
                contentEnd.withUnsafeMutableBufferPointer { contentEnd in
                    units.withUnsafeBufferPointer { units in
                        scan = Self.scan(
                            units, hyphenAdvance: text.hyphenAdvance, canReshape: canReshape, prefix: prefix,
                            contentEnd: contentEnd, breaks: breaks)
                    }
                }
            }
            initialized = scan.breakCount
        }
        self.prefix = prefix
        self.contentEnd = contentEnd
        self.breaks = breaks
        paragraphCount = scan.paragraphCount
        hasReshaping = canReshape && scan.anyUnsafe
        // Lines broken only at break opportunities start and end at break points: when none is
        // unsafe, their widths are never reshaped.
        // A hyphen drawn at one break and not at the next can make a longer line narrower.
        let hasMonotoneWidths =
            scan.advancesOrdered && prefix[count].isFinite && !scan.anyUnsafeBreak && !scan.drawsHyphens
        self.hasMonotoneWidths = hasMonotoneWidths
        lineReach = hasMonotoneWidths ? Self.lineReach(breaks) : []
        drawsHyphens = scan.drawsHyphens
        ink = withInk ? Self.inkBoxes(text.inks, count: count, prefix: prefix) : []
        if let boxes = text.lineBoxes, boxes.fontOfUnit.count == count {
            lineBoxes = boxes
            hasLineBoxes = true
            fontCounts = boxes.fonts.indices.map { font in
                var counts = [Int32](filledWith: 0, count: count + 1)
                var seen: Int32 = 0
                let mark = UInt8(truncatingIfNeeded: font + 1)
                for index in 0..<count {
                    if boxes.fontOfUnit[index] == mark { seen += 1 }
                    counts[index + 1] = seen
                }
                return counts
            }
        } else {
            lineBoxes = nil
            hasLineBoxes = false
            fontCounts = []
        }
    }

    /// The box of a line holding units `start..<end`: the strut and every font its units bring.
    func lineBox(start: Int, end: Int) -> LineBoxExtent? {
        guard hasLineBoxes, let lineBoxes else { return nil }
        var box = lineBoxes.strut
        for (font, counts) in fontCounts.enumerated() where counts[end] > counts[start] {
            box = box.union(lineBoxes.fonts[font])
        }
        return box
    }

    /// What one pass over the units finds besides the tables it writes.
    struct TableScan {
        var breakCount = 0
        var paragraphCount = 1
        var anyUnsafe = false
        var anyUnsafeBreak = false
        var advancesOrdered = true
        var drawsHyphens = false
    }

    /// Writes `prefix`, `contentEnd` and the break points of `units` in one pass. Its state is held
    /// in locals, not in variables a closure captures, which every unit of every fit would write
    /// through to memory (bench: frenchParagraphFitPerShape).
    private static func scan(
        _ units: UnsafeBufferPointer<TextUnit>, hyphenAdvance: Double, canReshape: Bool,
        prefix: UnsafeMutableBufferPointer<Double>, contentEnd: UnsafeMutableBufferPointer<Int32>,
        breaks: UnsafeMutableBufferPointer<BreakPoint>
    ) -> TableScan {
        let count = units.count
        var breakCount = 0, paragraphCount = 1
        var pen = 0.0, lastContent = 0
        var anyUnsafe = false, anyUnsafeBreak = false, advancesOrdered = true, drawsHyphens = false
        prefix[0] = 0
        for index in 0..<count {
            let unit = units[index]
            pen += unit.advance
            if !(unit.advance >= 0) { advancesOrdered = false }
            prefix[index + 1] = pen
            // A unit before a hard break is a line separator even when not flagged as whitespace.
            if !unit.isWhitespace && unit.breakAfter != .mandatory { lastContent = index + 1 }
            contentEnd[index + 1] = Int32(truncatingIfNeeded: lastContent)
            if unit.unsafeToBreakAfter { anyUnsafe = true }
            guard unit.breakAfter != .none || index == count - 1 else { continue }
            let isMandatory = unit.breakAfter == .mandatory
            // A hard break after the last unit ends the text rather than starting a paragraph.
            if isMandatory && index < count - 1 { paragraphCount += 1 }
            let hyphen = index < count - 1 && lastContent == index + 1 && unit.isSoftHyphenBreak ? hyphenAdvance : 0
            if hyphen != 0 { drawsHyphens = true }
            let isUnsafe = canReshape && index + 1 < count && unit.unsafeToBreakAfter
            if isUnsafe { anyUnsafeBreak = true }
            (breaks.baseAddress.unsafelyUnwrapped + breakCount).initialize(
                to: BreakPoint(
                    end: index + 1, contentEnd: lastContent, pen: prefix[lastContent] + hyphen, endPen: pen,
                    isMandatory: isMandatory, isUnsafe: isUnsafe))
            breakCount += 1
        }
        return TableScan(
            breakCount: breakCount, paragraphCount: paragraphCount, anyUnsafe: anyUnsafe, anyUnsafeBreak: anyUnsafeBreak,
            advancesOrdered: advancesOrdered, drawsHyphens: drawsHyphens)
    }

    private static func lineReach(_ breaks: [BreakPoint]) -> [Int] {
        var reach = [Int](filledWith: 0, count: breaks.count)
        var next = breaks.count - 1
        for index in breaks.indices.reversed() {
            if breaks[index].isMandatory { next = index }
            reach[index] = next
        }
        return reach
    }

    /// Absolute ink boxes of `count` units; none when the text was measured without ink.
    private static func inkBoxes(_ inks: [InkExtent?], count: Int, prefix: [Double]) -> [InkBox] {
        guard !inks.isEmpty else { return [InkBox](filledWith: .none, count: count) }
        return inks.indices.map { index in
            inks[index].map {
                let pen = prefix[index]
                return InkBox(left: pen + $0.left, right: pen + $0.right, bottom: $0.bottom, top: $0.top)
            } ?? .none
        }
    }

}

/// Tables over a ``MeasuredText``, so that a line's width is O(1) in line-box bounds (prefix sums)
/// and a greedy pass over the text allocates nothing. Built once per fit, or once per text through
/// ``FitTable``.
struct LineTable {
    let data: LineTableData
    /// Whether widths are ink widths.
    let isInk: Bool

    init(_ text: MeasuredText, bounds: FitBounds) {
        data = LineTableData(text, ink: bounds == .ink)
        isInk = bounds == .ink
    }

    private init(data: LineTableData, isInk: Bool) {
        self.data = data
        self.isInk = isInk
    }

    /// Tables for line-box bounds, with the ink ones too when `ink` is true (see ``using(_:)``).
    init(_ text: MeasuredText, ink: Bool) {
        data = LineTableData(text, ink: ink)
        isInk = false
    }

    /// This table measuring lines in `bounds`. Ink bounds need a table built with ink; without it,
    /// the tables are built again with ink (every unit then has none).
    func using(_ bounds: FitBounds) -> LineTable {
        let isInk = bounds == .ink
        if isInk && data.ink.count != data.count { return LineTable(data.text, bounds: .ink) }
        return LineTable(data: data, isInk: isInk)
    }

    var text: MeasuredText { data.text }
    var count: Int { data.count }
    var prefix: [Double] { data.prefix }
    var contentEnd: [Int32] { data.contentEnd }
    var breaks: [BreakPoint] { data.breaks }
    var paragraphCount: Int { data.paragraphCount }
    var ink: [InkBox] { data.ink }
    /// Whether a line starting or ending after unit `index` must be shaped again (read only when
    /// ``hasReshaping``).
    @inline(__always)
    func isUnsafeAfter(_ index: Int) -> Bool { data.text.units[index].unsafeToBreakAfter }
    var reshaped: (@Sendable (Range<Int>) -> Double)? { data.reshaped }
    var hasReshaping: Bool { data.hasReshaping }
    var hasMonotoneWidths: Bool { data.hasMonotoneWidths }
    var lineReach: [Int] { data.lineReach }
    var drawsHyphens: Bool { data.drawsHyphens }
    /// Line boxes differ from line to line (line-box bounds only).
    var hasVariableLineBoxes: Bool { !isInk && data.hasLineBoxes }
    /// The box of a line of units `start..<end` when line boxes differ from line to line, else nil.
    @inline(__always)
    func lineBox(start: Int, end: Int) -> LineBoxExtent? {
        isInk || !data.hasLineBoxes ? nil : data.lineBox(start: start, end: end)
    }

    /// Room enough for the greedy lines at unit width `width`, most of the time: as many as the
    /// text's whole advance fills.
    func lineCapacity(atUnitWidth width: Double) -> Int {
        lineCapacity(forAbout: prefix[count] / width)
    }

    /// Room for about `lines` lines: a quarter more for ragged ends, at most one per break. Reserved
    /// up front, so that a long text's lines are not copied at every doubling
    /// (bench: peakMemoryMegabytes, scaling.text).
    @inline(__always)
    func lineCapacity(forAbout lines: Double) -> Int {
        guard lines.isFinite, lines >= 0 else { return 16 }
        return Int(min(Double(breaks.count), lines * 1.25)) + 16
    }

    /// The end of the shown content of a line `start..<end`.
    @inline(__always)
    func trimmedEnd(start: Int, end: Int) -> Int { max(start, Int(contentEnd[end])) }

    /// The first unit at or after `index` that is not whitespace (or `end`).
    func leadingTrimmed(_ index: Int, end: Int, units: [TextUnit]) -> Int {
        var index = index
        while index < end && units[index].isWhitespace { index += 1 }
        return index
    }

    /// The advance width of units `start..<shownEnd` of a line that breaks after unit `end - 1`,
    /// with the hyphen that break draws.
    @inline(__always)
    func advanceWidth(start: Int, shownEnd: Int, end: Int) -> Double {
        guard shownEnd > start else { return 0 }
        let hyphen =
            drawsHyphens && shownEnd == end && end < count && data.text.units[end - 1].isSoftHyphenBreak
            ? data.text.hyphenAdvance : 0
        // Test the flag before touching the closure: binding it costs a retain per call.
        if hasReshaping
            && ((start > 0 && isUnsafeAfter(start - 1)) || (end < count && isUnsafeAfter(end - 1))),
            let reshaped
        {
            return reshaped(start..<shownEnd) + hyphen
        }
        return prefix[shownEnd] - prefix[start] + hyphen
    }

    @inline(__always)
    func begin(at start: Int) -> LineRun { LineRun(start: start, scanned: start) }

    /// `run` extended so that the line ends (breaks) at `end`, with its width.
    @inline(__always)
    func extend(_ run: LineRun, to end: Int) -> LineRun {
        var run = run
        let shownEnd = trimmedEnd(start: run.start, end: end)
        if isInk {
            // Content ends only grow with `end`, so each unit is gathered once per line.
            while run.scanned < shownEnd {
                run.ink.formUnion(ink[run.scanned])
                run.scanned += 1
            }
            run.width = run.ink.width
        } else {
            run.width = advanceWidth(start: run.start, shownEnd: shownEnd, end: end)
        }
        return run
    }

    /// The advance width of a line `start..<end` from the single shaping's advances (prefix sums),
    /// never shaped again: a lower-cost estimate that searches narrow down before measuring.
    @inline(__always)
    func plainWidth(start: Int, end: Int) -> Double {
        prefix[trimmedEnd(start: start, end: end)] - prefix[start]
    }

    /// The measure of units `start..<end` shown on their own, ink relative to their pen start.
    /// Without `reshaping`, the advance is the single shaping's even where an end is unsafe to
    /// break (see ``plainWidth(start:end:)``).
    func piece(_ start: Int, _ end: Int, reshaping: Bool = true) -> Piece {
        let shownEnd = trimmedEnd(start: start, end: end)
        var box = InkBox.none
        if isInk {
            for index in start..<shownEnd { box.formUnion(ink[index]) }
            box = box.offset(by: -prefix[start])
        }
        let advance =
            reshaping ? advanceWidth(start: start, shownEnd: shownEnd, end: end) : prefix[shownEnd] - prefix[start]
        return Piece(advance: advance, ink: box)
    }
}

/// Something drawn on a line at size 1: a run of units, or the ellipsis, or several joined.
struct Piece {
    /// The advance width (line-box width when it ends the line).
    var advance: Double
    /// Relative to the piece's pen start.
    var ink: InkBox

    static let empty = Piece(advance: 0, ink: .none)

    /// This piece followed on the same line by `next`.
    func then(_ next: Piece) -> Piece {
        var ink = self.ink
        ink.formUnion(next.ink.offset(by: advance))
        return Piece(advance: advance + next.advance, ink: ink)
    }

    func width(inkBounds: Bool) -> Double { inkBounds ? ink.width : advance }
}
