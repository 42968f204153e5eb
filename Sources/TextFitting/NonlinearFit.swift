extension TextFitter {
    /// For fonts whose widths are not proportional to size (hinting at integer pixel sizes, an
    /// optical-size axis that follows the size, tracking tables): `measure(size)` returns the text
    /// as measured at that size, expressed at size 1.
    ///
    /// Fits exactly with the measurement at the last candidate and re-measures at the result until
    /// it settles (a fixed point), then bisects between the largest size verified to fit and the
    /// smallest verified not to, to ``fitTolerance``. The returned size always fits with its own
    /// measurement; with presets, the largest preset that fits with its own measurement.
    package static func fit(options: FitConstraints, measure: (Double) -> MeasuredText) -> FitResult {
        let options = options.normalized
        var cache: [Double: FitProblem] = [:]
        func problem(at size: Double) -> FitProblem {
            if let cached = cache[size] { return cached }
            let problem = FitProblem(measure(size), options: options)
            cache[size] = problem
            return problem
        }
        func fitsOwn(_ size: Double) -> Bool { problem(at: size).fits(atSize: size) }

        let size: Double?
        if let presets = options.presetSizes {
            // Widths that change with the size can make a larger preset fit where a smaller one
            // does not, so every preset is tried from the top.
            size = presets.first(where: fitsOwn)
        } else if let continuous = nonlinearSize(options: options, problem: problem(at:)) {
            size = options.quantized(continuous, fits: fitsOwn)
        } else {
            size = nil
        }
        if let size {
            let fitted = problem(at: size)
            return fitted.fittedResult(fitted.layout(atSize: size, record: true).lines, size: size)
        }
        return problem(at: options.fallbackSize).fallbackResult(atSize: options.fallbackSize)
    }

    /// The continuous largest size that fits with its own measurement, or nil.
    static func nonlinearSize(
        options: NormalizedOptions, problem: (Double) -> FitProblem
    ) -> Double? {
        func fitsOwn(_ size: Double) -> Bool { problem(size).fits(atSize: size) }
        if fitsOwn(options.maxSize) { return options.maxSize }
        var failing = options.maxSize
        var fitting: Double?
        var current = problem(options.maxSize)
        for _ in 0..<8 {
            // A measurement that fits nothing in range still leaves the minimum to try.
            let guess = current.exactSize() ?? options.minSize
            guard guess < failing && guess > (fitting ?? -.infinity) else { break }
            current = problem(guess)
            if current.fits(atSize: guess) { fitting = guess } else { failing = guess }
            if let fitting, failing - fitting <= fitTolerance * failing { break }
        }
        if fitting == nil {
            guard fitsOwn(options.minSize) else { return nil }
            fitting = options.minSize
        }
        guard var low = fitting else { return nil }
        // A fixed point approached from below leaves the nearest failing size far away; one probe
        // just above usually closes the bracket.
        let near = low * (1 + 4 * fitTolerance)
        if near < failing {
            if fitsOwn(near) { low = near } else { failing = near }
        }
        low = FitProblem.bisect(lowest: low, highest: failing, fits: fitsOwn)
        // Bisection settles anywhere the fit tolerance lets through. Within one measurement the
        // linear search is exact, so when its edge lies just below, that edge is the answer (with
        // widths constant between integer pixel sizes, it is exact on every such plateau).
        if let edge = problem(low).exactSize(), edge < low, edge >= low * (1 - 4 * fitTolerance),
            fitsOwn(edge)
        {
            return edge
        }
        return low
    }
}
