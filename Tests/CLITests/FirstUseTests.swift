import Foundation
import Testing

/// The rough edges a first-time user met (issue 10), each as the behaviour a user now sees.
@Suite struct FirstUseTests {
    static let inter = CLIRunner.fixture("fonts/Inter-roman.var.ttf")

    @Test func aFitThatDoesNotFitSaysAtWhatSizeItWould() throws {
        let arguments = ["fit", "The quick brown fox jumps", "--frame", "100x20", "--size", "30"]
        let human = try CLIRunner.run(arguments)
        #expect(human.status == 0 && human.stdout.contains("it fits at"))
        let json = try CLIRunner.json(arguments)
        #expect(json["fits"] as? Bool == false)
        let fitSize = try #require((json["fitSize"] as? NSNumber)?.doubleValue)
        let neededScale = try #require((json["neededScale"] as? NSNumber)?.doubleValue)
        #expect(abs(neededScale - fitSize / 30) <= 1e-12)
        // With that scale allowed, it fits, at that size.
        let allowed = try CLIRunner.json(arguments + ["--min-scale", String(neededScale)])
        #expect(allowed["fits"] as? Bool == true)
        #expect(abs((allowed["size"] as! NSNumber).doubleValue - fitSize) <= 1e-9 * fitSize)
    }

    @Test func checkExitsOneWhenTheTextDoesNotFit() throws {
        for command in [["fit", "Too long for this", "--frame", "40x20"], ["stack", "Too long", "--frame", "40x20"],
                        ["ruby", "長い[ながい]", "--frame", "10x10"]] {
            let failing = try CLIRunner.run(command + ["--size", "30", "--check"])
            #expect(failing.status == 1, "\(command[0])")
            let passing = try CLIRunner.run(command + ["--size", "30", "--check", "--min-scale", "0.01"])
            #expect(passing.status == 0, "\(command[0])")
        }
    }

    @Test func aNegativeSizeIsNamed() throws {
        let output = try CLIRunner.run(["fit", "x", "--frame", "10x10", "--size", "-3"])
        #expect(output.status == 64 && output.stderr.contains("--size -3"))
    }

    @Test func aMistypedCommandGetsASuggestion() throws {
        let output = try CLIRunner.run(["mesure", "Hello"])
        #expect(output.status == 64 && output.stderr.contains("did you mean 'measure'"))
    }

    @Test func rowAlignmentsMustMatchTheRows() throws {
        let output = try CLIRunner.run(["stack", "a", "b", "c", "--frame", "100x100", "--size", "10", "--row-align", "leading,center"])
        #expect(output.status == 64 && output.stderr.contains("2 values for 3 rows"))
    }

    @Test func rubyRefusesOptionsItWouldIgnore() throws {
        for option in [["--align", "center"], ["--bounds", "ink"]] {
            let output = try CLIRunner.run(["ruby", "今日[きょう]", "--frame", "300x100", "--size", "50"] + option)
            #expect(output.status == 64 && output.stderr.contains("ruby does not take \(option[0])"))
        }
    }

    @Test func aClampedVariationWarns() throws {
        let output = try CLIRunner.run(["measure", "Hamburg", "--font", Self.inter, "--variations", "wght=1000"])
        #expect(output.status == 0 && output.stderr.contains("wght=1000 is outside the font's wght range 100…900"))
    }

    @Test func theNamedInstanceIsTheStyleShown() throws {
        let output = try CLIRunner.run(["measure", "Hamburg", "--font", Self.inter, "--named-instance", "Semi Bold"])
        #expect(output.stdout.contains("Inter Semi Bold"))
    }

    /// The signature is what tells a web font apart; a file that starts like a WOFF2 one is named so.
    @Test func aWebFontIsNamedAsSuch() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("fonts/DejaVuSans.ttf")))
        bytes.replaceSubrange(0..<4, with: Array("wOF2".utf8))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-\(getpid()).woff2")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try CLIRunner.run(["measure", "x", "--font", file.path])
        #expect(output.status == 65 && output.stderr.contains("WOFF2"))
    }

    /// Text with line breaks is measured line by line: each line as `measure` measures it alone, the
    /// boxes stacked; `render measure`, which draws one line, says so.
    @Test func measureGivesEachLineOfTextWithLineBreaks() throws {
        let output = try CLIRunner.run(["measure", "one\r\ntwo lines\n", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let block = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as! [String: Any]
        let lines = block["lines"] as! [[String: Any]]
        #expect(lines.map { $0["text"] as! String } == ["one", "two lines"], "CR LF is one break; a final break ends the last line")
        var top = 0.0
        for line in lines {
            let alone = try JSONSerialization.jsonObject(
                with: Data(try CLIRunner.run(["measure", line["text"] as! String, "--json"]).stdout.utf8)) as! [String: Any]
            #expect(line["width"] as? Double == alone["width"] as? Double)
            #expect(line["y"] as? Double == top)
            #expect(line["baseline"] as? Double == top + (alone["ascent"] as! Double))
            top += alone["lineHeight"] as! Double
        }
        #expect(block["height"] as? Double == top)
        #expect(block["width"] as? Double == lines.map { $0["width"] as! Double }.max())
        let human = try CLIRunner.run(["measure", "one\ntwo lines"])
        #expect(human.stdout.contains("(2 line boxes)") && human.stdout.contains("two lines"))
        let render = try CLIRunner.run(["render", "measure", "one\ntwo", "-o", "/dev/null"])
        #expect(render.status == 64 && render.stderr.contains("line break") && !render.stderr.contains(".build"))
    }

    @Test func versionIsPrinted() throws {
        let output = try CLIRunner.run(["--version"])
        #expect(output.status == 0 && output.stdout.split(separator: ".").count == 3)
    }
}
