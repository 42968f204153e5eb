/// The space text must fit in, in points; either side may be unbounded (`.infinity`).
public struct FrameSize: Sendable, Hashable {
    /// The width in points; `.infinity` for no limit.
    public var width: Double
    /// The height in points; `.infinity` for no limit.
    public var height: Double

    /// A frame of the given size; a side left out is unbounded.
    public init(width: Double = .infinity, height: Double = .infinity) {
        self.width = width
        self.height = height
    }
}

/// Text shaped once in one font, ready to be fitted into any number of frames without shaping it
/// again (the resize-slider case: a re-fit only re-breaks lines from the stored widths).
public struct PreparedText: Sendable {
    /// The text itemized into runs and shaped once: what every measurement below was read from.
    package let paragraph: ShapedParagraph
    /// The fonts the text is set in, primary first.
    public var fonts: FontStack { paragraph.fonts }
    /// The shaping options the text was prepared with.
    public var shaping: ShapingOptions { paragraph.options }
    /// The plain measurements the fitting core works on (unit size: widths in em).
    package let measured: MeasuredText
    /// Whether the text was measured for wrapping (UAX #14 break opportunities) and for ink bounds.
    public let wraps: Bool
    /// Whether ink bounds were measured (needed for ``/TextFitting/FitBounds/ink``).
    public let hasInk: Bool
    /// The images the text's U+FFFC characters stand for.
    public var images: [InlineImage] { paragraph.images }
    /// The fitting tables of `measured`, built once so that a re-fit only re-breaks lines.
    let table: FitTable
    /// The stack's default width model, read once: a re-fit would otherwise scan the primary
    /// font's axes on every call.
    let defaultWidthModel: WidthModel
    /// Whether the text runs in columns (a vertical direction): its fits' lines are columns, placed
    /// by ``columns(of:in:)``. Read once: asking the paragraph copies it, and every size-only re-fit
    /// needs it (bench: refitSizesPerShape).
    public let isVertical: Bool
    /// Whether some unit may break at a soft hyphen: only then can a fit's lines need one drawn.
    let hasSoftHyphens: Bool
    /// Whether letter- or word-spacing is in fixed points: widths in em then change with the size,
    /// and every fit measures at its candidate sizes (``measured`` holds the text at 1 pt).
    let hasFixedSpacing: Bool
    /// The line height ``measured``'s line boxes have.
    @usableFromInline let lineHeight: LineHeight
    /// `lineHeight.isNormal`, stored: a re-fit asks it on every call, and a flag is one load where
    /// the enum is two and their tests (bench: refitSizesPerShape).
    let hasNormalLineHeight: Bool
    /// Widths or line heights in em change with the size (``hasFixedSpacing``, a line height in
    /// points): every fit measures at its candidate sizes.
    let measuresAtEachSize: Bool

    /// The text as it was prepared: transformed, when ``/FontEngine/ShapingOptions/textTransform`` says so.
    public var text: String { measured.text }
    /// The text as the caller gave it, when a ``/FontEngine/ShapingOptions/textTransform`` changed it (nil
    /// otherwise); ``sourceRanges(of:)`` are offsets into it.
    public let sourceText: String?
    /// The primary font.
    public var font: Font { fonts.primary }
    /// Characters no font in the stack has.
    public var missing: [Unicode.Scalar] { paragraph.missing }

    init(
        paragraph: ShapedParagraph, measured: MeasuredText, wraps: Bool, hasInk: Bool, lineHeight: LineHeight = .normal,
        sourceText: String? = nil
    ) {
        self.paragraph = paragraph
        self.sourceText = sourceText
        let measured = lineHeight.applied(to: measured, metrics: paragraph.lineMetrics(), atSize: 1)
        self.measured = measured
        self.lineHeight = lineHeight
        hasNormalLineHeight = lineHeight.isNormal
        self.wraps = wraps
        self.hasInk = hasInk
        let table = FitTable(measured)
        self.table = table
        defaultWidthModel = paragraph.fonts.defaultWidthModel
        isVertical = paragraph.isVertical
        // The tables found it while building: a hyphen that is not the last unit, of some width
        // (a visible one: a hyphen of negative width is counted, never drawn). Read from the local:
        // reading `self.table` here copied the whole prepared text.
        hasSoftHyphens = measured.hyphenAdvance > 0 && table.drawsHyphens
        hasFixedSpacing = paragraph.options.hasFixedSpacing
        measuresAtEachSize = hasFixedSpacing || lineHeight.isFixed
    }

