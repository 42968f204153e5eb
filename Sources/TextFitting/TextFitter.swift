/// Fits measured text into a frame: the exact largest font size at which it fits, like SwiftUI's
/// `minimumScaleFactor` but computed exactly rather than by stepping.
package enum TextFitter {
    /// The relative slack on every "fits" comparison (widths and heights), so that a size computed
    /// from a bound fits despite floating-point rounding. The search itself is exact; results are
    /// within this of the true largest size.
    package static let fitTolerance = 1e-9

    /// The largest size in `[maxSize × minimumScaleFactor, maxSize]` at which greedily broken
    /// `text` fits the frame, the line limit and the frame height, with its lines.
    ///
    /// Text is measured at size 1, so widths scale with the size. When nothing in range fits, the
    /// text is laid out at the minimum size (words wider than the frame broken between units),
    /// lines past the limit or the height dropped, and the last one truncated; `fits` is then false.
    package static func fit(_ text: MeasuredText, options: FitConstraints) -> FitResult {
        fit(FitProblem(text, options: options.normalized))
    }

    /// ``fit(_:options:)`` of `table.text`, with the tables built once by ``FitTable`` rather than
    /// on every call: the same result, faster when one text is fitted into many frames.
    package static func fit(_ table: FitTable, options: FitConstraints) -> FitResult {
        fit(FitProblem(table, options: options.normalized))
    }

    /// ``fit(_:options:)-(FitTable,_)`` of `table` with the ellipsis `ellipsis()` gives, asked for only
    /// when the text fits at no size and is truncated: the same result as the fit of
    /// the text's ellipsis set to `ellipsis()`, searched once and with the same tables. Whether a
    /// text fits does not depend on its ellipsis; only the fallback lines at the smallest size draw it.
    package static func fit(_ table: FitTable, options: FitConstraints, ellipsis: () -> Ellipsis?) -> FitResult {
        let problem = FitProblem(table, options: options.normalized)
        if let (size, lines) = problem.bestFit() { return problem.fittedResult(lines, size: size) }
        return problem.fallbackResult(
            atSize: problem.options.fallbackSize, ellipsis: problem.options.truncation == .none ? nil : ellipsis())
    }

    private static func fit(_ problem: FitProblem) -> FitResult {
        if let (size, lines) = problem.bestFit() { return problem.fittedResult(lines, size: size) }
        return problem.fallbackResult(atSize: problem.options.fallbackSize, ellipsis: problem.text.ellipsis)
    }

    /// Greedy lines of `text` at unit width `width` (em), as unit index ranges that include each
    /// line's trailing whitespace and together cover all units. Words are never split; a word wider
    /// than `width` gets a line of its own. Empty text has one empty line.
    package static func layout(_ text: MeasuredText, width: Double, bounds: FitBounds) -> [Range<Int>] {
        var lines: [LaidLine] = []
        _ = LineTable(text, bounds: bounds).greedy(
            width: width, slack: 1 + fitTolerance, emergency: false, record: true, lines: &lines)
        return lines.map { $0.start..<$0.end }
    }

    /// The exact largest size at which `table`'s text fits, or nil when it fits at no size in range;
    /// the size ``fit(_:options:)-(FitTable,_)`` returns, without laying out its lines. Line-box
    /// fits of a finite width read it from the text's staircase of line-count widths, in a few
    /// comparisons once the stairs are known.
    package static func size(_ table: FitTable, options: FitConstraints) -> Double? {
        size(table, options.normalized, roundsSize: options.presetSizes != nil || options.granularity != nil)
    }

    /// ``size(_:options:)`` with the options given one by one, the size not rounded: no
    /// ``FitConstraints`` is built on the size-only re-fit's path (bench: refitSizesPerShape).
    package static func size(
        _ table: FitTable, maxSize: Double, minimumScaleFactor: Double, frameWidth: Double, frameHeight: Double,
        lineLimit: Int?, bounds: FitBounds, lineSpacing: Double
    ) -> Double? {
        let sizeBounds = SizeBounds(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frameWidth, frameHeight: frameHeight,
            lineLimit: lineLimit, lineSpacing: lineSpacing)
        if bounds == .lineBox, let size = table.staircaseSize(sizeBounds) { return size }
        let options = NormalizedOptions(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frameWidth, frameHeight: frameHeight,
            lineLimit: lineLimit, bounds: bounds, lineSpacing: lineSpacing, alignment: .leading, truncation: .none,
            granularity: nil, presetSizes: nil)
        return FitProblem(table, options: options).bestFit()?.size
    }

    private static func size(_ table: FitTable, _ normalized: NormalizedOptions, roundsSize: Bool) -> Double? {
        if !roundsSize, normalized.bounds == .lineBox, let size = table.staircaseSize(normalized.sizeBounds) {
            return size
        }
        return FitProblem(table, options: normalized).bestFit()?.size
    }

    /// Whether `text` laid out at `size` fits the frame, line limit and height of `options`
    /// (the size range and rounding options are ignored).
    package static func fits(_ text: MeasuredText, size: Double, options: FitConstraints) -> Bool {
        FitProblem(text, options: options.normalized(withPresets: false)).fits(atSize: size)
    }
}

/// A ``MeasuredText`` with the tables the fitter works from (prefix sums of the advances, break
/// opportunities, absolute ink) built once, for fitting one text into many frames
/// (see ``TextFitter``). Immutable and cheap to copy.
package struct FitTable: Sendable {
    let table: LineTable
    /// The widths at which the text takes fewer lines, found on demand (nil when widths may shrink).
    package let staircase: Staircase?

    /// The text the tables were built from.
    package var text: MeasuredText { table.text }

    /// Whether some line may break at a soft hyphen and draw a hyphen there.
    package var drawsHyphens: Bool { table.drawsHyphens }

    /// Builds the tables for `text`; ink tables only when some unit has ink (without any, ink
    /// bounds see no ink, as they would in the text itself).
    package init(_ text: MeasuredText) {
        table = LineTable(text, ink: text.inks.contains { $0 != nil })
        staircase = Staircase(table)
    }

    /// The size from the staircase (no problem built, no table copied: a few comparisons); nil when
    /// the staircase does not answer (one line, ink bounds, an unbounded width), and the caller then
    /// searches plainly.
    package func staircaseSize(_ bounds: SizeBounds) -> Double? {
        bounds.lineLimit != 1 ? staircase?.fittedSize(bounds) : nil
    }
}
