extension FontStack {
    /// One line measured by its line box needs no line breaking and no tables: the size has a closed
    /// form, s = min(maxSize, W / width, H / lineHeight), from one shaping of the text. This is the
    /// common case (a label), so it costs little more than that one `hb_shape`.
    ///
    /// Returns nil, for the general fitter to handle, when the text has a hard line break or does
    /// not fit at the smallest size (truncation needs the grapheme-level measurements).
    ///
    /// The frame and sizes come as values, checked by the caller: the fitter's constraints, built
    /// and copied, cost a label's fit 1 % of its time.
    func closedFormSingleLineFit(
        _ text: String, in frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, alignment: LineAlignment,
        shaping: ShapingOptions
    ) -> FitResult? {
        let (scan, hardBreak) = Self.scan(text)
        guard !hardBreak else { return nil }
        let contentEnd = Self.endOfContent(text)
        guard
            let (unitWidth, metrics) = ShapedParagraph.measureLine(
                text, fonts: self, options: shaping, scan: scan, upTo: contentEnd)
        else { return nil }
        var size = maxSize
        if unitWidth > 0 { size = min(size, frame.width / unitWidth) }
        if metrics.lineHeight > 0 { size = min(size, frame.height / metrics.lineHeight) }
        guard size >= maxSize * minimumScaleFactor else { return nil }
        let width = unitWidth * size
        let container = frame.width.isFinite ? frame.width : width
        let x = alignment.offset(of: width, in: container)
        // The line's units are all of the text's graphemes, trailing whitespace included.
        let line = FittedLine(
            showing: 0..<contentEnd, of: text, width: width, x: x, y: 0, baseline: metrics.ascent * size,
            units: 0..<(scan.isASCII ? text.utf8.count : text.count))
        return FitResult(
            size: size, scale: size / maxSize, fits: true, truncated: false, lines: [line], width: width,
            height: metrics.lineHeight * size)
    }

    /// What ``ASCIIScan`` reads of the text (handed on to itemization, which would read it again),
    /// and whether it holds a character that always ends a line (LF, VT, FF, CR, NEL, LS, PS).
    private static func scan(_ text: String) -> (scan: ASCIIScan, hardBreak: Bool) {
        return text.withUTF8Bytes { bytes in
            let scan = ASCIIScan(bytes)
            if scan.isASCII || scan.hasHardBreak { return (scan, scan.hasHardBreak) }
            // NEL is C2 85, LS and PS are E2 80 A8 and E2 80 A9.
            for index in bytes.indices {
                if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return (scan, true) }
                if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    return (scan, true)
                }
            }
            return (scan, false)
        }
    }

    /// The UTF-8 offset where the text's trailing whitespace starts (which does not count in a
    /// line's width).
    private static func endOfContent(_ text: String) -> Int {
        // Trailing ASCII is read as bytes; the first non-ASCII byte from the end hands over to the
        // scalar loop below.
        let asciiEnd: Int? = text.withUTF8Bytes { bytes in
            var end = bytes.count
            while end > 0 {
                let byte = bytes[end - 1]
                guard byte < 0x80 else { return nil }
                guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return end }
                end -= 1
            }
            return end
        }
        if let asciiEnd { return asciiEnd }
        var end = text.utf8.count
        for scalar in text.unicodeScalars.reversed() {
            guard scalar.properties.isWhitespace else { break }
            end -= UTF8.width(scalar)
        }
        return end
    }
}
