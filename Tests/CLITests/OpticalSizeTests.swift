import Foundation
import Testing

/// Automatic optical sizing (issue 7): a font with an `opsz` axis is measured at opsz = size, as
/// CSS and Apple's text stacks draw it; fontfit used to measure the default instance unless told,
/// up to 18 % off. Expected advances from hb-shape with --variations=opsz=SIZE (scripts/make-text-goldens).
@Suite struct OpticalSizeTests {
    struct Golden: Sendable {
        let font: String, text: String, unitsPerEm: Double
        let cases: [(size: Double, advance: Double)]
    }

    static let golden: Golden = {
        let json = try! loadGolden("opsz.json")
        return Golden(
            font: CLIRunner.fixture("fonts/" + (json["font"] as! String)), text: json["text"] as! String,
            unitsPerEm: (json["unitsPerEm"] as! NSNumber).doubleValue,
            cases: (json["cases"] as! [[String: NSNumber]]).map { ($0["size"]!.doubleValue, $0["advance"]!.doubleValue) })
    }()
    static var font: String { golden.font }
    static var text: String { golden.text }
    static var unitsPerEm: Double { golden.unitsPerEm }
    static var cases: [(size: Double, advance: Double)] { golden.cases }

    @Test func measureSetsOpszToTheSize() throws {
        for (size, advance) in Self.cases {
            let json = try CLIRunner.json(["measure", "--font", Self.font, "--size", String(size), "--", Self.text])
            let expected = advance / Self.unitsPerEm * size
            #expect(abs((json["width"] as! NSNumber).doubleValue - expected) <= 1e-9 * expected, "at \(size) pt")
        }
    }

    @Test func variationsOrTheFlagKeepTheAxis() throws {
        let defaultAdvance = Self.cases.first { $0.0 == 6 }!.1  // opsz clamps to the axis minimum, its default
        for arguments in [["--no-optical-size"], ["--variations", "opsz=8"]] {
            let json = try CLIRunner.json(["measure", "--font", Self.font, "--size", "72"] + arguments + ["--", Self.text])
            let expected = defaultAdvance / Self.unitsPerEm * 72
            #expect(abs((json["width"] as! NSNumber).doubleValue - expected) <= 1e-9 * expected, "\(arguments)")
        }
    }
}
