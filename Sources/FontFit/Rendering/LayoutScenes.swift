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

    /// One measured line: its line box, baseline, ink box (dashed), inline images (gray) and glyphs.
    public static func measurement(
        _ text: String, fonts: FontStack, size: Double, shaping: ShapingOptions = ShapingOptions(),
        images: [InlineImage] = [], pixelScale: Double = 2
    ) throws(FontEngineError) -> RenderScene {
        let line = try fonts.measure(text, size: size, options: try shaping.horizontalOnly(for: "render"), images: images)
        var scene = RenderScene(
            frame: FrameSize(width: line.width, height: line.metrics.lineHeight),
            used: (line.width, line.metrics.lineHeight), pixelScale: pixelScale, title: text)
        try scene.addTextLine(
            text, fonts: fonts, size: size, x: margin, y: margin, options: shaping, images: images,
            decorations: LineDecorations(lineBox: .lineBoxBlue, baseline: .baselineGreen, inkBox: images.isEmpty ? .lightGray : nil))
        return scene
    }

    /// A fitted text: the frame, every line's box and baseline, its inline images as gray boxes, and
    /// its glyphs at the fitted size, each line drawn from the prepared paragraph's runs.
    public static func fit(
        _ result: FitResult, frame: FrameSize, text prepared: PreparedText, pixelScale: Double = 2
    ) -> RenderScene {
        if prepared.paragraph.isVertical { return verticalFit(result, frame: frame, text: prepared, pixelScale: pixelScale) }
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), pixelScale: pixelScale,
            title: result.lines.map(\.text).joined(separator: " "))
        prepared.imageBoxes(in: result).forEach { scene.addImage($0) }
        let paragraph = prepared.paragraph
        let lineHeight = paragraph.lineMetrics().lineHeight * result.size
        for line in result.lines {
            scene.addLineBox(x: line.x, y: line.y, width: line.width, height: lineHeight, baseline: line.baseline)
            scene.addText(
                prepared.drawn(line), size: result.size, x: margin + line.penX, baseline: margin + line.baseline)
        }
        return scene
    }

    /// Columns of vertical text, right to left: each column's box, its centre line (where the
    /// glyphs' vertical origins lie) and its glyphs running down it.
    static func verticalFit(_ result: FitResult, frame: FrameSize, text prepared: PreparedText, pixelScale: Double) -> RenderScene {
        let columns = prepared.columns(of: result, in: frame)
        var scene = RenderScene(
            frame: frame, used: (result.height, result.width), pixelScale: pixelScale,
            title: columns.map(\.text).joined(separator: " "))
        for (line, column) in zip(result.lines, columns) {
            let centre = margin + column.x + column.width / 2
            scene.addRect(Box(x: margin + column.x, y: margin + column.y, width: column.width, height: column.height), stroke: .lineBoxBlue)
            scene.addLine(x1: centre, y1: margin + column.y, x2: centre, y2: margin + column.y + column.height)
            scene.addText(prepared.drawn(line), size: result.size, x: centre, baseline: margin + column.y)
        }
        return scene
    }

    /// A shared-size stack: the frame, every row's frame and baseline, and its text at its size.
    public static func stack(
        _ fitted: FittedStack, frame: FrameSize, fonts: FontStack, shaping: ShapingOptions = ShapingOptions(),
        pixelScale: Double = 2
    ) -> RenderScene {
        let result = fitted.result
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), pixelScale: pixelScale,
            title: fitted.rows.map(\.text).joined(separator: " "))
        for (row, box) in zip(fitted.rows, result.rows) {
            scene.addLineBox(x: box.x, y: box.y, width: box.width, height: box.height, baseline: box.baseline)
            scene.addText(
                ShapedParagraph(row.text, fonts: fonts, options: shaping), size: box.size, x: margin + box.textX,
                baseline: margin + box.baseline)
        }
        return scene
    }

    /// Ruby over base text: every base and ruby box, their baselines, and both texts.
    public static func ruby(
        _ fitted: FittedRuby, frame: FrameSize, fonts: FontStack, shaping: ShapingOptions = ShapingOptions(),
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
                    ShapedParagraph(text, fonts: fonts, options: shaping), size: size, x: margin + box.textX,
                    baseline: margin + box.baseline)
            }
        }
        return scene
    }
}
