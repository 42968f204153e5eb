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
