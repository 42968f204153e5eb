extension PreparedText {
    /// Fits with the font's `opsz` axis following the size, as automatic optical sizing draws it
    /// (CoreText sets opsz to the point size): widths then change with the size in ways no single
    /// measurement predicts, so the fitter re-measures at each candidate size and returns the
    /// largest that fits with its own measurement.
    func fitFollowingOpticalSize(options: FitConstraints) -> FitResult {
        guard let axis = font.face.variationAxes.first(where: { $0.tag == "opsz" }) else {
            return TextFitter.fit(measured, options: options)
        }
        let others = font.coordinates.filter { $0.tag != "opsz" }
        let base = builder
        var ellipsisNeeded = false
        // Sizes beyond the axis's range take the same instance, so they share one measurement: a
        // search that probes many small sizes (a tight frame) shaped the text again for each. A
        // fallback font that follows the size has a range of its own; each size is then its own.
        let fallbacksFollow = fonts.fonts.dropFirst().contains(where: \.followsOpticalSize)
        var measuredAt: [Double: (builder: MeasuredTextBuilder, text: MeasuredText)] = [:]
        // Graphemes and break opportunities do not depend on the instance: found at the first.
        var segmentation: TextSegmentation?
        func measurement(atSize size: Double) -> MeasuredText {
            let opticalSize = min(max(size, axis.minValue), axis.maxValue)
            let key = fallbacksFollow ? size : opticalSize
            let measured: (builder: MeasuredTextBuilder, text: MeasuredText)
            if let known = measuredAt[key] {
                measured = known
            } else {
                // The axis exists, so this cannot fail; the prepared font is the fallback all the same.
                let sized = (try? Font(face: font.face, variations: others + [FontVariation(tag: "opsz", value: opticalSize)])) ?? font
                // Fallback fonts follow the size only where their own opsz axis is left automatic.
                let stack = (try? FontStack([sized] + fonts.fonts.dropFirst().map { $0.atOpticalSize(size) })) ?? fonts
                let builder = MeasuredTextBuilder(
                    fonts: stack, options: shaping, lineBreaks: base.lineBreaks, ink: base.ink, images: base.images)
                let paragraph = builder.paragraph(self.text)
                let found = segmentation ?? builder.segmentation(of: paragraph)
                segmentation = found
                measured = (builder, builder.build(paragraph, segmentation: found))
                measuredAt[key] = measured
            }
            var text = measured.text
            if ellipsisNeeded { text.ellipsis = measured.builder.ellipsis() }
            return text
        }
        let result = TextFitter.fit(options: options, measure: measurement(atSize:))
        guard !result.fits, options.truncation != .none else { return result }
        ellipsisNeeded = true
        return TextFitter.fit(options: options, measure: measurement(atSize:))
    }
}
