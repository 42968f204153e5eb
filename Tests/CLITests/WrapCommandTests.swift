import Foundation
import Testing

/// `--wrap` on the command line, in batch requests and in check specs (issue 32).
@Suite struct WrapCommandTests {
    static let headline = [
        "Balanced lines make a headline easier to read at a glance", "--font", CLIRunner.fixture("fonts/DejaVuSans.ttf"),
        "--frame", "250xinf", "--size", "16",
    ]

    static func lines(_ json: [String: Any]) -> [String] {
        (json["lines"] as! [[String: Any]]).map { $0["text"] as! String }
    }

    /// Chromium's lines for the headline in a 250 px block at 16 px (wrap-style/…/headline/dejavu/
    /// s=16/w=250 in chromium-wrap.json): pretty moves "a" down to "glance", balance evens all three.
    @Test func fitLines() throws {
        let greedy = try CLIRunner.json(["fit"] + Self.headline)
        let pretty = try CLIRunner.json(["fit"] + Self.headline + ["--wrap", "pretty"])
        let balance = try CLIRunner.json(["fit"] + Self.headline + ["--wrap", "balance"])
        #expect(Self.lines(greedy) == ["Balanced lines make a", "headline easier to read at a", "glance"])
        #expect(Self.lines(pretty) == ["Balanced lines make a", "headline easier to read at", "a glance"])
        #expect(Self.lines(balance) == ["Balanced lines make", "a headline easier", "to read at a glance"])
        for wrapped in [pretty, balance] {
            #expect(wrapped["size"] as! Double == greedy["size"] as! Double)
            #expect(wrapped["height"] as! Double == greedy["height"] as! Double)
        }
        #expect((balance["width"] as! Double) < (greedy["width"] as! Double))
        let bad = try CLIRunner.run(["fit"] + Self.headline + ["--wrap", "even"])
        #expect(bad.status == 64)
    }

    @Test func batchRequests() throws {
        let requests = """
            {"id":1,"text":"Balanced lines make a headline easier to read at a glance","font":"\(CLIRunner.fixture("fonts/DejaVuSans.ttf"))","frame":"250xinf","size":16,"wrap":"balance"}
            {"id":2,"text":"x","frame":"250xinf","size":16,"wrap":"even"}

            """
        let answers = try CLIRunner.batchAnswers(requests)
        #expect(answers.count == 2)
        #expect(Self.lines(answers[0]) == ["Balanced lines make", "a headline easier", "to read at a glance"])
        #expect((answers[1]["error"] as? [String: Any])?["message"] as? String == "invalid wrap 'even': expected balance, greedy, pretty")
    }

    /// A check spec's `wrap`: the sample German catalog's verdicts and sizes are the same with
    /// every wrap, since balanced and pretty lines keep greedy's line count; a bad value is named.
    @Test func checkSpec() throws {
        try CLIRunner.withTemporaryDirectory("wrap") { directory in
            var verdicts: [String: [String: String]] = [:]
            for wrap in ["greedy", "balance", "pretty", "even"] {
                let (stderr, checks) = try CLIRunner.checksByText(
                    defaults: "size: 15, minimumScaleFactor: 0.85, frame: 200x60, lineLimit: 3, wrap: \(wrap)",
                    catalogs: ["catalogs/po/gdk-pixbuf/de.po"], in: directory, name: wrap)
                if wrap == "even" {
                    #expect(stderr.contains("invalid defaults.wrap 'even': expected greedy, balance or pretty"))
                    continue
                }
                verdicts[wrap] = checks.mapValues { "\($0["verdict"] ?? "") \($0["size"] ?? "")" }
            }
            #expect(verdicts["greedy"]!.count > 50)
            #expect(verdicts["balance"] == verdicts["greedy"])
            #expect(verdicts["pretty"] == verdicts["greedy"])
        }
    }
}
