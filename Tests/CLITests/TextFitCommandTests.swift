import Foundation
import Testing

/// `--text-fit` on the command line, in batch requests and in check specs (issue 32).
@Suite struct TextFitCommandTests {
    static let headline = [
        "Lines scaled to fill the width make a headline easier to read at a glance", "--font",
        CLIRunner.fixture("fonts/DejaVuSans.ttf"), "--frame", "260xinf", "--size", "16",
    ]

    static func lines(_ json: [String: Any]) -> [[String: Any]] { json["lines"] as! [[String: Any]] }

    /// Chromium's factors for this headline in a 260 px block at 16 px (text-fit/grow per-line/
    /// headline/dejavu/s=16/w=260 in chromium-text-fit.json): 1.1613, 1.0444 and the last line alone.
    @Test func fitJSON() throws {
        let plain = try CLIRunner.json(["fit"] + Self.headline)
        let fitted = try CLIRunner.json(["fit"] + Self.headline + ["--text-fit", "grow per-line"])
        #expect(Self.lines(plain).allSatisfy { $0["size"] == nil && $0["scale"] == nil })
        // The style names the text-fit used, as CSS writes it.
        #expect((plain["style"] as? [String: String])?["textFit"] == "none")
        #expect((fitted["style"] as? [String: String])?["textFit"] == "grow per-line")
        let lines = Self.lines(fitted)
        #expect(lines.map { $0["text"] as! String } == Self.lines(plain).map { $0["text"] as! String })
        let scales = lines.map { $0["scale"] as! Double }
        #expect(abs(scales[0] - 1.1613) < 1e-4 && abs(scales[1] - 1.0444) < 1e-4 && scales[2] == 1)
        for (line, original) in zip(lines, Self.lines(plain)) {
            let scale = line["scale"] as! Double
            #expect(abs((line["size"] as! Double) - 16 * scale) < 1e-9)
            #expect(abs((line["width"] as! Double) - (original["width"] as! Double) * scale) < 1e-9)
            #expect(abs((line["height"] as! Double) - (original["height"] as! Double) * scale) < 1e-9)
        }
        // Lines below a grown line move down by its growth.
        #expect(lines[1]["y"] as! Double == lines[0]["height"] as! Double)
        #expect(fitted["size"] as! Double == plain["size"] as! Double)
        let bad = try CLIRunner.run(["fit"] + Self.headline + ["--text-fit", "fill"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid --text-fit 'fill'"))
    }

    /// render draws each line at its own size: the glyphs' scale in the SVG is the line's size
    /// over the font's 2048 units per em.
    @Test func renderDrawsEachLineAtItsSize() throws {
        try CLIRunner.withTemporaryDirectory("text-fit") { directory in
            let svg = directory.appendingPathComponent("fit.svg").path
            let arguments = Self.headline.map { $0 == "260xinf" ? "260x80" : $0 } + ["--text-fit", "grow per-line"]
            let rendered = try CLIRunner.run(["render", "fit"] + arguments + ["--style", "clean", "-o", svg])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            let fitted = try CLIRunner.json(["fit"] + arguments)
            let drawn = try String(contentsOfFile: svg, encoding: .utf8)
            let scales = Set(drawn.matches(of: /scale\(([0-9.]+) -/).map { Double($0.1)! })
            let expected = Self.lines(fitted).map { ($0["size"] as! Double) / 2048 }
            #expect(scales.count == 3)
            for scale in expected { #expect(scales.contains { abs($0 - scale) < 1e-7 }, "\(scale) in \(scales)") }
        }
    }

    @Test func batchRequests() throws {
        let requests = """
            {"id":1,"text":"Lines scaled to fill the width make a headline easier to read at a glance","font":"\(CLIRunner.fixture("fonts/DejaVuSans.ttf"))","frame":"260xinf","size":16,"text-fit":"grow per-line-all"}
            {"id":2,"text":"x","frame":"250xinf","size":16,"text-fit":"fill"}

            """
        let answers = try CLIRunner.batchAnswers(requests)
        #expect(answers.count == 2)
        let lines = Self.lines(answers[0])
        // per-line-all grows the last line too: every line fills the 260 pt.
        #expect(lines.allSatisfy { abs(($0["width"] as! Double) - 260) < 1e-9 })
        #expect(lines.allSatisfy { ($0["scale"] as! Double) > 1 })
        #expect((answers[1]["error"] as? [String: Any])?["message"] as? String
            == "invalid text-fit 'fill': expected grow or shrink, then consistent, per-line or per-line-all, then a percentage, e.g. 'grow per-line 200%'")
    }

    /// A check spec's `textFit`: text-fit scales lines after the fit, so the sample German
    /// catalog's verdicts and sizes are the same with and without it; a bad value is named.
    @Test func checkSpec() throws {
        try CLIRunner.withTemporaryDirectory("textfit") { directory in
            var verdicts: [String: [String: String]] = [:]
            for (name, setting) in [("none", ""), ("grow", ", textFit: grow per-line"), ("bad", ", textFit: fill")] {
                let (stderr, checks) = try CLIRunner.checksByText(
                    defaults: "size: 15, minimumScaleFactor: 0.85, frame: 200x60, lineLimit: 3\(setting)",
                    catalogs: ["catalogs/po/gdk-pixbuf/de.po"], in: directory, name: name)
                if name == "bad" {
                    #expect(stderr.contains("invalid defaults.textFit 'fill'"), "\(stderr)")
                    continue
                }
                verdicts[name] = checks.mapValues { "\($0["verdict"] ?? "") \($0["size"] ?? "")" }
            }
            #expect(verdicts["none"]!.count > 50)
            #expect(verdicts["grow"] == verdicts["none"])
        }
    }
}
