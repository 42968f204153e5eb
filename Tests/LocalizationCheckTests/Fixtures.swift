import Foundation

/// The repository's Fixtures folder, found from this file's path.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Facts about every fixture catalog, counted by scripts/make-catalog-fixtures (polib for .po).
    nonisolated(unsafe) static let expected: [String: [String: Any]] = {  // read-only after its first use
        let data = try! Data(contentsOf: root.appendingPathComponent("catalogs/expected.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: [String: Any]]
    }()
}
