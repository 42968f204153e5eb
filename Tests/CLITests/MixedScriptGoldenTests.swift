import Foundation
import Testing

/// Mixed scripts and directions (issue 7): `fontfit measure --json` against libraqm, an independent
/// itemizing shaper (FriBidi bidi, its own script runs, HarfBuzz), through Pillow
/// (scripts/make-text-goldens). Before itemization fontfit shaped such strings as one HarfBuzz run:
/// "Total: 100 مرحبا بالعالم" came out unjoined and 21 % too wide.
@Suite struct MixedScriptGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String, font: String, text: String, direction: String?
        let unitsPerEm: Double, width: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let golden = try! loadGolden("mixed.json")
        return (golden["cases"] as! [[String: Any]]).map { entry in
            Case(
                name: entry["name"] as! String, font: entry["font"] as! String, text: entry["text"] as! String,
                direction: entry["direction"] as? String,
                unitsPerEm: (entry["unitsPerEm"] as! NSNumber).doubleValue,
                width: (entry["width"] as! NSNumber).doubleValue)
        }
    }()

    /// The tolerance the issue names: 1e-6 em for each run boundary (and one for the line).
    static let emTolerancePerRun = 1e-6

    @Test(arguments: cases)
    func widthAgreesWithLibraqm(_ golden: Case) throws {
        let size = 37.25
        var arguments = ["measure", "--font", CLIRunner.fixture("fonts/" + golden.font), "--size", String(size)]
        if let direction = golden.direction { arguments += ["--direction", direction] }
        let json = try CLIRunner.json(arguments + ["--", golden.text])
        let runs = (json["runs"] as! [[String: Any]]).count
        let width = (json["width"] as! NSNumber).doubleValue
        let expected = golden.width / golden.unitsPerEm * size
        #expect(abs(width - expected) <= Self.emTolerancePerRun * Double(runs) * size, "\(width) vs \(expected)")
        #expect(runs > 1, "a mixed string is more than one run")
    }
}

/// `shape --itemize` shows the runs measure and fit use; plain `shape` stays one hb-shape run.
@Suite struct ShapeItemizeTests {
    @Test func itemizedRunsAreShapedAsTheirOwnSegments() throws {
        let font = CLIRunner.fixture("fonts/DejaVuSans.ttf")
        let itemized = try CLIRunner.run(["shape", "--itemize", "--font", font, "Total: 100 مرحبا بالعالم"])
        #expect(itemized.status == 0)
        let lines = itemized.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("ltr") && lines[0].contains("Latn") && lines[1].contains("rtl") && lines[1].contains("Arab"))
        let arabic = try CLIRunner.run(["shape", "--font", font, "--direction", "rtl", "--script", "Arab", "مرحبا بالعالم"])
        #expect(lines[1].hasSuffix(arabic.stdout.trimmingCharacters(in: .newlines)))
        let json = try CLIRunner.json(["shape", "--itemize", "--font", font, "Hi שלום"])
        let runs = json["runs"] as! [[String: Any]]
        #expect(runs.map { $0["direction"] as! String } == ["ltr", "rtl"])
        #expect(runs.map { $0["start"] as! Int } == [0, 3])
    }
}
