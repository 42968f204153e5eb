/// A line as the greedy breaker made it.
struct LaidLine {
    var start: Int
    /// Exclusive; trailing whitespace and the line separator included.
    var end: Int
    /// The line's width and (in ink bounds) its absolute ink.
    var run: LineRun

    init(start: Int, end: Int, run: LineRun) {
        self.start = start
        self.end = end
        self.run = run
    }

    /// A line measured by its advances alone (no ink gathered).
    @inline(__always)
    init(start: Int, end: Int, advanceWidth: Double) {
        self.init(start: start, end: end, run: LineRun(start: start, scanned: start, width: advanceWidth))
    }
}

/// What the size search needs to know about one greedy layout, gathered without storing lines.
struct LayoutSummary {
    var lineCount = 0
    var maxWidth = 0.0
    /// With no slack, greedy breaking gives this same layout for exactly the unit widths in
    /// `lowerWidth..<upperWidth`: below `lowerWidth` some accepted extension no longer fits, and at
    /// `upperWidth` the narrowest rejected extension starts to fit.
    var lowerWidth = 0.0
    var upperWidth = Double.infinity
    var firstInkLine = -1
    var firstInkTop = 0.0
    var lastInkLine = -1
    var lastInkBottom = 0.0
    /// With line boxes that differ from line to line, the sum of their heights (em).
    var boxHeight = 0.0

    @inline(__always)
    mutating func add(_ run: LineRun) {
        if run.ink.hasInk {
            if firstInkLine < 0 {
                firstInkLine = lineCount
                firstInkTop = run.ink.top
            }
            lastInkLine = lineCount
            lastInkBottom = run.ink.bottom
        }
        addAdvanceLine(width: run.width)
    }

    /// A line `width` wide with no ink.
    @inline(__always)
    mutating func addAdvanceLine(width: Double) {
        maxWidth = max(maxWidth, width)
        lineCount += 1
    }
}

extension LineTable {
    /// The summary of the greedy layout at unit width `width` with exact comparisons, no line
    /// recorded: what every search over layouts probes.
    func summary(atWidth width: Double) -> LayoutSummary {
        var none: [LaidLine] = []
        return greedy(width: width, slack: 1, emergency: false, record: false, lines: &none)
    }

    /// Greedy line breaking at unit width `width`: each line takes break segments while the line
    /// (trailing whitespace excluded) stays within `width × slack`, and always ends at a mandatory
    /// break. A segment wider than that alone overflows on its own line, unless `emergency`, in which
    /// case it is cut between units (at least one unit per line).
    ///
    /// `lines` is appended to only when `record` is true, so a probe allocates nothing. With
    /// `emergency`, the pass stops after `lineCap` lines (truncation needs only the lines it keeps
    /// and one more).
    func greedy(
        width: Double, slack: Double, emergency: Bool, record: Bool, lines: inout [LaidLine],
        lineCap: Int = .max
    ) -> LayoutSummary {
        let limit = width * slack
        guard count > 0 else {
            // Empty text still has one (empty) line.
            var summary = LayoutSummary()
            summary.add(begin(at: 0))
            if let box = lineBox(start: 0, end: 0) { summary.boxHeight += box.height }
            if record { lines.append(LaidLine(start: 0, end: 0, run: begin(at: 0))) }
            return summary
        }
        if !isInk && !emergency {
            if hasMonotoneWidths {
                return record
                    ? gallopingGreedy(limit: limit, record: true, lines: &lines)
                    : gallopingGreedy(limit: limit, record: false, lines: &lines)
            }
            return record
                ? advanceGreedy(limit: limit, record: true, lines: &lines)
                : advanceGreedy(limit: limit, record: false, lines: &lines)
        }
        var summary = LayoutSummary()
        var start = 0
        var breakIndex = 0
        while start < count && summary.lineCount < lineCap {
            // An emergency cut leaves the next line starting inside a segment.
            while breaks[breakIndex].end <= start { breakIndex += 1 }
            // A segment whose widths from the single shaping already overflow is cut without being
            // shaped again whole: re-shaping the rest of a long paragraph for every line made
            // truncating 100 KB on one line take 26 s (issue 11).
            let overflows = emergency && !isInk && plainWidth(start: start, end: breaks[breakIndex].end) > limit
            var run = overflows ? begin(at: start) : extend(begin(at: start), to: breaks[breakIndex].end)
            if emergency && (overflows || run.width > limit) {
                let cut = emergencyCut(start: start, segmentEnd: breaks[breakIndex].end, limit: limit)
                summary.add(cut.run)
                if let box = lineBox(start: start, end: cut.end) { summary.boxHeight += box.height }
                if record { lines.append(LaidLine(start: start, end: cut.end, run: cut.run)) }
                start = cut.end
                continue
            }
            while !breaks[breakIndex].isMandatory && breakIndex + 1 < breaks.count {
                let extended = extend(run, to: breaks[breakIndex + 1].end)
                if extended.width <= limit {
                    run = extended
                    breakIndex += 1
                    summary.lowerWidth = max(summary.lowerWidth, extended.width)
                } else {
                    summary.upperWidth = min(summary.upperWidth, extended.width)
                    break
                }
            }
            let end = breaks[breakIndex].end
            summary.add(run)
            if let box = lineBox(start: start, end: end) { summary.boxHeight += box.height }
            if record { lines.append(LaidLine(start: start, end: end, run: run)) }
            start = end
            breakIndex += 1
        }
        return summary
    }

