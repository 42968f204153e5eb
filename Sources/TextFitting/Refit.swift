extension TextFitter {
    /// `table`'s text fitted into new bounds with line-box bounds and proportional widths, the way
    /// a resize slider asks: the size read from the staircase, the layout at that size known from
    /// the stair it came from (or one pass that records nothing), and the lines laid out only when
    /// first read. The same result as ``fit(_:options:)-(FitTable,_)`` with leading-edge defaults
    /// for everything `bounds` does not say. Nil when that fit must answer itself: a text fitted
    /// for the first time (its stairs are not worth finding yet), one line, ink bounds, an unbounded
    /// width, or a size that does not fit.
    package static func refit(_ table: FitTable, _ bounds: SizeBounds, alignment: LineAlignment) -> FitResult? {
        guard bounds.lineLimit != 1, let staircase = table.staircase, staircase.wasAsked(),
            let (exact, stairs) = staircase.bestSizeAndStairs(bounds)
        else { return nil }
        let options = NormalizedOptions(
            maxSize: bounds.maxSize, minSize: bounds.minSize, frameWidth: bounds.frameWidth,
            frameHeight: bounds.frameHeight, lineLimit: bounds.lineLimit, bounds: .lineBox,
            lineSpacing: bounds.lineSpacing, alignment: alignment, truncation: .none, granularity: nil,
            presetSizes: nil)
        let lineHeight = staircase.lineHeight
        // As ``FitProblem/bestFit()`` settles it: rounded to the range's top when a hair below it,
        // and verified by the layout at that size; the exact size when the rounded one fails. No
        // problem is built: its copy of the tables costs more reference counting than the rest.
        func layout(atSize size: Double) -> (summary: LayoutSummary, stair: Staircase.Stair?, limit: Double, fits: Bool) {
            let width = options.unitWidth(atSize: size)
            let limit = width * (1 + fitTolerance)
            var stair: Staircase.Stair?
            let summary: LayoutSummary
            if let known = stairs.0.summary(atLimit: limit) {
                (summary, stair) = (known, stairs.0)
            } else if let before = stairs.1, let known = before.summary(atLimit: limit) {
                (summary, stair) = (known, before)
            } else {
                summary = staircase.recentLayouts.summary(atLimit: limit)
            }
            let height = options.lineBoxHeight(lines: summary.lineCount, lineHeight: lineHeight)
            return (summary, stair, limit, options.fits(summary, height: height, atSize: size, width: width))
        }
        var size = exact >= options.maxSize * (1 - fitTolerance) ? options.maxSize : exact
        var found = layout(atSize: size)
        if !found.fits && size != exact {
            size = exact
            found = layout(atSize: size)
        }
        guard found.fits else { return nil }
        // What ``FitProblem/fittedResult(_:size:)`` computes from the lines: the widest line is the
        // layout's widest times the size (multiplying by a positive size keeps the order).
        let placement = LineBoxPlacement(lineHeight: lineHeight, ascent: staircase.ascent, options, size: size)
        let scale = options.maxSize > 0 ? size / options.maxSize : 1
        let width = found.summary.maxWidth * size
        let height = options.lineBoxHeight(lines: found.summary.lineCount, lineHeight: lineHeight, atSize: size)
        let lines = DeferredLayout(
            staircase, isStair: found.stair != nil, placement: placement, limit: found.limit,
            lineCount: found.summary.lineCount)
        return FitResult(size: size, scale: scale, fits: true, width: width, height: height, lines: lines)
    }
}

/// Where a re-fit's lines are found when read: the layout's lines, unplaced, are kept by the
/// staircase (with its stairs, or among the layouts met last), found on the first read and placed
/// as each is read. Plain values and one reference: a re-fit allocates nothing for its lines.
struct DeferredLayout: Sendable {
    // Stored in this order, the flag after the placement: it then takes a byte of the
    // placement's padding, and a result holding this layout stays 120 bytes, small enough to be
    // moved rather than copied through an outlined copy and destroy on every re-fit
    // (bench: shapesPerRefit).
    private let staircase: Staircase
    private let placement: LineBoxPlacement
    /// Whether the layout is a stair's (else one of the layouts met last).
    private let isStair: Bool
    /// The width the greedy pass compares lines with: the frame's unit width at the size, with
    /// the tolerance's slack.
    private let limit: Double
    /// How many lines the layout has: the array that records them is allocated once, that large.
    private let lineCount: Int

    init(_ staircase: Staircase, isStair: Bool, placement: LineBoxPlacement, limit: Double, lineCount: Int) {
        self.staircase = staircase
        self.isStair = isStair
        self.placement = placement
        self.limit = limit
        self.lineCount = lineCount
    }

    var lines: FittedLines {
        let layout =
            if isStair { staircase.unplacedLines(ofStairWith: lineCount, atLimit: limit) } else {
                staircase.recentLayouts.unplacedLines(atLimit: limit, expected: lineCount)
            }
        return FittedLines(placing: layout, by: placement)
    }
}
