import Foundation
import Testing

/// Vertical text (issue 7): `measure --direction ttb` used to report a width of 0. The column's
/// length is the sum of the vertical advances, as `hb-shape --direction=ttb` reports them
/// (scripts/make-text-goldens).
@Suite struct VerticalTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String, font: String, text: String, unitsPerEm: Double, advance: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let golden = try! loadGolden("vertical.json")
        return (golden["cases"] as! [[String: Any]]).map { entry in
            Case(
                name: entry["name"] as! String, font: entry["font"] as! String, text: entry["text"] as! String,
                unitsPerEm: (entry["unitsPerEm"] as! NSNumber).doubleValue,
                advance: (entry["advance"] as! NSNumber).doubleValue)
        }
    }()

    @Test(arguments: cases)
    func columnLengthIsTheSumOfHarfBuzzVerticalAdvances(_ golden: Case) throws {
        let size = 37.25
        let json = try CLIRunner.json([
            "measure", "--font", CLIRunner.fixture("fonts/" + golden.font), "--direction", "ttb", "--size", String(size),
            "--", golden.text,
        ])
        let advance = (json["advance"] as! NSNumber).doubleValue
        let expected = golden.advance / golden.unitsPerEm * size
        #expect(abs(advance - expected) <= 1e-9 * expected)
        // The column is as wide as a line is tall, never 0.
        #expect((json["width"] as! NSNumber).doubleValue == (json["lineHeight"] as! NSNumber).doubleValue)
        let ink = json["ink"] as! [String: NSNumber]
        #expect(ink["height"]!.doubleValue > 0 && ink["height"]!.doubleValue <= advance)
    }
}

/// Layouts in lines are horizontal: a vertical direction is refused with a message that says so,
/// never laid out as a silent 0.
@Suite struct VerticalLayoutRefusalTests {
    static let commands: [[String]] = [
        ["fit", "縦書き", "--frame", "100x300", "--size", "40"],
        ["stack", "縦", "書き", "--frame", "100x300", "--size", "40"],
        ["ruby", "縦[たて]", "--frame", "100x300", "--size", "40"],
        ["render", "measure", "縦書き", "-o", "/tmp/fontfit-vertical-refused.svg"],
    ]

    @Test(arguments: commands)
    func verticalDirectionIsAUsageError(_ command: [String]) throws {
        let output = try CLIRunner.run(command + ["--font", CLIRunner.fixture("fonts/ipaexg.ttf"), "--direction", "ttb"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: ") && output.stderr.contains("vertical"))
    }
}
