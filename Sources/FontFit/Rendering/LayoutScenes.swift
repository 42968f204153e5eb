/// Pictures of layout results, drawn the way the seed articles' screenshots are: the frame in red,
/// each line or row box in blue, baselines in green, and the glyphs from their outlines.
extension RenderScene {
    /// Room around the frame, so that its border is not cut off by the canvas edge.
    public static let margin = 8.0

    /// A canvas the size of `frame` (or of the used area where the frame is unbounded) plus margins,
    /// with the frame drawn.
    init(frame: FrameSize, used: (width: Double, height: Double), pixelScale: Double, title: String) {
        let width = frame.width.isFinite ? frame.width : used.width
        let height = frame.height.isFinite ? frame.height : used.height
        self.init(
            width: max(width, used.width) + 2 * Self.margin, height: max(height, used.height) + 2 * Self.margin,
            pixelScale: pixelScale, title: title)
        addRect(Box(x: Self.margin, y: Self.margin, width: width, height: height), stroke: .frameRed)
    }

    /// A line or row box in the layout's coordinates (shifted by the margin), with its baseline.
    mutating func addLineBox(x: Double, y: Double, width: Double, height: Double, baseline: Double) {
        addRect(Box(x: Self.margin + x, y: Self.margin + y, width: width, height: height), stroke: .lineBoxBlue)
        addLine(x1: Self.margin + x, y1: Self.margin + baseline, x2: Self.margin + x + width, y2: Self.margin + baseline)
    }

    /// An inline image's place, in the layout's coordinates, as a gray box.
    mutating func addImage(_ box: Box) {
        addRect(
            Box(x: Self.margin + box.x, y: Self.margin + box.y, width: box.width, height: box.height),
            stroke: .lightGray, fill: .lightGray)
    }

    /// One measured line: its line box, baseline, ink box (dashed) and glyphs.
    public static func measurement(
        _ text: String, font: Font, size: Double, shaping: ShapingOptions = ShapingOptions(), pixelScale: Double = 2
    ) throws(FontEngineError) -> RenderScene {
        let line = try font.measure(text, size: size, options: shaping)
        var scene = RenderScene(
            frame: FrameSize(width: line.width, height: line.metrics.lineHeight),
            used: (line.width, line.metrics.lineHeight), pixelScale: pixelScale, title: text)
        try scene.addTextLine(
            text, font: font, size: size, x: margin, y: margin, options: shaping,
            decorations: LineDecorations(lineBox: .lineBoxBlue, baseline: .baselineGreen, inkBox: .lightGray))
        return scene
    }

