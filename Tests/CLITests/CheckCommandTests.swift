import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `fontfit check` and `fontfit batch` as a CI job or another tool runs them, over the fixture
/// catalogs (real translations; see Fixtures/README.md) and Fixtures/labels.yaml.
@Suite struct CheckCommandTests {
    static let spec = CLIRunner.fixture("labels.yaml")
    static let catalogs: [String] = {
        let expected = try! JSONSerialization.jsonObject(
            with: Data(contentsOf: CLIRunner.fixtures.appendingPathComponent("catalogs/expected.json"))) as! [String: Any]
        return expected.keys.filter { !$0.hasPrefix("bad/") }.sorted().map { CLIRunner.fixture("catalogs/" + $0) }
    }()

    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    static func checks(_ extra: [String] = []) throws -> (CLIRunner.Output, [[String: Any]]) {
        let output = try CLIRunner.run(["check", "--labels", spec, "--format", "jsonl"] + extra + catalogs)
        return (output, try jsonLines(output.stdout))
    }

    /// The frame, size and options a check used, as `fontfit fit` arguments: Fixtures/labels.yaml's
    /// settings for the rule the check reports (mirrored here, so that the spec resolution is tested too).
    static func fitArguments(_ check: [String: Any]) -> [String] {
        let rule = check["rule"] as? String
        let locale = check["locale"] as! String
        var size = 15.0, minScale = 0.85, frame = "343x60", lineLimit = "2"
        switch rule {
        case "folder":
            size = 17; minScale = locale == "de" ? 0.7 : 0.8; frame = "90x30"; lineLimit = "1"
        case "folder-apple":
            size = 13; frame = "70x30"; lineLimit = "1"
        default: break
        }
        // The whole stack, primary first: checks fall back font by font as fit does.
        let fonts = (check["fonts"] as! [String]).flatMap { ["--font", $0] }
        return fonts + ["--frame", frame, "--size", "\(size)", "--min-scale", "\(minScale)",
                "--line-limit", lineLimit, "--language", locale]
    }

