import Foundation
import Testing

/// `shape --json` (written as a stream since issue 11) against hb-shape's own output for the same
/// cases (Fixtures/goldens/shape.json): names, clusters, advances and offsets, glyph by glyph.
@Suite struct ShapeJSONTests {
    /// Cases whose text output carries every field in font units, on one line.
    static let cases: [ShapeGoldenTests.Case] = ShapeGoldenTests.cases.filter { golden in
        !golden.text.contains("\n") && !golden.expected.isEmpty
            && !golden.arguments.contains { $0.hasPrefix("--no-") || $0.hasPrefix("--font-size") || $0.hasPrefix("--unicodes") }
    }

    struct Glyph: Equatable {
        var name: String, cluster: Int, xOffset: Int, yOffset: Int, xAdvance: Int, yAdvance: Int
    }

    /// Parses hb-shape's text format: `name=cluster@dx,dy+ax,ay|…`, "@…" left out when both
    /// offsets are 0 and ",ay" when ay is 0.
    static func parse(_ line: String) -> [Glyph] {
        line.dropFirst().dropLast().split(separator: "|").map { item in
            let (name, rest) = (item.prefix { $0 != "=" }, item.drop { $0 != "=" }.dropFirst())
            let cluster = Int(rest.prefix { $0.isNumber })!
            var offsets = (0, 0), advances = (0, 0)
            if let at = rest.firstIndex(of: "@") {
                let text = rest[rest.index(after: at)...].prefix { $0 != "+" }.split(separator: ",")
                offsets = (Int(text[0])!, Int(text[1])!)
            }
            if let plus = rest.firstIndex(of: "+") {
                let text = rest[rest.index(after: plus)...].split(separator: ",")
                advances = (Int(text[0])!, text.count > 1 ? Int(text[1])! : 0)
            }
            return Glyph(
                name: String(name), cluster: cluster, xOffset: offsets.0, yOffset: offsets.1,
                xAdvance: advances.0, yAdvance: advances.1)
        }
    }

    @Test func casesExist() { #expect(Self.cases.count >= 60) }

    @Test(arguments: cases)
    func jsonGlyphsEqualHBShapes(_ golden: ShapeGoldenTests.Case) throws {
        let output = try CLIRunner.run(
            ["shape", "--json", "--font", CLIRunner.fixture(golden.font)] + golden.arguments + ["--", golden.text])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let glyphs = try #require(object["glyphs"] as? [[String: Any]]).map { glyph in
            Glyph(
                name: glyph["name"] as! String, cluster: glyph["cluster"] as! Int, xOffset: glyph["xOffset"] as! Int,
                yOffset: glyph["yOffset"] as! Int, xAdvance: glyph["xAdvance"] as! Int, yAdvance: glyph["yAdvance"] as! Int)
        }
        #expect(glyphs == Self.parse(golden.expected.trimmingCharacters(in: .newlines)))
    }
}
