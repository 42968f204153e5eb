import FontFit

extension Checker {
    /// Shapes the text once and fits it as `fontfit fit` does with the same options
    /// (``FontFit/FitRequest/report(in:)``).
    static func measure(_ job: Job, font: FontStack, keepFit: Bool, timings: inout CheckTimings) throws(FontFitError)
        -> Measurement
    {
        let clock = ContinuousClock()
        let start = clock.now
        var request = try job.shared.request.get()
        request.text = job.text
        let report = try request.report(in: font)
        let result = report.result
        let verdict: Verdict = result.fits
            ? (result.scale >= 1 ? .fits : .shrinks) : (result.truncated ? .truncated : .overflows)
        let neededScale = result.fits ? result.scale : report.neededSize.map { $0 / request.options.maxSize }
        timings.measuring += clock.now - start
        return Measurement(
            text: job.text, verdict: verdict, size: result.size, scale: result.scale, neededScale: neededScale,
            lines: result.lines.map(\.text), missing: missing(report.missing),
            fit: keepFit ? result : nil, tightening: result.tightening)
    }

    /// The fit request of a label with `settings` in `locale`, its text still to be set: what
    /// `fontfit fit` builds from the same options.
    static func request(for settings: ResolvedSettings, locale: String) throws(FontFitError) -> FitRequest {
        var features: [FontFeature] = []
        for feature in settings.features { features.append(try FontFeature(feature)) }
        var options = FitOptions(
            frame: settings.frame, maxSize: settings.size, minimumScaleFactor: settings.minimumScaleFactor,
            lineLimit: settings.lineLimit, bounds: settings.bounds, lineSpacing: settings.lineSpacing,
            truncation: settings.truncation)
        options.lineHeight = settings.lineHeight
        options.wrap = settings.wrap
        options.textFit = settings.textFit
        options.tightening = settings.tightening
        return FitRequest(
            "", options: options,
            shaping: ShapingOptions(
                features: features, language: locale, letterSpacing: settings.letterSpacing,
                wordSpacing: settings.wordSpacing, textTransform: settings.textTransform, hyphens: settings.hyphens))
    }

    /// Characters no font of the stack has, as the engine reports them (controls, white space and
    /// default-ignorables are not drawn and so not missing).
    static func missing(_ scalars: [Unicode.Scalar]) -> [String] {
        scalars.filter { scalar in
            let properties = scalar.properties
            return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
                && properties.generalCategory != .control && properties.generalCategory != .format
        }.map(\.codePointLabel)
    }
}

extension Checker.DistinctText {
    /// This text measured as a run measures its job (scripts/bench-check times check's measuring
    /// apart from reading catalogs and writing reports).
    package func measured(in font: FontStack) throws(FontFitError) -> Measurement {
        var timings = CheckTimings()
        return try Checker.measure(job, font: font, keepFit: false, timings: &timings)
    }
}
