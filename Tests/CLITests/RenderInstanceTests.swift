import Foundation
import Testing

/// Issue 30, bug 1, through the CLI: `render` draws the glyphs in the instance the command it
/// draws measured with. `render measure --font OpszTest.ttf --size 72` sized the frame for opsz =
/// 72 (283.8 pt) and drew the default instance (334 pt), past the canvas; a hinted or opsz `fit`
/// was drawn the same way.
///
/// The SVG places each inked glyph at its pen (`translate(x y)`). The pen advance from the first
/// glyph to the last one of a line is the width of the line without its last character, which
/// `measure --json` (or a fit of that text at the same size) reports; the fixtures' texts have
/// no kerning before their last glyph, so that width does not depend on what follows.
@Suite struct RenderInstanceTests {
    /// Points between the SVG's pen positions and the JSON's widths: the SVG writes 3 decimals.
    static let svgTolerance = 0.002

    static let opsz = CLIRunner.fixture("fonts/OpszTest.ttf")
    static let dejaVu = CLIRunner.fixture("fonts/DejaVuSans.ttf")

    /// The pen x of every inked glyph in `svg`, by baseline y, in document order.
    static func penPositions(_ svg: String) -> [Double: [Double]] {
        var rows: [Double: [Double]] = [:]
        let pattern = try! NSRegularExpression(pattern: #"<path transform="translate\(([-0-9.]+) ([-0-9.]+)\)"#)
        for match in pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let x = Double(svg[Range(match.range(at: 1), in: svg)!])!
            let y = Double(svg[Range(match.range(at: 2), in: svg)!])!
            rows[y, default: []].append(x)
        }
        return rows
    }

    /// The width of the frame a debug picture outlines in red: its rectangle's stroke (1 pt) lies
    /// inside it, so the rectangle the SVG draws is 1 pt narrower.
    static func frameWidth(_ svg: String) throws -> Double {
        let pattern = try NSRegularExpression(pattern: ##"<rect x="[-0-9.]+" y="[-0-9.]+" width="([0-9.]+)"[^>]*stroke="#ff3b30""##)
        let match = try #require(pattern.firstMatch(in: svg, range: NSRange(svg.startIndex..., in: svg)))
        return Double(svg[Range(match.range(at: 1), in: svg)!])! + 1
    }

    /// Renders `arguments` to an SVG and returns the pen positions of its only line of glyphs.
    static func renderedLine(_ arguments: [String]) throws -> [Double] {
        try rendered(arguments).pens
    }

    /// Renders `arguments` to an SVG: the pen positions of its only line of glyphs, and its frame's width.
    static func rendered(_ arguments: [String]) throws -> (pens: [Double], frameWidth: Double) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-instance-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLIRunner.run(["render"] + arguments + ["-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: file, encoding: .utf8)
        let rows = penPositions(svg)
        #expect(rows.count == 1, "one line of glyphs")
        return (try #require(rows.values.first).sorted(), try frameWidth(svg))
    }

    static func number(_ json: [String: Any], _ key: String) -> Double { (json[key] as! NSNumber).doubleValue }

    @Test(arguments: [[], ["--no-optical-size"]])
    func renderMeasureDrawsTheInstanceMeasureMeasured(_ flags: [String]) throws {
        let picture = try Self.rendered(["measure", "Hamburg", "--font", Self.opsz, "--size", "72"] + flags)
        let line = try CLIRunner.json(["measure", "Hamburg", "--font", Self.opsz, "--size", "72", "--json"] + flags)
        let head = try CLIRunner.json(["measure", "Hambur", "--font", Self.opsz, "--size", "72", "--json"] + flags)
        let drawn = picture.pens.last! - picture.pens.first!
        #expect(abs(drawn - Self.number(head, "width")) <= Self.svgTolerance, "\(flags): drawn \(drawn)")
        #expect(abs(picture.frameWidth - Self.number(line, "width")) <= Self.svgTolerance, "\(flags): the frame is the line measure measured")
    }

    @Test func renderFitDrawsTheOpticalSizeItFittedAt() throws {
        let fit = ["Hamburg", "--font", Self.opsz, "--frame", "61x200", "--size", "72", "--min-scale", "0.05", "--line-limit", "1"]
        let result = try CLIRunner.json(["fit"] + fit + ["--json"])
        let size = Self.number(result, "size")
        let pens = try Self.renderedLine(["fit"] + fit)
        let head = try CLIRunner.json(["measure", "Hambur", "--font", Self.opsz, "--size", String(size), "--json"])
        let drawn = pens.last! - pens.first!
        #expect(abs(drawn - Self.number(head, "width")) <= Self.svgTolerance, "at \(size) pt: drawn \(drawn)")
    }

    @Test func renderFitDrawsTheHintedAdvancesItFittedWith() throws {
        let fit = ["Hamburg", "--font", Self.dejaVu, "--frame", "97x200", "--size", "72", "--min-scale", "0.05", "--line-limit", "1", "--hinting"]
        let result = try CLIRunner.json(["fit"] + fit + ["--json"])
        let size = Self.number(result, "size")
        let pens = try Self.renderedLine(["fit"] + fit)
        // The hinted width of the text without its last letter, at the same whole pixel size.
        let head = try CLIRunner.json([
            "fit", "Hambur", "--font", Self.dejaVu, "--frame", "1000x1000", "--size", String(size), "--line-limit", "1",
            "--hinting", "--json",
        ])
        #expect(Self.number(head, "size") == size)
        let drawn = pens.last! - pens.first!
        let width = ((head["lines"] as! [[String: Any]])[0]["width"] as! NSNumber).doubleValue
        #expect(abs(drawn - width) <= Self.svgTolerance, "at \(size) px: drawn \(drawn), hinted \(width)")
    }

    /// A stack does not follow the optical size: its rows are measured, and drawn, in the fonts as given.
    @Test func renderStackDrawsTheInstanceTheStackMeasured() throws {
        let stack = ["Hamburg", "--font", Self.opsz, "--frame", "250x200", "--size", "72", "--min-scale", "0.1"]
        let result = try CLIRunner.json(["stack"] + stack + ["--json"])
        let size = Self.number(result, "size")
        let pens = try Self.renderedLine(["stack"] + stack)
        let head = try CLIRunner.json(["measure", "Hambur", "--font", Self.opsz, "--size", String(size), "--no-optical-size", "--json"])
        let drawn = pens.last! - pens.first!
        #expect(abs(drawn - Self.number(head, "width")) <= Self.svgTolerance, "at \(size) pt: drawn \(drawn)")
    }
}
