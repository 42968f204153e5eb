@testable import FontEngine
import FontFitTestSupport
import Testing

/// One font shared by many tasks: HarfBuzz's OpenType functions are thread-safe and every shaping uses
/// its own thread's hb_buffer_t. scripts/test also runs this suite under the thread sanitizer.
@Suite struct ConcurrencyTests {
    static let texts = [
        "AVATAR office", "0123456789", "Hamburgefonstiv", "fluffy affine", "Wave To", "ÅÉÎÕÜ",
    ]

    @Test func sharedFontGivesIdenticalResultsAcrossTasks() async throws {
        let face = try FontFace(contentsOf: fixture("fonts/Inter-roman.var.ttf"))
        let font = try Font(face: face, variations: [FontVariation(tag: "wght", value: 650)])
        let options = ShapingOptions(features: try FontFeature.list("tnum"))
        let expected = try Self.texts.map { try FontStack(font).measure($0, size: 37.25, options: options) }
        let results = try await withThrowingTaskGroup(of: (Int, LineMeasurement).self) { group in
            for round in 0..<200 {
                let index = round % Self.texts.count
                group.addTask { (index, try FontStack(font).measure(Self.texts[index], size: 37.25, options: options)) }
            }
            var collected: [(Int, LineMeasurement)] = []
            for try await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 200)
        for (index, measurement) in results {
            #expect(measurement.width == expected[index].width)
            #expect(measurement.ink == expected[index].ink)
            #expect(measurement.metrics == expected[index].metrics)
        }
    }

    /// Fonts whose glyph bounds no one has read yet, read by many tasks at once, each glyph in
    /// its own order (pages allocated and slots filled concurrently): every task reads HarfBuzz's
    /// bounds, and lines measured while the cache fills have the ink of lines measured after.
    @Test func glyphBoundsFillConcurrentlyAcrossTasks() async throws {
        let face = try FontFace(contentsOf: fixture("fonts/Inter-roman.var.ttf"))
        for weight in [300.0, 800.0] {
            let font = try Font(face: face, variations: [FontVariation(tag: "wght", value: weight)])
            let glyphs = (0..<UInt32(face.glyphCount)).map { $0 }
            let expected = glyphs.map { font.uncachedGlyphBounds($0) }
            let results = try await withThrowingTaskGroup(of: (mismatches: Int, text: Int, ink: LayoutRect?).self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var order = glyphs
                        var random = SplitMix64(seed: UInt64(task))
                        order.shuffle(using: &random)
                        return (order.filter { font.glyphBounds($0) != expected[Int($0)] }.count, -1, nil)
                    }
                    let text = task % Self.texts.count
                    group.addTask { (0, text, try FontStack(font).measure(Self.texts[text], size: 20).ink) }
                }
                var all: [(mismatches: Int, text: Int, ink: LayoutRect?)] = []
                for try await result in group { all.append(result) }
                return all
            }
            #expect(results.map(\.mismatches).reduce(0, +) == 0)
            for result in results where result.text >= 0 {
                #expect(result.ink == (try FontStack(font).measure(Self.texts[result.text], size: 20).ink))
            }
        }
    }

    @Test func facesAndFontsCanBeMadeConcurrently() async throws {
        let path = fixture("fonts/DejaVuSans.ttf")
        let widths = try await withThrowingTaskGroup(of: Double.self) { group in
            for _ in 0..<16 {
                group.addTask { try FontStack(Font(face: FontFace(contentsOf: path))).measure("Hello", size: 12).width }
            }
            var all: [Double] = []
            for try await width in group { all.append(width) }
            return all
        }
        #expect(Set(widths).count == 1)
    }
}
