import FontFit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

private func glyph(_ font: Font, _ character: Unicode.Scalar) throws -> UInt32 {
    try #require(font.glyph(for: character))
}

@Suite struct RenderOutlineTests {
    @Test func trueTypeOutlineBoxIsTheGlyfBox() throws {
        let font = try loadFont("DejaVuSans.ttf")
        for character in ["H", "O", "g", "&"] as [Unicode.Scalar] {
            let id = try glyph(font, character)
            let outline = font.glyphOutline(id)
            let bounds = try #require(font.glyphBounds(id))
            let box = try #require(outline.controlBox)
            #expect(box.xMin == Double(bounds.xMin) && box.xMax == Double(bounds.xMax), "\(character)")
            #expect(box.yMin == Double(bounds.yMin) && box.yMax == Double(bounds.yMax), "\(character)")
            #expect(!outline.elements.contains { if case .cubicTo = $0 { true } else { false } })
            #expect(outline.elements.first.map { if case .moveTo = $0 { true } else { false } } == true)
            #expect(outline.elements.last == .close)
        }
        // H is straight lines only, one contour; O has quadratic curves, two contours.
        let h = font.glyphOutline(try glyph(font, "H")).elements
        #expect(h.allSatisfy { if case .quadTo = $0 { false } else { true } })
        #expect(h.filter { $0 == .close }.count == 1)
        let o = font.glyphOutline(try glyph(font, "O")).elements
        #expect(o.contains { if case .quadTo = $0 { true } else { false } })
        #expect(o.filter { $0 == .close }.count == 2)
        // A space has no outline.
        #expect(font.glyphOutline(try glyph(font, " ")).isEmpty)
    }

    @Test func cffOutlineIsCubic() throws {
        let font = try loadFont("Cantarell-Regular.otf")
        let id = try glyph(font, "O")
        let outline = font.glyphOutline(id)
        #expect(outline.elements.contains { if case .cubicTo = $0 { true } else { false } })
        #expect(!outline.elements.contains { if case .quadTo = $0 { true } else { false } })
        // CFF extents are the curves' box, inside the control-point box.
        let bounds = try #require(font.glyphBounds(id))
        let box = try #require(outline.controlBox)
        #expect(box.xMin <= Double(bounds.xMin) + 1 && box.xMax >= Double(bounds.xMax) - 1)
        #expect(box.yMin <= Double(bounds.yMin) + 1 && box.yMax >= Double(bounds.yMax) - 1)
    }

    @Test func variableOutlineFollowsCoordinates() throws {
        let thin = try loadFont("Inter-roman.var.ttf", variations: [FontVariation(tag: "wght", value: 100)])
        let black = try loadFont("Inter-roman.var.ttf", variations: [FontVariation(tag: "wght", value: 900)])
        let id = try glyph(thin, "H")
        #expect(thin.glyphOutline(id) != black.glyphOutline(id))
        for font in [thin, black] {
            let bounds = try #require(font.glyphBounds(id))
            let box = try #require(font.glyphOutline(id).controlBox)
            #expect(abs(box.xMin - Double(bounds.xMin)) <= 1 && abs(box.xMax - Double(bounds.xMax)) <= 1)
            #expect(abs(box.yMin - Double(bounds.yMin)) <= 1 && abs(box.yMax - Double(bounds.yMax)) <= 1)
        }
    }

    @Test func colorBitmapGlyphHasPNGButNoOutline() throws {
        let font = try loadFont("EmojiSubset.ttf")
        let id = try glyph(font, "😀")
        #expect(font.glyphOutline(id).isEmpty)
        let png = try #require(font.glyphPNG(id))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let dejaVu = try loadFont("DejaVuSans.ttf")
        #expect(dejaVu.glyphPNG(try glyph(dejaVu, "H")) == nil)
    }

