/// A line as shown: its units, possibly cut, with "…" between the kept head and tail.
struct ShownLine {
    /// The units the line stands for, trailing whitespace included.
    var units: Range<Int>
    /// The units whose text the line shows or was cut from (no trailing whitespace).
    var content: Range<Int>
    /// Shown units before the ellipsis (all of them when not truncated).
    var head: Range<Int>
    /// Shown units after the ellipsis.
    var tail: Range<Int>
    var hasEllipsis: Bool
    var isTruncated: Bool
    /// The line's measure at size 1.
    var piece: Piece
}

extension FitProblem {
    /// A greedy line shown whole.
    func shown(_ line: LaidLine) -> ShownLine {
        let shownEnd = table.trimmedEnd(start: line.start, end: line.end)
        let advance =
            table.isInk ? table.prefix[shownEnd] - table.prefix[line.start] : line.run.width
        let piece = Piece(advance: advance, ink: line.run.ink.offset(by: -table.prefix[line.start]))
        return ShownLine(
            units: line.start..<line.end, content: line.start..<shownEnd, head: line.start..<shownEnd,
            tail: shownEnd..<shownEnd, hasEllipsis: false, isTruncated: false, piece: piece)
    }

    /// The lines of text that does not fit at any size in range, laid out at `size`: words wider
    /// than the frame are cut between units; lines past the line limit or the frame height are
    /// dropped (at least one is kept) and the last kept line is truncated, ending in `ellipsis`.
    func fallbackLines(atSize size: Double, ellipsis: Ellipsis?) -> (lines: [ShownLine], truncated: Bool) {
        let slack = 1 + TextFitter.fitTolerance
        let width = options.unitWidth(atSize: size)
        var laid: [LaidLine] = []
        guard options.truncation != .none else {
            // Nothing is cut, so every line is kept, past the line limit and the frame's height. A
            // one-line label is not wrapped at all: it overflows the frame's width instead.
            let oneLine = options.lineLimit == 1
            _ = table.greedy(width: oneLine ? .infinity : width, slack: slack, emergency: !oneLine, record: true, lines: &laid)
            return (laid.map(shown), false)
        }
        // Only the lines that can be kept and one more (to know that some were dropped) are laid.
        let lineCap = options.lineLimit == .max ? .max : options.lineLimit + 1
        _ = table.greedy(width: width, slack: slack, emergency: true, record: true, lines: &laid, lineCap: lineCap)

        let kept = keptLineCount(laid, size: size)
        let dropped = laid.count - kept
        var lines: [ShownLine] = []
        lines.reserveCapacity(kept)
        for (index, line) in laid.prefix(kept).enumerated() {
            if dropped > 0 && index == kept - 1 {
                // The last line stands for the rest of its paragraph, so "…" (or the kept end, in
                // head truncation) shows what follows, as TextKit and SwiftUI do.
                let end = paragraphEnd(from: line.start)
                let content = line.start..<table.trimmedEnd(start: line.start, end: end)
                lines.append(truncated(content, standingFor: line.start..<end, limit: width * slack, ellipsis: ellipsis))
            } else if line.run.width > width * slack {
                // A single unit wider than the frame, even after emergency breaking.
                let content = line.start..<table.trimmedEnd(start: line.start, end: line.end)
                lines.append(
                    truncated(content, standingFor: line.start..<line.end, limit: width * slack, ellipsis: ellipsis))
            } else {
                lines.append(shown(line))
            }
        }
        return (lines, dropped > 0 || lines.contains { $0.isTruncated })
    }

    /// How many leading lines fit the line limit and the frame height; at least one.
    private func keptLineCount(_ laid: [LaidLine], size: Double) -> Int {
        var summary = LayoutSummary()
        var kept = 0
        for line in laid.prefix(options.lineLimit) {
            var next = summary
            next.add(line.run)
            if let box = table.lineBox(start: line.start, end: line.end) { next.boxHeight += box.height }
            let (perSize, constant) = heightCoefficients(next)
            let height = perSize * size + constant
            let slack = TextFitter.fitTolerance * max(abs(options.frameHeight), abs(height))
            if kept > 0 && height > options.frameHeight + slack { break }
            summary = next
            kept += 1
        }
        return max(kept, 1)
    }

