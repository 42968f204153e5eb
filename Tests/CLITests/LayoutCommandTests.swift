import Foundation
import Testing

/// `fit`, `stack`, `ruby` and `render` as other tools call them.
@Suite struct LayoutCommandTests {
    static let dejaVu = CLIRunner.fixture("fonts/DejaVuSans.ttf")

    @Test func fitPrintsTheContractsKeys() throws {
        let json = try CLIRunner.json([
            "fit", "--font", Self.dejaVu, "--frame", "200x100", "--size", "100", "--min-scale", "0.01",
            "The quick brown fox jumps over the lazy dog",
        ])
        // The contract's keys, plus the fonts used and the characters none of them has (issue 7), and
        // the style the text was set with (issue 31).
        #expect(
            Set(json.keys) == ["size", "scale", "fits", "truncated", "width", "height", "lines", "missing", "fonts", "style"])
        let lines = json["lines"] as! [[String: Any]]
        #expect(lines.count > 1)
        // Each line with its box's height (issue 31).
        #expect(Set(lines[0].keys) == ["text", "x", "y", "width", "height", "baseline"])
        #expect(json["style"] as? [String: String] == [
            "letterSpacing": "0pt", "wordSpacing": "0pt", "textTransform": "none", "lineHeight": "normal",
            "hyphens": "manual", "wrap": "greedy", "textFit": "none",
        ])
        #expect(json["fits"] as? Bool == true)
        #expect((json["width"] as! NSNumber).doubleValue <= 200)
    }

    @Test func fitWithAnInfiniteHeightAndTruncation() throws {
        let wide = try CLIRunner.json(["fit", "--frame", "300xinf", "--size", "40", "Hello"])
        #expect(wide["size"] as? Double == 40)
        let cut = try CLIRunner.json([
            "fit", "--frame", "80x20", "--size", "12", "--line-limit", "1", "--truncation", "middle",
            "A sentence much too long for its label",
        ])
        #expect(cut["fits"] as? Bool == false && cut["truncated"] as? Bool == true)
        let text = (cut["lines"] as! [[String: Any]])[0]["text"] as! String
        #expect(text.contains("…") && !text.hasPrefix("…") && !text.hasSuffix("…"))
    }

    @Test func stackPrintsRowsWithOneSize() throws {
        let json = try CLIRunner.json([
            "stack", "01:", "12:34", ".56", "--frame", "250x250", "--size", "300", "--min-scale", "0.01", "--equal-width",
            "--row-align", "leading,leading,trailing",
        ])
        #expect(Set(json.keys) == ["size", "scale", "fits", "width", "height", "rows", "missing", "fonts", "style"])
        let rows = json["rows"] as! [[String: Any]]
        #expect(rows.map { $0["text"] as! String } == ["01:", "12:34", ".56"])
        #expect(Set(rows.map { ($0["height"] as! NSNumber).doubleValue }).count == 1)
        #expect(Set(rows.map { ($0["size"] as! NSNumber).doubleValue }).count == 1)
        #expect(Set(rows[0].keys) == ["text", "x", "y", "width", "height", "baseline", "size"])
    }

    /// Stack rows and ruby lines never break: `fit`'s line-breaking options are refused with the
    /// reason, not as unknown options (ArgumentParser would suggest --words for --wrap).
    @Test func stackAndRubyRefuseLineBreakingOptions() throws {
        let layouts = [
            ["stack", "Datenschutzeinstellungen", "verwalten"], ["render", "stack", "Datenschutzeinstellungen", "-o", "/dev/null"],
            ["ruby", "今日[きょう]", "--font", CLIRunner.fixture("fonts/ipaexg.ttf")],
        ]
        for layout in layouts {
            for option in [["--wrap", "balance"], ["--text-fit", "grow"], ["--hyphens", "auto", "--language", "de"]] {
                let output = try CLIRunner.run(layout + ["--frame", "120x60", "--size", "17"] + option)
                #expect(output.status == 64, "\(layout) \(option)")
                #expect(output.stderr.contains("does not take \(option[0])"), "\(output.stderr)")
                #expect(output.stderr.contains("never break"), "\(output.stderr)")
            }
        }
        let none = try CLIRunner.json(["stack", "Daten\u{AD}schutz", "--frame", "120x60", "--size", "17", "--hyphens", "none"])
        #expect((none["style"] as? [String: String])?["hyphens"] == "none")
    }

    @Test func wordsAndTemplates() throws {
        let words = try CLIRunner.json(["stack", "--words", "Aimée Bethany Charles", "--frame", "200x300", "--size", "200", "--min-scale", "0.01"])
        #expect((words["rows"] as! [[String: Any]]).count == 3)
        let template = try CLIRunner.json([
            "stack", "1/5s", "--template", "1/1000s", "--frame", "150x60", "--size", "100", "--min-scale", "0.1",
        ])
        let full = try CLIRunner.json(["stack", "1/1000s", "--frame", "150x60", "--size", "100", "--min-scale", "0.1"])
        #expect(template["size"] as? Double == full["size"] as? Double)
    }

    @Test func monospacedDigitsWarnsWhenTheFontHasNoTnum() throws {
        let output = try CLIRunner.run(["measure", "--font", Self.dejaVu, "--monospaced-digits", "12:34"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("warning: ") && output.stderr.contains("tnum"))
        let inter = try CLIRunner.run(["measure", "--font", CLIRunner.fixture("fonts/Inter-roman.var.ttf"), "--monospaced-digits", "12:34"])
        #expect(inter.status == 0 && inter.stderr.isEmpty)
    }

    @Test func rubyPrintsBaseAndRubyBoxes() throws {
        let json = try CLIRunner.json([
            "ruby", "今日[こんにち]は", "--font", CLIRunner.fixture("fonts/ipaexg.ttf"), "--frame", "300x100", "--size", "100",
            "--min-scale", "0.1",
        ])
        let segments = json["segments"] as! [[String: Any]]
        #expect(segments.count == 2)
        #expect((segments[0]["ruby"] as? [String: Any])?["text"] as? String == "こんにち")
        #expect(segments[1]["ruby"] is NSNull)
        #expect((json["rubySize"] as! NSNumber).doubleValue * 2 == (json["size"] as! NSNumber).doubleValue)
    }

    @Test func inlineImageCountsInTheWidth() throws {
        let with = try CLIRunner.json(["measure", "{} Sir Bunnington", "--inline-image", "0.75", "--size", "24"])
        let without = try CLIRunner.json(["measure", " Sir Bunnington", "--size", "24"])
        let image = (with["images"] as! [[String: Any]])[0]
        #expect((image["height"] as! NSNumber).doubleValue == (without["lineHeight"] as! NSNumber).doubleValue)
        let widths = [with, without].map { ($0["width"] as! NSNumber).doubleValue }
        #expect(abs(widths[0] - widths[1] - (image["width"] as! NSNumber).doubleValue) < 1e-9)
    }

    @Test(arguments: ["svg", "png"])
    func renderWritesAPicture(_ format: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-\(UUID().uuidString).\(format)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for command in [
            ["render", "stack", "01:", "12:34", ".56", "--frame", "250x250", "--size", "300", "--min-scale", "0.01"],
            ["render", "fit", "Hello there", "--frame", "120x120", "--size", "80", "--min-scale", "0.1"],
            ["render", "measure", "Hamburg", "--size", "48"],
            ["render", "ruby", "今日[こんにち]は", "--font", CLIRunner.fixture("fonts/ipaexg.ttf"), "--frame", "200x80", "--size", "60", "--min-scale", "0.1"],
        ] {
            let output = try CLIRunner.run(command + ["-o", path])
            #expect(output.status == 0, "\(command): \(output.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            if format == "png" {
                #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            } else {
                let svg = String(decoding: data, as: UTF8.self)
                #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
                #expect(svg.contains("<path") && svg.contains("</svg>"))
            }
        }
    }

    @Test(arguments: [
        (["fit", "x", "--frame", "100", "--size", "10"], "--frame"),
        (["fit", "x", "--frame", "0x100", "--size", "10"], "--frame"),
        (["fit", "x", "--frame", "100x-5", "--size", "10"], "--frame"),
        (["fit", "x", "--frame", "100x100", "--size", "nan"], "--size"),
        (["fit", "x", "--frame", "100x100", "--size", "10", "--min-scale", "0"], "minimum scale factor"),
        (["fit", "x", "--frame", "100x100", "--size", "10", "--min-scale", "1.5"], "minimum scale factor"),
        (["fit", "x", "--frame", "100x100", "--size", "10", "--line-limit", "0"], "line limit"),
        (["fit", "x", "--frame", "100x100", "--size", "10", "--granularity", "1", "--preset-sizes", "8,9"], "not both"),
        (["fit", "x", "--frame", "100x100", "--size", "10", "--preset-sizes", "8,abc"], "abc"),
        (["stack", "--frame", "100x100", "--size", "10"], "rows"),
        (["stack", "a", "--frame", "100x100", "--size", "10", "--spacing", "wide"], "--spacing"),
        (["ruby", "今日[こんにち", "--frame", "100x100", "--size", "10"], "ruby markup"),
        (["render", "measure", "x", "-o", "/tmp/picture.gif"], ".svg or .png"),
        (["fit", "x", "--frame", "100x100", "--size", "10", "--hinting", "--optical-size"], "not both"),
    ])
    func badLayoutArgumentsAreUsageErrors(_ arguments: [String], _ mention: String) throws {
        let output = try CLIRunner.run(arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stderr.hasPrefix("error: ") && output.stderr.contains(mention), "\(output.stderr)")
    }
}

