import Foundation
import Testing

/// Read right or refuse: a catalog that does not parse completely, holds a value of the wrong type or
/// a bad escape is an error (exit 65, `file:line: message` on standard error, the catalog and its line
/// in the JSON `errors`), never a partial read. Each broken file is made here from a real fixture
/// catalog (see Fixtures/README.md), cut or changed at a place the case names, and the line expected
/// is the line of that place in the file.
@Suite struct MalformedCatalogTests {
    /// How a case breaks its fixture: cut it right after the first `after`, or replace the first
    /// `find` by `replace`.
    enum Breakage: Sendable, CustomStringConvertible {
        case truncate(after: String)
        case replace(String, with: String)

        var description: String {
            switch self {
            case .truncate(let after): "cut after \(after.debugDescription)"
            case .replace(let find, let replacement): "\(find.debugDescription) → \(replacement.debugDescription)"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        /// The fixture, under Fixtures/catalogs/.
        var fixture: String
        /// Where the broken copy goes under a temporary folder (folder names carry locales).
        var path: String
        var breakage: Breakage
        /// Words the error message must hold.
        var message: String

        var description: String { "\(path): \(breakage)" }
    }

    static let cases: [Case] = [
        // gettext: a msgstr cut in its text, an unknown escape, a Weblate flag whose size is no number.
        Case(fixture: "po/xdg-user-dirs/fi.po", path: "fi.po", breakage: .truncate(after: #"msgstr "Työp"#), message: "quoted"),
        Case(fixture: "po/xdg-user-dirs/fi.po", path: "fi.po", breakage: .replace(#""Asiakirjat""#, with: #""Asia\qkirjat""#),
             message: "escape"),
        Case(fixture: "po/xdg-user-dirs/fi.po", path: "fi.po",
             breakage: .replace("msgid \"Desktop\"", with: "#, max-size:wide\nmsgid \"Desktop\""), message: "max-size"),
        // Android: a file that ends inside a <string>, a \u escape without four hex digits, a plural
        // item whose quantity is not one of CLDR's.
        Case(fixture: "android/res/values-de/strings.xml", path: "res/values-de/strings.xml",
             breakage: .truncate(after: #"<string name="folder_Documents">Doku"#), message: "<string>"),
        Case(fixture: "android/res/values-de/strings.xml", path: "res/values-de/strings.xml",
             breakage: .replace(">Dokumente<", with: #">Doku\u00zzmente<"#), message: "\\u"),
        Case(fixture: "android/res/values-de/strings.xml", path: "res/values-de/strings.xml",
             breakage: .replace(#"<item quantity="one">"#, with: #"<item quantity="lots">"#), message: "quantity"),
        // String Catalog: cut inside an entry, a number where a string's value goes, a bad JSON escape.
        Case(fixture: "apple/Localizable.xcstrings", path: "Localizable.xcstrings",
             breakage: .truncate(after: #""value": "Anwe"#), message: "JSON"),
        Case(fixture: "apple/Localizable.xcstrings", path: "Localizable.xcstrings",
             breakage: .replace(#""value": "Anwendungen""#, with: #""value": 42"#), message: "value"),
        Case(fixture: "apple/Localizable.xcstrings", path: "Localizable.xcstrings",
             breakage: .replace(#""value": "Anwendungen""#, with: #""value": "Anwend\xungen""#), message: "escape"),
        // .strings: cut inside a value, a \U escape without four hex digits.
        Case(fixture: "apple/de.lproj/Localizable.strings", path: "de.lproj/Localizable.strings",
             breakage: .truncate(after: #""Documents" = "Doku"#), message: "string"),
        Case(fixture: "apple/de.lproj/Localizable.strings", path: "de.lproj/Localizable.strings",
             breakage: .replace(#""Dokumente""#, with: #""Doku\U00zzmente""#), message: "\\U"),
        // .stringsdict: cut inside a plural form, a number where a form's string goes, an undeclared entity.
        Case(fixture: "apple/de.lproj/Localizable.stringsdict", path: "de.lproj/Localizable.stringsdict",
             breakage: .truncate(after: "<string>Anforderung von %d Bytes f"), message: "<string>"),
        Case(fixture: "apple/de.lproj/Localizable.stringsdict", path: "de.lproj/Localizable.stringsdict",
             breakage: .replace("<string>Anforderung von %d Bytes für den Bildlesepuffer ist fehlgeschlagen</string>",
                                with: "<integer>2</integer>"), message: "other"),
        Case(fixture: "apple/de.lproj/Localizable.stringsdict", path: "de.lproj/Localizable.stringsdict",
             breakage: .replace("Bytes für den", with: "Bytes &fuer; den"), message: "entity"),
        // XLIFF 1.2 and 2.0: cut inside a target, a size limit that is no number, an undeclared entity.
        Case(fixture: "xliff/de.xlf", path: "de.xlf", breakage: .truncate(after: "<target state=\"translated\">Schreib"),
             message: "<target>"),
        Case(fixture: "xliff/de.xlf", path: "de.xlf", breakage: .replace(#"maxwidth="60""#, with: #"maxwidth="wide""#),
             message: "maxwidth"),
        Case(fixture: "xliff/de.xlf", path: "de.xlf", breakage: .replace(">Schreibtisch<", with: ">Schreib&tisch;<"),
             message: "entity"),
        Case(fixture: "xliff/fi.xlf", path: "fi.xlf", breakage: .truncate(after: "<target>Työp"), message: "<target>"),
        Case(fixture: "xliff/fi.xlf", path: "fi.xlf",
             breakage: .replace(#"slr:sizeRestriction="70""#, with: #"slr:sizeRestriction="wide""#), message: "sizeRestriction"),
        // i18next and Chrome JSON: cut inside a value, a number where a string goes, a bad escape.
        Case(fixture: "json/i18next/de.json", path: "de.json", breakage: .truncate(after: #""Documents": "Doku"#), message: "JSON"),
        Case(fixture: "json/i18next/de.json", path: "de.json", breakage: .replace(#""Dokumente""#, with: "7"), message: "number"),
        Case(fixture: "json/i18next/de.json", path: "de.json", breakage: .replace(#""Dokumente""#, with: #""Doku\qmente""#),
             message: "escape"),
        Case(fixture: "json/_locales/de/messages.json", path: "_locales/de/messages.json",
             breakage: .replace(#""message": "Dokumente""#, with: #""message": true"#), message: "message"),
    ]

    /// The broken copy, and the 1-based line of the place it was broken.
    static func broken(_ test: Case) throws -> (data: Data, line: Int) {
        let text = try String(contentsOf: CLIRunner.fixtures.appendingPathComponent("catalogs/" + test.fixture), encoding: .utf8)
        func line(before index: String.Index) -> Int { text[..<index].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) } }
        switch test.breakage {
        case .truncate(let after):
            let range = try #require(text.range(of: after), "\(after) is not in \(test.fixture)")
            return (Data(text[..<range.upperBound].utf8), line(before: range.upperBound))
        case .replace(let find, let replacement):
            let range = try #require(text.range(of: find), "\(find) is not in \(test.fixture)")
            // The line of the first changed character (a replacement that adds lines first breaks there).
            let changed = find.commonPrefix(with: replacement).count
            let place = text.index(range.lowerBound, offsetBy: changed)
            return (Data(text.replacingCharacters(in: range, with: replacement).utf8), line(before: place))
        }
    }

    @Test(arguments: cases)
    func brokenCatalogIsAnErrorWithItsLine(_ test: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-malformed-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(test.path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let (data, line) = try Self.broken(test)
        try data.write(to: file)
        let good = CLIRunner.fixture("catalogs/po/xdg-user-dirs/de.po")
        let output = try CLIRunner.run(["check", "--labels", CheckCommandTests.spec, "--format", "json", file.path, good])
        #expect(output.status == 65, "\(output.stderr)")
        let stderr = output.stderr.split(separator: "\n").filter { $0.contains(file.path) }
        #expect(stderr.count == 1 && stderr[0].contains("\(file.path):\(line): "), "\(output.stderr)")
        #expect(stderr.first?.localizedCaseInsensitiveContains(test.message) == true, "\(output.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as! [String: Any]
        let errors = document["errors"] as! [[String: Any]]
        #expect(errors.count == 1)
        #expect(errors.first?["catalog"] as? String == file.path)
        #expect(errors.first?["line"] as? Int == line)
        // Nothing of the broken catalog is checked; the good one is.
        let checks = document["checks"] as! [[String: Any]]
        #expect(!checks.isEmpty && checks.allSatisfy { $0["catalog"] as? String == good })
    }
}
