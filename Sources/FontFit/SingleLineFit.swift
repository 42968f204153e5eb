extension FontStack {
    /// One line measured by its line box needs no line breaking and no tables: the size has a closed
    /// form, s = min(maxSize, W / width, H / lineHeight), from one shaping of the text. This is the
    /// common case (a label), so it costs little more than that one `hb_shape`.
    ///
    /// Returns nil, for the general fitter to handle, when the text has a hard line break or does
    /// not fit at the smallest size (truncation needs the grapheme-level measurements).
    func closedFormSingleLineFit(
        _ text: String, options: FitOptions, shaping: ShapingOptions
    ) -> FitResult? {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        guard !Self.hasHardBreak(text, ascii: ascii) else { return nil }
        let contentEnd = Self.endOfContent(text)
        let paragraph = ShapedParagraph(text, fonts: self, options: shaping)
        guard !paragraph.isVertical else { return nil }
        let unitWidth = paragraph.advance(0..<contentEnd)
        let metrics = paragraph.lineMetrics()
        var size = options.maxSize
        if unitWidth > 0 { size = min(size, options.frameWidth / unitWidth) }
        if metrics.lineHeight > 0 { size = min(size, options.frameHeight / metrics.lineHeight) }
        guard size >= options.maxSize * options.minimumScaleFactor else { return nil }
        let width = unitWidth * size
        let container = options.frameWidth.isFinite ? options.frameWidth : width
        let x = options.alignment.offset(of: width, in: container)
        // The line's units are all of the text's graphemes, trailing whitespace included.
        let line = FittedLine(
            text: String(decoding: text.utf8.prefix(contentEnd), as: UTF8.self), range: 0..<contentEnd, width: width, x: x, y: 0, baseline: metrics.ascent * size,
            units: 0..<(ascii ? text.utf8.count : text.count))
        return FitResult(
            size: size, scale: size / options.maxSize, fits: true, truncated: false, lines: [line], width: width,
            height: metrics.lineHeight * size)
    }

    /// Whether the text holds a character that always ends a line (LF, VT, FF, CR, NEL, LS, PS).
    private static func hasHardBreak(_ text: String, ascii: Bool) -> Bool {
        if ascii { return text.utf8.contains { (0x0A...0x0D).contains($0) } }
        return text.unicodeScalars.contains { scalar in
            (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028
                || scalar.value == 0x2029
        }
    }

    /// The UTF-8 offset where the text's trailing whitespace starts (which does not count in a
    /// line's width).
    private static func endOfContent(_ text: String) -> Int {
        var end = text.utf8.count
        for scalar in text.unicodeScalars.reversed() {
            guard scalar.properties.isWhitespace else { break }
            end -= UTF8.width(scalar)
        }
        return end
    }
}
