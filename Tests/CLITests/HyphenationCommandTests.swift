import Foundation
import Testing

/// `--hyphens` on the command line, in batch requests and in JSON (issue 32).
@Suite struct HyphenationCommandTests {
    static let button = ["Datenschutzeinstellungen verwalten", "--frame", "120xinf", "--size", "17", "--min-scale", "0.1", "--language", "de"]

    /// The German button: 9.2 pt without hyphenation, the full 17 pt with it; the lines
    /// that end in a drawn hyphen say so.
    @Test func germanButton() throws {
        let manual = try CLIRunner.json(["fit"] + Self.button)
        let auto = try CLIRunner.json(["fit"] + Self.button + ["--hyphens", "auto"])
        #expect(abs((manual["size"] as! Double) - 9.2014) < 1e-4)
        #expect(auto["size"] as! Double == 17)
        let lines = auto["lines"] as! [[String: Any]]
        #expect(lines.map { $0["text"] as! String } == ["Daten‐", "schutzeinstel‐", "lungen ver‐", "walten"])
        #expect(lines.map { $0["hyphenated"] as? Bool } == [true, true, true, nil])
        #expect(auto["hyphenationUnavailable"] == nil)
        let none = try CLIRunner.json(["fit"] + Self.button + ["--hyphens", "none"])
        #expect(none["size"] as! Double == manual["size"] as! Double)
    }

    /// A language with no dictionary (Swedish: no hyphen-sv here) breaks as `manual`, with a
    /// warning and a JSON member.
    @Test func swedishFallsBackToManual() throws {
        let arguments = ["fit", "--json", "Datenschutzeinstellungen", "--frame", "120xinf", "--size", "17", "--min-scale", "0.1", "--language", "sv", "--hyphens", "auto"]
        let output = try CLIRunner.run(arguments)
        #expect(output.status == 0)
        #expect(output.stderr.contains("warning: no hyphenation dictionary for language 'sv'"))
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as! [String: Any]
        #expect(json["hyphenationUnavailable"] as? Bool == true)
        #expect((json["lines"] as! [Any]).count == 1)
    }

    @Test func batchRequests() throws {
        let requests = """
            {"id":1,"text":"Datenschutzeinstellungen verwalten","frame":"120xinf","size":17,"minScale":0.1,"language":"de","hyphens":"auto"}
            {"id":2,"text":"Datenschutzeinstellungen","frame":"120xinf","size":17,"minScale":0.1,"language":"sv","hyphens":"auto"}
            {"id":3,"text":"x","size":17,"hyphens":"some"}

            """
        let answers = try CLIRunner.batchAnswers(requests)
        #expect(answers.count == 3)
        #expect(answers[0]["size"] as? Double == 17)
        #expect(((answers[0]["lines"] as! [[String: Any]])[0]["hyphenated"]) as? Bool == true)
        #expect(answers[1]["hyphenationUnavailable"] as? Bool == true)
        #expect((answers[2]["error"] as? [String: Any])?["message"] as? String == "invalid hyphens 'some': expected auto, manual, none")
    }

    /// A check spec's `hyphens: auto`: of the sample German and Finnish catalogs' 407 checks, the
    /// one German string that only shrank fits once it hyphenates; no other verdict changes.
    @Test func checkSpec() throws {
        try CLIRunner.withTemporaryDirectory("hyphens") { directory in
            var verdicts: [String: [String: String]] = [:]
            for hyphens in ["manual", "auto"] {
                let (stderr, checks) = try CLIRunner.checksByText(
                    defaults: "size: 15, minimumScaleFactor: 0.85, frame: 343x60, lineLimit: 2, hyphens: \(hyphens)",
                    catalogs: ["catalogs/po/gdk-pixbuf/de.po", "catalogs/po/gdk-pixbuf/fi.po"], in: directory, name: hyphens)
                #expect(!stderr.contains("no hyphenation dictionary"))
                verdicts[hyphens] = checks.compactMapValues { $0["verdict"] as? String }
            }
            let changed = verdicts["manual"]!.filter { verdicts["auto"]![$0.key] != $0.value }
            #expect(changed == ["Daten in der GIF-Datei unvollständig (vielleicht wurden sie irgendwie verstümmelt?)": "shrinks"])
            #expect(verdicts["auto"]!["Daten in der GIF-Datei unvollständig (vielleicht wurden sie irgendwie verstümmelt?)"] == "fits")
        }
    }
}