    /// Runs `fontfit batch` with its input from a file, so that a long answer cannot fill a pipe while
    /// the input is still being written.
    static func batch(_ requests: String) throws -> String {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-batch-\(getpid())-\(UUID().uuidString).jsonl")
        try Data(requests.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["batch"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = readAll(output.fileHandleForReading)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A request with options batch does not know names them all, in sorted order, and one that
    /// gives an option twice (with and without dashes) is an error: both were decided by the
    /// dictionary's order, which changes from process to process.
    @Test func batchErrorsDoNotDependOnKeyOrder() throws {
        let requests = [
            #"{"command":"fit","text":"x","size":10,"frame":[10,10],"zeta":1,"rows":["a"],"alpha":1,"template":"t"}"#,
            #"{"command":"fit","text":"x","size":10,"frame":[10,10],"minScale":0.9,"min-scale":0.5}"#,
        ].joined(separator: "\n") + "\n"
        for _ in 0..<3 {
            let answers = try Self.jsonLines(try Self.batch(requests))
            let messages = answers.map { ($0["error"] as? [String: Any])?["message"] as? String }
            #expect(messages == ["unknown options 'alpha', 'rows', 'template', 'zeta'", "option 'min-scale' given twice (also as 'minScale')"])
        }
    }

    /// A batch fit answers what `fit --json` prints for the same options. Optical sizing left out
    /// is automatic, as in `fit`: OpszTest.ttf follows the size unless `optical-size` is false
    /// (batch turned it off when left out, and answered a smaller size than `fit`).
    @Test func batchFitsAsFitDoes() throws {
        let font = CLIRunner.fixture("fonts/OpszTest.ttf"), text = "Hamburgefonstiv fits the frame"
        let cases: [(request: String, flags: [String])] = [
            ("", []), (#","optical-size":false"#, ["--no-optical-size"]), (#","optical-size":true"#, ["--optical-size"]),
            (#","line-limit":1"#, ["--line-limit", "1"]), (#","line-limit":1,"optical-size":false"#, ["--line-limit", "1", "--no-optical-size"]),
        ]
        var sizes: [Double] = []
        for (request, flags) in cases {
            let line = #"{"command":"fit","text":"\#(text)","frame":[300,200],"size":100,"min-scale":0.05,"font":"\#(font)"\#(request)}"#
            let answer = try Self.jsonLines(try Self.batch(line + "\n"))[0]
            let fit = try CLIRunner.run(
                ["fit", text, "--font", font, "--frame", "300x200", "--size", "100", "--min-scale", "0.05", "--json"] + flags)
            let printed = try JSONSerialization.jsonObject(with: Data(fit.stdout.utf8)) as! [String: Any]
            let size = try #require(answer["size"] as? Double, "\(answer)")
            #expect(size == printed["size"] as? Double, "\(request)")
            #expect(answer["width"] as? Double == printed["width"] as? Double, "\(request)")
            sizes.append(size)
        }
        #expect(sizes[0] > sizes[1] && sizes[0] == sizes[2] && sizes[3] > sizes[4], "optical sizing on by default: \(sizes)")
    }

    /// Batch loads its fonts as the command line does (one `FontSelection`): a named instance by
    /// name or index gives `fit --named-instance`'s answer, and one the font lacks is named in the
    /// error (batch had no named instances).
    @Test func batchTakesNamedInstancesAsFitDoes() throws {
        let font = CLIRunner.fixture("fonts/Inter-roman.var.ttf"), text = "Einstellungen speichern"
        var sizes: [Double] = []
        for (value, flag) in [(#""Bold""#, "Bold"), ("8", "8"), (#""Thin""#, "Thin")] {
            let line = #"{"command":"fit","text":"\#(text)","frame":[150,40],"size":40,"min-scale":0.1,"line-limit":1,"font":"\#(font)","named-instance":\#(value)}"#
            let answer = try Self.jsonLines(try Self.batch(line + "\n"))[0]
            let fit = try CLIRunner.run(
                ["fit", text, "--font", font, "--frame", "150x40", "--size", "40", "--min-scale", "0.1", "--line-limit", "1",
                 "--json", "--named-instance", flag])
            let printed = try JSONSerialization.jsonObject(with: Data(fit.stdout.utf8)) as! [String: Any]
            let size = try #require(answer["size"] as? Double, "\(answer)")
            #expect(size == printed["size"] as? Double, "\(value)")
            sizes.append(size)
        }
        #expect(sizes[0] < sizes[2] && sizes[1] < sizes[0], "Black (8) is wider than Bold, Bold than Thin: \(sizes)")
        let unknown = #"{"command":"fit","text":"x","frame":[150,40],"size":40,"font":"\#(font)","named-instance":"Heavy"}"#
        let error = try Self.jsonLines(try Self.batch(unknown + "\n"))[0]["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains("Heavy") == true, "\(String(describing: error))")
    }

    /// A batch measure answers what `measure --json` prints, optical sizing included, and turned
    /// off by `"optical-size": false` (batch ignored it, and always sized).
    @Test func batchMeasuresAsMeasureDoes() throws {
        let font = CLIRunner.fixture("fonts/OpszTest.ttf"), text = "Hamburgefonstiv"
        var widths: [Double] = []
        for (request, flags) in [("", [String]()), (#","optical-size":false"#, ["--no-optical-size"])] {
            let line = #"{"command":"measure","text":"\#(text)","size":40,"font":"\#(font)"\#(request)}"#
            let answer = try Self.jsonLines(try Self.batch(line + "\n"))[0]
            let measure = try CLIRunner.run(["measure", text, "--font", font, "--size", "40", "--json"] + flags)
            let printed = try JSONSerialization.jsonObject(with: Data(measure.stdout.utf8)) as! [String: Any]
            let width = try #require(answer["width"] as? Double, "\(answer)")
            #expect(width == printed["width"] as? Double, "\(request)")
            widths.append(width)
        }
        #expect(widths[0] != widths[1], "optical sizing changes OpszTest's widths at 40 pt")
    }

    @Test func exitsOneWhenAnyCheckFails() throws {
        let (output, checks) = try Self.checks()
        #expect(output.status == 1)
        #expect(checks.contains { $0["failed"] as! Bool })
        #expect(Set(checks.map { $0["locale"] as! String }) == ["ar", "de", "en", "fi", "fr", "ja", "sr-Latn"])
    }

    /// Verdicts agree with `fontfit fit` on the same text and options: every check through `batch`
    /// (one process), and a spread of them through `fontfit fit` itself.
    @Test func verdictsAgreeWithFit() throws {
        let (_, checks) = try Self.checks()
        // Checks whose frame came from an XLIFF size limit are compared separately below.
        let plain = checks.filter { !($0["catalog"] as! String).hasSuffix(".xlf") }
        var requests = ""
        for check in plain {
            var request: [String: Any] = ["command": "fit", "text": check["text"]!]
            let arguments = Self.fitArguments(check)
            for index in stride(from: 0, to: arguments.count, by: 2) {
                let name = String(arguments[index].dropFirst(2))
                let value = arguments[index + 1]
                if name == "font" {
                    request["font"] = ((request["font"] as? [String]) ?? []) + [value]
                    continue
                }
                request[name] = name == "frame" ? value : Double(value) ?? value
            }
            requests += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
        }
        let results = try Self.jsonLines(try Self.batch(requests))
        #expect(results.count == plain.count)
        for (check, result) in zip(plain, results) {
            #expect(result["size"] as? Double == check["size"] as? Double, "\(check["key"]!) \(check["locale"]!)")
            #expect(result["lines"].map { ($0 as! [[String: Any]]).map { $0["text"] as! String } } == check["lines"] as? [String])
            let verdict = check["verdict"] as! String
            #expect((result["fits"] as! Bool) == (verdict == "fits" || verdict == "shrinks"))
            #expect((result["truncated"] as! Bool) == (verdict == "truncated"))
        }
        // Missing glyphs: the check's cmap scan against what shaping finds (glyph 0), via batch's measure.
        var measures = ""
        for check in checks {
            let request: [String: Any] = [
                "command": "measure", "text": check["text"]!, "font": check["fonts"]!, "language": check["locale"]!, "size": 12,
            ]
            measures += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
        }
        let measured = try Self.jsonLines(try Self.batch(measures))
        #expect(measured.count == checks.count)
        for (check, measure) in zip(checks, measured) {
            // `measure` shapes the text as one line, so a newline becomes a glyph too; in a label it is
            // a line break, drawn as nothing, and so never missing.
            let shaped = Set((measure["missing"] as! [String]).filter { $0 != "U+000A" })
            #expect(Set(check["missing"] as! [String]) == shaped, "\(check["key"]!) \(check["locale"]!)")
        }
        // The stacks matter: in the primary font alone some texts lack glyphs a fallback font has.
        var primaryOnly = ""
        for check in checks {
            let request: [String: Any] = ["command": "measure", "text": check["text"]!, "font": check["font"]!, "size": 12]
            primaryOnly += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
        }
        let alone = try Self.jsonLines(try Self.batch(primaryOnly))
        #expect(zip(checks, alone).contains { check, measure in
            (check["fonts"] as! [String]).count > 1 && (measure["missing"] as! [String]).contains { $0 != "U+000A" }
        })
        for check in stride(from: 0, to: plain.count, by: max(1, plain.count / 25)).map({ plain[$0] }) {
            let fit = try CLIRunner.json(["fit"] + Self.fitArguments(check) + ["--", check["text"] as! String])
            #expect(fit["size"] as? Double == check["size"] as? Double, "\(check["key"]!) \(check["locale"]!)")
            #expect((fit["lines"] as! [[String: Any]]).map { $0["text"] as! String } == check["lines"] as? [String])
        }
    }

    /// A spec naming a platform style (`typeStyle: material3.labelLarge`: 14 pt, line height 20, tracking
    /// 0.1, weight 500 on Inter's wght axis) gives the verdicts, sizes and lines `fit --type-style` and
    /// batch's `type-style` give.
    @Test func styledVerdictsAgreeWithFit() throws {
        try CLIRunner.withTemporaryDirectory("styled") { folder in
            let inter = CLIRunner.fixture("fonts/Inter-roman.var.ttf")
            let spec = folder.appendingPathComponent("labels.yaml")
            try """
                version: 1
                sourceLocale: en
                defaults: {font: [{file: \(inter)}], typeStyle: material3.labelLarge, minimumScaleFactor: 0.8, frame: 120x40, lineLimit: 2}
                """.write(to: spec, atomically: true, encoding: .utf8)
            let catalogs = Self.catalogs.filter { $0.contains("/android/") }
            let output = try CLIRunner.run(["check", "--labels", spec.path, "--format", "jsonl"] + catalogs)
            let checks = try Self.jsonLines(output.stdout)
            #expect(checks.count > 50)
            var requests = ""
            for check in checks {
                let request: [String: Any] = [
                    "command": "fit", "text": check["text"]!, "font": inter, "type-style": "material3.labelLarge", "minscale": 0.8,
                    "frame": "120x40", "linelimit": 2, "language": check["locale"]!,
                ]
                requests += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
            }
            let results = try Self.jsonLines(try Self.batch(requests))
            #expect(results.count == checks.count)
            var shrinking = 0
            for (check, result) in zip(checks, results) {
                #expect(result["size"] as? Double == check["size"] as? Double, "\(check["key"]!) \(check["locale"]!)")
                #expect(result["lines"].map { ($0 as! [[String: Any]]).map { $0["text"] as! String } } == check["lines"] as? [String])
                let verdict = check["verdict"] as! String
                #expect((result["fits"] as! Bool) == (verdict == "fits" || verdict == "shrinks"))
                if verdict != "fits" { shrinking += 1 }
            }
            #expect(shrinking > 0)
            for check in stride(from: 0, to: checks.count, by: max(1, checks.count / 10)).map({ checks[$0] }) {
                let fit = try CLIRunner.json([
                    "fit", "--font", inter, "--type-style", "material3.labelLarge", "--frame", "120x40", "--min-scale", "0.8",
                    "--line-limit", "2", "--language", check["locale"] as! String, "--", check["text"] as! String,
                ])
                #expect(fit["size"] as? Double == check["size"] as? Double, "\(check["key"]!) \(check["locale"]!)")
                #expect((fit["lines"] as! [[String: Any]]).map { $0["text"] as! String } == check["lines"] as? [String])
            }
        }
    }

    /// `allowTightening` in a spec, `allow-tightening` in batch and `--allow-tightening` on `fit`
    /// give one-line labels the same size, tightening and lines; check and batch say the style.
    @Test func tightenedVerdictsAgreeWithFit() throws {
        try CLIRunner.withTemporaryDirectory("tightened") { folder in
            let spec = folder.appendingPathComponent("labels.yaml")
            try """
                version: 1
                sourceLocale: en
                defaults: {size: 17, minimumScaleFactor: 0.7, frame: 120x44, lineLimit: 1, allowTightening: true}
                """.write(to: spec, atomically: true, encoding: .utf8)
            let catalogs = Self.catalogs.filter { $0.contains("/android/") }
            let checks = try Self.jsonLines(try CLIRunner.run(["check", "--labels", spec.path, "--format", "jsonl"] + catalogs).stdout)
            #expect(checks.count > 50)
            var requests = ""
            for check in checks {
                #expect((check["style"] as? [String: Any])?["allowTightening"] as? String == "apple")
                let request: [String: Any] = [
                    "command": "fit", "text": check["text"]!, "size": 17, "minscale": 0.7, "frame": "120x44", "linelimit": 1,
                    "language": check["locale"]!, "allow-tightening": true,
                ]
                requests += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
            }
            let results = try Self.jsonLines(try Self.batch(requests))
            #expect(results.count == checks.count)
            var tightened: [[String: Any]] = []
            for (check, result) in zip(checks, results) {
                let context = "\(check["key"]!) \(check["locale"]!)"
                #expect(result["size"] as? Double == check["size"] as? Double, "\(context)")
                #expect(result["tightening"] as? Double ?? 0 == check["tightening"] as? Double, "\(context)")
                #expect((result["style"] as? [String: Any])?["allowTightening"] as? String == "apple")
                #expect(result["lines"].map { ($0 as! [[String: Any]]).map { $0["text"] as! String } } == check["lines"] as? [String])
                if (check["tightening"] as? Double ?? 0) > 0 { tightened.append(check) }
            }
            #expect(tightened.count > 5)
            for check in tightened.prefix(6) {
                let fit = try CLIRunner.json([
                    "fit", "--frame", "120x44", "--size", "17", "--min-scale", "0.7", "--line-limit", "1", "--allow-tightening",
                    "--language", check["locale"] as! String, "--", check["text"] as! String,
                ])
                #expect(fit["size"] as? Double == check["size"] as? Double, "\(check["key"]!) \(check["locale"]!)")
                #expect(fit["tightening"] as? Double == check["tightening"] as? Double)
            }
        }
    }

    @Test func xliffLimitsReplaceTheFrameWidth() throws {
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl", CLIRunner.fixture("catalogs/xliff/de.xlf")])
        let limits = (try JSONSerialization.jsonObject(
            with: Data(contentsOf: CLIRunner.fixtures.appendingPathComponent("catalogs/expected.json"))) as! [String: [String: Any]])["xliff/de.xlf"]!["limits"] as! [String: [String: Int]]
        for check in try Self.jsonLines(output.stdout) {
            let key = check["key"] as! String
            guard let width = limits[key]?["width"] else { continue }
            var arguments = Self.fitArguments(check)
            let frame = arguments.firstIndex(of: "--frame")! + 1
            arguments[frame] = "\(width)x" + arguments[frame].split(separator: "x")[1]
            let fit = try CLIRunner.json(["fit"] + arguments + ["--", check["text"] as! String])
            #expect(fit["size"] as? Double == check["size"] as? Double, "\(key)")
        }
    }

    /// Every check carries the line of its string in every format: `line` right after `catalog` in
    /// JSON, `at FILE:LINE` under each listed row of the text table, `file` and `line` on each JUnit
    /// test case, `FILE:LINE` beside each pictured check of the HTML report.
    @Test func everyFormatCarriesTheLine() throws {
        let catalog = CLIRunner.fixture("catalogs/xliff/de.xlf")
        let jsonl = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl", catalog])
        let checks = try Self.jsonLines(jsonl.stdout)
        #expect(!checks.isEmpty)
        for (text, check) in zip(jsonl.stdout.split(separator: "\n"), checks) {
            let line = try #require(check["line"] as? Int, "\(check)")
            #expect(text.hasPrefix(#"{"catalog":"\#(catalog)","line":\#(line),"locale":"#), "\(text)")
        }
        func name(_ check: [String: Any]) -> String {
            var name = check["key"] as! String
            if let context = check["context"] as? String, !context.isEmpty { name = context + " | " + name }
            if let branch = check["branch"] as? String, !branch.isEmpty { name += " [\(branch)]" }
            return name
        }
        let lines = Dictionary(uniqueKeysWithValues: checks.map { (name($0), $0["line"] as! Int) })

        let text = try CLIRunner.run(["check", "--labels", Self.spec, catalog]).stdout
        let listed = checks.filter { ($0["failed"] as! Bool) || $0["verdict"] as! String != "fits" }
        #expect(!listed.isEmpty)
        for check in listed { #expect(text.contains("      at \(catalog):\(check["line"] as! Int)\n"), "\(name(check))") }

        let junit = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "junit", catalog])
        let cases = TestCaseCounter()
        let parser = XMLParser(data: Data(junit.stdout.utf8))
        parser.delegate = cases
        #expect(parser.parse())
        #expect(cases.locations.count == checks.count)
        for (name, file, line) in cases.locations {
            #expect(file == catalog && line == lines[name], "\(name)")
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-report-lines-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try CLIRunner.run(["check", "--labels", Self.spec, "--report", directory.path, catalog])
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        for check in listed { #expect(html.contains("<small>\(catalog):\(check["line"] as! Int)</small>"), "\(name(check))") }
    }

    /// Weblate's flags in a real gettext catalog: `max-size:WIDTH[:LINES]` replaces the frame's width
    /// (and the line limit) as XLIFF's `maxwidth` does, so the check gives what `fontfit fit` gives
    /// in that frame; `max-length:N` is recorded as the check's `lengthLimit`, the frame unchanged.
    @Test func weblateFlagsReplaceTheFrame() throws {
        var text = try String(contentsOf: CLIRunner.fixtures.appendingPathComponent("catalogs/po/xdg-user-dirs/de.po"), encoding: .utf8)
        let flags = ["Desktop": "max-size:60", "Documents": "fuzzy, max-size:120:2", "Music": "max-length:4"]
        for (key, flag) in flags {
            text = text.replacingOccurrences(of: "\nmsgid \"\(key)\"\n", with: "\n#, \(flag)\nmsgid \"\(key)\"\n")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-weblate-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = folder.appendingPathComponent("de.po")
        try Data(text.utf8).write(to: catalog)
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl", catalog.path])
        let checks = Dictionary(uniqueKeysWithValues: try Self.jsonLines(output.stdout).map { ($0["key"] as! String, $0) })
        for (key, width, lines) in [("Desktop", "60", nil), ("Documents", "120", "2")] {
            let check = try #require(checks[key])
            var arguments = Self.fitArguments(check)
            let frame = arguments.firstIndex(of: "--frame")! + 1
            arguments[frame] = width + "x" + arguments[frame].split(separator: "x")[1]
            if let lines { arguments[arguments.firstIndex(of: "--line-limit")! + 1] = lines }
            let fit = try CLIRunner.json(["fit"] + arguments + ["--", check["text"] as! String])
            #expect(fit["size"] as? Double == check["size"] as? Double, "\(key)")
            #expect((fit["lines"] as! [[String: Any]]).map { $0["text"] as! String } == check["lines"] as? [String], "\(key)")
            #expect(check["lengthLimit"] == nil)
        }
        // The flag changes the verdict: in its rule's 70-point frame "Schreibtisch" shrinks, in 60 it
        // is truncated.
        let unflagged = try Self.jsonLines(try CLIRunner.run(
            ["check", "--labels", Self.spec, "--format", "jsonl", CLIRunner.fixture("catalogs/po/xdg-user-dirs/de.po")]).stdout)
        #expect(unflagged.first { $0["key"] as? String == "Desktop" }?["verdict"] as? String == "shrinks")
        #expect(checks["Desktop"]?["verdict"] as? String == "truncated")
        #expect(checks["Documents"]?["flags"] as? [String] == ["fuzzy"])
        #expect(checks["Music"]?["lengthLimit"] as? Int == 4)
        let plain = try CLIRunner.json(["fit"] + Self.fitArguments(checks["Music"]!) + ["--", checks["Music"]!["text"] as! String])
        #expect(plain["size"] as? Double == checks["Music"]?["size"] as? Double)
    }

    @Test func junitHasOneTestCasePerCheck() throws {
        let (_, checks) = try Self.checks()
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "junit"] + Self.catalogs)
        let counter = TestCaseCounter()
        let parser = XMLParser(data: Data(output.stdout.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError as Any)")
        #expect(counter.testCases == checks.count)
        #expect(counter.failures == checks.filter { $0["failed"] as! Bool }.count)
    }

    /// The union of N shards' JSON Lines equals the unsharded run's, line for line after sorting.
    @Test(arguments: [2, 3])
    func shardsPartitionTheRun(_ count: Int) throws {
        let whole = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl"] + Self.catalogs)
        var union: [Substring] = []
        for index in 1...count {
            let shard = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl", "--shard", "\(index)/\(count)"] + Self.catalogs)
            let lines = shard.stdout.split(separator: "\n")
            #expect(!lines.isEmpty)
            union += lines
        }
        #expect(union.sorted() == whole.stdout.split(separator: "\n").sorted())
    }

    @Test func badInputExitCodes() throws {
        let bad = try CLIRunner.run(["check", "--labels", Self.spec, CLIRunner.fixture("catalogs/bad/fi.po"), CLIRunner.fixture("catalogs/po/xdg-user-dirs/de.po"), "--format", "json"])
        #expect(bad.status == 65)
        let document = try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as! [String: Any]
        let errors = document["errors"] as! [[String: Any]]
        #expect(errors.count == 1 && errors[0]["line"] as? Int == 16)
        #expect(!(document["checks"] as! [Any]).isEmpty)
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-bad-spec.yaml")
        try Data("defaults:\n  size: 15\n  colour: red\n".utf8).write(to: spec)
        let usage = try CLIRunner.run(["check", "--labels", spec.path, CLIRunner.fixture("catalogs/po/xdg-user-dirs/de.po")])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("'colour'"))
        let shard = try CLIRunner.run(["check", "--labels", Self.spec, "--shard", "3/2", CLIRunner.fixture("catalogs/po/xdg-user-dirs/de.po")])
        #expect(shard.status == 64)
    }

    @Test func batchAnswersEveryLineInOrder() throws {
        let input = """
            {"command":"fit","text":"Einstellungen speichern","frame":[120,44],"size":17,"min-scale":0.5,"line-limit":1}
            not json
            {"command":"fit","text":"x","frame":[10,10],"size":-3}
            {"command":"measure","text":"Hello","size":48,"font":"\(CLIRunner.fixture("fonts/DejaVuSans.ttf"))"}
            {"command":"fit","text":"x","font":"/nonexistent.ttf","frame":"10x10","size":3}
            """
        let output = try CLIRunner.run(["batch"], stdin: Data(input.utf8))
        let lines = try Self.jsonLines(output.stdout)
        #expect(output.status == 0)
        #expect(lines.count == 5)
        let fit = try CLIRunner.json(["fit", "--frame", "120x44", "--size", "17", "--min-scale", "0.5", "--line-limit", "1", "--", "Einstellungen speichern"])
        #expect(lines[0]["size"] as? Double == fit["size"] as? Double)
        #expect((lines[1]["error"] as? [String: Any])?["code"] as? Int == 64)
        #expect((lines[2]["error"] as? [String: Any])?["code"] as? Int == 64)
        let measure = try CLIRunner.json(["measure", "--size", "48", "--", "Hello"])
        #expect(lines[3]["width"] as? Double == measure["width"] as? Double)
        #expect((lines[4]["error"] as? [String: Any])?["code"] as? Int == 66)
    }

    /// The size options `fit` has, by their long names.
    @Test func batchTakesFitsSizeOptions() throws {
        let font = CLIRunner.fixture("fonts/Inter-roman.var.ttf")
        let input = """
            {"command":"fit","text":"Einstellungen","font":"\(font)","frame":[97,40],"size":30,"min-scale":0.1,"granularity":0.5}
            {"command":"fit","text":"Einstellungen","font":"\(font)","frame":[97,40],"size":30,"min-scale":0.1,"hinting":true}
            {"command":"fit","text":"Einstellungen","font":"\(font)","frame":[97,40],"size":30,"min-scale":0.1,"preset-sizes":"9,11,13,17"}
            {"command":"fit","text":"12:34","font":"\(font)","frame":[97,40],"size":30,"min-scale":0.1,"monospaced-digits":true,"variations":{"wght":700}}
            """
        let lines = try Self.jsonLines(try Self.batch(input))
        let common = ["--font", font, "--frame", "97x40", "--size", "30", "--min-scale", "0.1"]
        let expected = [
            try CLIRunner.json(["fit"] + common + ["--granularity", "0.5", "--", "Einstellungen"]),
            try CLIRunner.json(["fit"] + common + ["--hinting", "--", "Einstellungen"]),
            try CLIRunner.json(["fit"] + common + ["--preset-sizes", "9,11,13,17", "--", "Einstellungen"]),
            try CLIRunner.json(["fit"] + common + ["--monospaced-digits", "--variations", "wght=700", "--", "12:34"]),
        ]
        #expect(lines.count == 4)
        for (line, fit) in zip(lines, expected) {
            #expect(line["size"] as? Double == fit["size"] as? Double, "\(line)")
            #expect(line["width"] as? Double == fit["width"] as? Double)
        }
    }

    @Test func htmlReportHasAPicturePerFailingOrShrinkingCheck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-report-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let output = try CLIRunner.run(["check", "--labels", Self.spec, "--format", "jsonl", "--report", directory.path] + Self.catalogs)
        let pictured = try Self.jsonLines(output.stdout).filter { ($0["failed"] as! Bool) || $0["verdict"] as! String != "fits" }
        let svgs = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("svg").path)
        #expect(svgs.count == pictured.count)
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<img src=\"svg/").count - 1 == pictured.count)
    }
}

private final class TestCaseCounter: NSObject, XMLParserDelegate {
    var testCases = 0
    var failures = 0
    /// Each test case's name, `file` and `line`.
    var locations: [(name: String, file: String?, line: Int?)] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if elementName == "testcase" {
            testCases += 1
            locations.append((attributes["name"] ?? "", attributes["file"], attributes["line"].flatMap { Int($0) }))
        }
        if elementName == "failure" { failures += 1 }
    }
}
