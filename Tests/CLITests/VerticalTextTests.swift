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

/// Vertical fits lay text out in columns from right to left, the frame's height their length.
@Suite struct VerticalFitTests {
    static let font = CLIRunner.fixture("fonts/ipaexg.ttf")
    static let text = "縦書きのテキストを枠に収める、日本語の組版。"

    @Test(arguments: [(100.0, 150.0), (60, 300), (200, 90), (37, 411)])
    func columnsFitTheFrameRightToLeft(width: Double, height: Double) throws {
        let json = try CLIRunner.json([
            "fit", "--font", Self.font, "--direction", "ttb", "--frame", "\(width)x\(height)", "--size", "80",
            "--min-scale", "0.01", "--", Self.text,
        ])
        #expect(json["fits"] as? Bool == true && json["vertical"] as? Bool == true)
        let size = (json["size"] as! NSNumber).doubleValue
        let columns = json["lines"] as! [[String: Any]]
        var previousX = Double.infinity
        for column in columns {
            let x = (column["x"] as! NSNumber).doubleValue, columnWidth = (column["width"] as! NSNumber).doubleValue
            let columnHeight = (column["height"] as! NSNumber).doubleValue
            #expect(x >= -1e-9 && x + columnWidth <= width * (1 + 1e-9), "inside the frame's width")
            #expect(columnHeight <= height * (1 + 1e-9), "no longer than the frame is tall")
            #expect(x < previousX, "right to left")
            previousX = x
            // The column is as long as its text measured down a column at the fitted size.
            let measured = try CLIRunner.json([
                "measure", "--font", Self.font, "--direction", "ttb", "--size", String(size), "--", column["text"] as! String,
            ])
            let advance = (measured["advance"] as! NSNumber).doubleValue
            #expect(abs(advance - columnHeight) <= 1e-9 * advance)
        }
        // The size is the largest: a hair larger does not fit.
        let larger = try CLIRunner.json([
            "fit", "--font", Self.font, "--direction", "ttb", "--frame", "\(width)x\(height)",
            "--size", String(size * (1 + 1e-6)), "--line-limit", String(columns.count), "--", Self.text,
        ])
        #expect(larger["fits"] as? Bool == false)
    }
}

/// Stacks, ruby and a measured line's picture are horizontal: a vertical direction is refused with
/// a message that says so, never laid out as a silent 0.
@Suite struct VerticalLayoutRefusalTests {
    static let commands: [[String]] = [
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
