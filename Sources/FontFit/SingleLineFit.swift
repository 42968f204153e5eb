extension FontStack {
    /// One line measured by its line box needs no line breaking and no tables: the size has a closed
    /// form, s = min(maxSize, W / width, H / lineHeight), from one shaping of the text. This is the
    /// common case (a label), and it stays close to that one `hb_shape`
    /// (bench: singleLineFitPerShape).
    ///
    /// Returns nil, for the general fitter to handle, when the text has a hard line break or does
    /// not fit at the smallest size (truncation needs the grapheme-level measurements).
    ///
    /// The frame and sizes come as values, checked by the caller: no `FitConstraints` is built or
    /// copied on the path of every label's fit (bench: singleLineFitPerShape).
    func closedFormSingleLineFit(
        _ text: String, in frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, alignment: LineAlignment,
        shaping: ShapingOptions
    ) -> FitResult? {
        let (scan, hardBreak) = Self.scan(text)
        guard !hardBreak else { return nil }
        let contentEnd = text.endOfContent
        guard
            let (unitWidth, metrics) = ShapedParagraph.measureLine(
                text, fonts: self, options: shaping, scan: scan, upTo: contentEnd)
        else { return nil }
        return Self.closedFormLine(
            text, contentEnd: contentEnd, isASCII: scan.isASCII, unitWidth: unitWidth, metrics: metrics, in: frame,
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, alignment: alignment, mayWrap: false)
    }

    /// The fit of text set on one line, `unitWidth` em wide up to `contentEnd` (its trailing white
    /// space hangs), with `metrics`: s = min(maxSize, W / width, H / lineHeight), nil below the
    /// smallest size. Text that may wrap is answered only when that line fits at `maxSize`: the
    /// greedy lines of a text that fits on one line at the largest size are that one line, and any
    /// other text needs the general fitter.
    static func closedFormLine(
        _ text: String, contentEnd: Int, isASCII: Bool, unitWidth: Double, metrics: LineMetrics, in frame: FrameSize,
        maxSize: Double, minimumScaleFactor: Double, alignment: LineAlignment, mayWrap: Bool
    ) -> FitResult? {
        var size = maxSize
        if unitWidth > 0 { size = min(size, frame.width / unitWidth) }
        if metrics.lineHeight > 0 { size = min(size, frame.height / metrics.lineHeight) }
        guard size >= maxSize * minimumScaleFactor, !mayWrap || size == maxSize else { return nil }
        let width = unitWidth * size
        let container = frame.width.isFinite ? frame.width : width
        let x = alignment.offset(of: width, in: container)
        // The line's units are all of the text's graphemes, trailing whitespace included.
        let line = FittedLine(
            showing: 0..<contentEnd, of: text, width: width, x: x, y: 0, baseline: metrics.ascent * size,
            height: metrics.lineHeight * size,
            units: 0..<(isASCII ? text.utf8.count : text.count))
        return FitResult(
            size: size, scale: size / maxSize, fits: true, truncated: false, lines: [line], width: width,
            height: metrics.lineHeight * size)
    }

    /// Whether a fit with these values may be answered by
    /// ``closedFormLine(_:contentEnd:isASCII:unitWidth:metrics:in:maxSize:minimumScaleFactor:alignment:mayWrap:)``:
    /// line boxes, proportional widths, no rounded or preset sizes, no images, no spacing in points
    /// and no case change. (Line height, wrap style, text-fit and tightening are
    /// ``FitOptions/fitsPlainLines``; the line limit is each caller's.)
    @inline(__always)
    static func closedFormApplies(
        bounds: FitBounds, widths: WidthModel, granularity: Double?, presetSizes: PresetSizeList?,
        images: [InlineImage], shaping: ShapingOptions
    ) -> Bool {
        bounds == .lineBox && widths == .proportional && granularity == nil && presetSizes == nil && images.isEmpty
            && !shaping.hasFixedSpacing && shaping.textTransform == .none
    }

    /// What ``ASCIIScan`` reads of the text (handed on to itemization, which would read it again),
    /// and whether it holds a character that always ends a line.
    private static func scan(_ text: String) -> (scan: ASCIIScan, hardBreak: Bool) {
        let scan = text.withUTF8Bytes { ASCIIScan($0) }
        return (scan, hasHardBreak(text, scan: scan))
    }

    /// Whether `text`, read as `scan` says, holds a character that always ends a line.
    static func hasHardBreak(_ text: String, scan: ASCIIScan) -> Bool {
        if scan.isASCII || scan.hasHardBreak { return scan.hasHardBreak }
        return text.unicodeScalars.contains(where: \.isNewlineCharacter)
    }
}
