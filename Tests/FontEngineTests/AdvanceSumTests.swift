@testable import FontEngine
import Foundation
import Testing

/// Measuring for fitting sums advances straight from the shaped runs (`addAdvances`) rather than
/// placing every glyph; the sums must be the walk's, to the bit, cluster by cluster, in every
/// direction and across fonts.
@Suite struct AdvanceSumTests {
    static let fonts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fonts")

    static func font(_ name: String) throws -> Font {
        try Font(face: FontFace(contentsOf: fonts.appendingPathComponent(name).path))
    }

    @Test func sumsEqualTheWalksPerCluster() throws {
        let stack = try FontStack([
            try Self.font("DejaVuSans.ttf"), try Self.font("NotoSansArabic-Regular.ttf"),
            try Self.font("NotoSansDevanagari-Regular.ttf"), try Self.font("ipaexg.ttf"),
        ])
        let texts = [
            "The quick brown fox jumps over the lazy dog",
            "مرحبا بالعالم Hello (123) عالم",
            "नमस्ते दुनिया and 東京タワー",
            "AVATAR Wave office ﬁ ffi",
            "a\u{0301}e\u{0308} עברית 2024",
        ]
        for text in texts {
            let paragraph = ShapedParagraph(text, fonts: stack)
            let bytes = text.utf8.count
            let unitOfByte = (0..<bytes).map(Int32.init)
            var summed = [Double](repeating: 0, count: bytes)
            var flags = [UInt8](repeating: 0, count: bytes)
            #expect(paragraph.addAdvances(unitOfByte: unitOfByte, to: &summed, breakFlags: &flags), "\(text)")
            var walked = [Double](repeating: 0, count: bytes)
            var walkedFlags = [UInt8](repeating: 0, count: bytes)
            _ = paragraph.walk {
                walked[$0.glyph.cluster] += $0.advance
                walkedFlags[$0.glyph.cluster] |= UnitBreakFlags.of($0.glyph)
            }
            #expect(summed == walked, "\(text)")
            #expect(flags == walkedFlags, "\(text)")
            #expect(summed.reduce(0, +) > 0)
        }
    }

    @Test func textTheWalkMustPlaceIsLeftToIt() throws {
        let font = try Self.font("ipaexg.ttf")
        let vertical = ShapedParagraph("縦書き", fonts: FontStack(font), options: ShapingOptions(direction: .topToBottom))
        var advances = [Double](repeating: 0, count: 9)
        var flags = [UInt8](repeating: 0, count: 9)
        #expect(!vertical.addAdvances(unitOfByte: (0..<9).map(Int32.init), to: &advances, breakFlags: &flags))
        #expect(advances.allSatisfy { $0 == 0 })
    }

    /// A glyph keeps its cluster and HarfBuzz's unsafe-to-break flag in one word (24 bytes a glyph,
    /// written and read for every character a fit measures): both read back as HarfBuzz set them.
    @Test func aGlyphIsThreeWordsAndKeepsItsClusterAndFlag() throws {
        #expect(MemoryLayout<ShapedGlyph>.stride == 24)
        for unsafe in [false, true] {
            let glyph = ShapedGlyph(
                glyphID: 7, cluster: UInt32(Int32.max), xAdvance: -1, yAdvance: 2, xOffset: -3, yOffset: 4,
                unsafeToBreak: unsafe)
            #expect(glyph.cluster == Int(Int32.max) && glyph.unsafeToBreak == unsafe)
        }
        // Arabic letters join, so HarfBuzz marks breaks inside a word unsafe; clusters stay offsets
        // into the text, decreasing in a right-to-left run.
        let text = "مرحبا بالعالم"
        let glyphs = ShapedParagraph(text, fonts: FontStack(try Self.font("NotoSansArabic-Regular.ttf"))).runs[0].glyphs
        #expect(glyphs.contains(where: \.unsafeToBreak) && glyphs.contains(where: { !$0.unsafeToBreak }))
        #expect(glyphs.first!.cluster > glyphs.last!.cluster && glyphs.allSatisfy { $0.cluster < text.utf8.count })
    }
}