    @Test func outlinesAreSafeToReadConcurrently() async throws {
        let font = try loadFont("DejaVuSans.ttf")
        let ids = try ["H", "a", "m", "b", "u", "r", "g"].map { try glyph(font, Unicode.Scalar($0)!) }
        let expected = ids.map(font.glyphOutline)
        let same = await withTaskGroup(of: Bool.self) { group in
            for round in 0..<64 {
                group.addTask { font.glyphOutline(ids[round % ids.count]) == expected[round % ids.count] }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(same)
    }
}

/// The scene the SVG and PNG tests draw: a red frame, and "Hamburg" at 48 pt in DejaVu Sans with its
/// line box and baseline.
private struct HamburgScene {
    static let frame = LayoutRect(x: 10, y: 10, width: 380, height: 100)
    static let origin = (x: 20.0, y: 20.0)
    let font: Font
    let scene: RenderScene
    let line: LineMeasurement

    init(text: String = "Hamburg", pixelScale: Double = 2) throws {
        font = try loadFont("DejaVuSans.ttf")
        var scene = RenderScene(width: 400, height: 120, pixelScale: pixelScale, title: "\(text) <48 pt> & frame")
        scene.addRect(Self.frame, stroke: .frameRed)
        line = try scene.addTextLine(text, font: font, size: 48, x: Self.origin.x, y: Self.origin.y)
        self.scene = scene
    }
}

/// Elements and attributes of a parsed XML document.
private final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements.append((elementName, attributeDict))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func named(_ name: String) -> [[String: String]] {
        elements.filter { $0.name == name }.map(\.attributes)
    }
}

private func parseXML(_ text: String) throws -> XMLCollector {
    let parser = XMLParser(data: Data(text.utf8))
    let collector = XMLCollector()
    parser.delegate = collector
    let parsed = parser.parse()
    #expect(parsed, "XML error: \(parser.parserError.map { "\($0)" } ?? "none")")
    try #require(parsed)
    return collector
}

@Suite struct RenderSVGTests {
    @Test func svgParsesWithOnePathPerInkedGlyphAndTheRects() throws {
        let setup = try HamburgScene(text: "Ham burg")
        let svg = SVGRenderer.render(setup.scene)
        let xml = try parseXML(svg)
        let root = try #require(xml.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "400" && root.attributes["height"] == "120")
        #expect(root.attributes["viewBox"] == "0 0 400 120")
        #expect(xml.text.contains("Ham burg <48 pt> & frame"))

        let shaped = setup.font.shape("Ham burg")
        let inked = shaped.glyphs.filter { setup.font.glyphBounds($0.glyphID) != nil }
        #expect(shaped.glyphs.count == 8 && inked.count == 7)
        let paths = xml.named("path")
        #expect(paths.count == inked.count)
        #expect(paths.allSatisfy { ($0["d"] ?? "").hasPrefix("M") && ($0["d"] ?? "").hasSuffix("Z") })

        // The first glyph's pen is at the line's x and baseline, scaled by size / unitsPerEm, y flipped.
        let baseline = HamburgScene.origin.y + setup.line.metrics.ascent
        let first = try #require(paths.first?["transform"])
        let parts = first.split(whereSeparator: { "() ".contains($0) }).map(String.init)
        #expect(parts[0] == "translate" && Double(parts[1]) == 20)
        #expect(abs(Double(parts[2])! - baseline) < 0.001)
        #expect(parts[3] == "scale" && Double(parts[4]) == 48.0 / 2048 && Double(parts[5]) == -48.0 / 2048)

        // All paths together, transformed to the scene, span exactly the measured ink box.
        var span = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for path in paths {
            let transform = path["transform"]!.split(whereSeparator: { "() ".contains($0) }).compactMap { Double($0) }
            let numbers = path["d"]!.split(whereSeparator: { "MLQCZ ".contains($0) }).map { Double($0)! }
            for index in stride(from: 0, to: numbers.count, by: 2) {
                let x = transform[0] + transform[2] * numbers[index]
                let y = transform[1] + transform[3] * numbers[index + 1]
                span = (min(span.minX, x), min(span.minY, y), max(span.maxX, x), max(span.maxY, y))
            }
        }
        let ink = try #require(setup.line.ink)
        #expect(abs(span.minX - (HamburgScene.origin.x + ink.x)) < 0.002)
        #expect(abs(span.maxX - (HamburgScene.origin.x + ink.x + ink.width)) < 0.002)
        #expect(abs(span.minY - (HamburgScene.origin.y + ink.y)) < 0.002)
        #expect(abs(span.maxY - (HamburgScene.origin.y + ink.y + ink.height)) < 0.002)

        // Background, frame, line box.
        let rects = xml.named("rect")
        #expect(rects.count == 3)
        // Inside strokes: the stroked rectangle is inset by half the stroke width.
        #expect(rects[1]["stroke"] == "#ff3b30" && rects[1]["x"] == "10.5" && rects[1]["width"] == "379")
        #expect(rects[2]["stroke"] == RGBAColor.lineBoxBlue.hexString)
        #expect(Double(rects[2]["width"]!).map { abs($0 - (setup.line.width - 1)) < 0.001 } == true)
        #expect(xml.named("line").count == 1)

        // Deterministic.
        #expect(SVGRenderer.render(try HamburgScene(text: "Ham burg").scene) == svg)
    }

