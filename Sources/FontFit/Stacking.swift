/// One row of a shared-size stack, as text.
public struct StackRowText: Sendable, Hashable {
    public var text: String
    /// Hidden text that sizes the row when wider (seed 002: "1/1000s" behind "1/5s").
    public var template: String?
    /// The row's size relative to the shared size.
    public var weight: Double
    public var alignment: LineAlignment

    public init(_ text: String, template: String? = nil, weight: Double = 1, alignment: LineAlignment = .leading) {
        self.text = text
        self.template = template
        self.weight = weight
        self.alignment = alignment
    }
}

/// A stack fitted in a font: the shared size, the row frames, and each row's text.
public struct FittedStack: Sendable {
    public var result: StackResult
    public var rows: [StackRowText]
}

extension Font {
    /// Rows of single-line text sharing one size (seed 000's clock, seed 001's words, seed 002's
    /// template label): the largest size at which every row fits the frame's width and all rows
    /// together fit its height. See ``StackFitter``.
    public func stack(
        _ rows: [StackRowText], in frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1,
        spacing: RowSpacing = .points(0), equalWidth: Bool = false, bounds: FitBounds = .lineBox,
        pixelScale: Double? = nil, shaping: ShapingOptions = ShapingOptions()
    ) throws(FontEngineError) -> FittedStack {
        let shaping = try shaping.validated()
        _ = try FitOptions.validated(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: 1,
            bounds: bounds, lineSpacing: 0, alignment: .leading, truncation: .none, granularity: nil,
            presetSizes: nil)
        for row in rows { try Limits.checkFactor(row.weight, name: "row weight") }
        if let pixelScale { try Limits.checkFactor(pixelScale, name: "pixel scale") }
        switch spacing {
        case .points(let points): try Limits.checkSpacing(points, name: "row spacing")
        case .rowHeights(let multiple): try Limits.checkSpacing(multiple, name: "row spacing (row heights)")
        }
        let unitsPerEm = Double(face.unitsPerEm)
        let lineMetrics = unitLineMetrics.scaled(by: 1 / unitsPerEm)
        var inkTop = -Double.infinity, inkBottom = Double.infinity
        var stackRows: [StackRow] = []
        for row in rows {
            let shaped = shape(row.text, options: shaping)
            let template = row.template.map { shape($0, options: shaping) }
            switch bounds {
            case .lineBox:
                stackRows.append(
                    StackRow(
                        width: Double(shaped.advance) / unitsPerEm,
                        templateWidth: template.map { Double($0.advance) / unitsPerEm },
                        weight: row.weight, alignment: row.alignment))
            case .ink:
                // Outline bounds are read only here, where the ink is what must fit.
                let ink = inkBounds(of: shaped)
                let templateInk = template.flatMap { inkBounds(of: $0) }
                for bounds in [ink, templateInk].compactMap({ $0 }) {
                    inkTop = max(inkTop, Double(bounds.yMax) / unitsPerEm)
                    inkBottom = min(inkBottom, Double(bounds.yMin) / unitsPerEm)
                }
                stackRows.append(
                    StackRow(
                        width: ink.map { Double($0.xMax - $0.xMin) / unitsPerEm } ?? 0,
                        templateWidth: templateInk.map { Double($0.xMax - $0.xMin) / unitsPerEm },
                        leadingOffset: ink.map { -Double($0.xMin) / unitsPerEm } ?? 0,
                        weight: row.weight, alignment: row.alignment))
            }
        }
        let extent: RowExtent =
            switch bounds {
            case .lineBox: RowExtent(ascent: lineMetrics.ascent, height: lineMetrics.lineHeight)
            case .ink where inkTop > inkBottom: RowExtent(ascent: inkTop, height: inkTop - inkBottom)
            case .ink: RowExtent(ascent: lineMetrics.ascent, height: lineMetrics.lineHeight)
            }
        let options = StackOptions(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frame.width,
            frameHeight: frame.height, spacing: spacing, equalWidth: equalWidth, pixelScale: pixelScale)
        return FittedStack(result: StackFitter.fit(stackRows, extent: extent, options: options), rows: rows)
    }

    /// Seed 001's "words to fit": one word per row, every word at the size at which the longest fits.
    public func wordsToFit(
        _ text: String, in frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1,
        spacing: RowSpacing = .points(0), alignment: LineAlignment = .leading, equalWidth: Bool = false,
        bounds: FitBounds = .lineBox, pixelScale: Double? = nil, shaping: ShapingOptions = ShapingOptions()
    ) throws(FontEngineError) -> FittedStack {
        let words = text.split(whereSeparator: \.isWhitespace).map { StackRowText(String($0), alignment: alignment) }
        return try stack(
            words, in: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, spacing: spacing,
            equalWidth: equalWidth, bounds: bounds, pixelScale: pixelScale, shaping: shaping)
    }
}
