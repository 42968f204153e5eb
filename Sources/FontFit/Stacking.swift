/// One row of a shared-size stack, as text.
public struct StackRowText: Sendable, Hashable {
    /// The text drawn in the row.
    public var text: String
    /// Hidden text that sizes the row when wider, so that the row keeps its size as its text
    /// changes (a label showing "1/5s" sized by "1/1000s").
    public var template: String?
    /// The row's size relative to the shared size.
    public var weight: Double
    /// Where the row's text sits in the stack's width.
    public var alignment: LineAlignment

    /// A row of text, optionally sized by a hidden template, at `weight` times the shared size.
    public init(_ text: String, template: String? = nil, weight: Double = 1, alignment: LineAlignment = .leading) {
        self.text = text
        self.template = template
        self.weight = weight
        self.alignment = alignment
    }
}

/// Rows sharing one size: the size, and each row's text where it stands.
public struct StackResult: Sendable {
    /// The shared size (a row of weight w is drawn at size × w).
    public var size: Double
    /// `size / maxSize`.
    public var scale: Double
    /// True when every row fits the frame at ``size``.
    public var fits: Bool
    /// The width the rows use (the widest row's extent).
    public var width: Double
    /// The height of all rows with their spacing.
    public var height: Double
    /// Each row, top to bottom: its text at its size, its line box and baseline, where its pen starts.
    public var rows: [PlacedText]
    /// Characters of the rows (templates included) that no font in the stack has.
    public var missing: [Unicode.Scalar]
    /// The fonts the rows were measured in, primary first: what drawing sets them in.
    package var fonts: FontStack
    /// The shaping options the rows were measured with.
    package var shaping: ShapingOptions

    init(_ placement: StackPlacement, rows: [StackRowText], missing: [Unicode.Scalar], fonts: FontStack, shaping: ShapingOptions) {
        size = placement.size
        scale = placement.scale
        fits = placement.fits
        width = placement.width
        height = placement.height
        self.rows = zip(rows, placement.rows).map { row, frame in
            PlacedText(
                text: row.text, size: frame.size,
                frame: LayoutRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height),
                baseline: frame.baseline, penStart: frame.textX)
        }
        self.missing = missing
        self.fonts = fonts
        self.shaping = shaping
    }
}

