/// Ink bounds at size 1, y up, with +∞/−∞ sentinels when there is no ink so that unions need no
/// branches.
struct InkBox {
    var left = Double.infinity
    var right = -Double.infinity
    var bottom = Double.infinity
    var top = -Double.infinity

    static let none = InkBox()

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

/// Tables over a ``MeasuredText`` built once per fit, so that a line's width is O(1) in line-box
/// bounds (prefix sums) and a greedy pass over the text allocates nothing.
struct LineTable {
    let count: Int
    let isInk: Bool
    /// `prefix[i]` is the pen position of unit i: the sum of the advances before it.
    let prefix: [Double]
    /// `contentEnd[e]` is 1 + the index of the last unit before `e` that is not trailing-trimmable
    /// (0 if none): a line `s..<e` shows units `s..<max(s, contentEnd[e])`.
    let contentEnd: [Int]
    /// The exclusive ends at which a line may end, ascending; the last is `count`.
    let breakEnds: [Int]
    let breakIsMandatory: [Bool]
    /// Runs of text between mandatory breaks (at least 1).
    let paragraphCount: Int
    /// Absolute ink of each unit (only in ink bounds).
    let ink: [InkBox]
    /// Per unit, only when `reshaped` is set.
    let unsafeAfter: [Bool]
    let reshaped: (@Sendable (Range<Int>) -> Double)?
    let hasReshaping: Bool

    init(_ text: MeasuredText, bounds: FitBounds) {
        let units = text.units
        let count = units.count
        let isInk = bounds == .ink
        self.count = count
        self.isInk = isInk
        reshaped = text.reshapedWidth
        hasReshaping = text.reshapedWidth != nil
        var breakEnds: [Int] = []
        var breakIsMandatory: [Bool] = []
        breakEnds.reserveCapacity(count)
        breakIsMandatory.reserveCapacity(count)
        var contentEnd = [Int](repeating: 0, count: count + 1)
        // One pass writing through buffers: this runs on every fit, so it avoids per-element checks.
        let prefix = [Double](unsafeUninitializedCapacity: count + 1) { prefix, initialized in
            contentEnd.withUnsafeMutableBufferPointer { contentEnd in
                var pen = 0.0, lastContent = 0
                prefix[0] = 0
                for index in 0..<count {
                    let unit = units[index]
                    pen += unit.advance
                    prefix[index + 1] = pen
                    // A unit before a hard break is a line separator even when not flagged as
                    // whitespace.
                    if !unit.isWhitespace && unit.breakAfter != .mandatory { lastContent = index + 1 }
                    contentEnd[index + 1] = lastContent
                    if unit.breakAfter != .none || index == count - 1 {
                        breakEnds.append(index + 1)
                        breakIsMandatory.append(unit.breakAfter == .mandatory)
                    }
                }
            }
            initialized = count + 1
        }
        self.prefix = prefix
        self.contentEnd = contentEnd
        self.breakEnds = breakEnds
        self.breakIsMandatory = breakIsMandatory
        // A hard break after the last unit ends the text rather than starting a paragraph.
        paragraphCount = 1 + breakIsMandatory.dropLast().count { $0 }
        ink =
            isInk
            ? units.indices.map { index in
                units[index].ink.map {
                    let pen = prefix[index]
                    return InkBox(left: pen + $0.left, right: pen + $0.right, bottom: $0.bottom, top: $0.top)
                } ?? .none
            } : []
        unsafeAfter = reshaped == nil ? [] : units.map(\.unsafeToBreakAfter)
    }

    /// The end of the shown content of a line `start..<end`.
    @inline(__always)
    func trimmedEnd(start: Int, end: Int) -> Int { max(start, contentEnd[end]) }

    /// The first unit at or after `index` that is not whitespace (or `end`).
    func leadingTrimmed(_ index: Int, end: Int, units: [TextUnit]) -> Int {
        var index = index
        while index < end && units[index].isWhitespace { index += 1 }
        return index
    }

    /// The advance width of units `start..<shownEnd` of a line that breaks after unit `end - 1`.
    @inline(__always)
    func advanceWidth(start: Int, shownEnd: Int, end: Int) -> Double {
        guard shownEnd > start else { return 0 }
        // Test the flag before touching the closure: binding it costs a retain per call.
        if hasReshaping
            && ((start > 0 && unsafeAfter[start - 1]) || (end < count && unsafeAfter[end - 1])),
            let reshaped
        {
            return reshaped(start..<shownEnd)
        }
        return prefix[shownEnd] - prefix[start]
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

    /// The measure of units `start..<end` shown on their own, ink relative to their pen start.
    func piece(_ start: Int, _ end: Int) -> Piece {
        let shownEnd = trimmedEnd(start: start, end: end)
        var box = InkBox.none
        if isInk {
            for index in start..<shownEnd { box.formUnion(ink[index]) }
            box = box.offset(by: -prefix[start])
        }
        return Piece(advance: advanceWidth(start: start, shownEnd: shownEnd, end: end), ink: box)
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
