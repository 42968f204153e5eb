import FontFit
import Foundation

let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// A fixture font by file name (Fixtures/fonts); tests never read system fonts.
func loadFont(_ name: String, variations: [FontVariation] = []) throws -> Font {
    try Font(face: FontFace(contentsOf: fixtures.appendingPathComponent("fonts/\(name)").path), variations: variations)
}

/// The fixture font alone as a stack: what fits, stacks and ruby take.
func loadFonts(_ name: String, variations: [FontVariation] = []) throws -> FontStack {
    FontStack(try loadFont(name, variations: variations))
}

/// The cases of a golden Fixtures/goldens/`name` written by one of the Chromium scripts
/// (make-chromium-goldens, make-wrap-goldens, make-text-fit-goldens), as the script wrote them.
func chromiumGoldenCases(_ name: String) -> [[String: Any]] {
    guard let data = try? Data(contentsOf: fixtures.appendingPathComponent("goldens/\(name)")),
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [] }
    return root["cases"] as? [[String: Any]] ?? []
}