    @Test func svgEmbedsColorBitmapsAsImages() throws {
        let font = try loadFont("EmojiSubset.ttf")
        var scene = RenderScene(width: 200, height: 80)
        try scene.addTextLine("😀👍", font: font, size: 40, x: 10, y: 10)
        let xml = try parseXML(SVGRenderer.render(scene))
        let images = xml.named("image")
        #expect(images.count == 2)
        #expect(images.allSatisfy { ($0["xlink:href"] ?? "").hasPrefix("data:image/png;base64,") })
        #expect(xml.named("path").isEmpty)
    }
}

@Suite struct RenderPNGTests {
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    private static func isInk(_ pixel: RGBAColor) -> Bool {
        max(pixel.red, pixel.green, pixel.blue) < 128
    }

    @Test func inkStaysInsideTheMeasuredInkBox() throws {
        let setup = try HamburgScene()
        let image = try PNGRenderer.rasterize(setup.scene)
        #expect(image.width == 800 && image.height == 240)
        Self.expectInk(of: image, fillsBox: try #require(setup.line.ink), at: HamburgScene.origin, scale: 2)
    }

    /// Fractional sizes and positions, variations, CFF: the raster follows the outlines exactly.
    @Test(arguments: [
        ("DejaVuSans.ttf", 37.3, 1.0, 0.0), ("DejaVuSans.ttf", 23.7, 3.0, 0.0),
        ("Inter-roman.var.ttf", 41.15, 1.0, 700.0), ("Cantarell-Regular.otf", 29.9, 2.0, 0.0),
    ])
    func inkFollowsOutlinesAtFractionalSizes(font name: String, size: Double, scale: Double, weight: Double) throws {
        let font = try loadFont(name, variations: weight > 0 ? [FontVariation(tag: "wght", value: weight)] : [])
        var scene = RenderScene(width: 400, height: 100, pixelScale: scale)
        let origin = (x: 10.37, y: 7.61)
        let line = try scene.addTextLine(
            "Hamburg", font: font, size: size, x: origin.x, y: origin.y, decorations: .none)
        let image = try PNGRenderer.rasterize(scene)
        Self.expectInk(of: image, fillsBox: try #require(line.ink), at: origin, scale: scale)
    }

    /// Every dark pixel touches the ink box (converted to pixels, one pixel of antialiasing either
    /// side), and the dark pixels reach the box on all four sides.
    private static func expectInk(
        of image: RGBAImage, fillsBox ink: LayoutRect, at origin: (x: Double, y: Double), scale: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let left = (origin.x + ink.x) * scale, right = left + ink.width * scale
        let top = (origin.y + ink.y) * scale, bottom = top + ink.height * scale
        var inkPixels = 0, outside = 0
        var found = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where isInk(image[x: x, y: y]) {
                inkPixels += 1
                if Double(x + 1) < left - 1 || Double(x) > right + 1 || Double(y + 1) < top - 1
                    || Double(y) > bottom + 1
                {
                    outside += 1
                }
                found = (min(found.minX, x), min(found.minY, y), max(found.maxX, x), max(found.maxY, y))
            }
        }
        #expect(outside == 0, "ink pixels outside \(left)…\(right) × \(top)…\(bottom)", sourceLocation: sourceLocation)
        #expect(Double(inkPixels) > ink.width * ink.height * scale * scale / 5, sourceLocation: sourceLocation)
        // A pixel counts as ink from about half coverage, so the dark box is within a pixel of the ink
        // box, and in practice within half of one.
        let tolerance = 0.75
        #expect(abs(Double(found.minX) - left) <= tolerance, "left \(found.minX) vs \(left)", sourceLocation: sourceLocation)
        #expect(abs(Double(found.maxX + 1) - right) <= tolerance, "right \(found.maxX + 1) vs \(right)", sourceLocation: sourceLocation)
        #expect(abs(Double(found.minY) - top) <= tolerance, "top \(found.minY) vs \(top)", sourceLocation: sourceLocation)
        #expect(abs(Double(found.maxY + 1) - bottom) <= tolerance, "bottom \(found.maxY + 1) vs \(bottom)", sourceLocation: sourceLocation)
    }

    @Test func strokesLandWhereTheSceneSays() throws {
        let setup = try HamburgScene()
        let image = try PNGRenderer.rasterize(setup.scene)
        // The frame's 1 pt stroke lies inside its box: at @2x, rows 20 and 21 below its top edge at
        // y = 10 pt, rows 218 and 219 above its bottom edge at 110 pt, columns 20, 21 and 778, 779.
        for x in [22, 100, 400, 777] {
            for y in [20, 21, 218, 219] { #expect(image[x: x, y: y] == .frameRed, "(\(x), \(y))") }
            for y in [19, 22, 217, 220] { #expect(image[x: x, y: y] == .white, "(\(x), \(y))") }
        }
        for y in [20, 60, 200, 219] {
            for x in [20, 21, 778, 779] { #expect(image[x: x, y: y] == .frameRed, "(\(x), \(y))") }
            for x in [19, 22, 777, 780] where y > 21 && y < 218 {
                #expect(image[x: x, y: y] == .white, "(\(x), \(y))")
            }
        }
        // The line box's top edge at y = 20 pt: rows 40, 41, from x = 20 pt (column 40).
        #expect(image[x: 40, y: 40] == .lineBoxBlue && image[x: 60, y: 41] == .lineBoxBlue)
        #expect(image[x: 60, y: 39] == .white && image[x: 60, y: 42] == .white && image[x: 39, y: 60] == .white)
        // The baseline, centred on y = 20 + ascent, left of the H's stem (DejaVu's H has a 4.7 pt
        // left side bearing at 48 pt).
        let baseline = (HamburgScene.origin.y + setup.line.metrics.ascent) * 2
        let baselineRow = Int((baseline - 1 - 0.5).rounded(.up))
        #expect(image[x: 44, y: baselineRow] == .baselineGreen && image[x: 44, y: baselineRow + 1] == .baselineGreen)
        #expect(image[x: 44, y: baselineRow - 1] == .white && image[x: 44, y: baselineRow + 2] == .white)
    }

    @Test func centeredAndDashedStrokes() throws {
        var scene = RenderScene(width: 40, height: 40, pixelScale: 1)
        scene.addRect(LayoutRect(x: 10, y: 10, width: 20, height: 20), strokeWidth: 2, strokePosition: .centered, dash: [4, 2])
        let image = try PNGRenderer.rasterize(scene)
        // A 2 px stroke centred on x = 10 covers columns 9 and 10; dashes of 4 on, 2 off from the
        // band's outer corner at y = 9.
        #expect(image[x: 9, y: 9] == .frameRed && image[x: 10, y: 12] == .frameRed)
        #expect(image[x: 9, y: 13] == .white && image[x: 10, y: 14] == .white && image[x: 10, y: 15] == .frameRed)
        #expect(image[x: 13, y: 9] == .white && image[x: 15, y: 10] == .frameRed)
        #expect(image[x: 8, y: 12] == .white && image[x: 11, y: 12] == .white)
        let svg = try parseXML(SVGRenderer.render(scene))
        let rect = try #require(svg.named("rect").last)
        #expect(rect["x"] == "10" && rect["width"] == "20" && rect["stroke-dasharray"] == "4 2")
    }

    @Test func pngHasSignatureAndHeaderOfTheCanvasSize() throws {
        for scale in [1.0, 2.0, 3.0] {
            let setup = try HamburgScene(pixelScale: scale)
            let png = try PNGRenderer.render(setup.scene)
            #expect(png.prefix(8) == Self.pngSignature)
            let bytes = [UInt8](png)
            // IHDR is the first chunk: length 13, type, width, height (big-endian), depth 8, RGBA (6).
            #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
            func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(uint32(16) == Int(400 * scale) && uint32(20) == Int(120 * scale))
            #expect(bytes[24] == 8 && bytes[25] == 6)
            #expect(Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8))
        }
    }

    /// Decodes the PNG with Python's zlib (no imaging library needed) and compares every pixel with
    /// the raster; skipped when python3 is not installed.
    @Test func pngDecodesToTheRaster() throws {
        let setup = try HamburgScene()
        let image = try PNGRenderer.rasterize(setup.scene)
        let png = try PNGEncoder.encode(image)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fontfit-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.png")
        try png.write(to: file)
        guard let decoded = try Self.decodeWithPython(file) else { return }
        #expect(decoded.count == image.pixels.count)
        #expect(decoded == image.pixels)
    }

    private static func decodeWithPython(_ file: URL) throws -> [UInt8]? {
        // scripts/png-to-rgba: an independent PNG reader (python3's zlib only).
        let script = fixtures.deletingLastPathComponent().appendingPathComponent("scripts/png-to-rgba").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, file.path]
        // Into a file, not a pipe: Foundation's readDataToEndOfFile traps when a signal (a child's
        // SIGCHLD, with tests starting processes at once) interrupts its read.
        let pixels = file.deletingPathExtension().appendingPathExtension("rgba")
        guard FileManager.default.createFile(atPath: pixels.path, contents: nil) else { return nil }
        let output = try FileHandle(forWritingTo: pixels)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        try output.close()
        // 127: env found no python3.
        guard process.terminationStatus != 127 else { return nil }
        #expect(process.terminationStatus == 0)
        return [UInt8](try Data(contentsOf: pixels))
    }

    @Test func colorBitmapGlyphsKeepTheirColors() throws {
        let font = try loadFont("EmojiSubset.ttf")
        var scene = RenderScene(width: 120, height: 60, pixelScale: 1)
        let line = try scene.addTextLine("😀", font: font, size: 40, x: 10, y: 5, decorations: .none)
        let image = try PNGRenderer.rasterize(scene)
        let ink = try #require(line.ink)
        var colored = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x: x, y: y]
                guard pixel != .white else { continue }
                let inside = Double(x + 1) >= 10 + ink.x - 1 && Double(x) <= 10 + ink.x + ink.width + 1
                    && Double(y + 1) >= 5 + ink.y - 1 && Double(y) <= 5 + ink.y + ink.height + 1
                #expect(inside, "(\(x), \(y)) outside the emoji's box")
                if pixel.red > 200 && pixel.blue < 120 { colored += 1 }
            }
        }
        // The grinning face is mostly yellow.
        #expect(colored > 400)
    }