    /// This text with line boxes of `lineHeight`: the same shaping and units, the tables built
    /// again for the new metrics.
    @usableFromInline
    func with(lineHeight: LineHeight) throws(FontFitError) -> PreparedText {
        try lineHeight.validate()
        return PreparedText(
            paragraph: paragraph, measured: measured, wraps: wraps, hasInk: hasInk, lineHeight: lineHeight,
            sourceText: sourceText)
    }

    /// The largest size in `maxSize × minimumScaleFactor … maxSize` at which the text fits the
    /// options' frame, exactly, and the lines that prove it: see ``FitOptions`` for each setting, and
    /// <doc:FittingSemantics> for what "fits" means.
    @inlinable @inline(__always)
    public func fit(options: FitOptions) throws(FontFitError) -> FitResult {
        try layOut(
            options.frame, maxSize: options.maxSize, minimumScaleFactor: options.minimumScaleFactor,
            lineLimit: options.lineLimit, bounds: options.bounds, lineSpacing: options.lineSpacing,
            alignment: options.alignment, truncation: options.truncation, granularity: options.granularity,
            presetSizes: options.presetList, widths: options.widths, lineHeight: options.lineHeight,
            wrap: options.wrap, textFit: options.textFit, tightening: options.tightening)
    }

    /// Both forms of `fit`, the values one by one: no options value is built on a re-fit's path
    /// (bench: refitsWithLinesPerShape).
    @usableFromInline @inline(__always)
    func layOut(
        _ frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, bounds: FitBounds,
        lineSpacing: Double, alignment: LineAlignment, truncation: TruncationMode, granularity: Double?,
        presetSizes: PresetSizeList?, widths: WidthModel?, lineHeight requested: LineHeight = .normal,
        wrap: TextWrap = .greedy, textFit: TextFit? = nil, tightening: Tightening? = nil
    ) throws(FontFitError) -> FitResult {
        // The options as one value, for the rare fits below that need it.
        func options() -> FitOptions {
            var options = FitOptions(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
                granularity: granularity, widths: widths)
            options.presetList = presetSizes
            options.lineHeight = requested
            options.wrap = wrap
            options.textFit = textFit
            return options
        }
        // Tightening, text-fit and balanced or pretty lines each start from the plain fit. Each is
        // tested here on a value passed alone, one test each (one test of all three made re-fits
        // slower: docs/PERFORMANCE.md), not in the inlined `fit(options:)`, where the call it might
        // make has the caller build the whole options value on every re-fit (bench: shapesPerRefit).
        if _slowPath(tightening != nil), let tightening { return try tightenedFit(options: options(), tightening: tightening) }
        if _slowPath(textFit != nil), let textFit {
            var options = options()
            options.textFit = nil
            return try textFitted(options: options, textFit: textFit)
        }
        if _slowPath(!wrap.isGreedy) { return try wrappedFit(options: options()) }
        // Another line height than the one measured: the tables built again for it. Tested with
        // the values already at hand, so the common re-fit copies nothing for it
        // (bench: refitsWithLinesPerShape).
        if _slowPath(!(requested.isNormal && hasNormalLineHeight)) && requested != lineHeight {
            return try with(lineHeight: requested).layOut(
                frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: bounds,
                lineSpacing: lineSpacing, alignment: alignment, truncation: truncation, granularity: granularity,
                presetSizes: presetSizes, widths: widths, lineHeight: requested)
        }
        // The common re-fit is answered by the staircase, its lines laid out when first read.
        if let plain = plainBounds(
            frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: bounds,
            lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes, widths: widths),
            let result = TextFitter.refit(table, plain, alignment: alignment)
        {
            return result
        }
        let widths = widths ?? defaultWidthModel
        // Vertical text is laid out in columns: the fitting core sees the frame turned a quarter,
        // columns as lines (their length along the frame's height, stacked across its width).
        let vertical = isVertical
        let options = try FitConstraints.validated(
            frame: vertical ? FrameSize(width: frame.height, height: frame.width) : frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
            granularity: granularity, presetSizes: presetSizes)
        if vertical && bounds == .ink {
            throw .invalidValue(name: "bounds of a vertical fit", value: "ink", expected: "line (columns fit by their line boxes)")
        }
        if (bounds == .ink && !hasInk) || (lineLimit != 1 && !wraps) {
            // Prepared for less than this fit needs: measure again with everything.
            return try fonts.prepare(text, options: shaping, images: images).with(lineHeight: lineHeight).layOut(
                frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
                granularity: granularity, presetSizes: presetSizes, widths: widths, lineHeight: lineHeight)
        }
        switch widths {
        case .proportional:
            if measuresAtEachSize {
                return withHyphens(fitMeasuringAtEachSize(options: options, followingOpticalSize: false))
            }
        case .hinted:
            // FreeType's hinted advances are horizontal; applied to vertical text they gave a
            // negative width (found by FuzzLayout: `fit ofeff --direction ttb --hinting`).
            if let direction = shaping.direction, !direction.isHorizontal {
                throw .invalidValue(
                    name: "direction for hinted widths", value: direction.rawValue,
                    expected: "ltr or rtl (FreeType hints horizontal advances)")
            }
            guard maxSize <= Limits.largestHintedSize else {
                throw .invalidValue(
                    name: "maximum size for hinted widths", value: "\(maxSize)",
                    expected: "at most \(Int(Limits.largestHintedSize)) pt, FreeType's largest pixel size")
            }
            return withHyphens(try HintedFitter(prepared: self, options: options).fit())
        case .followingOpticalSize:
            return withHyphens(fitMeasuringAtEachSize(options: options, followingOpticalSize: true))
        }
        // Only a text that does not fit needs the ellipsis, so it is shaped only then.
        return withHyphens(TextFitter.fit(table, options: options, ellipsis: { builder.ellipsis() }))
    }

