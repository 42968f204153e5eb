#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A drawing of layout results, in points with y growing down: rectangles (the frame, line and row
/// boxes), lines (baselines) and glyph runs drawn from their real outlines.
///
/// A scene is a plain value: build it once, then write it as SVG (``svg()``, vector paths) or PNG
/// (``png()``, FreeType rasterisation at ``pixelScale``). Elements are painted in order, later over
/// earlier.
///
/// ```swift
/// var scene = RenderScene(width: 320, height: 120)
/// scene.addRect(LayoutRect(x: 10, y: 10, width: 300, height: 100), stroke: .frameRed)
/// try scene.addTextLine("Hamburg", font: font, size: 48, x: 20, y: 20)
/// let svg = scene.svg()
/// let png = try scene.png()
/// ```
public struct RenderScene: Sendable {
    /// The canvas size in points.
    public var width: Double
    /// The canvas height in points.
    public var height: Double
    /// Device pixels per point in the PNG (2 for @2x); the SVG is always in points.
    public var pixelScale: Double
    /// Painted under everything; `.clear` leaves the canvas transparent.
    public var background: RGBAColor
    /// Written as the SVG's `<title>` when set.
    public var title: String?
    /// What is painted, in order.
    package var elements: [Element] = []
    /// Where a layout scene (``fit(_:frame:text:style:pixelScale:)`` and the others) put the
    /// layout's top-left corner, and the style it was drawn in.
    public internal(set) var origin: (x: Double, y: Double) = (0, 0)
    /// The style a layout scene was drawn in.
    public internal(set) var style = RenderStyle.debug

    /// An empty canvas `width` × `height` points.
    public init(
        width: Double, height: Double, pixelScale: Double = 2, background: RGBAColor = .white,
        title: String? = nil
    ) {
        self.width = width
        self.height = height
        self.pixelScale = pixelScale
        self.background = background
        self.title = title
    }

    /// One thing painted.
    package enum Element: Sendable {
        /// A rectangle.
        case rect(Rect)
        /// A straight line.
        case line(Line)
        /// Glyphs of one font.
        case text(Text)
    }

    /// Where a rectangle's stroke lies relative to its edges.
    public enum StrokePosition: Sendable, Hashable {
        /// Inside the box, as SwiftUI's `.border` draws: nothing is painted outside it, so a frame
        /// as large as the canvas shows whole.
        case inside
        /// Centred on the edges, as an SVG stroke.
        case centered
    }

    /// An axis-aligned rectangle, stroked on its edges and/or filled.
    package struct Rect: Sendable, Hashable {
        /// Where the rectangle is, in points.
        package var box: LayoutRect
        /// The edges' colour; nil for no stroke.
        package var stroke: RGBAColor?
        /// The stroke's width in points.
        package var strokeWidth: Double
        /// Whether the stroke lies inside the box or on its edges.
        package var strokePosition: StrokePosition
        /// Dash and gap lengths in points, alternating; empty for a solid stroke.
        package var dash: [Double]
        /// The inside's colour; nil for no fill.
        package var fill: RGBAColor?

        /// A rectangle; the default is a 1 pt red frame stroked inside, like the debug overlay's.
        package init(
            _ box: LayoutRect, stroke: RGBAColor? = .frameRed, strokeWidth: Double = 1,
            strokePosition: StrokePosition = .inside, dash: [Double] = [], fill: RGBAColor? = nil
        ) {
            self.box = box
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.strokePosition = strokePosition
            self.dash = dash
            self.fill = fill
        }
    }

    /// A straight line (a baseline, a guide).
    package struct Line: Sendable, Hashable {
        /// Start x, in points.
        package var x1: Double
        /// Start y.
        package var y1: Double
        /// End x.
        package var x2: Double
        /// End y.
        package var y2: Double
        /// The line's colour.
        package var color: RGBAColor
        /// The line's width in points.
        package var width: Double
        /// Dash and gap lengths in points, alternating; empty for a solid line.
        package var dash: [Double]

        /// A line from (x1, y1) to (x2, y2); green and solid unless told otherwise.
        package init(
            x1: Double, y1: Double, x2: Double, y2: Double, color: RGBAColor = .baselineGreen,
            width: Double = 1, dash: [Double] = []
        ) {
            self.x1 = x1
            self.y1 = y1
            self.x2 = x2
            self.y2 = y2
            self.color = color
            self.width = width
            self.dash = dash
        }
    }

