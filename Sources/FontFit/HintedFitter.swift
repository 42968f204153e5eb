/// Fitting with the widths a hinting renderer draws: FreeType's hinted advances at integer pixel
/// sizes, which are not proportional to the size. Candidates are whole sizes; each is verified with
/// its own measurement.
struct HintedFitter {
    let prepared: PreparedText
    let options: FitOptions

    func fit() throws(FontEngineError) -> FitResult {
        let hinted = try HintedAdvances(font: prepared.font)
        let smallest = max(1, (options.maxSize * options.minimumScaleFactor).rounded(.up))
        let largest = options.maxSize.rounded(.down)
        func measured(_ ppem: Double) -> MeasuredText {
            var builder = prepared.builder
            // ppem is a whole number in 1…65,535: the caller checked maxSize against
            // Limits.largestHintedSize, and candidates are whole sizes between 1 and maxSize.
            builder.hinting = (hinted, Int(checked: ppem) ?? 1)
            return builder.build(prepared.paragraph)
        }
        func attempt(_ ppem: Double) -> FitResult {
            var exact = options
            exact.maxSize = ppem
            exact.minimumScaleFactor = 1
            exact.granularity = nil
            exact.presetSizes = nil
            return TextFitter.fit(measured(ppem), options: exact)
        }
        guard smallest <= largest else { return TextFitter.fit(prepared.measured, options: options) }
        // Start from the unhinted optimum: hinted widths differ from it by rounding only.
        let unhinted = TextFitter.fit(prepared.measured, options: options).size
        var size = min(max(unhinted.rounded(.down), smallest), largest)
        var result = attempt(size)
        if result.fits {
            while size + 1 <= largest {
                let larger = attempt(size + 1)
                guard larger.fits else { break }
                size += 1
                result = larger
            }
            return rescaled(result)
        }
        while size - 1 >= smallest {
            size -= 1
            result = attempt(size)
            if result.fits { return rescaled(result) }
        }
        // Nothing fits: lay out (and truncate) at the smallest whole size with its hinted widths.
        var fallback = options
        fallback.maxSize = smallest
        fallback.minimumScaleFactor = 1
        var lastResort = measured(smallest)
        lastResort.ellipsis = prepared.builder.ellipsisUnit()
        var failed = TextFitter.fit(lastResort, options: fallback)
        failed.fits = false
        return rescaled(failed)
    }

    /// The attempts ran with maxSize = the candidate; report the scale against the caller's maxSize.
    private func rescaled(_ result: FitResult) -> FitResult {
        var result = result
        result.scale = result.size / options.maxSize
        return result
    }
}
