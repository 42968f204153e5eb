extension FitProblem {
    /// The result for lines shown at `size`: each line placed by alignment and line spacing, its
    /// text cut out of the input by UTF-8 offsets.
    func result(_ shown: [ShownLine], size: Double, fits: Bool, truncated: Bool) -> FitResult {
        let isInk = table.isInk
        let widths = shown.map { $0.piece.width(inkBounds: isInk) * size }
        let widest = widths.max() ?? 0
        let container = options.frameWidth.isFinite ? options.frameWidth : widest
        let alignment: Double =
            switch options.alignment {
            case .leading: 0
            case .center: 0.5
            case .trailing: 1
            }
        let step = text.lineHeight * size + options.lineSpacing
        var shift = 0.0, height = 0.0
        if isInk {
            if let first = shown.firstIndex(where: { $0.piece.ink.hasInk }),
                let last = shown.lastIndex(where: { $0.piece.ink.hasInk })
            {
                let top = shown[first].piece.ink.top, bottom = shown[last].piece.ink.bottom
                // Ink bounds measure from the first ink top, so that is where y = 0 goes.
                shift = -(Double(first) * step + (text.ascent - top) * size)
                height = Double(last - first) * step + (top - bottom) * size
            }
        } else {
            let count = Double(shown.count)
            height = count * text.lineHeight * size + (count - 1) * options.lineSpacing
        }
        var lines: [FittedLine] = []
        lines.reserveCapacity(shown.count)
        for (index, line) in shown.enumerated() {
            let x = (container - widths[index]) * alignment
            let penX = isInk && line.piece.ink.hasInk ? x - line.piece.ink.left * size : x
            let y = Double(index) * step + shift
            lines.append(
                FittedLine(
                    text: string(line), range: utf8Range(line.content), width: widths[index], x: x,
                    y: y, baseline: y + text.ascent * size, penX: penX, units: line.units,
                    isTruncated: line.isTruncated))
        }
        return FitResult(
            size: size, scale: options.maxSize > 0 ? size / options.maxSize : 1, fits: fits,
            truncated: truncated, lines: lines, width: widest, height: height)
    }

    private func string(_ line: ShownLine) -> String {
        guard line.hasEllipsis || !line.tail.isEmpty else { return String(substring(line.head)) }
        return substring(line.head) + (line.hasEllipsis ? "…" : "") + substring(line.tail)
    }

    /// The UTF-8 span of units `units`; empty ranges sit where the units would start.
    private func utf8Range(_ units: Range<Int>) -> Range<Int> {
        let all = text.units
        guard !units.isEmpty else {
            let offset =
                units.lowerBound < all.count
                ? all[units.lowerBound].range.lowerBound : (all.last?.range.upperBound ?? 0)
            return offset..<offset
        }
        return all[units.lowerBound].range.lowerBound..<all[units.upperBound - 1].range.upperBound
    }

    private func substring(_ units: Range<Int>) -> Substring {
        let range = utf8Range(units)
        let utf8 = text.text.utf8
        // Offsets past the end (inconsistent input) are clamped rather than trapping.
        let lowerOffset = min(range.lowerBound, utf8.count)
        let upperOffset = min(max(range.upperBound, lowerOffset), utf8.count)
        let lower = utf8.index(utf8.startIndex, offsetBy: lowerOffset)
        let upper = utf8.index(utf8.startIndex, offsetBy: upperOffset)
        return text.text[lower..<upper]
    }

    /// The text laid out at a size it fits at, as `lines`.
    func fittedResult(_ lines: [LaidLine], size: Double) -> FitResult {
        result(lines.map(shown), size: size, fits: true, truncated: false)
    }

    /// The text that does not fit, laid out and truncated at `size`.
    func fallbackResult(atSize size: Double) -> FitResult {
        let (lines, truncated) = fallbackLines(atSize: size)
        return result(lines, size: size, fits: false, truncated: truncated)
    }
}