    /// ``greedy(width:slack:emergency:record:lines:)`` in line-box bounds without emergency cuts:
    /// the same lines and summary, computed from the break table alone (every line starts at a
    /// break, and a line's width is one subtraction). Internal for the test that compares
    /// ``gallopingGreedy(limit:record:lines:)`` with it.
    @inline(__always)
    func advanceGreedy(limit: Double, record: Bool, lines: inout [LaidLine]) -> LayoutSummary {
        var summary = LayoutSummary()
        let variable = hasVariableLineBoxes
        breaks.withUnsafeBufferPointer { breaks in
            prefix.withUnsafeBufferPointer { prefix in
                let last = breaks.count - 1
                var start = 0, index = 0
                while true {
                    let startPen = prefix[start]
                    let startUnsafe = hasReshaping && start > 0 && isUnsafeAfter(start - 1)
                    // The width of the line `start..<breaks[at].end`, as `extend` measures it.
                    @inline(__always) func width(_ at: Int) -> Double {
                        let point = breaks[at]
                        guard point.contentEnd > start else { return 0 }
                        // A reshaped line's width, with the hyphen a soft-hyphen break draws.
                        if startUnsafe || point.isUnsafe, reshaped != nil {
                            return advanceWidth(start: start, shownEnd: point.contentEnd, end: point.end)
                        }
                        return point.pen - startPen
                    }
                    var lineWidth = width(index)
                    while !breaks[index].isMandatory && index < last {
                        let extended = width(index + 1)
                        if extended <= limit {
                            lineWidth = extended
                            index += 1
                            summary.lowerWidth = max(summary.lowerWidth, extended)
                        } else {
                            summary.upperWidth = min(summary.upperWidth, extended)
                            break
                        }
                    }
                    let end = breaks[index].end
                    summary.addAdvanceLine(width: lineWidth)
                    if variable, let box = lineBox(start: start, end: end) { summary.boxHeight += box.height }
                    if record { lines.append(LaidLine(start: start, end: end, advanceWidth: lineWidth)) }
                    if index == last { break }
                    start = end
                    index += 1
                }
            }
        }
        return summary
    }