    /// The result with the hyphen drawn at the end of every line that breaks at a soft hyphen (its
    /// width is already in the line's).
    func withHyphens(_ result: FitResult) -> FitResult {
        func breaksAtHyphen(_ line: FittedLine) -> Bool {
            // A line that has its hyphen already is left alone: a balanced or pretty wrap that
            // keeps the greedy fit's lines (a text that does not fit) hands them back hyphenated.
            guard !line.isTruncated, !line.isHyphenated, let last = line.units.last, last < measured.units.count - 1
            else { return false }
            return measured.units[last].isSoftHyphenBreak
        }
        // Looked for before the lines are touched: mutating them would copy the whole array on
        // every re-fit, and most texts have no soft hyphen.
        guard hasSoftHyphens, result.lines.contains(where: breaksAtHyphen) else { return result }
        var result = result
        for index in result.lines.indices where breaksAtHyphen(result.lines[index]) {
            result.lines[index].text += builder.hyphenText
            result.lines[index].isHyphenated = true
        }
        return result
    }
}

extension PreparedText {
    /// ``fit(options:)`` with `textFit`: the fit without it, its lines then scaled (never broken
    /// again, as in CSS).
    func textFitted(options: FitOptions, textFit: TextFit) throws(FontFitError) -> FitResult {
        if isVertical {
            throw .invalidValue(name: "text-fit of vertical text", value: textFit.cssValue, expected: "none")
        }
        guard options.bounds == .lineBox else {
            throw .invalidValue(name: "bounds with text-fit", value: "ink", expected: "line (CSS scales line boxes)")
        }
        guard options.frame.width.isFinite else {
            throw .invalidValue(name: "frame width with text-fit", value: "\(options.frame.width)", expected: "a finite width to fill")
        }
        var result = try fit(options: options)
        // Nothing cut is what CSS draws, and CSS never breaks a word to fit it either: `shrink` is
        // there to scale it in. Only for widths measured at one size (hinted and optical-size
        // fits measure at each size they try).
        if !result.fits, options.truncation == .none, result.widths == .proportional, !measuresAtEachSize, wraps,
            options.lineLimit != 1, options.lineHeight == lineHeight
        {
            let constraints = try FitConstraints.validated(
                frame: options.frame, maxSize: options.maxSize, minimumScaleFactor: options.minimumScaleFactor,
                lineLimit: options.lineLimit, bounds: options.bounds, lineSpacing: options.lineSpacing,
                alignment: options.alignment, truncation: options.truncation, granularity: options.granularity,
                presetSizes: options.presetList)
            result = withHyphens(TextFitter.wholeWords(result, table, options: constraints))
        }
        let lines = result.lines
        let utf8 = Array(text.utf8)
        // A line ends its paragraph when a hard break (UAX #14 BK, CR, LF, NL) lies between it and
        // the next line: per-line leaves such lines alone, as Chromium does lines before a <br>.
        let endsParagraph = lines.indices.map { index -> Bool in
            guard index + 1 < lines.count else { return true }
            let from = min(max(lines[index].range.upperBound, 0), utf8.count)
            let to = min(max(lines[index + 1].range.lowerBound, from), utf8.count)
            return String(decoding: utf8[from..<to], as: UTF8.self).unicodeScalars.contains {
                [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value)
            }
        }
        return result.textFitted(
            textFit, frameWidth: options.frame.width, alignment: options.alignment, endsParagraph: endsParagraph)
    }