extension LayoutCommandTests {
    /// The PNG `render stack` writes, read back by an independent decoder (scripts/png-to-rgba):
    /// every dark (ink) pixel lies in a row box that `stack --json` reports for the same arguments,
    /// and the frame's red border is drawn where the frame is.
    @Test func renderedStackPNGMatchesTheJSONRows() throws {
        let arguments = ["01:", "12:34", ".56", "--frame", "250x250", "--size", "300", "--min-scale", "0.01", "--equal-width"]
        let json = try CLIRunner.json(["stack"] + arguments)
        let rows = (json["rows"] as! [[String: Any]]).map { row in
            ["x", "y", "width", "height"].map { (row[$0] as! NSNumber).doubleValue }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("clock.png").path
        let rendered = try CLIRunner.run(["render", "stack"] + arguments + ["-o", png, "--png-scale", "2"])
        #expect(rendered.status == 0, "\(rendered.stderr)")

        let (width, height, pixels) = try decodePNG(png)
        #expect(pixels.count == width * height * 4)

        // The canvas is the frame plus an 8 pt margin each side, at 2 pixels per point.
        let scale = 2.0, margin = 8.0
        #expect(width == Int((250 + 2 * margin) * scale) && height == Int((250 + 2 * margin) * scale))
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let index = (y * width + x) * 4
            return (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
        }
        var ink = 0
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = pixel(x, y)
                guard red < 96 && green < 96 && blue < 96 else { continue }
                ink += 1
                let px = Double(x) / scale - margin, py = Double(y) / scale - margin
                let inside = rows.contains { box in
                    px >= box[0] - 1 && px <= box[0] + box[2] + 1 && py >= box[1] - 1 && py <= box[1] + box[3] + 1
                }
                #expect(inside, "ink at (\(px), \(py)) pt outside the rows the JSON reports")
                if !inside { return }
            }
        }
        #expect(ink > 1000)
        // The frame's right edge (the rows are narrower than the frame) is red from top to bottom.
        let right = Int((margin + 250) * scale) - 1
        for y in stride(from: Int(margin * scale), to: Int((margin + 250) * scale), by: 9) {
            let (red, green, blue) = pixel(right, y)
            #expect(red > 200 && green < 100 && blue < 100, "frame edge at pixel row \(y)")
        }
    }
}