    /// Glyphs of one font at one size: each pen position is on the baseline, in points.
    package struct Text: Sendable {
        /// The font the glyphs are in.
        package var font: Font
        /// The em size in points.
        package var size: Double
        /// The glyphs, each at its pen position on the baseline.
        package var glyphs: [PositionedGlyph]
        /// The glyphs' colour.
        package var color: RGBAColor

        /// Glyphs of `font` at `size` points.
        package init(font: Font, size: Double, glyphs: [PositionedGlyph], color: RGBAColor = .black) {
            self.font = font
            self.size = size
            self.glyphs = glyphs
            self.color = color
        }
    }

    /// What ``RenderScene/addTextLine(_:font:size:x:y:options:color:decorations:)`` draws around the glyphs; nil
    /// leaves a part out.
    public struct LineDecorations: Sendable, Hashable {
        /// The line box: the advance width by the line height, from the top-left corner.
        public var lineBox: RGBAColor?
        /// The baseline across the advance width.
        public var baseline: RGBAColor?
        /// The tight ink bounds, dashed.
        public var inkBox: RGBAColor?

        /// Decorations; the default draws line boxes in blue and baselines in green.
        public init(
            lineBox: RGBAColor? = .lineBoxBlue, baseline: RGBAColor? = .baselineGreen, inkBox: RGBAColor? = nil
        ) {
            self.lineBox = lineBox
            self.baseline = baseline
            self.inkBox = inkBox
        }

        /// The glyphs alone.
        public static let none = LineDecorations(lineBox: nil, baseline: nil, inkBox: nil)
    }

    /// Appends an element, painted over everything before it.
    package mutating func add(_ element: Element) {
        elements.append(element)
    }

    /// Appends a rectangle, stroked on its edges and/or filled; later elements paint over it.
    public mutating func addRect(
        _ box: LayoutRect, stroke: RGBAColor? = .frameRed, strokeWidth: Double = 1,
        strokePosition: StrokePosition = .inside, dash: [Double] = [], fill: RGBAColor? = nil
    ) {
        elements.append(
            .rect(
                Rect(
                    box, stroke: stroke, strokeWidth: strokeWidth, strokePosition: strokePosition, dash: dash,
                    fill: fill)))
    }

    /// Appends a straight line (a baseline, a guide), dashed when `dash` lists dash and gap lengths.
    public mutating func addLine(
        x1: Double, y1: Double, x2: Double, y2: Double, color: RGBAColor = .baselineGreen, width: Double = 1,
        dash: [Double] = []
    ) {
        elements.append(.line(Line(x1: x1, y1: y1, x2: x2, y2: y2, color: color, width: width, dash: dash)))
    }

    /// Appends glyphs (see ``Text``).
    package mutating func addText(_ text: Text) {
        elements.append(.text(text))
    }

    /// Adds the glyphs of `paragraph` that lie in the UTF-8 `range` (all when nil), as
    /// `ShapedParagraph`'s walk places them, at `size` points with the pen starting at
    /// (`x`, `baseline`): one text element per font. Inline images leave their space empty. Returns
    /// the advance drawn, in points.
    @discardableResult
    package mutating func addText(
        _ paragraph: ShapedParagraph, range: Range<Int>? = nil, size: Double, x: Double, baseline: Double,
        color: RGBAColor = .black
    ) -> Double {
        let paragraph = paragraph.atSize(size)
        var glyphsByFont = [[PositionedGlyph]](repeating: [], count: paragraph.fonts.count)
        let advance = paragraph.walk(range) { placed in
            guard placed.image == nil else { return }
            glyphsByFont[paragraph.runs[placed.run].fontIndex].append(
                PositionedGlyph(glyph: placed.glyph.glyphID, x: x + placed.x * size, y: baseline - placed.y * size))
        }
        for (font, glyphs) in zip(paragraph.fonts.fonts, glyphsByFont) where !glyphs.isEmpty {
            elements.append(.text(Text(font: font, size: size, glyphs: glyphs, color: color)))
        }
        return advance * size
    }