    /// The text measured for fitting at `size`: ``measured`` unless it is spaced in fixed points.
    func measured(atSize size: Double) -> MeasuredText {
        measuresAtEachSize
            ? lineHeight.applied(to: builder.build(paragraph.atSize(size)), metrics: paragraph.lineMetrics(), atSize: size)
            : measured
    }

    var builder: MeasuredTextBuilder {
        MeasuredTextBuilder(fonts: fonts, options: shaping, lineBreaks: wraps, ink: hasInk, images: images)
    }

    /// The columns of a vertical fit, placed in `frame` from right to left: each as wide as a line
    /// is tall, as long as its text's vertical advance, its top where alignment puts it. (A
    /// vertical ``/TextFitting/FitResult`` keeps the fitting core's view: its lines are the columns in their own
    /// coordinates, x down the column and y across the columns from the right edge.)
    public func columns(of result: FitResult, in frame: FrameSize) -> [PlacedText] {
        let width = measured.lineHeight * result.size
        let rightEdge = frame.width.isFinite ? frame.width : result.height
        return result.lines.map { line in
            let x = rightEdge - line.y - width
            return PlacedText(
                text: line.text, size: result.size, frame: LayoutRect(x: x, y: line.x, width: width, height: line.width),
                baseline: x + width / 2, penStart: line.x)
        }
    }

    /// The size ``fit(options:)`` would pick, without laying out the lines; nil when the text
    /// fits at no size in range. Alignment and truncation do not change the size and are ignored.
    @inlinable @inline(__always)
    public func fittedSize(options: FitOptions) throws(FontFitError) -> Double? {
        try sizeOnly(
            options.frame, maxSize: options.maxSize, minimumScaleFactor: options.minimumScaleFactor, lineLimit: options.lineLimit,
            bounds: options.bounds, lineSpacing: options.lineSpacing, granularity: options.granularity,
            presetSizes: options.presetList, widths: options.widths, lineHeight: options.lineHeight,
            tightening: options.tightening)
    }

    /// Both forms of `fittedSize`, the values one by one: no options value is built on the size-only
    /// re-fit's path (bench: refitSizesPerShape). The common re-fit asks the
    /// staircase straight away; everything else takes ``sizeSearched(_:maxSize:minimumScaleFactor:lineLimit:bounds:lineSpacing:granularity:presetSizes:widths:lineHeight:tightening:)``.
    @usableFromInline @inline(__always)
    func sizeOnly(
        _ frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, bounds: FitBounds,
        lineSpacing: Double, granularity: Double?, presetSizes: PresetSizeList?, widths: WidthModel?,
        lineHeight requested: LineHeight = .normal, tightening: Tightening? = nil
    ) throws(FontFitError) -> Double? {
        if _slowPath(!(requested.isNormal && hasNormalLineHeight)) && requested != lineHeight {
            return try with(lineHeight: requested).sizeOnly(
                frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: bounds,
                lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes, widths: widths,
                lineHeight: requested, tightening: tightening)
        }
        guard
            let plain = plainBounds(
                frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: bounds,
                lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes, widths: widths)
        else {
            // A one-line fit never has plain bounds, so a tightening one is among these.
            return try sizeSearched(
                frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: bounds,
                lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes, widths: widths,
                lineHeight: requested, tightening: tightening)
        }
        if let size = table.staircase?.fittedSize(plain) { return size }
        return try sizeSearched(plain, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit)
    }

    /// ``sizeSearched(_:maxSize:minimumScaleFactor:lineLimit:bounds:lineSpacing:granularity:presetSizes:widths:lineHeight:tightening:)``
    /// for plain bounds the staircase did not answer, the other arguments read back from them: only
    /// these three stay live across the staircase's call in `sizeOnly`, so that the common re-fit
    /// does not spill the other seven around it (bench: refitSizesPerShape).
    @inline(never)
    private func sizeSearched(
        _ plain: SizeBounds, minimumScaleFactor: Double, lineLimit: Int?
    ) throws(FontFitError) -> Double? {
        try sizeSearched(
            FrameSize(width: plain.frameWidth, height: plain.frameHeight), maxSize: plain.maxSize,
            minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: .lineBox,
            lineSpacing: plain.lineSpacing, granularity: nil, presetSizes: nil, widths: .proportional)
    }