    /// ``advanceGreedy(limit:record:lines:)`` for monotone widths: the same lines and summary, each
    /// line's last break found by galloping from the previous line's number of segments, then
    /// bisecting. Widths grow with every break a line takes, so the last break that fits is the
    /// one before the first that does not, and the extensions the linear pass would try decide
    /// nothing else: the widest accepted is the line's width, the first rejected the one after it.
    /// A line costs O(log(change in segments)) widths instead of one per segment.
    @inline(__always)
    private func gallopingGreedy(limit: Double, record: Bool, lines: inout [LaidLine]) -> LayoutSummary {
        var summary = LayoutSummary()
        let variable = hasVariableLineBoxes
        breaks.withUnsafeBufferPointer { breaks in
            lineReach.withUnsafeBufferPointer { reach in
                let last = breaks.count - 1
                var start = 0, index = 0
                var previousExtensions = 0
                // prefix[start]: 0 for the first line, then carried from the break point the
                // line before ended at.
                var startPen = 0.0
                while true {
                    // The width of the line `start..<breaks[at].end`, as `extend` measures it.
                    @inline(__always) func fits(_ at: Int) -> Bool {
                        let point = breaks[at]
                        return (point.contentEnd > start ? point.pen - startPen : 0) <= limit
                    }
                    @inline(__always) func width(_ at: Int) -> Double {
                        let point = breaks[at]
                        return point.contentEnd > start ? point.pen - startPen : 0
                    }
                    // The line ends at `good`, the last break in index...stop that fits (the
                    // first segment is taken whatever its width); `bad` is the first known not
                    // to fit, or stop + 1.
                    let stop = reach[index]
                    var good = index, bad = stop + 1
                    let guess = min(stop, index + max(1, previousExtensions))
                    if guess > index {
                        if fits(guess) {
                            good = guess
                            var step = 1
                            while good + step <= stop {
                                if fits(good + step) {
                                    good += step
                                    step *= 2
                                } else {
                                    bad = good + step
                                    break
                                }
                            }
                        } else {
                            bad = guess
                            var step = 1
                            while bad - step > index {
                                if fits(bad - step) {
                                    good = bad - step
                                    break
                                }
                                bad -= step
                                step *= 2
                            }
                        }
                        while bad - good > 1 {
                            let middle = good + (bad - good) / 2
                            if fits(middle) { good = middle } else { bad = middle }
                        }
                    }
                    let lineWidth = width(good)
                    if good > index { summary.lowerWidth = max(summary.lowerWidth, lineWidth) }
                    if good < stop { summary.upperWidth = min(summary.upperWidth, width(good + 1)) }
                    previousExtensions = good - index
                    let end = breaks[good].end
                    summary.addAdvanceLine(width: lineWidth)
                    if variable, let box = lineBox(start: start, end: end) { summary.boxHeight += box.height }
                    if record { lines.append(LaidLine(start: start, end: end, advanceWidth: lineWidth)) }
                    if good == last { break }
                    start = end
                    startPen = breaks[good].endPen
                    index = good + 1
                }
            }
        }
        return summary
    }

    /// The longest run of whole units from `start` that fits `limit`, at least one unit, within a
    /// segment that does not fit as a whole.
    ///
    /// In advance bounds the cut is found on the single shaping's widths (prefix sums) by binary
    /// search, then measured once as the line is shown (shaped again when an end is unsafe to
    /// break) and shortened by galloping if that is wider: O(log n) measurements, never one per
    /// candidate end. Ink is gathered unit by unit, without shaping.
    private func emergencyCut(start: Int, segmentEnd: Int, limit: Double) -> (end: Int, run: LineRun) {
        if !isInk {
            var low = start + 1, high = max(start + 1, segmentEnd - 1)
            while low < high {
                let middle = low + (high - low + 1) / 2
                if plainWidth(start: start, end: middle) <= limit { low = middle } else { high = middle - 1 }
            }
            let end = largestFitting(upTo: low, atLeast: start + 1) {
                extend(begin(at: start), to: $0).width <= limit
            }
            return (end, extend(begin(at: start), to: end))
        }
        var end = start + 1
        var run = extend(begin(at: start), to: end)
        while end + 1 < segmentEnd {
            let extended = extend(run, to: end + 1)
            if extended.width > limit { break }
            run = extended
            end += 1
        }
        return (end, run)
    }
}

/// The largest `k` in `lowest…candidate` for which `fits(k)` holds, for a `fits` that holds up to
/// some `k` and not beyond; `lowest` when none does. `candidate` is a guess from cheaper widths
/// (usually right): `fits` is called O(log(candidate − answer)) times, galloping down from it.
func largestFitting(upTo candidate: Int, atLeast lowest: Int, _ fits: (Int) -> Bool) -> Int {
    guard candidate > lowest else { return lowest }
    if fits(candidate) { return candidate }
    var bad = candidate, good = lowest, step = 1
    while bad - step > lowest {
        let probe = bad - step
        if fits(probe) {
            good = probe
            break
        }
        bad = probe
        step *= 2
    }
    while bad - good > 1 {
        let middle = good + (bad - good) / 2
        if fits(middle) { good = middle } else { bad = middle }
    }
    return good
}
