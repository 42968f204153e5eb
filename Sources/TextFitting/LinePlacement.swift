extension FitProblem {
    /// The result for lines shown at `size`: each line placed by alignment and line spacing, its
    /// text cut out of the input by UTF-8 offsets.
    func result<Lines: RandomAccessCollection<ShownLine>>(
        _ shown: Lines, size: Double, fits: Bool, truncated: Bool
    ) -> FitResult {
        let isInk = table.isInk
        // As `widths.max() ?? 0` would, without the array.
        var widest = 0.0, isFirst = true
        for line in shown {
            let width = line.piece.width(inkBounds: isInk) * size
            if isFirst || widest < width { widest = width }
            isFirst = false
        }
        let container = options.frameWidth.isFinite ? options.frameWidth : widest
        let step = text.lineHeight * size + options.lineSpacing
        var shift = 0.0, height = 0.0
        if isInk {
            if let firstIndex = shown.firstIndex(where: { $0.piece.ink.hasInk }),
                let lastIndex = shown.lastIndex(where: { $0.piece.ink.hasInk })
            {
                let top = shown[firstIndex].piece.ink.top, bottom = shown[lastIndex].piece.ink.bottom
                let first = shown.distance(from: shown.startIndex, to: firstIndex)
                let last = shown.distance(from: shown.startIndex, to: lastIndex)
                // Ink bounds measure from the first ink top, so that is where y = 0 goes.
                shift = -(Double(first) * step + (text.ascent - top) * size)
                height = Double(last - first) * step + (top - bottom) * size
            }
        } else {
            height = options.lineBoxHeight(lines: shown.count, lineHeight: text.lineHeight, atSize: size)
        }
        let source = text.text
        let byteCount = source.utf8.count
        let count = shown.count
        // Reserved and appended to rather than built with `init(unsafeUninitializedCapacity:)`,
        // whose allocation goes through an unspecialized standard-library function that looks the
        // storage type up at run time, on every re-fit whose lines are read
        // (bench: refitsWithLinesPerShape).
        var lines: [FittedLine] = []
        lines.reserveCapacity(count)
        // Line boxes that differ from line to line stand one under the other, each its own height.
        let variable = table.hasVariableLineBoxes
        var nextTop = 0.0
        if variable { height = 0 }
        for (index, line) in shown.enumerated() {
            let width = line.piece.width(inkBounds: isInk) * size
            let x = options.alignment.offset(of: width, in: container)
            let penX = isInk && line.piece.ink.hasInk ? x - line.piece.ink.left * size : x
            let box = variable ? table.lineBox(start: line.units.lowerBound, end: line.units.upperBound) : nil
            let y = box == nil ? Double(index) * step + shift : nextTop
            if let box {
                nextTop = y + box.height * size + options.lineSpacing
                height = y + box.height * size
            }
            let range = utf8Range(line.content)
            let content = LineText(
                source: source, head: LineText.clamped(utf8Range(line.head), byteCount),
                tail: LineText.clamped(utf8Range(line.tail), byteCount), hasEllipsis: line.hasEllipsis, range: range)
            lines.append(
                FittedLine(
                    content: content, range: range, width: width, x: x, y: y,
                    baseline: y + (box?.ascent ?? text.ascent) * size, height: (box?.height ?? text.lineHeight) * size,
                    penX: penX, units: line.units, isTruncated: line.isTruncated))
        }
        return FitResult(
            size: size, scale: options.maxSize > 0 ? size / options.maxSize : 1, fits: fits,
            truncated: truncated, lines: lines, width: widest, height: height)
    }

    /// The UTF-8 span of units `units`; empty ranges sit where the units would start.
    private func utf8Range(_ units: Range<Int>) -> Range<Int> {
        text.units.withUnsafeBufferPointer { LineBoxPlacement.utf8Range(units, of: $0) }
    }

    /// The text laid out at a size it fits at, as `lines`.
    func fittedResult(_ lines: [LaidLine], size: Double) -> FitResult {
        guard !table.isInk, !table.hasVariableLineBoxes, options.frameWidth.isFinite, !lines.isEmpty else {
            return result(lines.lazy.map(shown), size: size, fits: true, truncated: false)
        }
        // Line-box bounds in a finite frame, the common case: what `result` computes from
        // `shown(_:)`, without building the shown lines.
        let placement = LineBoxPlacement(lineHeight: text.lineHeight, ascent: text.ascent, options, size: size)
        let (fitted, widest) = placement.place(lines, table)
        return FitResult(
            size: size, scale: options.maxSize > 0 ? size / options.maxSize : 1, fits: true,
            truncated: false, lines: fitted, width: widest,
            height: options.lineBoxHeight(lines: lines.count, lineHeight: text.lineHeight, atSize: size))
    }

    /// The text that does not fit, laid out and truncated at `size`, the last kept line ending in
    /// `ellipsis`.
    func fallbackResult(atSize size: Double, ellipsis: Ellipsis?) -> FitResult {
        let (lines, truncated) = fallbackLines(atSize: size, ellipsis: ellipsis)
        return result(lines, size: size, fits: false, truncated: truncated)
    }
}

/// Where the lines of a fit in line-box bounds and a finite frame go at one size: the values
/// placing them needs, and nothing that holds a reference, so that a re-fit can keep it for
/// lines laid out later at the cost of a few stored numbers.
///
/// A line is placed in two steps: its unplaced form, which depends on the layout alone (its ranges
/// and its width in em), then its place at the size. A re-fit keeps the unplaced lines of
/// the layouts it met and only places them again.
@usableFromInline
struct LineBoxPlacement: Sendable {
    @usableFromInline let size: Double
    /// From one line's top to the next.
    @usableFromInline let step: Double
    /// From a line's top to its baseline.
    @usableFromInline let baselineOffset: Double
    @usableFromInline let frameWidth: Double
    @usableFromInline let alignment: LineAlignment