    /// The bounds of a re-fit the staircase can answer — a paragraph's line boxes, proportional
    /// widths, no rounding of the size, values plainly in range (so they need no clamping) — or nil.
    @inline(__always)
    private func plainBounds(
        _ frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, bounds: FitBounds,
        lineSpacing: Double, granularity: Double?, presetSizes: PresetSizeList?, widths: WidthModel?
    ) -> SizeBounds? {
        guard bounds == .lineBox, lineLimit != 1, wraps, !isVertical, granularity == nil, presetSizes == nil,
            (widths ?? defaultWidthModel) == .proportional, !measuresAtEachSize,
            FitConstraints.isPlainlyValid(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                lineSpacing: lineSpacing)
        else { return nil }
        return SizeBounds(
            maxSize: maxSize, minSize: maxSize * minimumScaleFactor, frameWidth: frame.width,
            frameHeight: frame.height, lineLimit: lineLimit ?? .max, lineSpacing: lineSpacing)
    }

    /// The size-only fits the staircase does not answer at once: validated, then searched (or, for
    /// what the prepared text was not measured for, fitted in full).
    @inline(never)
    private func sizeSearched(
        _ frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, bounds: FitBounds,
        lineSpacing: Double, granularity: Double?, presetSizes: PresetSizeList?, widths: WidthModel?,
        lineHeight requested: LineHeight = .normal, tightening: Tightening? = nil
    ) throws(FontFitError) -> Double? {
        if let tightening, lineLimit == 1 {
            var options = FitOptions(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                bounds: bounds, lineSpacing: lineSpacing, truncation: .none, granularity: granularity, widths: widths)
            options.presetList = presetSizes
            options.lineHeight = requested
            let result = try tightenedFit(options: options, tightening: tightening)
            return result.fits ? result.size : nil
        }
        let model = widths ?? defaultWidthModel
        guard model == .proportional, !measuresAtEachSize, !isVertical, bounds == .lineBox || hasInk, lineLimit == 1 || wraps
        else {
            let result = try layOut(
                frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit, bounds: bounds,
                lineSpacing: lineSpacing, alignment: .leading, truncation: .none, granularity: granularity,
                presetSizes: presetSizes, widths: widths, lineHeight: lineHeight)
            return result.fits ? result.size : nil
        }
        if granularity == nil, presetSizes == nil {
            try FitConstraints.validate(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                lineSpacing: lineSpacing, granularity: nil, presetSizes: nil)
            return TextFitter.size(
                table, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frame.width,
                frameHeight: frame.height, lineLimit: lineLimit, bounds: bounds, lineSpacing: lineSpacing)
        }
        let options = try FitConstraints.validated(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            bounds: bounds, lineSpacing: lineSpacing, alignment: .leading, truncation: .none,
            granularity: granularity, presetSizes: presetSizes)
        return TextFitter.size(table, options: options)
    }

    /// The text as `result` measured it, which its lines are drawn from: the prepared paragraph
    /// for proportional widths; shaped again in the `opsz` instance of the fitted size when the
    /// widths followed the optical size; with the pen moved by FreeType's hinted advances at the
    /// fitted pixel size when they were hinted (``/TextFitting/FitResult/widths``).
    /// A tightened result's text is respaced (``/TextFitting/FitResult/tightening``).
    package func paragraph(measuredFor result: FitResult) -> ShapedParagraph {
        let paragraph =
            result.tightening == 0
            ? self.paragraph
            : spacedParagraph.withLetterSpacing(em: shaping.letterSpacing.em(atSize: 1) - result.tightening)
        switch result.widths {
        case .proportional: return paragraph.atSize(result.size)
        case .followingOpticalSize:
            var options = paragraph.options
            options.textTransform = .none
            return ShapedParagraph(text, fonts: fonts.followingOpticalSize(result.size), options: options, images: images)
                .atSize(result.size)
        case .hinted:
            // The fit hinted the same font at this size, so FreeType takes it again; were it to
            // refuse, the unhinted paragraph is the nearest drawing.
            let sized = paragraph.atSize(result.size)
            guard let advances = try? HintedAdvances(font: font), let ppem = Int(exactly: result.size) else { return sized }
            return sized.hinted(by: advances, ppem: ppem)
        }
    }

    /// What each of `result`'s lines draws (``drawn(_:of:)``), the text as the fit measured it
    /// found once for them all.
    package func drawnLines(of result: FitResult) -> [ShapedParagraph] {
        let measured = paragraph(measuredFor: result)
        return result.lines.map { drawn($0, from: measured) }
    }

