import FontFit
import Testing

/// Issue 30, bug 1: a picture must draw the font instance its layout measured. A fit following the
/// optical size measured at opsz = the fitted size, a hinted fit with FreeType's hinted advances,
/// `measure` at opsz = the size; the renderer drew every one of them with the prepared fonts'
/// default instance, unhinted, so lines ran past the boxes drawn for them (OpszTest.ttf's
/// "Hamburg" at 72 pt: a 283.8 pt line box, 334 pt of glyphs).
///
/// Each test reads the glyphs a scene draws on a baseline and checks that the pen advance they
/// span (the last glyph's x plus its advance, minus the first glyph's x) is the width the layout
/// reported for that line.
@Suite struct DrawnInstanceTests {
    /// How far a drawn line's advance may be from its reported width, in points: both sum the same
    /// per-glyph advances, so only the order of floating-point additions separates them.
    static let drawnWidthTolerance = 1e-6

    static let opsz = try! loadFont("OpszTest.ttf")
    static let dejaVu = try! loadFont("DejaVuSans.ttf")
    static let inter = try! loadFont("Inter-roman.var.ttf")

    /// A glyph drawn in a scene, with the font and size of the text element that draws it.
    struct DrawnGlyph {
        let glyph: PositionedGlyph
        let font: Font
        let size: Double
    }

    /// The glyphs drawn with their pen on the baseline at `baseline` (canvas coordinates), left to right.
    static func glyphs(in scene: RenderScene, onBaseline baseline: Double) -> [DrawnGlyph] {
        var found: [DrawnGlyph] = []
        for case .text(let text) in scene.elements {
            for glyph in text.glyphs where abs(glyph.y - baseline) < 1e-9 {
                found.append(DrawnGlyph(glyph: glyph, font: text.font, size: text.size))
            }
        }
        // Glyphs at one pen (a soft hyphen's empty glyph and the hyphen drawn after it) keep the
        // scene's order, which is the pen's.
        return found.enumerated().sorted { ($0.element.glyph.x, $0.offset) < ($1.element.glyph.x, $1.offset) }.map(\.element)
    }

    /// The unhinted advance of a glyph at its size, in points, as the font's instance sets it.
    static func unhintedAdvance(_ drawn: DrawnGlyph) -> Double {
        Double(drawn.font.nominalAdvance(drawn.glyph.glyph)) * drawn.size / Double(drawn.font.face.unitsPerEm)
    }

    /// FreeType's hinted advance at the glyph's size, a whole number of pixels per em (1 pt = 1 px).
    static func hintedAdvance(_ drawn: DrawnGlyph) -> Double {
        let advances = try! HintedAdvances(font: drawn.font)
        return advances.advances(of: [drawn.glyph.glyph], ppem: Int(drawn.size))[0]
    }

    /// The pen advance the glyphs on `baseline` span, and where the first one starts.
    static func drawnLine(
        in scene: RenderScene, baseline: Double, lastAdvance: (DrawnGlyph) -> Double = unhintedAdvance
    ) throws -> (start: Double, advance: Double) {
        let glyphs = Self.glyphs(in: scene, onBaseline: baseline)
        let first = try #require(glyphs.first), last = try #require(glyphs.last)
        return (first.glyph.x, last.glyph.x + lastAdvance(last) - first.glyph.x)
    }

    struct Model: CustomTestStringConvertible, Sendable {
        let name: String
        let font: Font
        let widths: WidthModel
        let frame: FrameSize
        let maxSize: Double
        let lineLimit: Int?
        var text = "Hamburg"
        var minimumScaleFactor = 0.05
        var testDescription: String { name }
    }