/// Issue 11 regressions in `stack`, checked against the rows the same command reports and `measure`.
extension LayoutCommandTests {
    /// `stack Hello World --frame 40x64 --size 72 --min-scale 1 --align trailing` does not fit; it
    /// reported the frame's width (40) as the stack's while its rows stuck out to x = −166.
    @Test func stackThatDoesNotFitIsAsWideAsItsRows() throws {
        let json = try CLIRunner.json(
            ["stack", "Hello", "World", "--frame", "40x64", "--size", "72", "--min-scale", "1", "--align", "trailing"])
        #expect(json["fits"] as? Bool == false)
        let rows = try #require(json["rows"] as? [[String: Any]])
        let lefts = rows.map { $0["x"] as! Double }
        let rights = rows.map { ($0["x"] as! Double) + ($0["width"] as! Double) }
        #expect(lefts.allSatisfy { $0 >= 0 })
        #expect(json["width"] as? Double == rights.max()! - lefts.min()!)
        // And the widest row is as wide as `measure` says the widest word is at that size.
        let world = try CLIRunner.json(["measure", "World", "--size", "72"])
        #expect(json["width"] as? Double == world["width"] as? Double)
    }

    /// `--equal-width` was ignored together with `--words`: every word's row must take the widest
    /// word's width.
    @Test func equalWidthAppliesToWords() throws {
        let json = try CLIRunner.json(
            ["stack", "--words", "a bbbbbb cc", "--frame", "400x400", "--size", "72", "--equal-width", "--align", "trailing"])
        let rows = try #require(json["rows"] as? [[String: Any]])
        let size = try #require(json["size"] as? Double)
        let widest = try CLIRunner.json(["measure", "bbbbbb", "--size", "\(size)"])["width"] as! Double
        #expect(rows.count == 3)
        for row in rows {
            #expect(row["width"] as? Double == widest)
            #expect(row["x"] as? Double == 0)
        }
        #expect(json["width"] as? Double == widest)
    }
}

