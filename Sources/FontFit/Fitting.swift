/// How a font's widths depend on the size it is drawn at.
public enum WidthModel: Sendable, Hashable {
    /// Widths scale with the size (unhinted outlines, no size-dependent axis): measured once.
    case proportional
    /// FreeType's hinted advances at whole pixel sizes (`FT_LOAD_DEFAULT`); only whole sizes are
    /// candidates.
    case hinted
    /// The font's `opsz` axis set to the size, as automatic optical sizing draws it.
    case followingOpticalSize
}

/// The space text must fit in, in points; either side may be unbounded (`.infinity`).
public struct FrameSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double = .infinity, height: Double = .infinity) {
        self.width = width
        self.height = height
    }
}

/// Text shaped once in one font, ready to be fitted into any number of frames without shaping it
/// again (the resize-slider case: a re-fit only re-breaks lines from the stored widths).
public struct PreparedText: Sendable {
    public let font: Font
    public let shaping: ShapingOptions
    /// The plain measurements the fitting core works on (unit size: widths in em).
    public let measured: MeasuredText
    /// Whether the text was measured for wrapping (UAX #14 break opportunities) and for ink bounds.
    public let wraps: Bool
    public let hasInk: Bool
    /// The images the text's U+FFFC characters stand for.
    public let images: [InlineImage]
    /// The fitting tables of `measured`, built once so that a re-fit only re-breaks lines.
    let table: FitTable

    public var text: String { measured.text }

    init(font: Font, shaping: ShapingOptions, measured: MeasuredText, wraps: Bool, hasInk: Bool, images: [InlineImage]) {
        self.images = images
        self.font = font
        self.shaping = shaping
        self.measured = measured
        self.wraps = wraps
        self.hasInk = hasInk
        table = FitTable(measured)
    }

    /// The largest size in `maxSize × minimumScaleFactor … maxSize` at which the text fits `frame`,
    /// exactly (see ``TextFitter``), and the lines that prove it.
    ///
    /// - Parameters:
    ///   - lineLimit: nil for unlimited lines; 1 keeps the text on one line, and the frame's height
    ///     still limits the size (unlike SwiftUI's `lineLimit(1)`).
    ///   - widths: how widths depend on the size: proportional (measured once), hinted (whole pixel
    ///     sizes with FreeType's hinted advances, as a hinting renderer draws them), or following the
    ///     font's optical-size axis; the last two re-measure at candidate sizes.
    public func fit(
        in frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1, lineLimit: Int? = nil,
        bounds: FitBounds = .lineBox, lineSpacing: Double = 0, alignment: LineAlignment = .leading,
        truncation: TruncationMode = .tail, granularity: Double? = nil, presetSizes: [Double]? = nil,
        widths: WidthModel = .proportional
    ) throws(FontEngineError) -> FitResult {
        let options = try FitOptions.validated(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
            granularity: granularity, presetSizes: presetSizes)
        if (bounds == .ink && !hasInk) || (lineLimit != 1 && !wraps) {
            // Prepared for less than this fit needs: measure again with everything.
            return try font.prepare(text, options: shaping, images: images).fit(
                in: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
                granularity: granularity, presetSizes: presetSizes, widths: widths)
        }
        switch widths {
        case .proportional: break
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
            return try HintedFitter(prepared: self, options: options).fit()
        case .followingOpticalSize: return fitFollowingOpticalSize(options: options)
        }
        let result = TextFitter.fit(table, options: options)
        guard !result.fits, truncation != .none else { return result }
        // Only a text that does not fit needs the ellipsis, so it is shaped only then.
        return TextFitter.fit(table.withEllipsis(builder.ellipsisUnit()), options: options)
    }
}

extension PreparedText {
    var builder: MeasuredTextBuilder {
        MeasuredTextBuilder(font: font, options: shaping, lineBreaks: wraps, ink: hasInk, images: images)
    }