    /// What a line of `result` draws: its part of the text as the fit measured it
    /// (``paragraph(measuredFor:)``), shaped again on its own with the paragraph's runs; a line that
    /// ends in an ellipsis or a hyphen its source lacks is shaped as drawn, in the paragraph's
    /// direction, fonts and hinting. Its advance is the line's width (in line-box bounds).
    package func drawn(_ line: FittedLine, of result: FitResult) -> ShapedParagraph {
        drawn(line, from: paragraph(measuredFor: result))
    }

    /// What a line of a fit with proportional widths draws (``drawn(_:of:)``), read from the
    /// prepared paragraph: a line of a hinted or optical-size fit needs its result's measurement.
    package func drawn(_ line: FittedLine) -> ShapedParagraph {
        precondition(!hasFixedSpacing, "a line spaced in points is drawn at its result's size (drawn(_:of:))")
        return drawn(line, from: paragraph)
    }

    /// `line`'s part of `measured`, this text as a fit measured it.
    private func drawn(_ line: FittedLine, from measured: ShapedParagraph) -> ShapedParagraph {
        let source = text.utf8.dropFirst(line.range.lowerBound).prefix(line.range.count)
        if line.text.utf8.elementsEqual(source) { return measured.reshaped(line.range) }
        // The images of a truncated line are those whose placeholders it kept, in order.
        let first = InlineImage.placeholderCount(in: String(decoding: text.utf8.prefix(line.range.lowerBound), as: UTF8.self))
        let kept = images.dropFirst(first).prefix(InlineImage.placeholderCount(in: line.text))
        return measured.setting(line.text, images: Array(kept))
    }

    /// Where each inline image goes in a fit of this text, in the fit's coordinates (the line boxes'
    /// frame): it stands on its line's baseline like a glyph, as tall as the line (or cap height).
    /// Read from the lines as they are drawn (as a picture draws them), so an image sits where drawing
    /// leaves its space whatever the width model; an image a truncated line cut has no box.
    public func imageBoxes(in result: FitResult) -> [LayoutRect] {
        guard !images.isEmpty else { return [] }
        return imageBoxes(in: result, drawn: drawnLines(of: result))
    }

    /// ``imageBoxes(in:)`` read from `drawn`, the result's lines as ``drawnLines(of:)`` made them
    /// (a picture draws the same lines, so it shapes them once).
    func imageBoxes(in result: FitResult, drawn: [ShapedParagraph]) -> [LayoutRect] {
        guard !images.isEmpty else { return [] }
        var boxes: [LayoutRect] = []
        for (line, drawn) in zip(result.lines, drawn) where !drawn.images.isEmpty {
            // Walked in visual order, listed in the text's order.
            var placed: [(offset: Int, box: LayoutRect)] = []
            drawn.walk { glyph in
                guard let box = drawn.imageBox(of: glyph, size: result.size, penX: line.penX, baseline: line.baseline)
                else { return }
                placed.append((glyph.glyph.cluster, box))
            }
            boxes += placed.sorted { $0.offset < $1.offset }.map(\.box)
        }
        return boxes
    }
}

extension FontStack {
    /// Itemizes and shapes `text` once and measures it for fitting.
    ///
    /// - Parameters:
    ///   - text: the paragraph(s); `\n` is a hard line break.
    ///   - options: features, direction, script, language and line-break strictness.
    ///   - images: what each U+FFFC in `text` stands for, in order.
    ///   - wrapping: find where lines may break (ICU's UAX #14); without it the text only breaks at
    ///     hard line breaks, which is all a one-line fit needs.
    ///   - ink: measure glyph outlines too, for fits with `.ink` bounds.
    public func prepare(
        _ text: String, options: ShapingOptions = ShapingOptions(), wrapping: Bool = true, ink: Bool = true,
        images: [InlineImage] = []
    ) throws(FontFitError) -> PreparedText {
        let options = try options.validated()
        // Columns fit by their line boxes: vertical text is not measured for ink.
        let ink = ink && (options.direction?.isHorizontal ?? true)
        try InlineImage.validate(images, in: text)
        let builder = MeasuredTextBuilder(fonts: self, options: options, lineBreaks: wrapping, ink: ink, images: images)
        return Self.prepared(builder.paragraph(text), of: text, by: builder)
    }

    /// `paragraph`, shaped from `text` by `builder`, measured for fitting.
    static func prepared(_ paragraph: ShapedParagraph, of text: String, by builder: MeasuredTextBuilder) -> PreparedText {
        // Text spaced in fixed points is measured again at each size a fit tries; at 1 pt here.
        PreparedText(
            paragraph: paragraph, measured: builder.build(paragraph.atSize(1)), wraps: builder.lineBreaks,
            hasInk: builder.ink, sourceText: builder.options.textTransform == .none ? nil : text)
    }

