import FontEngine
import Foundation
import Testing

let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

func fixture(_ relativePath: String) -> String {
    fixtures.appendingPathComponent(relativePath).path
}

/// What FontEngine reads from each face against fontTools' independent reading (faces.json,
/// written by scripts/make-goldens).
@Suite struct FaceGoldenTests {
    struct Face: CustomTestStringConvertible, @unchecked Sendable {
        let values: [String: Any]
        var testDescription: String { "\(values["font"]!)#\(values["faceIndex"]!) \(values["variations"]!)" }
        subscript(key: String) -> Any? { values[key] is NSNull ? nil : values[key] }
        func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    }

    static let faces: [Face] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("goldens/faces.json"))
        let golden = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (golden["faces"] as! [[String: Any]]).map(Face.init)
    }()

    @Test(arguments: faces)
    func faceMatchesFontTools(_ golden: Face) throws {
        let face = try FontFace(contentsOf: fixture(golden["font"] as! String), index: golden.int("faceIndex")!)
        let font = try Font(face: face, variations: try FontVariation.list(golden["variations"] as! String))
        let info = font.info
        #expect(info.unitsPerEm == golden.int("unitsPerEm"))
        #expect(info.glyphCount == golden.int("numGlyphs"))
        #expect(info.familyName == golden["familyName"] as? String)
        #expect(info.styleName == golden["styleName"] as? String)
        #expect(info.postScriptName == golden["postScriptName"] as? String)
        let lineMetrics = golden["lineMetrics"] as! [String: NSNumber]
        #expect(info.lineMetrics.ascent == lineMetrics["ascent"]!.doubleValue)
        #expect(info.lineMetrics.descent == lineMetrics["descent"]!.doubleValue)
        #expect(info.lineMetrics.lineGap == lineMetrics["lineGap"]!.doubleValue)
        #expect(info.useTypoMetrics == golden["useTypoMetrics"] as? Bool)
        let hhea = golden["hhea"] as! [String: NSNumber]
        #expect(Self.triple(info.hhea) == Self.triple(hhea))
        // Absent in fontTools' reading means absent in ours too.
        #expect(info.typo.map(Self.triple) == (golden["typo"] as? [String: NSNumber]).map(Self.triple))
        let win = golden["win"] as? [String: NSNumber]
        #expect(info.winAscent == win?["ascent"]?.intValue)
        #expect(info.winDescent == win?["descent"]?.intValue)
        #expect(info.capHeight == golden.int("capHeight"))
        #expect(info.xHeight == golden.int("xHeight"))
        #expect(info.underlinePosition == golden.int("underlinePosition"))
        #expect(info.underlineThickness == golden.int("underlineThickness"))
        let axes = golden["axes"] as! [[String: Any]]
        #expect(info.axes.map(\.tag) == axes.map { $0["tag"] as! String })
        #expect(info.axes.map(\.name) == axes.map { $0["name"] as! String })
        #expect(info.axes.map(\.minValue) == axes.map { ($0["min"] as! NSNumber).doubleValue })
        #expect(info.axes.map(\.defaultValue) == axes.map { ($0["default"] as! NSNumber).doubleValue })
        #expect(info.axes.map(\.maxValue) == axes.map { ($0["max"] as! NSNumber).doubleValue })
        let instances = golden["namedInstances"] as! [[String: Any]]
        #expect(info.namedInstances.map(\.name) == instances.map { $0["name"] as! String })
        #expect(info.namedInstances.map(\.coordinates)
            == instances.map { ($0["coordinates"] as! [String: NSNumber]).mapValues(\.doubleValue) })
        #expect(info.features == golden["features"] as! [String])
        #expect(info.scripts == golden["scripts"] as! [String])
        #expect(info.outlineFormat.rawValue == (golden["outlineFormat"] as? String ?? "none"))
        #expect(info.hasColorGlyphs == golden["hasColorGlyphs"] as? Bool)
    }

    static func triple(_ metrics: RawVerticalMetrics) -> [Int] {
        [metrics.ascender, metrics.descender, metrics.lineGap]
    }

    static func triple(_ golden: [String: NSNumber]) -> [Int] {
        [golden["ascender"]!.intValue, golden["descender"]!.intValue, golden["lineGap"]!.intValue]
    }

    @Test func collectionReportsItsFaces() throws {
        #expect(try FontFace.faceCount(contentsOf: fixture("fonts/Collection.ttc")) == 2)
        #expect(try FontFace.faceCount(contentsOf: fixture("fonts/DejaVuSans.ttf")) == 1)
        let thai = try FontFace(contentsOf: fixture("fonts/Collection.ttc"), index: 1)
        #expect(try Font(face: thai).info.scripts.contains("thai"))
    }

    @Test func namedInstanceSetsItsCoordinates() throws {
        let face = try FontFace(contentsOf: fixture("fonts/Inter-roman.var.ttf"))
        let instances = try Font(face: face).info.namedInstances
        let bold = try #require(instances.firstIndex { $0.name == "Bold" })
        let font = try Font(face: face, namedInstance: bold)
        #expect(font.coordinates.first { $0.tag == "wght" }?.value == instances[bold].coordinates["wght"])
        // The instance and the same axis value shape identically.
        let direct = try Font(face: face, variations: [FontVariation(tag: "wght", value: instances[bold].coordinates["wght"]!)])
        #expect(font.shape("Bold 123").glyphs == direct.shape("Bold 123").glyphs)
        #expect(try FontStack(font).measure("Bold 123", size: 10).width != FontStack((try Font(face: face))).measure("Bold 123", size: 10).width)
    }

    @Test func fontFromDataEqualsFontFromFile() throws {
        let path = fixture("fonts/Cantarell-Regular.otf")
        let fromData = try Font(face: FontFace(data: Data(contentsOf: URL(fileURLWithPath: path)), source: "memory"))
        let fromFile = try Font(face: FontFace(contentsOf: path))
        #expect(fromData.shape("Hamburgefonstiv").glyphs == fromFile.shape("Hamburgefonstiv").glyphs)
    }
}
