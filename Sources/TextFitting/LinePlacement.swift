extension FitProblem {
    /// The result for lines shown at `size`: each line placed by alignment and line spacing, its
    /// text cut out of the input by UTF-8 offsets.
    func result<Lines: RandomAccessCollection<ShownLine>>(
        _ shown: Lines, size: Double, fits: Bool, truncated: Bool
    ) -> FitResult {
        let isInk = table.isInk
        // As `widths.max() ?? 0` would, without the array.
        var widest = 0.0, isFirst = true
        for line in shown {
            let width = line.piece.width(inkBounds: isInk) * size
            if isFirst || widest < width { widest = width }
            isFirst = false
        }
        let container = options.frameWidth.isFinite ? options.frameWidth : widest
        let step = text.lineHeight * size + options.lineSpacing
        var shift = 0.0, height = 0.0
        if isInk {
            if let firstIndex = shown.firstIndex(where: { $0.piece.ink.hasInk }),
                let lastIndex = shown.lastIndex(where: { $0.piece.ink.hasInk })
            {
                let top = shown[firstIndex].piece.ink.top, bottom = shown[lastIndex].piece.ink.bottom
                let first = shown.distance(from: shown.startIndex, to: firstIndex)
                let last = shown.distance(from: shown.startIndex, to: lastIndex)
                // Ink bounds measure from the first ink top, so that is where y = 0 goes.
                shift = -(Double(first) * step + (text.ascent - top) * size)
                height = Double(last - first) * step + (top - bottom) * size
            }
        } else {
            let count = Double(shown.count)
            height = count * text.lineHeight * size + (count - 1) * options.lineSpacing
        }
        let source = text.text
        let byteCount = source.utf8.count
        let count = shown.count
        // Reserved and appended to rather than built with `init(unsafeUninitializedCapacity:)`,
        // whose allocation goes through an unspecialized standard-library function that looks the
        // storage type up at run time: about 800 instructions, a tenth of a re-fit.
        var lines: [FittedLine] = []
        lines.reserveCapacity(count)
        for (index, line) in shown.enumerated() {
            let width = line.piece.width(inkBounds: isInk) * size
            let x = options.alignment.offset(of: width, in: container)
            let penX = isInk && line.piece.ink.hasInk ? x - line.piece.ink.left * size : x
            let y = Double(index) * step + shift
            let content = LineText(
                source: source, head: clamped(utf8Range(line.head), byteCount),
                tail: clamped(utf8Range(line.tail), byteCount), hasEllipsis: line.hasEllipsis)
            lines.append(
                FittedLine(
                    content: content, range: utf8Range(line.content), width: width, x: x, y: y,
                    baseline: y + text.ascent * size, penX: penX, units: line.units,
                    isTruncated: line.isTruncated))
        }
        return FitResult(
            size: size, scale: options.maxSize > 0 ? size / options.maxSize : 1, fits: fits,
            truncated: truncated, lines: lines, width: widest, height: height)
    }

    /// UTF-8 offsets clamped to a text of `byteCount` bytes: offsets past the end (inconsistent
    /// input) are clamped rather than trapping.
    private func clamped(_ range: Range<Int>, _ byteCount: Int) -> Range<Int> {
        let lower = min(range.lowerBound, byteCount)
        return lower..<min(max(range.upperBound, lower), byteCount)
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

    /// The text laid out at a size it fits at, as `lines`.
    func fittedResult(_ lines: [LaidLine], size: Double) -> FitResult {
        guard !table.isInk, options.frameWidth.isFinite, !lines.isEmpty else {
            return result(lines.lazy.map(shown), size: size, fits: true, truncated: false)
        }
        // Line-box bounds in a finite frame, the common case, in one pass: what `result` computes
        // from `shown(_:)`, without building the shown lines.
        let step = text.lineHeight * size + options.lineSpacing
        let count = Double(lines.count)
        let height = count * text.lineHeight * size + (count - 1) * options.lineSpacing
        let container = options.frameWidth
        let source = text.text
        let byteCount = source.utf8.count
        let baselineOffset = text.ascent * size
        var widest = 0.0
        // Reserved and appended to: see `result`.
        var fitted: [FittedLine] = []
        fitted.reserveCapacity(lines.count)
        text.units.withUnsafeBufferPointer { units in
            table.contentEnd.withUnsafeBufferPointer { contentEnd in
                for (index, line) in lines.enumerated() {
                    let shownEnd = max(line.start, contentEnd[line.end])
                    let width = line.run.width * size
                    if index == 0 || widest < width { widest = width }
                    let x = options.alignment.offset(of: width, in: container)
                    // `result` adds a zero shift: keep it, for the sign of a zero.
                    let y = Double(index) * step + 0.0
                    // `utf8Range` of the shown units; an empty line sits where it would start.
                    let range: Range<Int>
                    if shownEnd > line.start {
                        range = units[line.start].range.lowerBound..<units[shownEnd - 1].range.upperBound
                    } else {
                        let offset =
                            line.start < units.count
                            ? units[line.start].range.lowerBound : (units.last?.range.upperBound ?? 0)
                        range = offset..<offset
                    }
                    let head = clamped(range, byteCount)
                    let content = LineText(
                        source: source, head: head, tail: head.upperBound..<head.upperBound, hasEllipsis: false)
                    fitted.append(
                        FittedLine(
                            content: content, range: range, width: width, x: x, y: y,
                            baseline: y + baselineOffset, penX: x, units: line.start..<line.end,
                            isTruncated: false))
                }
            }
        }
        return FitResult(
            size: size, scale: options.maxSize > 0 ? size / options.maxSize : 1, fits: true,
            truncated: false, lines: fitted, width: widest, height: height)
    }

    /// The text that does not fit, laid out and truncated at `size`.
    func fallbackResult(atSize size: Double) -> FitResult {
        let (lines, truncated) = fallbackLines(atSize: size)
        return result(lines, size: size, fits: false, truncated: truncated)
    }
}
