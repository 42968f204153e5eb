import Foundation
import Testing

@testable import LocalizationCheck

/// Every fixture catalog (real translations from Debian's gettext catalogs, and files written from
/// them by scripts/make-catalog-fixtures) read with the counts the script found independently.
@Suite struct CatalogReaderTests {
    static let catalogs = Fixture.expected.keys.filter { !$0.hasPrefix("bad/") && !$0.hasSuffix(".xcstrings") }.sorted()

    static func hasPlaceholder(_ string: CatalogString) -> Bool {
        Placeholders.expand(string.text, syntax: string.syntax, samples: PlaceholderSamples()).contains { $0.text != string.text }
    }

    @Test(arguments: catalogs)
    func counts(_ catalog: String) throws {
        let facts = Fixture.expected[catalog]!
        let contents = try CatalogReader.read(path: Fixture.path("catalogs/" + catalog), sourceLocale: "en")
        #expect(Set(contents.strings.map(\.locale)) == [facts["locale"] as! String])
        #expect(contents.strings.count == facts["strings"] as! Int)
        #expect(Set(contents.strings.map { [$0.key, $0.context] }).count == facts["keys"] as! Int)
        let plurals = contents.strings.filter { $0.branch.contains { $0.hasPrefix("n=") && $0 != "n=0" || $0.hasPrefix("quantity=") || $0.hasPrefix("count=") } }
        // gettext plurals count every msgstr[n] of an entry with msgid_plural.
        let pluralStrings = catalog.hasSuffix(".po")
            ? contents.strings.filter { !$0.branch.isEmpty }.count : plurals.count
        #expect(pluralStrings == facts["plurals"] as! Int)
        #expect(contents.strings.filter(Self.hasPlaceholder).count == facts["placeholders"] as! Int)
        if let fuzzy = facts["fuzzy"] as? Int {
            #expect(contents.strings.filter { $0.flags.contains("fuzzy") }.count == fuzzy)
        }
        if let untranslated = facts["untranslated"] as? Int {
            #expect(contents.untranslated == untranslated)
        }
    }

    @Test func stringCatalog() throws {
        let facts = Fixture.expected["apple/Localizable.xcstrings"]!
        let contents = try CatalogReader.read(path: Fixture.path("catalogs/apple/Localizable.xcstrings"), sourceLocale: "en")
        let byLocale = facts["byLocale"] as! [String: [String: Int]]
        for (locale, counts) in byLocale {
            let strings = contents.strings.filter { $0.locale == locale }
            #expect(strings.count == counts["strings"], "\(locale)")
            #expect(strings.filter { $0.branch.contains { $0.hasPrefix("plural=") } }.count == counts["plurals"], "\(locale)")
            #expect(strings.filter(Self.hasPlaceholder).count == counts["placeholders"], "\(locale)")
        }
        #expect(contents.strings.filter { $0.flags.contains("needs_review") }.count == facts["needs_review"] as! Int)
        #expect(contents.untranslated == facts["untranslated"] as! Int)
    }

    /// Texts as measured (placeholders replaced by the default samples), written by the script for the
    /// cases each format's rules decide: Android `@string/` references and `formatted="false"`, XLIFF
    /// inline codes (value placeholders, tags, line breaks) and pretty-printed white space, xcstrings
    /// substitutions (`%#@bytes@` with `%arg`) and device variations.
    @Test(arguments: Fixture.expected.keys.filter { Fixture.expected[$0]!["texts"] != nil }.sorted())
    func extractedTexts(_ catalog: String) throws {
        let contents = try CatalogReader.read(path: Fixture.path("catalogs/" + catalog), sourceLocale: "en")
        func measured(_ string: CatalogString) -> String {
            Placeholders.expand(string.text, syntax: string.syntax, samples: PlaceholderSamples())[0].text
        }
        let texts = Fixture.expected[catalog]!["texts"] as! [String: Any]
        for (key, value) in texts {
            let strings = contents.strings.filter { $0.key == key && $0.locale != "en" }
            if let byBranch = value as? [String: String] {
                #expect(Dictionary(uniqueKeysWithValues: strings.map { ($0.branch.joined(separator: ","), measured($0)) }) == byBranch, "\(key)")
            } else {
                #expect(strings.map(measured) == [value as! String], "\(key)")
            }
        }
        if let stale = Fixture.expected[catalog]!["stale"] as? Int {
            #expect(contents.strings.filter { $0.flags.contains("stale") }.count == stale)
        }
    }