    /// A fitted text: the frame, every line's box and baseline, and its glyphs at the fitted size.
    ///
    /// `images` are the inline images' boxes (``PreparedText/imageBoxes(in:)``), drawn as gray boxes
    /// where the text's U+FFFC characters stand.
    public static func fit(
        _ result: FitResult, frame: FrameSize, font: Font, shaping: ShapingOptions = ShapingOptions(),
        images: [Box] = [], pixelScale: Double = 2
    ) -> RenderScene {
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), pixelScale: pixelScale,
            title: result.lines.map(\.text).joined(separator: " "))
        let lineHeight = font.unitLineMetrics.lineHeight / Double(font.face.unitsPerEm) * result.size
        images.forEach { scene.addImage($0) }
        var imageWidths = images.map(\.width)[...]
        for line in result.lines {
            scene.addLineBox(x: line.x, y: line.y, width: line.width, height: lineHeight, baseline: line.baseline)
            let placeholders = line.text.unicodeScalars.filter { $0 == InlineImage.placeholder }.count
            let widths = Array(imageWidths.prefix(placeholders))
            imageWidths = imageWidths.dropFirst(placeholders)
            scene.addText(Text(
                font: font, size: result.size,
                glyphs: positionedGlyphs(
                    line.text, font: font, shaping: shaping, size: result.size, x: margin + line.penX,
                    baseline: margin + line.baseline, imageWidths: widths)))
        }
        return scene
    }

    /// The glyphs of one line with their pens on the baseline, each U+FFFC replaced by the next
    /// image's width of empty space.
    static func positionedGlyphs(
        _ text: String, font: Font, shaping: ShapingOptions, size: Double, x: Double, baseline: Double,
        imageWidths: [Double]
    ) -> [PositionedGlyph] {
        let shaped = font.shape(text, options: shaping)
        let scale = size / Double(font.face.unitsPerEm)
        let offsets = Font.placeholderOffsets(in: text)
        var pen = x
        var glyphs: [PositionedGlyph] = []
        for glyph in shaped.glyphs {
            if let image = offsets.firstIndex(of: glyph.cluster), image < imageWidths.count {
                pen += imageWidths[image]
                continue
            }
            glyphs.append(PositionedGlyph(
                glyph: glyph.glyphID, x: pen + Double(glyph.xOffset) * scale, y: baseline - Double(glyph.yOffset) * scale))
            pen += Double(glyph.xAdvance) * scale
        }
        return glyphs
    }

    /// A shared-size stack: the frame, every row's frame and baseline, and its text at its size.
    public static func stack(
        _ fitted: FittedStack, frame: FrameSize, font: Font, shaping: ShapingOptions = ShapingOptions(),
        pixelScale: Double = 2
    ) -> RenderScene {
        let result = fitted.result
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), pixelScale: pixelScale,
            title: fitted.rows.map(\.text).joined(separator: " "))
        for (row, box) in zip(fitted.rows, result.rows) {
            scene.addLineBox(x: box.x, y: box.y, width: box.width, height: box.height, baseline: box.baseline)
            scene.addText(
                font.shape(row.text, options: shaping), font: font, size: box.size, x: margin + box.textX,
                baseline: margin + box.baseline)
        }
        return scene
    }

    /// Ruby over base text: every base and ruby box, their baselines, and both texts.
    public static func ruby(
        _ fitted: FittedRuby, frame: FrameSize, font: Font, shaping: ShapingOptions = ShapingOptions(),
        pixelScale: Double = 2
    ) -> RenderScene {
        let result = fitted.result
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), pixelScale: pixelScale,
            title: fitted.segments.map(\.base).joined())
        for (segment, boxes) in zip(fitted.segments, result.segments) {
            let parts = [(boxes.base, segment.base, result.size)] + (boxes.ruby.map { [($0, segment.ruby ?? "", result.rubySize)] } ?? [])
            for (box, text, size) in parts {
                scene.addLineBox(x: box.x, y: box.y, width: box.width, height: box.height, baseline: box.baseline)
                scene.addText(
                    font.shape(text, options: shaping), font: font, size: size, x: margin + box.textX,
                    baseline: margin + box.baseline)
            }
        }
        return scene
    }

    /// A line with inline images: the line as ``measurement(_:font:size:shaping:pixelScale:)`` draws
    /// it, and each image as a gray box.
    public static func inlineImages(
        _ text: String, images: [InlineImage], font: Font, size: Double, shaping: ShapingOptions = ShapingOptions(),
        pixelScale: Double = 2
    ) throws(FontEngineError) -> RenderScene {
        let measured = try font.measure(text, size: size, images: images, options: shaping)
        let line = measured.line
        var scene = RenderScene(
            frame: FrameSize(width: line.width, height: line.metrics.lineHeight),
            used: (line.width, line.metrics.lineHeight), pixelScale: pixelScale, title: text)
        scene.addLineBox(x: 0, y: 0, width: line.width, height: line.metrics.lineHeight, baseline: line.metrics.ascent)
        measured.images.forEach { scene.addImage($0) }
        let glyphs = positionedGlyphs(
            text, font: font, shaping: shaping, size: size, x: margin, baseline: margin + line.metrics.ascent,
            imageWidths: measured.images.map(\.width))
        scene.addText(Text(font: font, size: size, glyphs: glyphs))
        return scene
    }
}
