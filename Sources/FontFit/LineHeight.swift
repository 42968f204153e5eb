import TextFitting

extension LineHeight {
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
