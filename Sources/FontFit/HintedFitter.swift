/// Fitting with the widths a hinting renderer draws: FreeType's hinted advances at integer pixel
/// sizes, which are not proportional to the size. Candidates are whole sizes; each is verified with
/// its own measurement.
struct HintedFitter {
    let prepared: PreparedText
    let options: FitConstraints

    func fit() throws(FontFitError) -> FitResult {
        let hinted = try HintedAdvances(font: prepared.font)
        let smallest = max(1, (options.maxSize * options.minimumScaleFactor).rounded(.up))
        let largest = options.maxSize.rounded(.down)
        guard smallest <= largest else { return TextFitter.fit(prepared.measured(atSize: options.maxSize), options: options) }
        // Graphemes and break opportunities do not depend on the pixel size: found once.
        let segmentation = prepared.builder.segmentation(of: prepared.paragraph)
        func measured(_ ppem: Double) -> MeasuredText {
            // ppem is a whole number in 1…65,535: the caller checked maxSize against
            // Limits.largestHintedSize, and candidates are whole sizes between 1 and maxSize.
            let paragraph = prepared.paragraph.atSize(ppem).hinted(by: hinted, ppem: Int(checked: ppem) ?? 1)
            return prepared.lineHeight.applied(
                to: prepared.builder.build(paragraph, segmentation: segmentation), metrics: paragraph.lineMetrics(),
                atSize: ppem)
        }
        func attempt(_ ppem: Double) -> FitResult {
            var exact = options
            exact.maxSize = ppem
            exact.minimumScaleFactor = 1
            exact.granularity = nil
            exact.presetSizes = nil
            return TextFitter.fit(measured(ppem), options: exact)
        }
        // Start from the unhinted optimum: hinted widths differ from it by rounding only.
        let unhinted = TextFitter.fit(prepared.measured(atSize: options.maxSize), options: options).size
        let start = min(max(unhinted.rounded(.down), smallest), largest)
        let first = attempt(start)
        // Gallop away from the start (1, 2, 4 … pixels) to a size on the other side of the fit,
        // then bisect: O(log range) measurements. Stepping one pixel at a time took 65,535 of them
        // when hinted widths were far from the unhinted ones (issue 11). The answer fits and the
        // next whole size up does not (or is past the maximum), as before.
        if first.fits {
            var fit = (size: start, result: first), fail = largest + 1, step = 1.0
            while fit.size < largest {
                let probe = min(fit.size + step, largest)
                let result = attempt(probe)
                guard result.fits else {
                    fail = probe
                    break
                }
                fit = (probe, result)
                step *= 2
            }
            while fail - fit.size > 1 {
                let middle = (fit.size + (fail - fit.size) / 2).rounded(.down)
                let result = attempt(middle)
                if result.fits { fit = (middle, result) } else { fail = middle }
            }
            return rescaled(fit.result)
        }
        var fail = start, step = 1.0
        var fit: (size: Double, result: FitResult)?
        while fail > smallest {
            let probe = max(fail - step, smallest)
            let result = attempt(probe)
            if result.fits {
                fit = (probe, result)
                break
            }
            fail = probe
            step *= 2
        }
        if var fit {
            while fail - fit.size > 1 {
                let middle = (fit.size + (fail - fit.size) / 2).rounded(.down)
                let result = attempt(middle)
                if result.fits { fit = (middle, result) } else { fail = middle }
            }
            return rescaled(fit.result)
        }
        // Nothing fits: lay out (and truncate) at the smallest whole size with its hinted widths.
        var fallback = options
        fallback.maxSize = smallest
        fallback.minimumScaleFactor = 1
        var lastResort = measured(smallest)
        lastResort.ellipsis = prepared.builder.ellipsis(hintedBy: hinted, ppem: Int(checked: smallest) ?? 1)
        var failed = TextFitter.fit(lastResort, options: fallback)
        failed.fits = false
        return rescaled(failed)
    }

    /// The attempts ran with maxSize = the candidate; report the scale against the caller's maxSize,
    /// and that the lines were measured hinted at the result's size (so drawn so too).
    private func rescaled(_ result: FitResult) -> FitResult {
        var result = result
        result.scale = result.size / options.maxSize
        result.widths = .hinted
        return result
    }
}
