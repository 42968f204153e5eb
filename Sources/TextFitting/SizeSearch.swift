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
    /// bisection finishes. A 300-character paragraph averages about five passes.
    func exactSize() -> Double? {
        // One line is possible only as the layout at infinite width: one pass decides.
        if options.lineLimit == 1 { return feasibleTop(probe(.infinity)) }

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
        // If the first guess fitted, the known-bad side may still be far: gallop back toward it.
        step = 1.0 / 32
        while explored < bestLower * (1 - 2 * step) {
            layout = probe(bestLower * (1 - step))
            if let top = feasibleTop(layout) {
                best = top
                bestLower = layout.lowerWidth
                step *= 2
            } else {
                explored = excluded(below: layout)
                break
            }
        }
        // Bisect the widths in explored..<bestLower, still unknown.
        var probes = 0
        while explored < bestLower && probes < Self.maximumProbes {
            probes += 1
            layout = probe(explored + (bestLower - explored) / 2)
            if let top = feasibleTop(layout) {
                best = top
                bestLower = layout.lowerWidth
            } else {
                explored = excluded(below: layout)
            }
        }
        return best
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