    /// Shapes `text` once and fits it into the options' frame (see ``PreparedText/fit(options:)``);
    /// a one-line fit of plain text is closed-form: one shaping and a division.
    @inlinable @inline(__always)
    public func fit(
        _ text: String, options: FitOptions, shaping: ShapingOptions = ShapingOptions(), images: [InlineImage] = []
    ) throws(FontFitError) -> FitResult {
        if !options.fitsPlainLines {
            return try prepare(
                text, options: shaping, wrapping: options.lineLimit != 1, ink: options.bounds == .ink, images: images
            ).fit(options: options)
        }
        return try layOut(
            text, options.frame, maxSize: options.maxSize, minimumScaleFactor: options.minimumScaleFactor,
            lineLimit: options.lineLimit, bounds: options.bounds, lineSpacing: options.lineSpacing,
            alignment: options.alignment, truncation: options.truncation, granularity: options.granularity,
            presetSizes: options.presetList, widths: options.widths, shaping: shaping, images: images)
    }

    /// Both forms of `fit`, the values one by one: a one-line fit is about one shaping, and an
    /// options value built on the way would add to it.
    @usableFromInline @inline(__always)
    func layOut(
        _ text: String, _ frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?,
        bounds: FitBounds, lineSpacing: Double, alignment: LineAlignment, truncation: TruncationMode,
        granularity: Double?, presetSizes: PresetSizeList?, widths: WidthModel?, shaping: ShapingOptions, images: [InlineImage]
    ) throws(FontFitError) -> FitResult {
        let widths = widths ?? defaultWidthModel
        if lineLimit == 1,
            Self.closedFormApplies(
                bounds: bounds, widths: widths, granularity: granularity, presetSizes: presetSizes, images: images,
                shaping: shaping)
        {
            try FitConstraints.validate(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                lineSpacing: lineSpacing, granularity: nil, presetSizes: nil)
            try shaping.validate()
            if let result = closedFormSingleLineFit(
                text, in: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, alignment: alignment,
                shaping: shaping)
            {
                return result
            }
        }
        // Measure only what this fit needs.
        return try prepare(text, options: shaping, wrapping: lineLimit != 1, ink: bounds == .ink, images: images).layOut(
            frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
            granularity: granularity, presetSizes: presetSizes, widths: widths)
    }
}

extension FontStack {
    /// Automatic optical sizing: widths follow the size when the primary font has an `opsz` axis the
    /// caller did not set.
    var defaultWidthModel: WidthModel { primary.followsOpticalSize ? .followingOpticalSize : .proportional }
}

extension FitConstraints {
    /// Checks every value a caller can get wrong, naming it in the error.
    static func validated(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, bounds: FitBounds,
        lineSpacing: Double, alignment: LineAlignment, truncation: TruncationMode, granularity: Double?,
        presetSizes: PresetSizeList?
    ) throws(FontFitError) -> FitConstraints {
        try validate(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes)
        return FitConstraints(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frame.width,
            frameHeight: frame.height, lineLimit: lineLimit, bounds: bounds, lineSpacing: lineSpacing,
            alignment: alignment, truncation: truncation, granularity: granularity, presetSizes: presetSizes?.sizes)
    }

    /// The checks of ``validated(frame:maxSize:minimumScaleFactor:lineLimit:bounds:lineSpacing:alignment:truncation:granularity:presetSizes:)``
    /// alone, for a caller that needs no ``FitConstraints`` (a size-only re-fit).
    @inline(__always)
    static func validate(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, lineSpacing: Double,
        granularity: Double?, presetSizes: PresetSizeList?
    ) throws(FontFitError) {
        let plainlyValid = isPlainlyValid(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            lineSpacing: lineSpacing)
        if plainlyValid && granularity == nil && presetSizes == nil { return }
        try checkEach(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes)
    }

    /// Whether the values are plainly in range, in a few comparisons (NaN fails every one of
    /// them): only the rest go through the checks that name what is wrong, which cost a re-fit a
    /// tenth of its time. True exactly when
    /// ``checkEach(frame:maxSize:minimumScaleFactor:lineLimit:lineSpacing:granularity:presetSizes:)``
    /// passes without granularity and preset sizes: true must imply that the checks pass, since
    /// these values skip them; and values that pass them are plainly valid too, so that no valid
    /// re-fit misses the staircase. The tests hold the two to each other on random values.
    @inline(__always)
    static func isPlainlyValid(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, lineSpacing: Double
    ) -> Bool {
        frame.width > 0 && frame.height > 0 && Limits.sizes.contains(maxSize)
            && minimumScaleFactor > 0 && minimumScaleFactor <= 1
            && maxSize * minimumScaleFactor >= Limits.sizes.lowerBound && (lineLimit ?? 1) >= 1
            && Limits.spacings.contains(lineSpacing)
    }

