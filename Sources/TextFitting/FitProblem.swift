/// One fitting problem: a measured text, its tables, and the clamped options; answers whether a
/// layout fits at a size.
struct FitProblem {
    let table: LineTable
    let options: NormalizedOptions
    /// Present for problems over a ``FitTable`` whose widths are ordered: the size search reads it.
    var staircase: Staircase?

    var text: MeasuredText { table.text }

    init(_ text: MeasuredText, options: NormalizedOptions) {
        self.options = options
        table = LineTable(text, bounds: options.bounds)
    }

    /// A problem over tables built beforehand.
    init(_ prepared: FitTable, options: NormalizedOptions) {
        self.options = options
        table = prepared.table.using(options.bounds)
        staircase = prepared.staircase
    }

    /// The layout's used height at size s is `perSize × s + constant`.
    func heightCoefficients(_ layout: LayoutSummary) -> (perSize: Double, constant: Double) {
        let lineHeight = text.lineHeight
        switch options.bounds {
        case .lineBox:
            if table.hasVariableLineBoxes {
                return (layout.boxHeight, Double(max(layout.lineCount, 1) - 1) * options.lineSpacing)
            }
            return options.lineBoxHeight(lines: layout.lineCount, lineHeight: lineHeight)
        case .ink:
            guard layout.firstInkLine >= 0 else { return (0, 0) }
            let gaps = Double(layout.lastInkLine - layout.firstInkLine)
            return (gaps * lineHeight + layout.firstInkTop - layout.lastInkBottom, gaps * options.lineSpacing)
        }
    }

    /// The largest size at which the layout's height fits the frame (−∞ if none, ∞ if any).
    func heightBound(_ layout: LayoutSummary) -> Double {
        if options.bounds == .lineBox && !table.hasVariableLineBoxes { return heightBound(lines: layout.lineCount) }
        let (perSize, constant) = heightCoefficients(layout)
        if perSize > 0 { return (options.frameHeight - constant) / perSize }
        return constant <= options.frameHeight ? .infinity : -.infinity
    }

    /// ``heightBound(_:)`` of `lines` line boxes.
    func heightBound(lines: Int) -> Double { options.heightBound(lines: lines, lineHeight: text.lineHeight) }

    /// Greedy layout at unit width `width` with exact comparisons, for the search.
    func probe(_ width: Double) -> LayoutSummary {
        table.summary(atWidth: width)
    }

    /// The largest size in range at which `layout` is the greedy layout and fits, or nil.
    ///
    /// At sizes s the unit width is W/s, so the layout holds for s in (W/upper, W/lower]; within that
    /// its widest line, the line limit and the height bound decide.
    ///
    /// Nil means that no narrower width fits either (the search relies on it), so each test is
    /// one that only gets worse as the width narrows. A layout whose widths fit is decided by
    /// comparing widths, not sizes: a layout that holds for a few ulps of width can have both ends
    /// of its size interval round to one double, and calling it infeasible would make the search
    /// rule out the narrower widths where the answer is.
    func feasibleTop(_ layout: LayoutSummary) -> Double? {
        guard layout.lineCount <= options.lineLimit else { return nil }
        let narrowestFitting = max(layout.maxWidth, layout.lowerWidth)
        guard narrowestFitting < layout.upperWidth else { return nil }
        let cap = min(options.maxSize, heightBound(layout))
        guard cap > options.size(forUnitWidth: layout.upperWidth) else { return nil }
        let top = min(cap, options.size(forUnitWidth: narrowestFitting))
        return top >= options.minSize ? top : nil
    }

    /// The greedy lines at `size`, and whether they fit the frame, with ``TextFitter/fitTolerance``
    /// of slack on every comparison so that a size computed from a bound passes despite rounding.
    /// Lines are kept only when `record` is true.
    func layout(atSize size: Double, record: Bool) -> (lines: [LaidLine], fits: Bool) {
        let tolerance = TextFitter.fitTolerance
        let width = options.unitWidth(atSize: size)
        var lines: [LaidLine] = []
        if record { lines.reserveCapacity(table.lineCapacity(atUnitWidth: width)) }
        let layout = table.greedy(
            width: width, slack: 1 + tolerance, emergency: false, record: record, lines: &lines)
        return (lines, fits(layout, atSize: size, width: width))
    }

    /// Whether `layout`, the greedy layout at unit width `width` with the tolerance's slack, fits at
    /// `size`.
    func fits(_ layout: LayoutSummary, atSize size: Double, width: Double) -> Bool {
        options.fits(layout, height: heightCoefficients(layout), atSize: size, width: width)
    }

    /// ``layout(atSize:record:)`` taken from `witness` when it is the same layout: probed at the
    /// same width, and with no rejected line extension within the tolerance's slack of it (so the
    /// slack changes no decision). Nil when it may not be.
    func reused(_ witness: Witness, atSize size: Double) -> (lines: [LaidLine], fits: Bool)? {
        let width = options.unitWidth(atSize: size)
        guard width == witness.width, witness.layout.upperWidth > width * (1 + TextFitter.fitTolerance) else {
            return nil
        }
        return (witness.lines, fits(witness.layout, atSize: size, width: width))
    }

    func fits(atSize size: Double) -> Bool { layout(atSize: size, record: false).fits }
}
