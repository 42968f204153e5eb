/// Pictures of layout results, in a ``RenderStyle``: by default with the layout drawn (the frame in
/// red, each line or row box in blue, baselines in green), or clean.
extension RenderScene {
    /// Room around the frame, so that its border is not cut off by the canvas edge.
    public static let margin = 8.0

    /// A canvas for a layout of `used` size in `frame`, in `style`: debug pictures get the frame
    /// drawn in red with a margin around it; clean ones only the background, the frame placed at the
    /// padding and the layout placed in it by the vertical alignment. `origin` is where the layout's
    /// (0, 0) lands on the canvas.
    init(frame: FrameSize, used: (width: Double, height: Double), style: RenderStyle, pixelScale: Double, title: String) {
        let width = frame.width.isFinite ? frame.width : used.width
        let height = frame.height.isFinite ? frame.height : used.height
        switch style.look {
        case .debug:
            self.init(
                width: style.canvas?.width ?? max(width, used.width) + 2 * Self.margin,
                height: style.canvas?.height ?? max(height, used.height) + 2 * Self.margin,
                pixelScale: pixelScale, background: style.background, title: title)
            addRect(LayoutRect(x: Self.margin, y: Self.margin, width: width, height: height), stroke: .frameRed)
            origin = (Self.margin, Self.margin)
        case .clean:
            let canvasWidth = style.canvas?.width ?? width + 2 * style.padding
            let canvasHeight = style.canvas?.height ?? height + 2 * style.padding
            self.init(width: canvasWidth, height: canvasHeight, pixelScale: pixelScale, background: style.background, title: title)
            let room = min(height, canvasHeight - 2 * style.padding) - used.height
            let offset: Double =
                switch style.verticalAlignment {
                case .top: 0
                case .center: room / 2
                case .bottom: room
                }
            origin = (style.padding, style.padding + offset)
        }
        self.style = style
    }

    /// A line or row box in the layout's coordinates, with its baseline (debug pictures only).
    mutating func addLineBox(x: Double, y: Double, width: Double, height: Double, baseline: Double) {
        guard style.drawsOverlay else { return }
        addRect(LayoutRect(x: origin.x + x, y: origin.y + y, width: width, height: height), stroke: .lineBoxBlue)
        addLine(x1: origin.x + x, y1: origin.y + baseline, x2: origin.x + x + width, y2: origin.y + baseline)
    }

    /// An inline image's place, in the layout's coordinates, as a gray box (debug pictures only: a
    /// clean picture leaves the space for the caller's image).
    mutating func addImage(_ box: LayoutRect) {
        guard style.drawsOverlay else { return }
        addRect(
            LayoutRect(x: origin.x + box.x, y: origin.y + box.y, width: box.width, height: box.height),
            stroke: .lightGray, fill: .lightGray)
    }

    /// Glyphs of a layout, in the style's text colour, the pen at (`x`, `baseline`) of the layout.
    mutating func addLayoutText(_ paragraph: ShapedParagraph, size: Double, x: Double, baseline: Double) {
        addText(paragraph, size: size, x: origin.x + x, baseline: origin.y + baseline, color: style.textColor)
    }

    /// A measured line (``/FontEngine/FontStack/measure(_:size:options:images:opticalSizing:lineHeight:)``),
    /// drawn from the glyphs it was measured with: its line box, baseline, ink box (dashed), inline
    /// images (gray) and glyphs.
    public static func measurement(
        _ line: LineMeasurement, style: RenderStyle = .debug, pixelScale: Double = 2
    ) throws(FontFitError) -> RenderScene {
        let paragraph = line.paragraph
        _ = try paragraph.options.horizontalOnly(for: "render")
        var scene = RenderScene(
            frame: FrameSize(width: line.width, height: line.metrics.lineHeight),
            used: (line.width, line.metrics.lineHeight), style: style, pixelScale: pixelScale, title: paragraph.text)
        let decorations = style.drawsOverlay
            ? LineDecorations(lineBox: .lineBoxBlue, baseline: .baselineGreen, inkBox: paragraph.images.isEmpty ? .lightGray : nil)
            : .none
        scene.addTextLine(
            paragraph, measured: line, x: scene.origin.x, y: scene.origin.y, color: style.textColor, decorations: decorations)
        return scene
    }

