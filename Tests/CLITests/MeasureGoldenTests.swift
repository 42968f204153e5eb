import Foundation
import Testing

/// `fontfit measure --json` against the advances hb-shape reports and the outline bounds fontTools
/// reads independently (scripts/make-goldens).
@Suite struct MeasureGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String, font: String, faceIndex: Int, text: String, features: String, variations: String
        let advanceSum: Double
        let ink: [String: Double]?
        let missing: [String]
        var testDescription: String { id }
    }

    static let cases: [Case] = {
        let golden = try! loadGolden("measure.json")
        return (golden["cases"] as! [[String: Any]]).map { entry in
            Case(
                id: entry["id"] as! String, font: entry["font"] as! String,
                faceIndex: entry["faceIndex"] as! Int, text: entry["text"] as! String,
                features: entry["features"] as! String, variations: entry["variations"] as! String,
                advanceSum: (entry["advanceSum"] as! NSNumber).doubleValue,
                ink: (entry["ink"] as? [String: NSNumber])?.mapValues(\.doubleValue),
                missing: entry["missing"] as! [String])
        }
    }()

    /// fontTools' line metrics for each face and variation setting, keyed by "font#face#variations".
    static let faceMetrics: [String: [String: Double]] = {
        let golden = try! loadGolden("faces.json")
        var result: [String: [String: Double]] = [:]
        for face in golden["faces"] as! [[String: Any]] {
            let key = "\(face["font"]!)#\(face["faceIndex"]!)#\(face["variations"]!)"
            result[key] = (face["lineMetrics"] as! [String: NSNumber]).mapValues(\.doubleValue)
                .merging(["unitsPerEm": (face["unitsPerEm"] as! NSNumber).doubleValue]) { $1 }
        }
        return result
    }()

    /// Fractional sizes are normal; each case is measured at two.
    static let sizes = [37.25, 12]

    @Test(arguments: cases)
    func measureAgreesWithHarfBuzzAdvancesAndFontToolsBounds(_ golden: Case) throws {
        for size in Self.sizes {
            var arguments = [
                "measure", "--font", CLIRunner.fixture(golden.font), "--face-index", String(golden.faceIndex),
                "--size", String(size), "--no-optical-size",
            ]
            if !golden.features.isEmpty { arguments += ["--features", golden.features] }
            if !golden.variations.isEmpty { arguments += ["--variations", golden.variations] }
            let json = try CLIRunner.json(arguments + ["--", golden.text])
            let unitsPerEm = (json["unitsPerEm"] as! NSNumber).doubleValue
            let scale = size / unitsPerEm
            let width = (json["width"] as! NSNumber).doubleValue
            let expectedWidth = golden.advanceSum * scale
            #expect(abs(width - expectedWidth) <= 1e-9 * max(1, abs(expectedWidth)), "width")

            // Line metrics: fontTools' reading, to 1e-6 em.
            let key = "\(golden.font)#\(golden.faceIndex)#\(golden.variations)"
            let metrics = try #require(Self.faceMetrics[key] ?? Self.faceMetrics["\(golden.font)#\(golden.faceIndex)#"])
            #expect(metrics["unitsPerEm"] == unitsPerEm)
            let ascent = (json["ascent"] as! NSNumber).doubleValue
            let tolerance = 1e-6 * size
            #expect(abs(ascent - metrics["ascent"]! * scale) <= tolerance)
            #expect(abs((json["descent"] as! NSNumber).doubleValue - metrics["descent"]! * scale) <= tolerance)
            #expect(abs((json["lineGap"] as! NSNumber).doubleValue - metrics["lineGap"]! * scale) <= tolerance)
            let lineHeight = (metrics["ascent"]! + metrics["descent"]! + metrics["lineGap"]!) * scale
            #expect(abs((json["lineHeight"] as! NSNumber).doubleValue - lineHeight) <= tolerance)

            // Ink, converted from fontTools' y-up font units to line-box coordinates.
            let ink = (json["ink"] as! [String: NSNumber]).mapValues(\.doubleValue)
            if let expected = golden.ink {
                #expect(abs(ink["x"]! - expected["xMin"]! * scale) <= tolerance)
                #expect(abs(ink["y"]! - (ascent - expected["yMax"]! * scale)) <= tolerance)
                #expect(abs(ink["width"]! - (expected["xMax"]! - expected["xMin"]!) * scale) <= tolerance)
                #expect(abs(ink["height"]! - (expected["yMax"]! - expected["yMin"]!) * scale) <= tolerance)
            } else {
                #expect(ink["width"] == 0 && ink["height"] == 0, "text with no ink has an empty ink box")
            }
            #expect(json["missing"] as! [String] == golden.missing)
        }
    }

    @Test func missingGlyphsWarnOnStderrWithoutFailing() throws {
        let output = try CLIRunner.run(["measure", "--font", CLIRunner.fixture("fonts/DejaVuSans.ttf"), "ok 👍"])
        #expect(output.status == 0)
        #expect(output.stderr.hasPrefix("warning: "))
        #expect(output.stderr.contains("U+1F44D"))
        #expect(output.stdout.contains("missing"))
    }

    @Test func defaultFontAndSizeNeedNoOptions() throws {
        let bundled = try CLIRunner.run(["measure", "--json", "Hello"])
        let dejaVu = try CLIRunner.run(
            ["measure", "--json", "--font", CLIRunner.fixture("fonts/DejaVuSans.ttf"), "--size", "12", "Hello"])
        #expect(bundled.status == 0 && dejaVu.status == 0)
        // Everything but the file each font resolved to (the bundled copy lives in the build folder).
        func withoutFonts(_ output: String) throws -> NSDictionary {
            var object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
            object["fonts"] = nil
            return object as NSDictionary
        }
        #expect(try withoutFonts(bundled.stdout) == withoutFonts(dejaVu.stdout), "the default is DejaVu Sans at 12 pt")
    }
}