    @Test func sharedRasterizerGivesIdenticalImagesAcrossTasks() async throws {
        let setup = try HamburgScene(pixelScale: 1)
        let text = try #require(
            setup.scene.elements.compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
        var textOnly = RenderScene(width: 400, height: 120, pixelScale: 1)
        textOnly.addText(text)
        let expected = try PNGRenderer.rasterize(textOnly)
        let rasterizer = try GlyphRasterizer(font: setup.font)
        let results = await withTaskGroup(of: RGBAImage.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var image = RGBAImage(width: 400, height: 120, fill: .white)
                    rasterizer.draw(glyphs: text.glyphs, size: text.size, color: .black, into: &image)
                    return image
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func invalidCanvasesAreErrors() throws {
        var scene = RenderScene(width: 100, height: 100, pixelScale: 0)
        #expect(throws: FontFitError.self) { try PNGRenderer.rasterize(scene) }
        scene.pixelScale = 1
        scene.width = 0
        #expect(throws: FontFitError.self) { try PNGRenderer.rasterize(scene) }
        scene.width = 1e6
        #expect(throws: FontFitError.self) { try PNGRenderer.rasterize(scene) }
        var image = RGBAImage(width: 2, height: 2)
        image.pixels.removeLast()
        #expect(throws: FontFitError.self) { try PNGEncoder.encode(image) }
    }

    @Test func valuesFarOffTheCanvasAreClipped() throws {
        let font = try loadFont("DejaVuSans.ttf")
        var scene = RenderScene(width: 50, height: 20, pixelScale: 1, title: "bell \u{7} & tab\t")
        scene.addRect(LayoutRect(x: -1e300, y: -1e300, width: 1e300, height: 2e300), strokeWidth: 1e300, dash: [1e300, -1])
        scene.addRect(LayoutRect(x: .nan, y: 0, width: 10, height: 10))
        scene.addLine(x1: -1e300, y1: 5, x2: 1e300, y2: 5, dash: [2, 2])
        scene.addLine(x1: -1e200, y1: -1e200, x2: 1e200, y2: 1e200, color: .lineBoxBlue)
        scene.addText(RenderScene.Text(font: font, size: 12, glyphs: [
            PositionedGlyph(glyph: 1, x: 1e300, y: 5), PositionedGlyph(glyph: 1, x: .infinity, y: .nan),
        ]))
        scene.addText(RenderScene.Text(font: font, size: 1e300, glyphs: [PositionedGlyph(glyph: 1, x: 0, y: 5)]))
        let image = try PNGRenderer.rasterize(scene)
        #expect(image.width == 50 && image.height == 20)
        // The horizontal dashed line at y = 5 covers row 4 (centre 4.5 … 5.5 → the pixel whose centre
        // is at 4.5), the diagonal crosses the canvas.
        #expect((0..<50).contains { image[x: $0, y: 4] == .baselineGreen })
        #expect((0..<20).contains { image[x: $0, y: $0] != .white })
        _ = try parseXML(SVGRenderer.render(scene))
    }
}