    /// A fitted text: in the debug style the frame, every line's box and baseline and its inline
    /// images as gray boxes; in every style its glyphs at the fitted size, each line drawn from the
    /// prepared paragraph's runs.
    public static func fit(
        _ result: FitResult, frame: FrameSize, text prepared: PreparedText, style: RenderStyle = .debug,
        pixelScale: Double = 2
    ) -> RenderScene {
        if prepared.paragraph.isVertical {
            return verticalFit(result, frame: frame, text: prepared, style: style, pixelScale: pixelScale)
        }
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), style: style, pixelScale: pixelScale,
            title: result.lines.map(\.text).joined(separator: " "))
        let drawnLines = prepared.drawnLines(of: result)
        prepared.imageBoxes(in: result, drawn: drawnLines).forEach { scene.addImage($0) }
        let lineHeight = prepared.paragraph.lineMetrics().lineHeight * result.size
        for (index, (line, drawn)) in zip(result.lines, drawnLines).enumerated() {
            // A text-fitted line is drawn at its own size (its glyphs and advances scaled together).
            let scale = result.lineSize(index) / result.size
            scene.addLineBox(x: line.x, y: line.y, width: line.width, height: lineHeight * scale, baseline: line.baseline)
            scene.addLayoutText(drawn, size: result.lineSize(index), x: line.penX, baseline: line.baseline)
        }
        return scene
    }

    /// Columns of vertical text, right to left: each column's box and centre line (where the
    /// glyphs' vertical origins lie) in the debug style, and its glyphs running down it.
    static func verticalFit(
        _ result: FitResult, frame: FrameSize, text prepared: PreparedText, style: RenderStyle, pixelScale: Double
    ) -> RenderScene {
        let columns = prepared.columns(of: result, in: frame)
        var scene = RenderScene(
            frame: frame, used: (result.height, result.width), style: style, pixelScale: pixelScale,
            title: columns.map(\.text).joined(separator: " "))
        for (drawn, column) in zip(prepared.drawnLines(of: result), columns) {
            let box = column.frame
            if style.drawsOverlay {
                let (x, y) = scene.origin
                scene.addRect(LayoutRect(x: x + box.x, y: y + box.y, width: box.width, height: box.height), stroke: .lineBoxBlue)
                scene.addLine(x1: x + column.baseline, y1: y + box.y, x2: x + column.baseline, y2: y + box.y + box.height)
            }
            scene.addLayoutText(drawn, size: result.size, x: column.baseline, baseline: column.penStart)
        }
        return scene
    }

    /// A shared-size stack: in the debug style the frame and every row's frame and baseline, and in
    /// every style each row's text at its size, in the fonts and shaping the stack measured it with.
    public static func stack(
        _ result: StackResult, frame: FrameSize, style: RenderStyle = .debug, pixelScale: Double = 2
    ) -> RenderScene {
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), style: style, pixelScale: pixelScale,
            title: result.rows.map(\.text).joined(separator: " "))
        for row in result.rows { scene.addPlacedText(row, fonts: result.fonts, shaping: result.shaping) }
        return scene
    }

    /// Ruby over base text: in the debug style every base and ruby box and their baselines, and in
    /// every style both texts, in the fonts and shaping the ruby fit measured them with.
    public static func ruby(
        _ result: RubyResult, frame: FrameSize, style: RenderStyle = .debug, pixelScale: Double = 2
    ) -> RenderScene {
        var scene = RenderScene(
            frame: frame, used: (result.width, result.height), style: style, pixelScale: pixelScale,
            title: result.segments.map(\.base.text).joined())
        for segment in result.segments {
            scene.addPlacedText(segment.base, fonts: result.fonts, shaping: result.shaping)
            if let ruby = segment.ruby { scene.addPlacedText(ruby, fonts: result.fonts, shaping: result.shaping) }
        }
        return scene
    }
}

extension RenderScene {
    /// A row's or box's line box and baseline (in the debug style) and its text, shaped in the
    /// fonts and with the options its layout measured it with.
    mutating func addPlacedText(_ placed: PlacedText, fonts: FontStack, shaping: ShapingOptions) {
        let box = placed.frame
        addLineBox(x: box.x, y: box.y, width: box.width, height: box.height, baseline: placed.baseline)
        addLayoutText(
            ShapedParagraph(placed.text, fonts: fonts, options: shaping), size: placed.size, x: placed.penStart,
            baseline: placed.baseline)
    }
}