    static let models: [Model] = [
        Model(name: "proportional", font: dejaVu, widths: .proportional, frame: FrameSize(width: 301, height: 200), maxSize: 72, lineLimit: 1),
        Model(name: "optical size", font: opsz, widths: .followingOpticalSize, frame: FrameSize(width: 300.8, height: 200), maxSize: 72, lineLimit: 1),
        Model(name: "optical size, small", font: opsz, widths: .followingOpticalSize, frame: FrameSize(width: 61, height: 200), maxSize: 72, lineLimit: 1),
        Model(name: "hinted", font: dejaVu, widths: .hinted, frame: FrameSize(width: 97, height: 200), maxSize: 72, lineLimit: 1),
        Model(name: "optical size, wrapped", font: opsz, widths: .followingOpticalSize, frame: FrameSize(width: 90, height: 300), maxSize: 40, lineLimit: nil, text: "Hamburg Hamburg Hamburg"),
        Model(name: "hinted, wrapped", font: dejaVu, widths: .hinted, frame: FrameSize(width: 61, height: 200), maxSize: 19, lineLimit: nil, text: "Hamburg Hamburg Hamburg"),
        // Truncated: the last line kept ends in an ellipsis measured, and drawn, in the same instance.
        Model(name: "hinted, truncated", font: dejaVu, widths: .hinted, frame: FrameSize(width: 97, height: 300), maxSize: 48, lineLimit: 1,
              text: "The quick brown fox jumps over the lazy dog. Waving AVATAR", minimumScaleFactor: 0.0625),
        Model(name: "hinted Inter, truncated", font: inter, widths: .hinted, frame: FrameSize(width: 97, height: 300), maxSize: 48, lineLimit: 1,
              text: "The quick brown fox jumps over the lazy dog. Waving AVATAR", minimumScaleFactor: 0.25),
        // A line broken at a soft hyphen ends in a hyphen measured, and drawn, in the same instance.
        Model(name: "hinted, soft hyphen", font: dejaVu, widths: .hinted, frame: FrameSize(width: 70, height: 300), maxSize: 13, lineLimit: nil,
              text: "Hambur\u{AD}gerfon\u{AD}stivhand\u{AD}lung"),
        Model(name: "optical size, soft hyphen", font: opsz, widths: .followingOpticalSize, frame: FrameSize(width: 70, height: 300), maxSize: 13, lineLimit: nil,
              text: "Hambur\u{AD}gerfon\u{AD}stivhand\u{AD}lung"),
        Model(name: "proportional, soft hyphen", font: dejaVu, widths: .proportional, frame: FrameSize(width: 70, height: 300), maxSize: 13, lineLimit: nil,
              text: "Hambur\u{AD}gerfon\u{AD}stivhand\u{AD}lung"),
        Model(name: "optical size, truncated", font: opsz, widths: .followingOpticalSize, frame: FrameSize(width: 90, height: 40), maxSize: 40, lineLimit: nil,
              text: "Hamburg Hamburg Hamburg Hamburg", minimumScaleFactor: 0.5),
    ]