    /// Where each inline image goes in a fit of this text, in the fit's coordinates (the line boxes'
    /// frame): it stands on its line's baseline like a glyph, as tall as the line (or cap height).
    public func imageBoxes(in result: FitResult) -> [Box] {
        guard !images.isEmpty else { return [] }
        var boxes: [Box] = []
        var imageIndex = 0
        for (index, unit) in measured.units.enumerated() {
            guard InlineImage.isPlaceholder(unit.range, in: text), imageIndex < images.count else { continue }
            defer { imageIndex += 1 }
            guard let line = result.lines.first(where: { $0.units.contains(index) }) else { continue }
            let before = measured.units[line.units.lowerBound..<index].reduce(0) { $0 + $1.advance }
            let extent = images[imageIndex].unitExtent(in: font)
            boxes.append(Box(
                x: line.penX + before * result.size, y: line.baseline - extent.top * result.size,
                width: extent.right * result.size, height: (extent.top - extent.bottom) * result.size))
        }
        return boxes
    }
}

extension Font {
    /// Shapes `text` once and measures it for fitting.
    ///
    /// - Parameters:
    ///   - wrapping: find where lines may break (ICU's UAX #14); without it the text only breaks at
    ///     hard line breaks, which is all a one-line fit needs.
    ///   - ink: measure glyph outlines too, for fits with `.ink` bounds.
    public func prepare(
        _ text: String, options: ShapingOptions = ShapingOptions(), wrapping: Bool = true, ink: Bool = true,
        images: [InlineImage] = []
    ) throws(FontEngineError) -> PreparedText {
        let options = try options.validated()
        try InlineImage.validate(images, in: text)
        let builder = MeasuredTextBuilder(font: self, options: options, lineBreaks: wrapping, ink: ink, images: images)
        return PreparedText(
            font: self, shaping: options, measured: builder.build(text), wraps: wrapping, hasInk: ink, images: images)
    }

    /// The largest size at which `text` fits `frame`; see ``PreparedText/fit(in:maxSize:minimumScaleFactor:lineLimit:bounds:lineSpacing:alignment:truncation:granularity:presetSizes:hinting:)``.
    public func fit(
        _ text: String, in frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1,
        lineLimit: Int? = nil, bounds: FitBounds = .lineBox, lineSpacing: Double = 0,
        alignment: LineAlignment = .leading, truncation: TruncationMode = .tail, granularity: Double? = nil,
        presetSizes: [Double]? = nil, widths: WidthModel = .proportional,
        shaping: ShapingOptions = ShapingOptions(), images: [InlineImage] = []
    ) throws(FontEngineError) -> FitResult {
        if lineLimit == 1, bounds == .lineBox, widths == .proportional, granularity == nil, presetSizes == nil,
            images.isEmpty
        {
            let options = try FitOptions.validated(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
                granularity: granularity, presetSizes: presetSizes)
            if let result = closedFormSingleLineFit(text, options: options, shaping: try shaping.validated()) {
                return result
            }
        }
        // Measure only what this fit needs.
        return try prepare(text, options: shaping, wrapping: lineLimit != 1, ink: bounds == .ink, images: images).fit(
            in: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
            bounds: bounds, lineSpacing: lineSpacing, alignment: alignment, truncation: truncation,
            granularity: granularity, presetSizes: presetSizes, widths: widths)
    }
}

extension FitOptions {
    /// Checks every value a caller can get wrong, naming it in the error.
    static func validated(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double, lineLimit: Int?, bounds: FitBounds,
        lineSpacing: Double, alignment: LineAlignment, truncation: TruncationMode, granularity: Double?,
        presetSizes: [Double]?
    ) throws(FontEngineError) -> FitOptions {
        try Font.checkSize(maxSize)
        for (name, value) in [("frame width", frame.width), ("frame height", frame.height)]
        where !(value > 0) || value.isNaN {
            throw .invalidValue(name: name, value: "\(value)", expected: "a number greater than 0, or inf")
        }
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
        if let presetSizes, presetSizes.isEmpty || presetSizes.contains(where: { !($0.isFinite && $0 > 0) }) {
            throw .invalidValue(
                name: "preset sizes", value: presetSizes.map { "\($0)" }.joined(separator: ","),
                expected: "a list of finite sizes greater than 0")
        }
        return FitOptions(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frame.width,
            frameHeight: frame.height, lineLimit: lineLimit, bounds: bounds, lineSpacing: lineSpacing,
            alignment: alignment, truncation: truncation, granularity: granularity, presetSizes: presetSizes)
    }
}
