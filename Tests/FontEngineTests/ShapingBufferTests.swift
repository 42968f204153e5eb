@testable import FontEngine
import Testing

/// Each thread keeps one HarfBuzz buffer; a shaping inside another, or of a long text, gets a
/// buffer of its own, and results never depend on which buffer shaped them.
@Suite struct ShapingBufferTests {
    static func font() throws -> Font {
        try Font(face: FontFace(contentsOf: fixture("fonts/DejaVuSans.ttf")))
    }

    @Test func aShapingInsideAnotherGetsItsOwnBuffer() throws {
        let font = try Self.font()
        let expected = font.shape("Hamburgefonstiv").glyphs
        // A test body runs on one thread without suspending: every call below sees the same
        // thread buffer.
        let kept = ShapingBuffer.withThreadBuffer(length: 3) { $0 }
        let (outer, inner, nestedGlyphs) = ShapingBuffer.withThreadBuffer(length: 3) { outer in
            let nestedGlyphs = font.shape("Hamburgefonstiv").glyphs
            return ShapingBuffer.withThreadBuffer(length: 3) { inner in (outer, inner, nestedGlyphs) }
        }
        #expect(outer == kept)
        #expect(inner != outer)
        #expect(nestedGlyphs == expected)
        #expect(font.shape("Hamburgefonstiv").glyphs == expected)
    }

    @Test func aLongTextGetsABufferOfItsOwn() throws {
        let font = try Self.font()
        let kept = ShapingBuffer.withThreadBuffer(length: 3) { $0 }
        let long = String(repeating: "x ", count: 60_000)
        #expect(ShapingBuffer.withThreadBuffer(length: long.utf8.count) { $0 } != kept)
        // One glyph per character: no ligature or decomposition in "x ".
        #expect(font.shape(long).glyphs.count == long.utf8.count)
        #expect(ShapingBuffer.withThreadBuffer(length: 3) { $0 } == kept)
    }
}