extension LayoutCommandTests {
    /// OpszTest.ttf with its axis tag `opsz` renamed `0001` (in fvar's axis record; nothing else
    /// names the axis), written to a temporary file.
    static func numericAxisFont() throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("fonts/OpszTest.ttf"))))
        func uint(_ offset: Int, _ size: Int) -> Int { bytes[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) } }
        let tableCount = uint(4, 2)
        let fvar = try #require((0..<tableCount).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4].elementsEqual("fvar".utf8) })
        let table = uint(fvar + 8, 4)
        let axis = table + uint(table + 4, 2)
        #expect(bytes[axis..<axis + 4].elementsEqual("opsz".utf8))
        bytes.replaceSubrange(axis..<axis + 4, with: Array("0001".utf8))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-axis-0001-\(getpid()).ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Issue 11: `--variations 0001=500` (an axis tag of digits) must be applied like any other tag:
    /// the renamed axis at 72 measures as `opsz=72` does on the original font, not as the default.
    @Test func numericAxisTagIsApplied() throws {
        let renamed = try Self.numericAxisFont()
        defer { try? FileManager.default.removeItem(atPath: renamed) }
        let original = CLIRunner.fixture("fonts/OpszTest.ttf")
        let numeric = try CLIRunner.json(["measure", "Hamburgefonstiv", "--font", renamed, "--variations", "0001=72"])
        let named = try CLIRunner.json(["measure", "Hamburgefonstiv", "--font", original, "--variations", "opsz=72"])
        let plain = try CLIRunner.json(["measure", "Hamburgefonstiv", "--font", original])
        #expect(numeric["width"] as? Double == named["width"] as? Double)
        #expect(numeric["width"] as? Double != plain["width"] as? Double)
        // Out of range, as in the issue: clamped to the axis maximum by HarfBuzz, as hb-shape does.
        let clamped = try CLIRunner.json(["measure", "Hamburgefonstiv", "--font", renamed, "--variations", "0001=500"])
        #expect(clamped["width"] as? Double == named["width"] as? Double)
        let shaped = try CLIRunner.run(["shape", "Hamburgefonstiv", "--font", renamed, "--variations", "0001=500", "--no-glyph-names"])
        let reference = try CLIRunner.run(["shape", "Hamburgefonstiv", "--font", original, "--variations", "opsz=72", "--no-glyph-names"])
        #expect(shaped.stdout == reference.stdout && shaped.status == 0)
    }
}

extension LayoutCommandTests {
    /// Issue 11: `render` of a glyph FreeType rasterises to a huge bitmap allocated 1.2–3 GB: the
    /// whole bitmap was rendered and then copied at 16 bytes per pixel before clipping. DejaVu Sans
    /// with hhea's ascender set to 1 unit (and descender and line gap to 0) keeps its outlines but
    /// has a line box 1/2048 em tall, so ■ at 8000 pt (16,000 px at @2x, about 150 M pixels of
    /// outline) lands on a canvas 40 pixels tall. Drawing it must take memory for the canvas, not
    /// for the glyph: the child's peak resident memory stays far below the 2.4 GB the copy took.
    @Test func glyphFarLargerThanTheCanvasIsDrawnClipped() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("fonts/DejaVuSans.ttf"))))
        func uint(_ offset: Int, _ size: Int) -> Int { bytes[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) } }
        let hhea = try #require((0..<uint(4, 2)).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4].elementsEqual("hhea".utf8) })
        let table = uint(hhea + 8, 4)
        bytes.replaceSubrange(table + 4..<table + 10, with: [0, 1, 0, 0, 0, 0])  // ascender 1, descender 0, line gap 0
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-flat-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let font = directory.appendingPathComponent("flat.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: font))
        let png = directory.appendingPathComponent("square.png").path
        // Run under python3, which reports its one child's peak: the test process's own
        // RUSAGE_CHILDREN is the largest of every child any test has waited for, and other tests'
        // children (a build among them) passed 1 GB under AddressSanitizer.
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        runner.arguments = [
            "python3", "-c",
            "import resource, subprocess, sys; code = subprocess.run(sys.argv[1:]).returncode; "
                + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(code)",
            CLIRunner.executable.path, "render", "measure", "\u{25A0}", "--font", font, "--size", "8000", "-o", png,
        ]
        let out = Pipe()
        runner.standardOutput = out
        try runner.run()
        let peak = Int(String(decoding: readAll(out.fileHandleForReading), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines))
        runner.waitUntilExit()
        #expect(runner.terminationStatus == 0)
        let peakKilobytes = try #require(peak)
        #expect(peakKilobytes < 1_000_000, "the render's peak was \(peakKilobytes) KB")
        // What shows of the square is drawn: read back independently (scripts/png-to-rgba), the
        // canvas is the line box's size and its middle is ink.
        let (width, height, pixels) = try decodePNG(png)
        #expect(height < 100 && pixels.count == width * height * 4)
        let middle = ((height / 2) * width + width / 2) * 4
        #expect(Array(pixels[middle..<middle + 3]) == [0, 0, 0], "\(Array(pixels[middle..<middle + 4]))")
    }
}
