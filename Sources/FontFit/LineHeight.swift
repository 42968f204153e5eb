import TextFitting

extension LineHeight {
    /// The line height, refused when fixed in points: `layout` scales every text by one factor.
    func scalingWithSize(for layout: String) throws(FontFitError) -> LineHeight {
        try validate()
        if isFixed {
            throw .invalidValue(
                name: "line height for \(layout)", value: description,
                expected: "normal or a multiple of the size (1.5): \(layout) scales its texts by one factor")
        }
        return self
    }

    /// The box (unit size) of a line whose fonts' metrics in em are `metrics`: theirs when normal,
    /// else this many em tall with the leading split above and below.
    func rowExtent(_ metrics: LineMetrics) -> RowExtent {
        guard case .multiple(let height) = self else { return RowExtent(ascent: metrics.ascent, height: metrics.lineHeight) }
        return RowExtent(ascent: metrics.ascent + (height - (metrics.ascent + metrics.descent)) / 2, height: height)
    }

    /// `text`'s line metrics (em) for this line height at `size` points, from `metrics`, the
    /// fonts' own: a line box of the given height with the leading split half above the ascent and
    /// half below the descent (CSS 2 §10.8.1), so that the baseline stands where a browser puts it.
    func applied(to text: MeasuredText, metrics: LineMetrics, atSize size: Double) -> MeasuredText {
        let height: Double
        switch self {
        case .normal: return text
        case .multiple(let value): height = value
        case .points(let value): height = value / size
        }
        var text = text
        let halfLeading = (height - (metrics.ascent + metrics.descent)) / 2
        text.ascent = metrics.ascent + halfLeading
        text.descent = metrics.descent + halfLeading
        text.lineGap = 0
        // Every line is this tall, whatever fonts it uses.
        text.lineBoxes = nil
        return text
    }
}