    /// gettext's locale: the header's `Language`, refined by the file's name or folder when that
    /// names the same language more precisely (Debian's sr@latin catalog says `Language: sr`), never
    /// replaced by a name that names another language.
    @Test(arguments: [
        ("po/gdk-pixbuf/sr@latin.po", "/l10n/sr@Latn/LC_MESSAGES/gdk-pixbuf.po", "sr-Latn"),
        ("po/gdk-pixbuf/sr@latin.po", "/l10n/sr.po", "sr"),
        ("po/xdg-user-dirs/de.po", "/l10n/de_AT.po", "de-AT"),
        ("po/xdg-user-dirs/de.po", "/l10n/fr.po", "de"),
    ])
    func gettextLocaleFromHeaderAndName(_ fixture: String, _ path: String, _ locale: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("catalogs/" + fixture)))
        let contents = try CatalogReader.read(data, path: path, sourceLocale: "en")
        #expect(!contents.strings.isEmpty)
        #expect(Set(contents.strings.map(\.locale)) == [locale])
    }

    /// Every string's line is where its value is: the value's first word is on that line, or on the
    /// next where the line only opens the value (`msgstr ""` before continuation lines, a
    /// pretty-printed `<target>`). Files in UTF-16 are read as such.
    @Test(arguments: Fixture.expected.keys.filter { !$0.hasPrefix("bad/") }.sorted())
    func linesAreWhereTheValuesAre(_ catalog: String) throws {
        let path = Fixture.path("catalogs/" + catalog)
        let contents = try CatalogReader.read(path: path, sourceLocale: "en")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = try #require(AppleStringsCatalog.decode(data))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var onTheLine = 0
        for string in contents.strings {
            let line = try #require(string.line, "\(string.key)")
            // The first run of three or more letters: no format escapes letters.
            guard let word = string.text.split(whereSeparator: { !$0.isLetter }).first(where: { $0.count >= 3 }) else { continue }
            #expect((1...lines.count).contains(line), "\(string.key)")
            guard (1...lines.count).contains(line) else { continue }
            // An Android `@string/name` alias is measured as the string it names, and is on its own line.
            if lines[line - 1].contains(word) || lines[line - 1].contains(">@string/") {
                onTheLine += 1
            } else {
                let opener = lines[line - 1].trimmingCharacters(in: .whitespaces)
                #expect(opener.hasSuffix("\"\"") || opener.hasSuffix(">"), "\(catalog) \(string.key): line \(line) is \(opener)")
                #expect(line < lines.count && lines[line].contains(word), "\(catalog) \(string.key) [\(word)] not at line \(line)")
            }
        }
        #expect(onTheLine > 0, "no value on its own line in \(catalog)")
    }

    /// XLIFF's own limits: pixel widths replace the frame's width, char limits are recorded only.
    @Test(arguments: ["xliff/de.xlf", "xliff/fi.xlf"])
    func xliffSizeLimits(_ catalog: String) throws {
        let limits = Fixture.expected[catalog]!["limits"] as! [String: [String: Int]]
        let contents = try CatalogReader.read(path: Fixture.path("catalogs/" + catalog), sourceLocale: "en")
        let spec = try LabelSpec.parse("defaults: {frame: 343x60}")
        for string in contents.strings {
            let settings = spec.resolve(rule: nil, locale: string.locale, limit: string.limit)
            let limit = limits[string.key]
            #expect(settings.frame.width == limit?["width"].map(Double.init) ?? 343, "\(string.key)")
            #expect(settings.frame.height == 60)
            #expect(settings.lengthLimit == limit?["length"], "\(string.key)")
        }
    }

    /// Files broken on purpose by the script, each at a line it recorded.
    @Test(arguments: ["bad/fi.po", "bad/values-de/strings.xml"])
    func malformedCatalogNamesItsLine(_ catalog: String) throws {
        let path = Fixture.path("catalogs/" + catalog)
        #expect {
            _ = try CatalogReader.read(path: path, sourceLocale: "en")
        } throws: { error in
            let error = error as! CatalogError
            return error.catalog == path && error.line == Fixture.expected[catalog]!["line"] as? Int
        }
    }

    @Test func malformedJSONNamesTheFile() throws {
        let path = Fixture.path("catalogs/bad/de.json")
        #expect(throws: CatalogError.self) { try CatalogReader.read(path: path, sourceLocale: "en") }
        do {
            _ = try CatalogReader.read(path: path, sourceLocale: "en")
        } catch {
            #expect(error.catalog == path)
            #expect(error.line != nil)
        }
    }

    /// The other catalogs are still checked when one cannot be read.
    @Test func badCatalogDoesNotStopTheRun() async throws {
        let spec = try LabelSpec.load(path: Fixture.path("labels.yaml"))
        let run = try await Checker(spec: spec).run(catalogs: [
            Fixture.path("catalogs/bad/fi.po"), Fixture.path("catalogs/po/xdg-user-dirs/fi.po"),
        ])
        #expect(run.errors.map(\.catalog) == [Fixture.path("catalogs/bad/fi.po")])
        #expect(run.checks.count == Fixture.expected["po/xdg-user-dirs/fi.po"]!["strings"] as! Int)
    }
}
