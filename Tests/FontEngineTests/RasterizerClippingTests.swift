import FontEngine
import Testing

/// Issue 11: `render` of a glyph FreeType rasterises to a huge bitmap allocated 1.2–3 GB and died:
/// the whole bitmap was rendered, then copied at 16 bytes per pixel, before being clipped to the
/// image. A glyph larger than the image is now rendered only where it overlaps the image.
@Suite struct RasterizerClippingTests {
    static func font() throws -> Font {
        try Font(face: FontFace(contentsOf: fixture("fonts/DejaVuSans.ttf")))
    }

    /// "W" at 1500 px covers about 1500 × 1100 pixels: drawn into a 64 × 64 image it takes the
    /// clipped path, drawn into a 1600 × 1600 image the whole-bitmap path. The 64 × 64 pixels must
    /// be the same as that part of the large image.
    @Test(arguments: [(-20.0, 1000.0), (-400.5, 60.25), (-1300.0, 1050.75)])
    func clippedGlyphEqualsTheSameRegionOfAWholeRendering(_ pen: (x: Double, y: Double)) throws {
        let rasterizer = try GlyphRasterizer(font: try Self.font())
        let glyph = try #require(rasterizer.font.glyph(for: "W"))
        let size = 1500.0
        var small = RGBAImage(width: 64, height: 64, fill: .white)
        rasterizer.draw(glyphs: [PositionedGlyph(glyph: glyph, x: pen.x, y: pen.y)], size: size, color: .black, into: &small)
        // The same pen, moved so that the small image's region lies inside the large image.
        let shift = (x: 100, y: 100)
        var large = RGBAImage(width: 1600, height: 1600, fill: .white)
        rasterizer.draw(
            glyphs: [PositionedGlyph(glyph: glyph, x: pen.x + Double(shift.x), y: pen.y + Double(shift.y))], size: size,
            color: .black, into: &large)
        var differing = 0, inked = 0
        for y in 0..<64 {
            for x in 0..<64 {
                if small[x: x, y: y] != large[x: x + shift.x, y: y + shift.y] { differing += 1 }
                if small[x: x, y: y] != .white { inked += 1 }
            }
        }
        #expect(differing == 0)
        #expect(inked > 0, "the region must hold part of the glyph, or the test shows nothing")
    }

    /// At the largest size the rasterizer draws (just under 16384 px) a glyph spans about 10⁸
    /// pixels; into a small image it must draw what shows (here the inside of ■, all ink) without
    /// rendering the rest.
    @Test func hugeGlyphIntoASmallImageDrawsItsOverlap() throws {
        let rasterizer = try GlyphRasterizer(font: try Self.font())
        let square = try #require(rasterizer.font.glyph(for: "\u{25A0}"))
        var image = RGBAImage(width: 32, height: 32, fill: .white)
        rasterizer.draw(glyphs: [PositionedGlyph(glyph: square, x: -5000, y: 5000)], size: 16383, color: .black, into: &image)
        #expect(image[x: 0, y: 0] == .black && image[x: 31, y: 31] == .black)
    }
}