    /// Itemizes, shapes and measures `text` as one line whose line box has its top-left corner at
    /// (`x`, `y`), then adds the decorations (line box, baseline, ink box) and the glyphs, baseline
    /// at y + ascent. Returns the measurement, in the line box's coordinates.
    @discardableResult
    public mutating func addTextLine(
        _ text: String, fonts: FontStack, size: Double, x: Double, y: Double,
        options: ShapingOptions = ShapingOptions(), images: [InlineImage] = [], color: RGBAColor = .black,
        decorations: LineDecorations = LineDecorations()
    ) throws(FontFitError) -> LineMeasurement {
        try Font.checkSize(size)
        try InlineImage.validate(images, in: text)
        let paragraph = ShapedParagraph(text, fonts: fonts, options: try options.validated(), images: images)
        let line = paragraph.measure(size: size)
        addTextLine(paragraph, measured: line, x: x, y: y, color: color, decorations: decorations)
        return line
    }

    /// `paragraph`'s glyphs and the decorations of `line`, its measurement, the line box's
    /// top-left corner at (`x`, `y`).
    mutating func addTextLine(
        _ paragraph: ShapedParagraph, measured line: LineMeasurement, x: Double, y: Double, color: RGBAColor,
        decorations: LineDecorations
    ) {
        let size = line.size
        let baseline = y + line.metrics.ascent
        if let color = decorations.lineBox {
            addRect(LayoutRect(x: x, y: y, width: line.width, height: line.metrics.lineHeight), stroke: color)
        }
        if let color = decorations.baseline {
            addLine(x1: x, y1: baseline, x2: x + line.width, y2: baseline, color: color)
        }
        if let color = decorations.inkBox, let ink = line.ink {
            addRect(
                LayoutRect(x: x + ink.x, y: y + ink.y, width: ink.width, height: ink.height), stroke: color,
                dash: [3, 2])
        }
        // An image's place is shown with the other decorations; a clean picture leaves it empty.
        for image in line.images where decorations.lineBox != nil {
            addRect(
                LayoutRect(x: x + image.x, y: y + image.y, width: image.width, height: image.height), stroke: .lightGray,
                fill: .lightGray)
        }
        addText(paragraph, size: size, x: x, baseline: baseline, color: color)
    }

    /// ``addTextLine(_:fonts:size:x:y:options:images:color:decorations:)`` in one font.
    @discardableResult
    public mutating func addTextLine(
        _ text: String, font: Font, size: Double, x: Double, y: Double,
        options: ShapingOptions = ShapingOptions(), color: RGBAColor = .black,
        decorations: LineDecorations = LineDecorations()
    ) throws(FontFitError) -> LineMeasurement {
        try addTextLine(
            text, fonts: FontStack(font), size: size, x: x, y: y, options: options, color: color,
            decorations: decorations)
    }
}

extension RGBAColor {
    /// The frame's outline, as `.border(.red)` draws it in SwiftUI screenshots (#FF3B30).
    public static let frameRed = RGBAColor(red: 255, green: 59, blue: 48)
    /// Line and row boxes (SwiftUI's blue, #007AFF).
    public static let lineBoxBlue = RGBAColor(red: 0, green: 122, blue: 255)
    /// Baselines (SwiftUI's green, #34C759).
    public static let baselineGreen = RGBAColor(red: 52, green: 199, blue: 89)
    /// Guides and secondary baselines (#C7C7CC).
    public static let lightGray = RGBAColor(red: 199, green: 199, blue: 204)

    /// `#rrggbb`, lowercase (alpha is not included).
    public var hexString: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}

extension RenderScene {
    /// The scene as a self-contained SVG document in points: each glyph a path of its outline in
    /// font units, scaled and placed, so that the text stays sharp at any zoom.
    public func svg() -> String { SVGRenderer.render(self) }

    /// The scene as PNG bytes (8-bit RGBA) at ``pixelScale`` device pixels per point, glyphs
    /// rasterised by FreeType; throws when the image would be larger than 32,768 pixels a side or
    /// 2²⁶ pixels in all.
    public func png() throws(FontFitError) -> Data { try PNGRenderer.render(self) }
}
