extension PreparedText {
    /// Fits with the font's `opsz` axis following the size, as automatic optical sizing draws it
    /// (CoreText sets opsz to the point size): widths then change with the size in ways no single
    /// measurement predicts, so the fitter re-measures at each candidate size and returns the
    /// largest that fits with its own measurement.
    func fitFollowingOpticalSize(options: FitConstraints) -> FitResult {
        guard let axis = font.opticalSizeAxis else {
            return TextFitter.fit(measured, options: options)
        }
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
                let builder = MeasuredTextBuilder(
                    fonts: fonts.followingOpticalSize(size), options: shaping, lineBreaks: base.lineBreaks, ink: base.ink, images: base.images)
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
        var result = TextFitter.fit(options: options, measure: measurement(atSize:))
        if result.fits || options.truncation == .none {
            result.widths = .followingOpticalSize
            return result
        }
        ellipsisNeeded = true
        result = TextFitter.fit(options: options, measure: measurement(atSize:))
        result.widths = .followingOpticalSize
        return result
    }
}

extension Font {
    /// The `opsz` axis, whether or not the caller set it.
    var opticalSizeAxis: VariationAxis? { face.variationAxes.first(where: { $0.tag == "opsz" }) }
}

extension FontStack {
    /// The fonts a fit following the optical size measures at `size`, and so draws its lines in:
    /// the primary font with `opsz` at the size (clamped to the axis) even where the caller set
    /// it, as that fit was asked to follow it; fallbacks only where their own axis is automatic.
    /// The stack itself when the primary font has no `opsz` axis.
    func followingOpticalSize(_ size: Double) -> FontStack {
        guard let axis = primary.opticalSizeAxis else { return self }
        let opticalSize = min(max(size, axis.minValue), axis.maxValue)
        let others = primary.coordinates.filter { $0.tag != "opsz" }
        // The axis exists, so this cannot fail; the stack itself is the fallback all the same.
        guard let sized = try? Font(face: primary.face, variations: others + [FontVariation(tag: "opsz", value: opticalSize)]),
            let stack = try? FontStack([sized] + fonts.dropFirst().map { $0.atOpticalSize(size) })
        else { return self }
        return stack
    }
}
