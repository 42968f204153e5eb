extension PreparedText {
    /// Fits text whose widths in em change with the size: the primary font's `opsz` axis following
    /// the size, as automatic optical sizing draws it (CoreText sets opsz to the point size), and
    /// letter- or word-spacing in fixed points (a line is size × its em advance + its spacing).
    /// No single measurement predicts them, so the fitter re-measures at each candidate size and
    /// returns the largest that fits with its own measurement.
    func fitMeasuringAtEachSize(options: FitConstraints, followingOpticalSize: Bool) -> FitResult {
        let axis = followingOpticalSize ? font.opticalSizeAxis : nil
        guard axis != nil || measuresAtEachSize else {
            return TextFitter.fit(measured, options: options)
        }
        let base = builder
        var ellipsisNeeded = false
        // Sizes beyond the axis's range take the same instance, so they share one measurement: a
        // search that probes many small sizes (a tight frame) shaped the text again for each. A
        // fallback font that follows the size has a range of its own, and fixed spacing changes
        // with every size; each size is then its own.
        let fallbacksFollow = axis != nil && (measuresAtEachSize || fonts.fonts.dropFirst().contains(where: \.followsOpticalSize))
        var measuredAt: [Double: (builder: MeasuredTextBuilder, text: MeasuredText)] = [:]
        // Graphemes and break opportunities do not depend on the instance or the spacing: found at
        // the first.
        var segmentation: TextSegmentation?
        func measurement(atSize size: Double) -> MeasuredText {
            let key = axis.map { fallbacksFollow ? size : min(max(size, $0.minValue), $0.maxValue) } ?? size
            let measured: (builder: MeasuredTextBuilder, text: MeasuredText)
            if let known = measuredAt[key] {
                measured = known
            } else {
                let builder =
                    axis == nil
                    ? base
                    : MeasuredTextBuilder(
                        fonts: fonts.followingOpticalSize(size), options: shaping, lineBreaks: base.lineBreaks,
                        ink: base.ink, images: base.images)
                let paragraph = (axis == nil ? self.paragraph : builder.paragraph(self.text)).atSize(size)
                let found = segmentation ?? builder.segmentation(of: paragraph)
                segmentation = found
                let text = builder.build(paragraph, segmentation: found)
                measured = (builder, lineHeight.applied(to: text, metrics: paragraph.lineMetrics(), atSize: size))
                measuredAt[key] = measured
            }
            var text = measured.text
            if ellipsisNeeded { text.ellipsis = measured.builder.ellipsis(atSize: size) }
            return text
        }
        let model: WidthModel = axis == nil ? .proportional : .followingOpticalSize
        // Spacing in fixed points alone makes every width a + b / size.
        let affine = axis == nil
        var result = TextFitter.fit(options: options, affine: affine, measure: measurement(atSize:))
        if result.fits || options.truncation == .none {
            result.widths = model
            return result
        }
        ellipsisNeeded = true
        result = TextFitter.fit(options: options, affine: affine, measure: measurement(atSize:))
        result.widths = model
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