extension FontStack {
    /// Rows of single-line text sharing one size: see ``StackOptions`` for each setting.
    ///
    /// A row is one line that never breaks, so there is nothing to wrap or hyphenate:
    /// `shaping.hyphens` ``/FontEngine/Hyphens/auto`` is refused (``/FontEngine/Hyphens/none`` and
    /// ``/FontEngine/Hyphens/manual`` draw the same row); text that should wrap is a fit's.
    public func stack(
        _ rows: [StackRowText], options settings: StackOptions, shaping: ShapingOptions = ShapingOptions()
    ) throws(FontFitError) -> StackResult {
        let frame = settings.frame
        let (maxSize, minimumScaleFactor, spacing, equalWidth, bounds, pixelScale) = (
            settings.maxSize, settings.minimumScaleFactor, settings.spacing, settings.equalWidth, settings.bounds,
            settings.pixelScale
        )
        let shaping = try shaping.horizontalOnly(for: "stack").spacedInEm(for: "stack").unbroken(for: "stack")
        let lineHeight = try settings.lineHeight.scalingWithSize(for: "stack")
        _ = try FitConstraints.validated(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: 1,
            bounds: bounds, lineSpacing: 0, alignment: .leading, truncation: .none, granularity: nil,
            presetSizes: nil)
        for row in rows { try Limits.checkFactor(row.weight, name: "row weight") }
        if let pixelScale { try Limits.checkFactor(pixelScale, name: "pixel scale") }
        switch spacing {
        case .points(let points): try Limits.checkSpacing(points, name: "row spacing")
        case .rowHeights(let multiple): try Limits.checkSpacing(multiple, name: "row spacing (row heights)")
        }
        var tallest: LineMetrics?
        var inkTop = -Double.infinity, inkBottom = Double.infinity
        var stackRows: [StackRow] = []
        // Every row's missing characters, in row order, each once.
        var missing: MissingCharacters? = MissingCharacters()
        func noteTallest(_ metrics: LineMetrics?) {
            guard let metrics else { return }
            tallest = tallest.map {
                LineMetrics(
                    ascent: max($0.ascent, metrics.ascent), descent: max($0.descent, metrics.descent),
                    lineGap: max($0.lineGap, metrics.lineGap))
            } ?? metrics
        }
        for row in rows {
            switch bounds {
            case .lineBox:
                // Each row's box is the primary font's strut and the fonts its text (or template)
                // uses, as a browser builds a line box: a row set in a taller fallback font is taller.
                let measured = measureRow(row.text, shaping: shaping, noting: &missing)
                let template = row.template.map { measureRow($0, shaping: shaping, noting: &missing) }
                var own = measured.metrics
                if let template = template?.metrics {
                    own = LineMetrics(
                        ascent: max(own.ascent, template.ascent), descent: max(own.descent, template.descent),
                        lineGap: max(own.lineGap, template.lineGap))
                }
                stackRows.append(
                    StackRow(
                        width: measured.width, templateWidth: template?.width, weight: row.weight,
                        alignment: row.alignment, extent: lineHeight.rowExtent(own)))
            case .ink:
                let shaped = ShapedParagraph(row.text, fonts: self, options: shaping)
                let template = row.template.map { ShapedParagraph($0, fonts: self, options: shaping) }
                missing?.add(shaped)
                if let template { missing?.add(template) }
                noteTallest(shaped.lineMetrics())
                noteTallest(template?.lineMetrics())
                // Outline bounds are read only here, where the ink is what must fit.
                let ink = shaped.inkBounds()
                let templateInk = template.flatMap { $0.inkBounds() }
                for bounds in [ink, templateInk].compactMap({ $0 }) {
                    inkTop = max(inkTop, bounds.yMax)
                    inkBottom = min(inkBottom, bounds.yMin)
                }
                stackRows.append(
                    StackRow(
                        width: ink.map { $0.xMax - $0.xMin } ?? 0,
                        templateWidth: templateInk.map { $0.xMax - $0.xMin },
                        leadingOffset: ink.map { -$0.xMin } ?? 0,
                        weight: row.weight, alignment: row.alignment))
            }
        }
        // The shared extent: in line-box bounds the primary font's strut (a row's own box is at
        // least that), in ink bounds the tallest line any row's fonts make.
        let lineMetrics = tallest ?? ShapedParagraph("", fonts: self, options: shaping).lineMetrics()
        let extent: RowExtent =
            switch bounds {
            case .lineBox: lineHeight.rowExtent(lineMetrics)
            case .ink where inkTop > inkBottom: RowExtent(ascent: inkTop, height: inkTop - inkBottom)
            case .ink: RowExtent(ascent: lineMetrics.ascent, height: lineMetrics.lineHeight)
            }
        let options = StackConstraints(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frame.width,
            frameHeight: frame.height, spacing: spacing, equalWidth: equalWidth, pixelScale: pixelScale)
        return StackResult(
            StackFitter.fit(stackRows, extent: extent, options: options), rows: rows, missing: missing?.scalars ?? [],
            fonts: self, shaping: shaping)
    }

    /// A row's advance and line metrics in em, measured as a one-line fit measures a label (a row of
    /// one run keeps no glyphs), the characters no font has added to `missing`.
    private func measureRow(
        _ text: String, shaping: ShapingOptions, noting missing: inout MissingCharacters?
    ) -> (width: Double, metrics: LineMetrics) {
        // Stack rows are horizontal (the options were checked), so the line is always measured.
        let measured = ShapedParagraph.measureLine(
            text, fonts: self, options: shaping, scan: nil, upTo: text.utf8.count, noting: &missing)!
        return (measured.advance, measured.metrics)
    }

    /// One word per row (split at white space), all at one size.
    public func wordsToFit(
        _ text: String, options: StackOptions, alignment: LineAlignment = .leading, shaping: ShapingOptions = ShapingOptions()
    ) throws(FontFitError) -> StackResult {
        let words = text.split(whereSeparator: \.isWhitespace).map { StackRowText(String($0), alignment: alignment) }
        return try stack(words, options: options, shaping: shaping)
    }
}
