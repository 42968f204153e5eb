import Foundation
import Testing

/// Every command takes a font stack (`--font` repeated) and reports characters no font has, in its
/// JSON (`missing`) and on stderr (issue 7: `fit`, `stack` and `render` used to be silent).
@Suite struct FontStackCommandTests {
    static let stack = ["--font", CLIRunner.fixture("fonts/Inter-roman.var.ttf"), "--font", CLIRunner.fixture("fonts/ipaexg.ttf")]
    static let frame = ["--frame", "300x100", "--size", "40", "--min-scale", "0.1"]

    static let commands: [[String]] = [
        ["measure", "Thai ก and 東京"],
        ["fit", "Thai ก and 東京"] + frame,
        ["stack", "Thai ก", "東京"] + frame,
        ["ruby", "ก[東京]"] + frame,
    ]

    @Test(arguments: commands)
    func missingCharactersAreReportedByEveryCommand(_ command: [String]) throws {
        let output = try CLIRunner.run([command[0], "--json"] + Self.stack + command.dropFirst())
        #expect(output.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(json["missing"] as? [String] == ["U+0E01"], "only Thai: 東京 came from the fallback font")
        #expect(output.stderr.hasPrefix("warning: ") && output.stderr.contains("U+0E01"))
        let fonts = try #require(json["fonts"] as? [[String: Any]])
        #expect(fonts.compactMap { $0["file"] as? String } == [Self.stack[1], Self.stack[3]])
    }

    @Test func renderWarnsToo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-stack-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try CLIRunner.run(["render", "fit", "Thai ก", "-o", file] + Self.stack + Self.frame)
        #expect(output.status == 0 && output.stderr.contains("U+0E01"))
    }
}
