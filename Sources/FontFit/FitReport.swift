/// A fit with what a report of it says beside the result: the size the text would need and the
/// characters no font has. `fontfit check` and `batch` report this of every label.
public struct FitReport: Sendable {
    /// The fit (``FitRequest/fit(_:)``).
    public var result: FitResult
    /// The largest size at which the text fits with no lower bound (``FitRequest/neededSize(_:)``):
    /// the result's own size when it fits; nil when the text fits at no size.
    public var neededSize: Double?
    /// The characters no font of the stack has (``PreparedText/missing``).
    public var missing: [Unicode.Scalar]
    /// How the text was measured: for the fitter, or shaped on one line for the closed form.
    let measured: Measured

    enum Measured: Sendable {
        case prepared(PreparedText)
        case shaped(ShapedParagraph, text: String, builder: MeasuredTextBuilder)
    }

    /// The text measured for fitting and drawing: the fitter's own, or, when the closed form
    /// answered from the shaped line, measured from that same shaping (the text is not shaped
    /// again).
    public var prepared: PreparedText {
        switch measured {
        case .prepared(let prepared): prepared
        case .shaped(let paragraph, let text, let builder): FontStack.prepared(paragraph, of: text, by: builder)
        }
    }
}

extension FitRequest {
    /// The fit of this request in `fonts`, the size its text needs and the characters no font has,
    /// from one shaping of the text: what ``prepare(in:)``, ``fit(_:)``, ``neededSize(_:)`` and
    /// ``PreparedText/missing`` give together.
    ///
    /// A plain label whose text fits on one line (at the largest size, when it may wrap) is answered
    /// from the shaped text's width, in closed form; any other goes on from the same shaping to the
    /// fitter. Built for a text fitted once, as a check fits each string: a text fitted again keeps
    /// its ``PreparedText``.
    public func report(in fonts: FontStack) throws(FontFitError) -> FitReport {
        let shaping = try self.shaping.validated()
        let ink = options.bounds == .ink && (shaping.direction?.isHorizontal ?? true)
        try InlineImage.validate(images, in: text)
        let builder = MeasuredTextBuilder(
            fonts: fonts, options: shaping, lineBreaks: options.lineLimit != 1, ink: ink, images: images)
        let paragraph = builder.paragraph(text)
        if let line = try closedFormLine(of: paragraph, in: fonts, shaping: shaping) {
            return FitReport(
                result: line, neededSize: line.size, missing: paragraph.missing,
                measured: .shaped(paragraph, text: text, builder: builder))
        }
        let prepared = FontStack.prepared(paragraph, of: text, by: builder)
        let result = try fit(prepared)
        return FitReport(
            result: result, neededSize: result.fits ? result.size : try neededSize(prepared), missing: prepared.missing,
            measured: .prepared(prepared))
    }

    /// The fit of `paragraph` on one line in closed form
    /// (``FontStack/closedFormLine(_:contentEnd:isASCII:unitWidth:metrics:in:maxSize:minimumScaleFactor:alignment:mayWrap:)``),
    /// when the options are those of the one-line fit's closed form and it answers them.
    private func closedFormLine(
        of paragraph: ShapedParagraph, in fonts: FontStack, shaping: ShapingOptions
    ) throws(FontFitError) -> FitResult? {
        guard options.fitsPlainLines, shaping.direction?.isHorizontal ?? true,
            FontStack.closedFormApplies(
                bounds: options.bounds, widths: options.widths ?? fonts.defaultWidthModel,
                granularity: options.granularity, presetSizes: options.presetList, images: images, shaping: shaping)
        else { return nil }
        try FitConstraints.validate(
            frame: options.frame, maxSize: options.maxSize, minimumScaleFactor: options.minimumScaleFactor,
            lineLimit: options.lineLimit, lineSpacing: options.lineSpacing, granularity: nil, presetSizes: nil)
        let contentEnd = text.endOfContent
        let scan = paragraph.textScan ?? text.withUTF8Bytes { ASCIIScan($0) }
        guard
            let line = FontStack.closedFormLine(
                text, contentEnd: contentEnd, isASCII: scan.isASCII, unitWidth: paragraph.advance(0..<contentEnd),
                metrics: paragraph.lineMetrics(), in: options.frame, maxSize: options.maxSize,
                minimumScaleFactor: options.minimumScaleFactor, alignment: options.alignment,
                mayWrap: options.lineLimit != 1)
        else { return nil }
        // Looked for last, since most texts that reach it have none: a hard line break ends a line
        // whatever the width.
        return FontStack.hasHardBreak(text, scan: scan) ? nil : line
    }
}
