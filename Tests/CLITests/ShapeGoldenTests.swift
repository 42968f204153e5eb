import Foundation
import Testing

/// `fontfit shape` against hb-shape's own output, recorded by scripts/make-goldens.
@Suite struct ShapeGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let font: String
        let text: String
        let arguments: [String]
        let expected: String
        var testDescription: String { id }
    }

    static let cases: [Case] = {
        let golden = try! loadGolden("shape.json")
        return (golden["cases"] as! [[String: Any]]).map { entry in
            Case(
                id: entry["id"] as! String, font: entry["font"] as! String, text: entry["text"] as! String,
                arguments: entry["args"] as! [String], expected: entry["expected"] as! String)
        }
    }()

    @Test func goldensCoverEveryFixtureFont() throws {
        let fonts = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.fixture("fonts"))
            .filter { [".ttf", ".otf", ".ttc"].contains(where: $0.hasSuffix) && !$0.hasPrefix("NotAFont") && !$0.hasPrefix("Truncated") }
        let covered = Set(Self.cases.map { ($0.font as NSString).lastPathComponent })
        #expect(Set(fonts).subtracting(covered).isEmpty, "fonts with no shaping golden")
        #expect(Self.cases.count >= 60)
    }

    @Test(arguments: cases)
    func shapeMatchesHBShapeByteForByte(_ golden: Case) throws {
        var arguments = ["shape", "--font", CLIRunner.fixture(golden.font)] + golden.arguments
        if !golden.arguments.contains(where: { $0.hasPrefix("--unicodes") }) {
            arguments += ["--", golden.text]
        }
        let output = try CLIRunner.run(arguments)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == golden.expected)
    }
}
