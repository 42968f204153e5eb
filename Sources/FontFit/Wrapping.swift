extension PreparedText {
    /// ``fit(options:)`` with balanced or pretty lines: the greedy fit (the size is greedy's
    /// whatever the wrapping), its lines then broken again.
    func wrappedFit(options: FitOptions) throws(FontFitError) -> FitResult {
        var greedy = options
        greedy.wrap = .greedy
        return try rewrapped(fit(options: greedy), options: options)
    }

    /// `result`, this text's greedy fit with `options`, its lines broken again per `options.wrap`
    /// at the fitted size, measured as the fit measured them there.
    func rewrapped(_ result: FitResult, options: FitOptions) throws(FontFitError) -> FitResult {
        // The fit was laid out from text prepared again for it, as `layOut` prepares it: break
        // that text's lines.
        if (options.bounds == .ink && !hasInk) || !wraps {
            return try fonts.prepare(text, options: shaping, images: images).with(lineHeight: lineHeight)
                .rewrapped(result, options: options)
        }
        if options.lineHeight != lineHeight {
            return try with(lineHeight: options.lineHeight).rewrapped(result, options: options)
        }
        if isVertical {
            throw .invalidValue(name: "wrap of vertical text", value: "\(options.wrap)", expected: "greedy")
        }
        let size = result.size
        let table: FitTable
        switch result.widths {
        case .hinted:
            // Hinted widths are whole-pixel advances of FreeType's, measured by the hinted fitter.
            throw .invalidValue(name: "wrap with hinted widths", value: "\(options.wrap)", expected: "greedy")
        case .followingOpticalSize:
            let builder = MeasuredTextBuilder(
                fonts: fonts.followingOpticalSize(size), options: shaping, lineBreaks: wraps, ink: hasInk,
                images: images)
            let paragraph = builder.paragraph(text).atSize(size)
            table = FitTable(
                lineHeight.applied(to: builder.build(paragraph), metrics: paragraph.lineMetrics(), atSize: size))
        case .proportional:
            table = measuresAtEachSize ? FitTable(measured(atSize: size)) : self.table
        }
        let constraints = try FitConstraints.validated(
            frame: options.frame, maxSize: options.maxSize, minimumScaleFactor: options.minimumScaleFactor,
            lineLimit: options.lineLimit, bounds: options.bounds, lineSpacing: options.lineSpacing,
            alignment: options.alignment, truncation: options.truncation, granularity: options.granularity,
            presetSizes: options.presetList)
        return withHyphens(TextFitter.rewrapped(result, table, options: constraints, wrap: options.wrap))
    }
}
