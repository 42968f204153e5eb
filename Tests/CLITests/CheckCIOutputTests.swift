import Foundation
import Testing

/// What `fontfit check` gives a CI job besides a verdict: SARIF for code scanning (validated against
/// the OASIS SARIF 2.1.0 schema), GitHub workflow annotations, and baselines that fail a run only on
/// checks that are new or changed.
@Suite struct CheckCIOutputTests {
    static let spec = CheckCommandTests.spec
    static let catalogs = CheckCommandTests.catalogs

    /// The failing checks of the JSON output: (catalog, line, locale, key, branch).
    static func failures(_ jsonLines: [[String: Any]]) -> [[String]] {
        jsonLines.filter { $0["failed"] as? Bool == true }.map { check in
            [check["catalog"] as! String, (check["line"] as? Int).map(String.init) ?? "", check["locale"] as! String,
             check["key"] as! String, check["branch"] as! String]
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func sarifIsValidAndHasAResultPerFailingCheckAtItsLine() throws {
        let (_, checks) = try CheckCommandTests.checks()
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "sarif"] + Self.catalogs)
        #expect(output.status == 1)
        // The schema, with the standard library's JSON Schema validator (Debian's python3-jsonschema).
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-\(getpid())-\(UUID().uuidString).sarif")
        try Data(output.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let validation = Process()
        validation.executableURL = CLIRunner.fixtures.deletingLastPathComponent().appendingPathComponent("scripts/validate-sarif")
        validation.arguments = [file.path]
        let errors = Pipe()
        validation.standardError = errors
        try validation.run()
        validation.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(validation.terminationStatus == 0, "\(message)")

        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as! [String: Any]
        #expect(document["version"] as? String == "2.1.0")
        let run = (document["runs"] as! [[String: Any]])[0]
        let rules = ((run["tool"] as! [String: Any])["driver"] as! [String: Any])["rules"] as! [[String: Any]]
        #expect(rules.map { $0["id"] as! String } == ["overflows", "truncated", "missing-glyphs"])
        let results = run["results"] as! [[String: Any]]
        var located: [[String]] = []
        for result in results {
            let ruleIndex = result["ruleIndex"] as! Int
            #expect(rules[ruleIndex]["id"] as? String == result["ruleId"] as? String)
            let physical = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            let uri = (physical["artifactLocation"] as! [String: Any])["uri"] as! String
            let line = ((physical["region"] as? [String: Any])?["startLine"] as? Int).map(String.init) ?? ""
            let properties = result["properties"] as! [String: Any]
            let catalog = uri.hasPrefix("file://") ? String(uri.dropFirst(7)).removingPercentEncoding! : uri.removingPercentEncoding!
            located.append([catalog, line, properties["locale"] as! String, properties["key"] as! String, properties["branch"] as! String])
            let text = (result["message"] as! [String: Any])["text"] as! String
            #expect(text.contains(properties["text"] as! String), "the message quotes the text")
            #expect(properties["neededScale"] != nil && properties["frame"] != nil && properties["size"] != nil)
        }
        located.sort { $0.lexicographicallyPrecedes($1) }
        #expect(!located.isEmpty)
        #expect(located == Self.failures(checks), "one result per failing check, at the line the JSON output gives")
    }

    @Test func githubAnnotationsAreOneWorkflowCommandPerFailingCheck() throws {
        let (_, checks) = try CheckCommandTests.checks()
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "github"] + Self.catalogs)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let pattern = try Regex(#"^::error file=([^,:]+),line=([0-9]+),title=fontfit check%3A (overflows|truncated|missing-glyphs)::([^\r\n]+)$"#)
        var located: [[String]] = []
        for line in lines {
            guard let match = try pattern.wholeMatch(in: String(line)) else {
                Issue.record("not a workflow command of the expected form: \(line)")
                continue
            }
            let file = String(match.output[1].substring!).removingPercentEncoding!
            located.append([file, String(match.output[2].substring!)])
            let message = String(match.output[4].substring!)
            #expect(!message.contains("\n") && !message.contains("\r"))
        }
        let expected = Self.failures(checks).map { [$0[0], $0[1]] }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(located.sorted { $0.lexicographicallyPrecedes($1) } == expected)
    }

