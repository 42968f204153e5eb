import FontFit
import Foundation
import Testing

/// The seed articles' layouts, as numbers, with fixture fonts.
@Suite struct SeedLayoutTests {
    static let frames: [FrameSize] = stride(from: 50.0, through: 300, by: 50).flatMap { width in
        stride(from: 50.0, through: 600, by: 110).map { FrameSize(width: width, height: $0) }
    }

    /// Width and line height at size 1, measured on their own.
    static func unitWidth(_ text: String, _ font: Font, _ options: ShapingOptions = ShapingOptions()) throws -> Double {
        try FontStack(font).measure(text, size: 1, options: options).width
    }

    @Test func clockRowsShareTheMiddleRowsSizeAndWidth() throws {
        let font = try loadFont("Inter-roman.var.ttf")
        let fonts = FontStack(font)
        let tnum = ShapingOptions(features: [try FontFeature("tnum")])
        let rows = [
            StackRowText("01:", alignment: .leading), StackRowText("12:34", alignment: .leading),
            StackRowText(".56", alignment: .trailing),
        ]
        let middle = try Self.unitWidth("12:34", font, tnum)
        let lineHeight = try fonts.measure("12:34", size: 1).metrics.lineHeight
        for frame in Self.frames {
            let fitted = try fonts.stack(
                rows, options: StackOptions(frame: frame, maxSize: 300, minimumScaleFactor: 0.01, equalWidth: true), shaping: tnum)
            let result = fitted
            let expected = min(300, frame.width / middle, frame.height / (3 * lineHeight))
            #expect(abs(result.size - expected) <= 1e-9 * expected, "\(frame)")
            #expect(result.rows.allSatisfy { $0.size == result.size }, "one size for all rows")
            #expect(Set(result.rows.map(\.frame.height)).count == 1, "all rows the same height")
            #expect(result.rows.allSatisfy { abs($0.frame.width - middle * result.size) <= 1e-9 * frame.width },
                    "rows 1 and 3 get the middle row's width")
            // Row 1 leading, row 3 trailing inside that width.
            #expect(result.rows[0].penStart == result.rows[0].frame.x)
            let lastWidth = try Self.unitWidth(".56", font, tnum) * result.size
            #expect(abs(result.rows[2].penStart + lastWidth - (result.rows[2].frame.x + result.rows[2].frame.width)) <= 1e-9 * frame.width)
            #expect(result.height <= frame.height * (1 + 1e-9))
        }
    }

    @Test func clockRowsOnThePixelGridNeverStutter() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let rows = ["01:", "12:34", ".56"].map { StackRowText($0) }
        for frame in Self.frames {
            for scale in [2.0, 3.0] {
                let result = try fonts.stack(
                    rows, options: StackOptions(frame: frame, maxSize: 300, minimumScaleFactor: 0.01, equalWidth: true, pixelScale: scale))
                #expect(Set(result.rows.map(\.frame.height)).count == 1)
                for row in result.rows {
                    for value in [row.frame.x, row.frame.y, row.frame.width, row.frame.height] {
                        #expect(abs(value * scale - (value * scale).rounded()) < 1e-6)
                    }
                }
                #expect(result.height <= frame.height + 1e-9 && result.width <= frame.width + 1e-9)
            }
        }
    }

    @Test(arguments: ["Aimée Bethany Charles", "Value exponentially increasing"])
    func wordsToFitTakeTheLongestWordsSize(_ text: String) throws {
        let font = try loadFont("DejaVuSans.ttf")
        let fonts = FontStack(font)
        let words = text.split(separator: " ").map(String.init)
        let longest = try words.map { try Self.unitWidth($0, font) }.max()!
        let frame = FrameSize(width: 200, height: 400)
        let fitted = try fonts.wordsToFit(text, options: StackOptions(frame: frame, maxSize: 300, minimumScaleFactor: 0.01))
        #expect(fitted.rows.map(\.text) == words)
        #expect(abs(fitted.size - min(frame.width / longest, 300)) <= 1e-9 * fitted.size
            || fitted.height >= frame.height * (1 - 1e-9), "the longest word, or the height, limits")
        #expect(Set(fitted.rows.map(\.size)).count == 1)
    }

    @Test func templateSizesTheValueAndKeepsItsScale() throws {
        let font = try loadFont("Inter-roman.var.ttf")
        let fonts = FontStack(font)
        let tnum = ShapingOptions(features: [try FontFeature("tnum")])
        let template = try Self.unitWidth("1/1000s", font, tnum)
        let frame = FrameSize(width: 150, height: 80)
        let results = try ["1/5s", "1/60s", "1/250s", "1/1000s"].map { value in
            try fonts.stack([StackRowText(value, template: "1/1000s")], options: StackOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.1), shaping: tnum)
        }
        for result in results {
            #expect(abs(result.size - min(100, frame.width / template)) <= 1e-9 * result.size)
            #expect(result.rows[0].frame.height == results[0].rows[0].frame.height)
            #expect(result.scale == results[0].scale)
            #expect(result.rows[0].penStart == 0, "leading-aligned")
        }
    }

    @Test func monospacedDigitsKeepAValuesWidth() throws {
        let font = try loadFont("Inter-roman.var.ttf")
        let tnum = ShapingOptions(features: [try FontFeature("tnum")])
        let values = ["10:11", "12:34", "18:58", "00:00"]
        let tabular = try Set(values.map { try Self.unitWidth($0, font, tnum) })
        let proportional = try Set(values.map { try Self.unitWidth($0, font) })
        #expect(tabular.count == 1)
        #expect(proportional.count > 1)
    }

    @Test func rubyAtHalfSizeOverItsBase() throws {
        let font = try loadFont("ipaexg.ttf")
        let fonts = FontStack(font)
        let segments = try RubyText.parse("今日[こんにち]は")
        #expect(segments == [RubyText("今日", ruby: "こんにち"), RubyText("は")])
        let frame = FrameSize(width: 300, height: 120)
        let fitted = try fonts.ruby(segments, options: RubyOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.1))
        let result = fitted
        #expect(result.rubySize == result.size / 2)
        let base = try Self.unitWidth("今日", font), ruby = try Self.unitWidth("こんにち", font), ha = try Self.unitWidth("は", font)
        let lineHeight = try fonts.measure("今日", size: 1).metrics.lineHeight
        let units = max(base, ruby / 2) + ha
        #expect(abs(result.size - min(100, frame.width / units, frame.height / (1.5 * lineHeight))) <= 1e-9 * result.size)
        let (baseBox, rubyBox) = result.segments[0]
        let rubyBoxValue = try #require(rubyBox)
        #expect(abs(baseBox.frame.width - max(base, ruby / 2) * result.size) <= 1e-9 * 300)
        #expect(abs(rubyBoxValue.frame.height - lineHeight * result.rubySize) <= 1e-9 * 300)
        #expect(abs(baseBox.frame.y - rubyBoxValue.frame.height) <= 1e-9 * 300, "base line right under the ruby line")
        // The ruby is centred over its base.
        let rubyCentre = rubyBoxValue.penStart + ruby * result.rubySize / 2
        let baseCentre = baseBox.penStart + base * result.size / 2
        #expect(abs(rubyCentre - baseCentre) <= 1e-9 * 300)
        #expect(abs(result.height - lineHeight * (result.size + result.rubySize)) <= 1e-9 * 300)
    }

    @Test func inlineImageIsAsTallAsTheLine() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "\u{FFFC} Sir Bunnington"
        let measured = try fonts.measure(text, size: 24, images: [InlineImage(aspectRatio: 0.75)])
        let plain = try fonts.measure(" Sir Bunnington", size: 24)
        let image = try #require(measured.images.first)
        #expect(image.height == plain.metrics.lineHeight)
        #expect(image.y == 0)
        #expect(abs(image.width - 0.75 * plain.metrics.lineHeight) < 1e-12)
        #expect(abs(measured.width - (plain.width + image.width)) < 1e-9)
        let cap = try fonts.measure(text, size: 24, images: [InlineImage(aspectRatio: 1, height: .capHeight)])
        #expect(abs(cap.images[0].y + cap.images[0].height - plain.metrics.ascent) < 1e-9, "sits on the baseline")
    }

    @Test func renderedStackInkStaysInsideTheRowBoxes() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let frame = FrameSize(width: 250, height: 250)
        let fitted = try fonts.stack(
            ["01:", "12:34", ".56"].map { StackRowText($0) }, options: StackOptions(frame: frame, maxSize: 300, minimumScaleFactor: 0.01,
            equalWidth: true))
        let scene = RenderScene.stack(fitted, frame: frame)
        let image = try PNGRenderer.rasterize(scene)
        let scale = scene.pixelScale, margin = RenderScene.margin
        var dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x: x, y: y]
                guard pixel.red < 96 && pixel.green < 96 && pixel.blue < 96 else { continue }
                dark += 1
                let px = Double(x) / scale - margin, py = Double(y) / scale - margin
                let inside = fitted.rows.contains { row in
                    px >= row.frame.x - 1 && px <= row.frame.x + row.frame.width + 1 && py >= row.frame.y - 1 && py <= row.frame.y + row.frame.height + 1
                }
                #expect(inside, "ink at (\(px), \(py)) outside every row box")
                if !inside { return }
            }
        }
        #expect(dark > 1000)
        // The frame's red border is where the scene says: its right edge column (the rows, narrower
        // than the frame, cover its left edge), all the way down.
        #expect(fitted.width < frame.width)
        let right = Int(((margin + frame.width) * scale).rounded()) - 1
        let top = Int((margin * scale).rounded()), bottom = Int(((margin + frame.height) * scale).rounded()) - 1
        for y in stride(from: top, through: bottom, by: 7) {
            let pixel = image[x: right, y: y]
            #expect(pixel.red > 200 && pixel.green < 100 && pixel.blue < 100, "frame at y \(y)")
        }
    }
}

extension RubyText: CustomStringConvertible {
    public var description: String { ruby.map { "\(base)[\($0)]" } ?? base }
}

extension SeedLayoutTests {
    @Test func inlineImageCountsWhenFitting() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "\u{FFFC} Sir Bunnington"
        let image = InlineImage(aspectRatio: 0.75)
        let frame = FrameSize(width: 200, height: 60)
        let prepared = try fonts.prepare(text, images: [image])
        let result = try prepared.fit(options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.1, lineLimit: 1))
        let lineHeight = try fonts.measure(text, size: 1).metrics.lineHeight
        let unitWidth = try fonts.measure(text, size: 1, images: [image]).width
        #expect(abs(result.size - min(frame.width / unitWidth, frame.height / lineHeight)) <= 1e-9 * result.size)
        let box = try #require(prepared.imageBoxes(in: result).first)
        #expect(abs(box.height - lineHeight * result.size) <= 1e-9 * 100)
        #expect(abs(box.y - result.lines[0].y) <= 1e-9 * 100, "the image spans the line box")
        #expect(box.x == result.lines[0].penX)
        #expect(abs(box.width - 0.75 * box.height) <= 1e-9 * 100)
    }
}