    init(lineHeight: Double, ascent: Double, _ options: NormalizedOptions, size: Double) {
        self.size = size
        step = lineHeight * size + options.lineSpacing
        baselineOffset = ascent * size
        frameWidth = options.frameWidth
        alignment = options.alignment
    }

    /// `lines` placed top to bottom, and the widest one's width: what
    /// ``FitProblem/result(_:size:fits:truncated:)`` computes from the shown lines, in one pass.
    func place(_ lines: [LaidLine], _ table: LineTable) -> (lines: [FittedLine], widest: Double) {
        var widest = 0.0
        // Reserved and appended to: see `FitProblem.result`.
        var fitted: [FittedLine] = []
        fitted.reserveCapacity(lines.count)
        let source = table.text.text
        let lineHeight = table.text.lineHeight
        Self.withUnplacing(table) { unplaced in
            for (index, line) in lines.enumerated() {
                let placed = place(unplaced(line), at: index, of: source, lineHeight: lineHeight)
                if index == 0 || widest < placed.width { widest = placed.width }
                fitted.append(placed)
            }
        }
        return (fitted, widest)
    }

    /// `line` of `source` as the `index`th line at this size, its box `lineHeight` em tall. The
    /// height is not kept here: a placement one value larger was copied through the runtime's
    /// generic witnesses wherever a re-fit's lines are read (bench: refitsWithLinesPerShape).
    @inlinable @inline(__always)
    func place(_ line: UnplacedLine, at index: Int, of source: String, lineHeight: Double) -> FittedLine {
        let width = line.width * size
        let x = alignment.offset(of: width, in: frameWidth)
        // `result` adds a zero shift: keep it, for the sign of a zero.
        let y = Double(index) * step + 0.0
        return FittedLine(
            content: .slice(of: source), range: line.range, width: width, x: x, y: y,
            baseline: y + baselineOffset, height: lineHeight * size, penX: x, units: line.units, isTruncated: false)
    }

    /// Each of `lines` with its ranges and its width in em.
    static func unplacedLines(_ lines: [LaidLine], _ table: LineTable) -> [UnplacedLine] {
        var unplacedLines: [UnplacedLine] = []
        unplacedLines.reserveCapacity(lines.count)
        withUnplacing(table) { unplaced in
            for line in lines { unplacedLines.append(unplaced(line)) }
        }
        return unplacedLines
    }

    /// Calls `body` with a function that makes a laid line's unplaced form: the UTF-8 range of the
    /// input it shows.
    @inline(__always)
    private static func withUnplacing<T>(_ table: LineTable, _ body: ((LaidLine) -> UnplacedLine) -> T) -> T {
        table.text.units.withUnsafeBufferPointer { units in
            table.contentEnd.withUnsafeBufferPointer { contentEnd in
                body { line in
                    UnplacedLine(
                        range: utf8Range(line.start..<max(line.start, Int(contentEnd[line.end])), of: units),
                        units: line.start..<line.end, width: line.run.width)
                }
            }
        }
    }
}

extension LineTable {
    /// The greedy layout at `limit` (no slack) and its lines, unplaced. `expected` is its line
    /// count, to record them into an array that size.
    func unplacedLayout(atLimit limit: Double, expected: Int) -> (summary: LayoutSummary, lines: UnplacedLayout) {
        var laid: [LaidLine] = []
        laid.reserveCapacity(expected)
        let summary = greedy(width: limit, slack: 1, emergency: false, record: true, lines: &laid)
        return (
            summary,
            UnplacedLayout(source: text.text, lines: LineBoxPlacement.unplacedLines(laid, self), lineHeight: text.lineHeight)
        )
    }
}

extension LineBoxPlacement {
    /// The UTF-8 span of units `units` of `all`; empty ranges sit where the units would start.
    @inline(__always)
    static func utf8Range(_ units: Range<Int>, of all: UnsafeBufferPointer<TextUnit>) -> Range<Int> {
        guard !units.isEmpty else {
            let offset =
                units.lowerBound < all.count
                ? all[units.lowerBound].range.lowerBound : (all.last?.range.upperBound ?? 0)
            return offset..<offset
        }
        return all[units.lowerBound].range.lowerBound..<all[units.upperBound - 1].range.upperBound
    }
}

/// A line of a layout in line-box bounds before it is placed at a size: the part of the input it
/// shows (its text is that range of the input) and its width in em. Plain values: a layout's kept
/// lines hold no reference.
@usableFromInline
struct UnplacedLine: Sendable {
    @usableFromInline let range: Range<Int>
    @usableFromInline let units: Range<Int>
    @usableFromInline let width: Double
}

/// A layout's lines before they are placed, with the input they show: what a re-fit's lines are
/// read from, one reference for a result to hold.
@usableFromInline
final class UnplacedLayout: Sendable {
    @usableFromInline let source: String
    @usableFromInline let lines: [UnplacedLine]
    /// The line boxes' height at size 1 (em).
    @usableFromInline let lineHeight: Double

    init(source: String, lines: [UnplacedLine], lineHeight: Double) {
        self.source = source
        self.lines = lines
        self.lineHeight = lineHeight
    }
}