    /// The end (exclusive) of the paragraph containing unit `start`: after its mandatory break,
    /// or the end of the text.
    private func paragraphEnd(from start: Int) -> Int {
        for point in table.breaks where point.end > start && point.isMandatory {
            return point.end
        }
        return table.count
    }

    private static func piece(of ellipsis: Ellipsis?) -> Piece {
        guard let ellipsis else { return .empty }
        let ink = ellipsis.ink.map {
            InkBox(left: $0.left, right: $0.right, bottom: $0.bottom, top: $0.top)
        }
        return Piece(advance: ellipsis.advance, ink: ink ?? .none)
    }

    /// `content` cut at unit boundaries per the truncation mode so that it and `ellipsis` fit
    /// `limit` (unit width); if the ellipsis alone is too wide, the line is left empty.
    ///
    /// Binary searches rely on a piece growing when it gains units, which holds for advances and
    /// ink alike. They run on the single shaping's advances; only the answer is measured as shown
    /// (shaped again when an end is unsafe to break) and shortened by galloping if that is wider,
    /// so a cut costs O(log n) shapings of the kept text, never one per candidate
    /// (`truncatingLongTextShapesAFewLinesNotTheText` counts them).
    func truncated(_ content: Range<Int>, standingFor units: Range<Int>, limit: Double, ellipsis: Ellipsis?)
        -> ShownLine
    {
        let start = content.lowerBound, end = content.upperBound
        let hasEllipsis = ellipsis != nil
        let ellipsis = Self.piece(of: ellipsis)
        let isInk = table.isInk
        func fits(_ piece: Piece) -> Bool { piece.width(inkBounds: isInk) <= limit }
        func leading(_ index: Int) -> Int { table.leadingTrimmed(index, end: end, units: text.units) }
        func line(head: Range<Int>, tail: Range<Int>, piece: Piece, ellipsis: Bool) -> ShownLine {
            ShownLine(
                units: units, content: content, head: head, tail: tail, hasEllipsis: ellipsis,
                isTruncated: true, piece: piece)
        }
        guard fits(ellipsis) else {
            return line(head: start..<start, tail: end..<end, piece: .empty, ellipsis: false)
        }
        switch options.truncation {
        case .tail, .none:
            // The longest head (cut after any unit) that fits with "…" after it.
            var low = start, high = end
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(table.piece(start, middle, reshaping: false).then(ellipsis)) {
                    low = middle
                } else {
                    high = middle - 1
                }
            }
            low = largestFitting(upTo: low, atLeast: start) { fits(table.piece(start, $0).then(ellipsis)) }
            let headEnd = table.trimmedEnd(start: start, end: low)
            return line(
                head: start..<headEnd, tail: end..<end,
                piece: table.piece(start, headEnd).then(ellipsis), ellipsis: hasEllipsis)
        case .head:
            // The earliest tail start that fits with "…" before it.
            var low = start, high = end
            while low < high {
                let middle = (low + high) / 2
                if fits(ellipsis.then(table.piece(leading(middle), end, reshaping: false))) {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            // Counted in kept units, so that more units is a larger number.
            let kept = largestFitting(upTo: end - low, atLeast: 0) {
                fits(ellipsis.then(table.piece(leading(end - $0), end)))
            }
            let tailStart = leading(end - kept)
            return line(
                head: start..<start, tail: tailStart..<end,
                piece: ellipsis.then(table.piece(tailStart, end)), ellipsis: hasEllipsis)
        case .middle:
            // The most units kept, split evenly between the two ends (the head gets the odd one).
            func pieces(_ kept: Int, reshaping: Bool = true) -> (head: Range<Int>, tail: Range<Int>, piece: Piece) {
                let headEnd = table.trimmedEnd(start: start, end: start + (kept + 1) / 2)
                let tailStart = leading(end - kept / 2)
                let piece = table.piece(start, headEnd, reshaping: reshaping).then(ellipsis)
                    .then(table.piece(tailStart, end, reshaping: reshaping))
                return (start..<headEnd, tailStart..<end, piece)
            }
            var low = 0, high = end - start
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(pieces(middle, reshaping: false).piece) { low = middle } else { high = middle - 1 }
            }
            low = largestFitting(upTo: low, atLeast: 0) { fits(pieces($0).piece) }
            let kept = pieces(low)
            return line(head: kept.head, tail: kept.tail, piece: kept.piece, ellipsis: hasEllipsis)
        }
    }
}