    /// Every width model: each drawn line advances as far as the fit said the line is wide.
    @Test(arguments: models)
    func fittedLinesAreDrawnAsWideAsTheyWereMeasured(_ model: Model) throws {
        let prepared = try FontStack(model.font).prepare(model.text)
        let result = try prepared.fit(
            options: FitOptions(frame: model.frame, maxSize: model.maxSize, minimumScaleFactor: model.minimumScaleFactor, lineLimit: model.lineLimit,
            widths: model.widths))
        #expect(result.fits != model.name.hasSuffix("truncated"))
        #expect(result.widths == model.widths)
        let scene = RenderScene.fit(result, frame: model.frame, text: prepared)
        let space = model.font.glyph(for: " ")
        for line in result.lines {
            var glyphs = Self.glyphs(in: scene, onBaseline: scene.origin.y + line.baseline)
            // A line keeps the space it broke after; its width does not.
            while glyphs.last?.glyph.glyph == space { glyphs.removeLast() }
            let first = try #require(glyphs.first), last = try #require(glyphs.last)
            let advance = model.widths == .hinted ? Self.hintedAdvance(last) : Self.unhintedAdvance(last)
            let drawn = last.glyph.x + advance - first.glyph.x
            #expect(abs(first.glyph.x - (scene.origin.x + line.penX)) <= Self.drawnWidthTolerance, "'\(line.text)' starts at its pen")
            #expect(
                abs(drawn - line.width) <= Self.drawnWidthTolerance,
                "'\(line.text)' at \(result.size) pt: drawn \(drawn) pt, measured \(line.width) pt")
        }
    }

    /// An inline image's box is where drawing leaves its space, in every width model: the glyph
    /// before it ends at the box's left edge and the glyph after it starts at its right edge (the
    /// boxes were read from the proportional measurement, off by the opsz or hinting difference).
    @Test(arguments: [models[0], models[1], models[3]])
    func imageBoxesSitWhereDrawingLeavesTheirSpace(_ model: Model) throws {
        let text = "Ham\u{FFFC}burg"
        let prepared = try FontStack(model.font).prepare(text, images: [InlineImage(aspectRatio: 0.5)])
        let result = try prepared.fit(
            options: FitOptions(frame: model.frame, maxSize: model.maxSize, minimumScaleFactor: model.minimumScaleFactor, lineLimit: 1,
            widths: model.widths))
        #expect(result.widths == model.widths)
        let box = try #require(prepared.imageBoxes(in: result).first)
        let scene = RenderScene.fit(result, frame: model.frame, text: prepared)
        let glyphs = Self.glyphs(in: scene, onBaseline: scene.origin.y + result.lines[0].baseline)
        let left = scene.origin.x + box.x, right = left + box.width
        let before = try #require(glyphs.last { $0.glyph.x < left }), after = try #require(glyphs.first { $0.glyph.x >= left })
        let advance = model.widths == .hinted ? Self.hintedAdvance(before) : Self.unhintedAdvance(before)
        #expect(abs(before.glyph.x + advance - left) <= Self.drawnWidthTolerance, "\(model.name): 'm' ends at the image")
        #expect(abs(after.glyph.x - right) <= Self.drawnWidthTolerance, "\(model.name): 'b' starts after the image")
    }

    /// `RenderScene.measurement` draws the line it measured: with automatic optical sizing the frame
    /// is the opsz instance's width, and so are the glyphs; without it, the default instance's.
    @Test(arguments: [true, false])
    func measurementIsDrawnInTheInstanceItMeasured(_ opticalSizing: Bool) throws {
        let fonts = FontStack(Self.opsz)
        let size = 72.0
        let measured = try fonts.measure("Hamburg", size: size, opticalSizing: opticalSizing)
        let scene = try RenderScene.measurement(measured)
        let line = try Self.drawnLine(in: scene, baseline: scene.origin.y + measured.metrics.ascent)
        #expect(abs(line.start - scene.origin.x) <= Self.drawnWidthTolerance)
        #expect(abs(line.advance - measured.width) <= Self.drawnWidthTolerance, "drawn \(line.advance), measured \(measured.width)")
    }

    /// A paragraph (what `fontfit measure` measured) is drawn in its own fonts, as it measured.
    @Test func measuredParagraphIsDrawnAsMeasured() throws {
        let paragraph = ShapedParagraph("Hamburg", fonts: FontStack(Self.opsz).atOpticalSize(72))
        let measured = paragraph.measure(size: 72)
        let scene = try RenderScene.measurement(measured)
        let line = try Self.drawnLine(in: scene, baseline: scene.origin.y + measured.metrics.ascent)
        #expect(abs(line.advance - measured.width) <= Self.drawnWidthTolerance)
        let defaultInstance = try FontStack(Self.opsz).measure("Hamburg", size: 72, opticalSizing: false)
        #expect(abs(defaultInstance.width - measured.width) > 1, "the opsz instance is not the default one")
    }

    /// A stack's rows are drawn in the fonts and shaping the stack measured them with.
    @Test func stackRowsAreDrawnAsWideAsTheyWereMeasured() throws {
        for font in [Self.opsz, Self.dejaVu] {
            let frame = FrameSize(width: 250, height: 200)
            let fitted = try FontStack(font).stack([StackRowText("Hamburg"), StackRowText("Ham", weight: 0.5)], options: StackOptions(frame: frame, maxSize: 72, minimumScaleFactor: 0.1))
            let scene = RenderScene.stack(fitted, frame: frame)
            for row in fitted.rows {
                let line = try Self.drawnLine(in: scene, baseline: scene.origin.y + row.baseline)
                #expect(abs(line.start - (scene.origin.x + row.penStart)) <= Self.drawnWidthTolerance)
                #expect(abs(line.advance - row.frame.width) <= Self.drawnWidthTolerance, "drawn \(line.advance), row \(row.frame.width)")
            }
        }
    }

    /// Ruby and its base are drawn in the fonts the ruby fit measured them with, each centred in its box.
    @Test func rubyIsDrawnAsWideAsItWasMeasured() throws {
        let font = try loadFont("ipaexg.ttf")
        let frame = FrameSize(width: 300, height: 200)
        let fitted = try FontStack(font).ruby(RubyText.parse("東京[とうきょう]へ"), options: RubyOptions(frame: frame, maxSize: 60, minimumScaleFactor: 0.1))
        let scene = RenderScene.ruby(fitted, frame: frame)
        let fonts = FontStack(font)
        for (base, ruby) in fitted.segments {
            for placed in [base] + (ruby.map { [$0] } ?? []) {
                let (box, text, size) = (placed.frame, placed.text, placed.size)
                let width = try fonts.measure(text, size: size, opticalSizing: false).width
                let drawn = Self.glyphs(in: scene, onBaseline: scene.origin.y + placed.baseline)
                    .filter { $0.glyph.x >= scene.origin.x + box.x - 1e-9 && $0.glyph.x < scene.origin.x + box.x + box.width }
                let first = try #require(drawn.first), last = try #require(drawn.last)
                let advance = last.glyph.x + Self.unhintedAdvance(last) - first.glyph.x
                #expect(abs(first.glyph.x - (scene.origin.x + placed.penStart)) <= Self.drawnWidthTolerance, "\(text)")
                #expect(abs(advance - width) <= Self.drawnWidthTolerance, "\(text): drawn \(advance), measured \(width)")
            }
        }
    }
}
