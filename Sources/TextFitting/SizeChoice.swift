extension FitProblem {
    /// The size to use, exact or rounded per the options, with its lines; nil if nothing in range
    /// fits. The pass that lays out the result also verifies it.
    func bestFit() -> (size: Double, lines: [LaidLine])? {
        var size: Double
        var verified: (lines: [LaidLine], fits: Bool)
        if let (exact, witness) = exactSizeAndWitness() {
            // Only rounding can leave the answer a hair below the top of the range.
            size = exact >= options.maxSize * (1 - TextFitter.fitTolerance) ? options.maxSize : exact
            verified = witness.flatMap { reused($0, atSize: size) } ?? layout(atSize: size, record: true)
            if !verified.fits && size != exact {
                size = exact
                verified = layout(atSize: size, record: true)
            }
            if !verified.fits {
                // Only widths that shrink as a line gains units (odd reshaped widths) get here: the
                // layouts are then not ordered, so settle for the largest verified size below.
                guard fits(atSize: options.minSize) else { return nil }
                size = Self.bisect(lowest: options.minSize, highest: size, fits: fits(atSize:))
                verified = layout(atSize: size, record: true)
            }
        } else {
            // The exact answer may lie below the range by rounding only (W/w for a w just above
            // the frame's unit width at the minimum size).
            size = options.minSize
            verified = layout(atSize: size, record: true)
            guard verified.fits else { return nil }
        }
        guard options.presetSizes != nil || options.granularity != nil else { return (size, verified.lines) }
        guard let rounded = options.quantized(size, fits: fits(atSize:)) else { return nil }
        return (rounded, rounded == size ? verified.lines : layout(atSize: rounded, record: true).lines)
    }

    /// The largest size in `lowest...highest` that passes `fits`, by bisection to
    /// ``TextFitter/fitTolerance``, given that `lowest` fits and `highest` does not.
    static func bisect(lowest: Double, highest: Double, fits: (Double) -> Bool) -> Double {
        var low = lowest, high = highest
        var steps = 0
        while high - low > TextFitter.fitTolerance * high && steps < 200 {
            steps += 1
            let middle = low + (high - low) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}

extension NormalizedOptions {
    /// The size to use given the exact largest fitting size `best`, honoring presets or
    /// granularity; nil when no allowed size fits. `fits` verifies each candidate.
    ///
    /// Candidates may exceed `best` by up to ``TextFitter/fitTolerance`` so that a preset or
    /// multiple equal to the answer is not lost to rounding; `fits` decides.
    func quantized(_ best: Double, fits: (Double) -> Bool) -> Double? {
        let ceiling = best * (1 + TextFitter.fitTolerance)
        if let presetSizes {
            // Descending, so the first that fits is the largest.
            return presetSizes.first { $0 <= ceiling && fits($0) }
        }
        guard let granularity else { return best }
        var multiple = Self.roundedDown(best / granularity * (1 + TextFitter.fitTolerance / 2))
        // Feasibility is monotone in the size for proportional fonts, so the first multiple
        // normally fits; a few more tries cover fonts whose widths are not proportional.
        for _ in 0..<4 {
            let size = multiple * granularity
            if size < minSize { break }
            if size <= maxSize * (1 + TextFitter.fitTolerance) {
                let clamped = min(size, maxSize)
                if fits(clamped) { return clamped }
            }
            multiple -= 1
        }
        // No multiple in range fits, but the minimum does: never go below it.
        return fits(minSize) ? minSize : nil
    }

    /// `value` rounded toward zero, for a non-negative value. `rounded(.down)` would call libm's
    /// `floor`, which a client linking only this module may not have on its link line.
    static func roundedDown(_ value: Double) -> Double {
        // Doubles from 2^52 up have no fraction; below that, Int64 holds them exactly.
        value >= 0x1p52 || !value.isFinite ? value : Double(Int64(value))
    }

    /// The size text that does not fit is laid out and truncated at: the minimum size, or with
    /// presets the smallest preset in range (a size outside the presets would defeat them).
    var fallbackSize: Double { presetSizes?.last ?? minSize }
}
