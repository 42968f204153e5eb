import Synchronization

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
        let problem = FitProblem(table, options: options)
        // As ``FitProblem/bestFit()`` settles it: rounded to the range's top when a hair below it,
        // and verified by the layout at that size; the exact size when the rounded one fails.
        var size = exact >= options.maxSize * (1 - fitTolerance) ? options.maxSize : exact
        var layout = problem.summary(atSize: size, stairs: stairs, recent: staircase.recentLayouts)
        if !layout.fits && size != exact {
            size = exact
            layout = problem.summary(atSize: size, stairs: stairs, recent: staircase.recentLayouts)
        }
        guard layout.fits else { return nil }
        // What ``FitProblem/fittedResult(_:size:)`` computes from the lines: the widest line is the
        // layout's widest times the size (multiplying by a positive size keeps the order).
        let count = Double(layout.summary.lineCount)
        return FitResult(
            size: size, scale: options.maxSize > 0 ? size / options.maxSize : 1, fits: true,
            width: layout.summary.maxWidth * size,
            height: count * problem.text.lineHeight * size + (count - 1) * options.lineSpacing,
            lines: DeferredLines(
                problem, size: size, lineCount: layout.summary.lineCount, recent: staircase.recentLayouts))
    }
}

extension FitProblem {
    /// ``layout(atSize:record:)`` without the lines: the layout's summary, from `stairs` when the
    /// greedy layout at that width is one of theirs (the same layout has the same summary), else
    /// from the layouts re-fits met last, else from one pass.
    func summary(
        atSize size: Double, stairs: (Staircase.Stair, Staircase.Stair?), recent: RecentLayouts
    ) -> (summary: LayoutSummary, fits: Bool) {
        let width = options.unitWidth(atSize: size)
        let limit = layoutLimit(atSize: size)
        let known = stairs.0.summary(atLimit: limit) ?? stairs.1?.summary(atLimit: limit)
        let layout = known ?? recent.summary(atLimit: limit)
        return (layout, fits(layout, atSize: size, width: width))
    }

    /// The width the greedy pass of ``layout(atSize:record:)`` compares lines with, computed as it
    /// computes it: the frame's unit width at `size` with the tolerance's slack.
    func layoutLimit(atSize size: Double) -> Double {
        options.unitWidth(atSize: size) * (1 + TextFitter.fitTolerance)
    }
}

/// A result's lines, laid out when first read (by whichever thread reads them first) and kept.
final class DeferredLines: Sendable {
    private let problem: FitProblem
    private let size: Double
    /// How many lines the layout has: the array that records them is allocated once, that large.
    private let lineCount: Int
    /// Where the lines of a layout met before are kept.
    private let recent: RecentLayouts
    /// The lines once laid out, published with release ordering (the pointer is what is not
    /// Sendable; what it points to is written once, before it is published).
    nonisolated(unsafe) private let laidOut = Atomic<UnsafeMutablePointer<[FittedLine]>?>(nil)

    init(_ problem: FitProblem, size: Double, lineCount: Int, recent: RecentLayouts) {
        self.problem = problem
        self.size = size
        self.lineCount = lineCount
        self.recent = recent
    }

    deinit {
        if let lines = laidOut.load(ordering: .acquiring) {
            lines.deinitialize(count: 1)
            lines.deallocate()
        }
    }

    var lines: [FittedLine] {
        if let lines = laidOut.load(ordering: .acquiring) { return lines.pointee }
        let laidLines = recent.lines(atLimit: problem.layoutLimit(atSize: size), expected: lineCount)
        let lines = problem.fittedResult(laidLines, size: size).lines
        let stored = UnsafeMutablePointer<[FittedLine]>.allocate(capacity: 1)
        stored.initialize(to: lines)
        let (exchanged, earlier) = laidOut.compareExchange(
            expected: nil, desired: stored, ordering: .acquiringAndReleasing)
        if exchanged { return lines }
        // Another thread laid them out first (the same lines): keep theirs.
        stored.deinitialize(count: 1)
        stored.deallocate()
        return earlier?.pointee ?? lines
    }
}