    /// Each check of ``validate(frame:maxSize:minimumScaleFactor:lineLimit:lineSpacing:granularity:presetSizes:)``,
    /// throwing the first that fails. The reference for
    /// ``isPlainlyValid(frame:maxSize:minimumScaleFactor:lineLimit:lineSpacing:)``: the tests hold
    /// the two to each other on random values.
    @inline(never)
    static func checkEach(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, lineSpacing: Double,
        granularity: Double?, presetSizes: PresetSizeList?
    ) throws(FontFitError) {
        try Font.checkSize(maxSize)
        // Checked one by one rather than over a literal array: a re-fit validates on every call, and
        // the array would be its only allocation.
        func checkSide(_ value: Double, name: String) throws(FontFitError) {
            guard value > 0, !value.isNaN else {
                throw .invalidValue(name: name, value: "\(value)", expected: "a number greater than 0, or inf")
            }
        }
        try checkSide(frame.width, name: "frame width")
        try checkSide(frame.height, name: "frame height")
        guard minimumScaleFactor > 0, minimumScaleFactor <= 1 else {
            throw .invalidValue(name: "minimum scale factor", value: "\(minimumScaleFactor)", expected: "a number in (0, 1]")
        }
        guard maxSize * minimumScaleFactor >= Limits.sizes.lowerBound else {
            throw .invalidValue(
                name: "minimum scale factor", value: "\(minimumScaleFactor)",
                expected: "a smallest size (\(maxSize) × factor) of at least \(Limits.sizes.lowerBound) pt")
        }
        if let lineLimit, lineLimit < 1 {
            throw .invalidValue(name: "line limit", value: "\(lineLimit)", expected: "an integer of at least 1")
        }
        try Limits.checkSpacing(lineSpacing, name: "line spacing")
        if let granularity, !(granularity.isFinite && granularity > 0) {
            throw .invalidValue(name: "granularity", value: "\(granularity)", expected: "a finite number greater than 0")
        }
        if let presetSizes = presetSizes?.sizes, presetSizes.isEmpty || presetSizes.contains(where: { !($0.isFinite && $0 > 0) }) {
            throw .invalidValue(
                name: "preset sizes", value: presetSizes.map { "\($0)" }.joined(separator: ","),
                expected: "a list of finite sizes greater than 0")
        }
    }
}

/// Text placed in a layout at its own size: a stack's row, a ruby segment's base or ruby, or a
/// column of a vertical fit.
public struct PlacedText: Sendable, Hashable {
    /// The text drawn.
    public var text: String
    /// The font size it is drawn at, in points.
    public var size: Double
    /// Its box, in points, y down from the frame's top-left corner: a row's line box, a ruby box,
    /// or a column (as wide as a line is tall, as long as its text's vertical advance).
    public var frame: LayoutRect
    /// The line the glyphs stand on: the y of a row's or box's baseline; for a column, the x of
    /// the centre line its glyphs' vertical origins lie on.
    public var baseline: Double
    /// Where the pen starts along the text: the x of a row's or box's text (its frame's x plus
    /// its alignment inside it); for a column, the y of its top.
    public var penStart: Double

    /// Text of `size` in `frame`, its glyphs on `baseline` from `penStart`.
    public init(text: String, size: Double, frame: LayoutRect, baseline: Double, penStart: Double) {
        self.text = text
        self.size = size
        self.frame = frame
        self.baseline = baseline
        self.penStart = penStart
    }
}

extension PreparedText {
    /// The part of the text as the caller gave it that each of `result`'s lines shows (UTF-8
    /// offsets): the line's own range, or with a ``/FontEngine/ShapingOptions/textTransform``, the range its
    /// transformed text came from (a letter whose mapping depends on its word maps with the
    /// word). Read once for all the lines: mapping a transformed text back costs a case mapping of
    /// each of its letters.
    public func sourceRanges(of result: FitResult) -> [Range<Int>] {
        let lines = result.lines
        guard let sourceText else { return lines.map(\.range) }
        let map = shaping.textTransform.sourceMap(of: sourceText, language: shaping.language)
        return lines.map { map.sourceRange(of: $0.range) }
    }
}
