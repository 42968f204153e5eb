extension FitProblem {
    /// The exact largest size in [minSize, maxSize] at which the text fits, or nil if none.
    ///
    /// Greedy layouts are piecewise constant in the unit width w = W/s, and each probe (one greedy
    /// pass, O(1) per break opportunity in line-box bounds) reports the exact interval
    /// `lowerWidth..<upperWidth` over which its layout holds. So the search runs over layouts, not
    /// sizes: a feasible probe caps the answer at its layout's best size and leaves only narrower
    /// widths (larger sizes) unknown; an infeasible one rules out its whole interval and, since
    /// wider lines never need more lines, every narrower width too. Whichever layout holds the
    /// answer, the answer is exact: the layout's own bound (its widest line, the height of its
    /// lines, or where it starts).
    ///
    /// Probes are placed to be few: after the maximum size, a guess from the total advance, then
    /// guesses scaling the last probe's line count, galloping until the answer is bracketed;
    /// bisection finishes. A 300-character paragraph averages about five passes. In line-box bounds
    /// with plain (never reshaped) widths and a finite frame, ``certifiedSize()`` finds the same
    /// layout in fewer, most often one.
    func exactSize() -> Double? {
        // One line is possible only as the layout at infinite width: one pass decides.
        if options.lineLimit == 1 { return feasibleTop(probe(.infinity)) }
        if let staircase, staircase.isWorthUsing(), let size = staircaseSize(staircase) { return size }
        if usesCertifiedSearch { return certifiedSize()?.size }
        return searchedSize()
    }

    /// ``exactSize()`` by galloping and bisection alone, for any problem (no line limit of 1).
    func searchedSize() -> Double? {
        // Below `explored`, every unit width is known not to fit.
        let narrowest = options.unitWidth(atSize: options.maxSize)
        var layout = probe(narrowest)
        if let top = feasibleTop(layout) { return top }
        let widest = options.unitWidth(atSize: options.minSize)
        var explored = excluded(below: layout)
        guard explored <= widest else { return nil }

        // Gallop toward wider widths until a probe fits, starting from a guess of how many lines
        // the whole text makes, then scaling the last probe's line count.
        var step = 1.0 / 32
        var best: Double, bestLower: Double
        var guess = min(widest, max(explored, firstEstimate()))
        while true {
            layout = probe(guess)
            if let top = feasibleTop(layout) {
                best = top
                bestLower = layout.lowerWidth
                break
            }
            explored = excluded(below: layout)
            guard explored <= widest, guess < widest else { return nil }
            guess = min(widest, max(estimate(from: layout, at: guess), explored * (1 + step)))
            step *= 2
        }
        // The known-bad side may still be far: gallop back toward it, then bisect.
        return narrowed(explored: explored, bestLower: bestLower, best: best, probe: probe)
    }

    /// Whether layouts can prove they hold the answer (``isCertified(_:top:)``): line-box bounds,
    /// lines whose widths never shrink as they gain segments, and a height that grows with every
    /// line.
    ///
    /// Not with line boxes that differ from line to line: a layout of k lines then has no one
    /// height bound to aim at.
    var certifiesBounds: Bool {
        table.hasMonotoneWidths && !table.isInk && !table.hasVariableLineBoxes && text.lineHeight > 0
            && options.lineSpacing >= 0
    }

    /// ``exactSize()`` for problems that ``certifiesBounds``, in fewer passes: the same answer, since
    /// both find the narrowest layout that fits, and its best size is computed the same way.
    ///
    /// Probes aim at the sizes where k lines just fill the frame's height, for the line counts k the
    /// answer can have: k fewer than the lines of the widest layout known not to fit, and at least
    /// the lines of the narrowest known to fit. A layout that has exactly k lines there fits exactly
    /// at its height bound and proves itself (``isCertified(_:top:)``). Otherwise the search tries
    /// the narrowest width not ruled out, then bisects as ``exactSize()`` does.
    /// The exact size and, when the search ended on a layout that proved itself, that layout with
    /// its lines (see ``Witness``).
    func exactSizeAndWitness() -> (size: Double, witness: Witness?)? {
        if options.lineLimit != 1, let staircase, staircase.isWorthUsing(), let size = staircaseSize(staircase) {
            return (size, nil)
        }
        if options.lineLimit != 1 && usesCertifiedSearch { return certifiedSize() }
        return exactSize().map { ($0, nil) }
    }

    /// Whether ``exactSize()`` takes the certified search (``certifiedSize()``).
    var usesCertifiedSearch: Bool {
        certifiesBounds && options.frameWidth.isFinite && options.frameHeight.isFinite
            && options.minSize < options.maxSize
    }

    func certifiedSize() -> (size: Double, witness: Witness?)? {
        let narrowest = options.unitWidth(atSize: options.maxSize)
        let widest = options.unitWidth(atSize: options.minSize)
        // Below `explored`, every unit width is known not to fit (or is out of range).
        var explored = narrowest
        /// The line count of the layout that set `explored`, if one did.
        var failedLines = Int.max
        var layout: LayoutSummary
        let estimate = estimatedLines()
        // Probes keep their lines, so that the one that proves itself can be the result's.
        var lines: [LaidLine] = []
        lines.reserveCapacity(table.lineCapacity(forAbout: Double(estimate)))
        var recorded = false
        func probe(_ width: Double, record: Bool = false) -> LayoutSummary {
            lines.removeAll(keepingCapacity: true)
            recorded = record
            return table.greedy(width: width, slack: 1, emergency: false, record: record, lines: &lines)
        }
        func proven(_ width: Double, _ top: Double) -> (size: Double, witness: Witness?) {
            (top, recorded ? Witness(width: width, layout: layout, lines: lines) : nil)
        }
        let estimatedSize = heightBound(lines: estimate)
        // The maximum size is worth a pass only when the estimate says it may fit; if it is
        // skipped, its layout is just one more among those searched.
        if !(estimatedSize < options.maxSize / 1.125) {
            layout = probe(narrowest, record: true)
            if let top = feasibleTop(layout) {
                return isCertified(layout, top: top) ? proven(narrowest, top) : (top, nil)
            }
            explored = excluded(below: layout)
            failedLines = layout.lineCount
            guard explored <= widest else { return nil }
        }

        // Find a layout that fits: first where the estimated line count just fills the height, then
        // where the last failure's line count does.
        var guess = min(widest, max(explored, options.unitWidth(atSize: min(estimatedSize, options.maxSize))))
        var best: Double, bestLower: Double, bestLines: Int
        var step = 1.0 / 32
        var attempts = 0
        var heightGuess = true
        while true {
            layout = probe(guess, record: heightGuess)
            if let top = feasibleTop(layout) {
                if isCertified(layout, top: top) { return proven(guess, top) }
                best = top
                bestLower = layout.lowerWidth
                bestLines = layout.lineCount
                break
            }
            explored = excluded(below: layout)
            failedLines = layout.lineCount
            guard explored <= widest, guess < widest else { return nil }
            attempts += 1
            heightGuess = attempts <= 2 && failedLines <= options.lineLimit
            if heightGuess {
                guess = min(widest, max(explored, options.unitWidth(atSize: heightBound(lines: failedLines))))
            } else {
                guess = min(widest, max(self.estimate(from: layout, at: guess), explored * (1 + step)))
                step *= 2
            }
        }

        // The answer lies in explored..<bestLower, with bestLines ≤ k < failedLines lines.
        // Then the layouts on either side of the gap, which is often one layout wide (the narrow
        // side only once a failure has bounded it); then galloping and bisection as in
        // `exactSize()`.
        var triedLines = -1
        for attempt in 0..<4 where explored < bestLower {
            let lines = min(failedLines == Int.max ? bestLines + 1 : failedLines - 1, options.lineLimit)
            let height = options.unitWidth(atSize: heightBound(lines: lines))
            let candidate: Double
            var heightCandidate = false
            if lines >= bestLines && lines != triedLines && height > explored && height < bestLower {
                candidate = height
                triedLines = lines
                heightCandidate = true
            } else if failedLines != Int.max && attempt % 2 == 1 {
                candidate = explored
            } else {
                candidate = bestLower.nextDown
            }
            if !(candidate >= explored) { break }
            layout = probe(candidate, record: heightCandidate)
            if let top = feasibleTop(layout) {
                if isCertified(layout, top: top) { return proven(candidate, top) }
                best = top
                bestLower = layout.lowerWidth
                bestLines = layout.lineCount
            } else {
                explored = excluded(below: layout)
                failedLines = layout.lineCount
            }
        }
        // These probes record no lines, so a layout that proves itself here has no witness to give.
        let size = narrowed(
            explored: explored, bestLower: bestLower, best: best, probe: { probe($0) },
            proves: { isCertified($0, top: $1) })
        return (size, nil)
    }

    /// Finishes a search whose answer lies at unit widths in `explored..<bestLower`, `best` being
    /// the size of the fitting layout at `bestLower`: gallops from the fitting side toward the
    /// failing one, then bisects. `proves` may stop it at a fitting layout that holds the answer.
    private func narrowed(
        explored: Double, bestLower: Double, best: Double, probe: (Double) -> LayoutSummary,
        proves: (LayoutSummary, Double) -> Bool = { _, _ in false }
    ) -> Double {
        var explored = explored, bestLower = bestLower, best = best
        var step = 1.0 / 32
        while explored < bestLower * (1 - 2 * step) {
            let layout = probe(bestLower * (1 - step))
            if let top = feasibleTop(layout) {
                if proves(layout, top) { return top }
                best = top
                bestLower = layout.lowerWidth
                step *= 2
            } else {
                explored = excluded(below: layout)
                break
            }
        }
        var probes = 0
        while explored < bestLower && probes < Self.maximumProbes {
            probes += 1
            let layout = probe(explored + (bestLower - explored) / 2)
            if let top = feasibleTop(layout) {
                if proves(layout, top) { return top }
                best = top
                bestLower = layout.lowerWidth
            } else {
                explored = excluded(below: layout)
            }
        }
        return best
    }

    /// Whether the feasible `layout`, whose best size is `top`, holds the answer when
    /// ``certifiesBounds``: nothing at a narrower width (a larger size) can fit better.
    ///
    /// A narrower layout that fits would have to fit above `top`, since its widths lie below
    /// `layout`'s. It cannot when `top` is the maximum size; nor when `top` is `layout`'s height
    /// bound, since a narrower layout has at least as many lines and so a height bound at most that;
    /// nor when `top` is set by a line that is one unbreakable segment, since every layout has a line
    /// at least that wide.
    private func isCertified(_ layout: LayoutSummary, top: Double) -> Bool {
        if top == options.maxSize || top == heightBound(layout) { return true }
        // A widest line wider than every accepted extension was never extended: a lone segment.
        return layout.maxWidth > layout.lowerWidth && top == options.size(forUnitWidth: layout.maxWidth)
    }

    /// A guess of the answer's line count, only to place the first probe: the fewest lines k that
    /// hold the text's whole advance (plus half a line per paragraph for its ragged end) at the
    /// width where k lines just fill the frame's height.
    private func estimatedLines() -> Int {
        let area = table.prefix[table.count], extra = Double(table.paragraphCount) / 2
        func enough(_ lines: Int) -> Bool {
            let size = heightBound(lines: lines)
            return !(size > 0) || Double(lines) >= area * size / options.frameWidth + extra
        }
        var low = 1, high = max(1, min(options.lineLimit, table.breaks.count))
        while low < high {
            let middle = low + (high - low) / 2
            if enough(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Below the returned width nothing fits, given that `layout` does not: its own interval is out,
    /// and so is any width narrower than its widest line, since a line holding that unbreakable
    /// run is at least as wide wherever the breaks fall.
    private func excluded(below layout: LayoutSummary) -> Double {
        max(layout.upperWidth, layout.maxWidth)
    }

    /// The width at which the text would just fit if it made `area / w + extra` lines at unit
    /// width w (a guess, used only to place probes).
    private func estimate(area: Double, extra: Double, from width: Double) -> Double {
        // Line limit: area / w' + extra ≤ limit.
        let limit = Double(options.lineLimit) - extra
        var guess = limit > 0 && area / width + extra > Double(options.lineLimit) ? area / limit : width
        // Height: (area x + extra) h W x + (area x + extra − 1) spacing ≤ H, with x = 1/w'.
        let a = area * text.lineHeight * options.frameWidth
        let b = extra * text.lineHeight * options.frameWidth + area * options.lineSpacing
        let c = options.frameHeight - (extra - 1) * options.lineSpacing
        if options.frameHeight.isFinite && a > 0 && c > 0 {
            let inverse = (-b + Self.roughSquareRoot(b * b + 4 * a * c)) / (2 * a)
            if inverse > 0 { guess = max(guess, 1 / inverse) }
        }
        // A guess only places a probe; garbage metrics must not turn it into NaN.
        return guess.isNaN ? width : guess
    }

    /// A first guess: all the text's advance on full lines, plus half a line per paragraph for its
    /// ragged end.
    private func firstEstimate() -> Double {
        let width = options.unitWidth(atSize: options.maxSize)
        guard width.isFinite, width > 0 else { return width }
        return estimate(area: table.prefix[table.count], extra: Double(table.paragraphCount) / 2, from: width)
    }

    /// A later guess: `layout`'s line count scaled inversely with the width, which is close for
    /// nearby widths.
    private func estimate(from layout: LayoutSummary, at width: Double) -> Double {
        guard width.isFinite, width > 0 else { return width }
        return estimate(area: Double(layout.lineCount) * width, extra: 0, from: width)
    }

    /// √value to a few digits, enough to place a probe. `squareRoot()` would call libm's `sqrt`,
    /// which a client linking only this module may not have on its link line.
    static func roughSquareRoot(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return value > 0 ? value : 0 }
        // Halving the binary exponent lands within a factor of √2; Newton does the rest.
        var root = Double(sign: .plus, exponent: value.exponent / 2, significand: 1)
        for _ in 0..<6 { root = (root + value / root) / 2 }
        return root
    }

    /// A guard against endless loops on pathological input (NaN widths); real text needs far fewer.
    static var maximumProbes: Int { 10_000 }
}

/// A layout that proved to hold the exact answer (see `FitProblem.isCertified`), probed at unit
/// width `width` without slack, with its lines.
struct Witness {
    var width: Double
    var layout: LayoutSummary
    var lines: [LaidLine]
}
