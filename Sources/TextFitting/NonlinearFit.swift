extension TextFitter {
    /// For fonts whose widths are not proportional to size (hinting at integer pixel sizes, an
    /// optical-size axis that follows the size, tracking tables): `measure(size)` returns the text
    /// as measured at that size, expressed at size 1.
    ///
    /// Fits exactly with the measurement at the last candidate and re-measures at the result until
    /// it settles (a fixed point), then bisects between the largest size verified to fit and the
    /// smallest verified not to, to ``fitTolerance``. The returned size always fits with its own
    /// measurement; with presets, the largest preset that fits with its own measurement.
    ///
    /// `affine` says that every unit's width in em is a + b / size (spacing in fixed points): the
    /// search then extrapolates each pair of measurements to the size where they agree, which is
    /// exact while one line decides the size.
    package static func fit(
        options: FitConstraints, affine: Bool = false, measure: (Double) -> MeasuredText
    ) -> FitResult {
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
        } else if let continuous = nonlinearSize(options: options, affine: affine, problem: problem(at:)) {
            size = options.quantized(continuous, fits: fitsOwn)
        } else {
            size = nil
        }
        if let size {
            let fitted = problem(at: size)
            return fitted.fittedResult(fitted.layout(atSize: size, record: true).lines, size: size)
        }
        let fallback = problem(at: options.fallbackSize)
        return fallback.fallbackResult(atSize: options.fallbackSize, ellipsis: fallback.text.ellipsis)
    }

    /// The continuous largest size that fits with its own measurement, or nil.
    static func nonlinearSize(
        options: NormalizedOptions, affine: Bool = false, problem: (Double) -> FitProblem
    ) -> Double? {
        func fitsOwn(_ size: Double) -> Bool { problem(size).fits(atSize: size) }
        if fitsOwn(options.maxSize) { return options.maxSize }
        var failing = options.maxSize
        var fitting: Double?
        var current = problem(options.maxSize)
        var measuredAt = options.maxSize
        var previous: (measuredAt: Double, answer: Double)?
        for _ in 0..<(affine ? 16 : 8) {
            // A measurement that fits nothing in range still leaves the minimum to try.
            let answer = current.exactSize() ?? options.minSize
            var guess = answer
            // With widths a + b/s, a line that decides the size is W/s = a + b/m wide when measured
            // at m, so 1/answer is linear in 1/m; where that line meets 1/answer = 1/m is the size
            // at which the line fills the frame with its own measurement.
            if affine, let previous, let extrapolated = Self.agreement(
                previous, (measuredAt, answer)), extrapolated > (fitting ?? 0), extrapolated < failing
            {
                guess = extrapolated
            }
            if affine { previous = (measuredAt, answer) }
            guard guess < failing && guess > (fitting ?? -.infinity) else { break }
            current = problem(guess)
            measuredAt = guess
            if current.fits(atSize: guess) {
                fitting = guess
                // Exact where the extrapolation was: the nearest size above must fail.
                if affine {
                    let above = guess * (1 + fitTolerance / 4)
                    if above < failing, !fitsOwn(above) { failing = above }
                }
            } else {
                failing = guess
            }
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
        if affine { return low }
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

    /// The size s at which the line through two measurements, (1/measuredAt, 1/answer), meets
    /// 1/answer = 1/measuredAt; nil when they do not determine one.
    static func agreement(_ first: (measuredAt: Double, answer: Double), _ second: (measuredAt: Double, answer: Double)) -> Double? {
        let (u0, v0) = (1 / first.measuredAt, 1 / first.answer)
        let (u1, v1) = (1 / second.measuredAt, 1 / second.answer)
        guard u0 != u1 else { return nil }
        let slope = (v1 - v0) / (u1 - u0)
        let intercept = v0 - slope * u0
        guard slope != 1 else { return nil }
        let u = intercept / (1 - slope)
        guard u.isFinite, u > 0 else { return nil }
        return 1 / u
    }
}
