import Foundation
import Testing

/// `fontfit check --pseudo` and `--text-scale` on the fixture catalogs: the extra checks are measured
/// as `fontfit fit` measures the same text at the same size.
extension CheckCommandTests {
    /// `fit` requests for `batch`, one per check, from the `fit` arguments of each.
    static func fitRequests(_ checks: [[String: Any]], size: (Double) -> Double = { $0 }) throws -> String {
        var requests = ""
        for check in checks {
            var request: [String: Any] = ["command": "fit", "text": check["text"]!]
            let arguments = fitArguments(check)
            for index in stride(from: 0, to: arguments.count, by: 2) {
                let name = String(arguments[index].dropFirst(2))
                let value = arguments[index + 1]
                switch name {
                case "font": request["font"] = ((request["font"] as? [String]) ?? []) + [value]
                case "frame", "language": request[name] = value
                case "size": request[name] = size(Double(value)!)
                default: request[name] = Double(value)!
                }
            }
            requests += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
        }
        return requests
    }

    static func expectSameAsFit(_ checks: [[String: Any]], size: (Double) -> Double = { $0 }) throws {
        let results = try jsonLines(try batch(try fitRequests(checks, size: size)))
        #expect(results.count == checks.count)
        for (check, result) in zip(checks, results) {
            #expect(result["size"] as? Double == check["size"] as? Double, "\(check["key"]!) \(check["locale"]!) \(check["branch"]!)")
            #expect(result["lines"].map { ($0 as! [[String: Any]]).map { $0["text"] as! String } } == check["lines"] as? [String])
            let verdict = check["verdict"] as! String
            #expect((result["fits"] as! Bool) == (verdict == "fits" || verdict == "shrinks"))
        }
    }

    /// A source catalog alone, with no translations: `--pseudo` checks each of its strings again in
    /// en-XA, ar-XB and en-XD, as `fit` measures those texts; the spec key gives the same checks.
    @Test func pseudoLocalesCheckASourceCatalogAlone() throws {
        let catalog = CLIRunner.fixture("catalogs/android/res/values/strings.xml")
        let output = try CLIRunner.run(
            ["check", "--labels", Self.spec, "--format", "jsonl", "--pseudo", "accented,mirrored", "--pseudo", "expanded", catalog])
        let checks = try Self.jsonLines(output.stdout)
        let byLocale = Dictionary(grouping: checks) { $0["locale"] as! String }
        #expect(Set(byLocale.keys) == ["en", "en-XA", "ar-XB", "en-XD"])
        let keys = byLocale["en"]!.map { $0["key"] as! String }
        for locale in ["en-XA", "ar-XB", "en-XD"] {
            #expect(byLocale[locale]!.map { $0["key"] as! String } == keys)
        }
        #expect(byLocale["en-XA"]!.allSatisfy { ($0["text"] as! String).hasPrefix("[") && ($0["text"] as! String).hasSuffix("]") })
        #expect(byLocale["en-XA"]!.allSatisfy { ($0["source"] as! [String: Any])["text"] as? String != nil })
        #expect(output.status == (checks.contains { $0["failed"] as! Bool } ? 1 : 0))
        // Longer texts fail more: the expanded locales fail where the source strings fit.
        let failed = { (locale: String) in byLocale[locale]!.filter { $0["failed"] as! Bool }.count }
        #expect(failed("en-XA") > failed("en"))
        #expect(failed("en-XD") > failed("en"))
        try Self.expectSameAsFit(checks.filter { $0["locale"] as! String != "en" })

        // The spec's `pseudoLocales` (its fonts at absolute paths, so that the copy can live elsewhere).
        let text = try String(contentsOfFile: Self.spec, encoding: .utf8)
            .replacingOccurrences(of: "file: fonts/", with: "file: \(CLIRunner.fixtures.path)/fonts/")
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-pseudo-\(getpid()).yaml")
        try Data((text + "pseudoLocales: [accented, mirrored, expanded]\n").utf8).write(to: spec)
        defer { try? FileManager.default.removeItem(at: spec) }
        let fromSpec = try Self.jsonLines(try CLIRunner.run(["check", "--labels", spec.path, "--format", "jsonl", catalog]).stdout)
        let summary = { (checks: [[String: Any]]) in
            checks.map { "\($0["locale"]!) \($0["key"]!) \($0["text"]!) \($0["verdict"]!) \($0["size"]!)" }.sorted()
        }
        #expect(summary(fromSpec) == summary(checks))
        let bad = try CLIRunner.run(["check", "--labels", Self.spec, "--pseudo", "reversed", catalog])
        #expect(bad.status == 64 && bad.stderr.contains("reversed"))
    }

    /// `--text-scale 1,2`: every check again at twice its label's size, as branch `textScale=2`, and
    /// each the fit `fontfit fit` makes at that size; without the flag the run is unchanged.
    @Test func textScaleTwoIsAFitAtTwiceTheSize() throws {
        let catalogs = ["catalogs/android/res/values-de/strings.xml", "catalogs/po/gdk-pixbuf/de.po"].map(CLIRunner.fixture)
        let plain = try Self.jsonLines(try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl"] + catalogs).stdout)
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl", "--text-scale", "1,2"] + catalogs)
        let checks = try Self.jsonLines(output.stdout)
        #expect(checks.count == 2 * plain.count)
        let base = checks.filter { !($0["branch"] as! String).contains("textScale=") }
        let doubled = checks.filter { ($0["branch"] as! String).hasSuffix("textScale=2") }
        #expect(base.count == plain.count && doubled.count == plain.count)
        #expect(zip(base, plain).allSatisfy { $0["size"] as? Double == $1["size"] as? Double && $0["key"] as? String == $1["key"] as? String })
        try Self.expectSameAsFit(doubled) { $0 * 2 }
        #expect(doubled.filter { $0["failed"] as! Bool }.count > plain.filter { $0["failed"] as! Bool }.count)
        let bad = try CLIRunner.run(["check", "--labels", Self.spec, "--text-scale", "-1"] + catalogs)
        #expect(bad.status == 64)
        // Android 14's curve grows these 13–17 pt labels less than twice (its 2.0 table: 14 sp → 26, 18 sp → 30).
        let curved = try Self.jsonLines(try CLIRunner.run(
            ["check", "--labels", Self.spec, "--format", "jsonl", "--text-scale", "2", "--font-scaling", "android14"] + catalogs).stdout)
        #expect(curved.count == plain.count)
        for (check, original) in zip(curved, plain) {
            let size = check["size"] as! Double / (check["scale"] as! Double)
            let base = original["size"] as! Double / (original["scale"] as! Double)
            #expect(size > base * 1.5 && size < base * 2, "\(check["key"]!)")
        }
    }
}