    @Test func workflowCommandValuesAreEscaped() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-gh-\(getpid())-\(UUID().uuidString)")
        let catalog = dir.appendingPathComponent("a,b:c%d").appendingPathComponent("de.po")
        try FileManager.default.createDirectory(at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("msgid \"Save\"\nmsgstr \"100 % Einstellungen\\nspeichern und alles verwerfen\"\n".utf8).write(to: catalog)
        let spec = dir.appendingPathComponent("labels.yaml")
        try Data("version: 1\ndefaults: {size: 17, minimumScaleFactor: 1, frame: 80x30, lineLimit: 1}\n".utf8).write(to: spec)
        let output = try CLIRunner.run(["check", "--labels", spec.path, "--format", "github", catalog.path])
        #expect(output.status == 1)
        let line = try #require(output.stdout.split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix("::error file=" + catalog.path.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") + ",line=2,"))
        #expect(line.contains("100 %25 Einstellungen%0Aspeichern"), "\(line)")
    }

    /// Adopting the check on a project with failures: record them, then fail only on what changes.
    @Test func aBaselineFailsOnlyOnNewFailuresAndReportsTheFixedOnes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-baseline-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("labels.yaml")
        try Data("version: 1\ndefaults: {size: 17, minimumScaleFactor: 0.9, frame: 120x30, lineLimit: 1}\n".utf8).write(to: spec)
        func write(_ strings: [(String, String)], to name: String) throws -> String {
            let file = dir.appendingPathComponent(name)
            try Data(strings.map { "msgid \"\($0.0)\"\nmsgstr \"\($0.1)\"\n" }.joined(separator: "\n").utf8).write(to: file)
            return file.path
        }
        let strings = [
            ("Save", "Speichern"), ("Manage privacy settings", "Datenschutzeinstellungen verwalten"),
            ("Cancel", "Abbrechen"), ("Reset and restart", "Zurücksetzen und neu starten, jetzt sofort"),
        ]
        let german = try write(strings, to: "de.po")
        let baseline = dir.appendingPathComponent("baseline.json").path
        let recorded = try CLIRunner.run(["check", "--labels", spec.path, "--write-baseline", baseline, german])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let file = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(file.split(separator: "\n").count == 4, "one line a failure between the header and the end: \(file)")
        #expect(file.contains("\"key\":\"Manage privacy settings\"") && file.contains("\"key\":\"Reset and restart\""))

        // Unchanged: nothing new.
        let unchanged = try CLIRunner.run(["check", "--labels", spec.path, "--baseline", baseline, "--format", "json", german])
        #expect(unchanged.status == 0, "\(unchanged.stdout)")

        // One failure fixed, one passing string broken.
        var changed = strings
        changed[1].1 = "Datenschutz"
        changed[2].1 = "Vorgang abbrechen und alle Änderungen verwerfen"
        _ = try write(changed, to: "de.po")
        let output = try CLIRunner.run(["check", "--labels", spec.path, "--baseline", baseline, "--format", "json", german])
        #expect(output.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as! [String: Any]
        let summary = document["baseline"] as! [String: Any]
        #expect(summary["known"] as? Int == 1)
        #expect((summary["new"] as! [[String: Any]]).map { $0["key"] as! String } == ["Cancel"])
        #expect((summary["new"] as! [[String: Any]]).first?["line"] as? Int == 8)
        #expect((summary["fixed"] as! [[String: Any]]).map { $0["key"] as! String } == ["Manage privacy settings"])

        // The same, for people and for annotations.
        let text = try CLIRunner.run(["check", "--labels", spec.path, "--baseline", baseline, german])
        #expect(text.stdout.contains("baseline: 1 known (○), 1 new (✗), 1 fixed"))
        let github = try CLIRunner.run(["check", "--labels", spec.path, "--baseline", baseline, "--format", "github", german])
        #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }.count == 1)
        #expect(github.stdout.contains("::notice title=fontfit check%3A fixed since the baseline::1 baseline failure fixed: de Manage privacy settings"))

        // Editing a known failure's text makes it new: it has to be looked at again.
        changed[3].1 = "Zurücksetzen und neu starten, jetzt gleich"
        _ = try write(changed, to: "de.po")
        let edited = try CLIRunner.run(["check", "--labels", spec.path, "--baseline", baseline, "--format", "json", german])
        let editedSummary = (try JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as! [String: Any])["baseline"] as! [String: Any]
        #expect(Set((editedSummary["new"] as! [[String: Any]]).map { $0["key"] as! String }) == ["Cancel", "Reset and restart"])

        // A file that is not a baseline is a usage error.
        let wrong = try CLIRunner.run(["check", "--labels", spec.path, "--baseline", spec.path, german])
        #expect(wrong.status == 64 && wrong.stderr.contains("baseline"))
    }
}
