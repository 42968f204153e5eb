import FontFit
import Foundation
import JSONOutput

/// `--format sarif`: SARIF 2.1.0, the format code scanning reads (GitHub, Azure DevOps, IDEs). One
/// rule per kind of failure, one result per failing check at its catalog's path and line, with the
/// text, sizes, frame and needed scale in its message and properties; catalogs that could not be
/// read are the invocation's error notifications.
package enum SARIFReport {
    package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The rules, in the order results refer to them by index.
    static let rules: [(kind: FailureKind, name: String, summary: String, help: String)] = [
        (.overflows, "TextOverflowsLabel", "The text does not fit its label even at the smallest size allowed.",
         "Shorten the translation, or give the label more room or a lower minimumScaleFactor in the label spec."),
        (.truncated, "TextTruncatedInLabel", "The text fits its label only with part of it cut off.",
         "Shorten the translation, allow more lines, or set allowTruncation for this label if a cut is acceptable."),
        (.missingGlyphs, "MissingGlyphs", "The label's fonts lack some characters of the text.",
         "Add a font that has them to the label's font stack, or set failOnMissingGlyphs: false."),
    ]

    package static func document(_ run: CheckRun, baseline: BaselineComparison? = nil) -> String {
        var results: [JSON] = []
        for (index, check) in run.checks.enumerated() {
            guard let kind = check.failure, let ruleIndex = rules.firstIndex(where: { $0.kind == kind }) else { continue }
            var members: [(String, JSON)] = [
                ("ruleId", .string(kind.rawValue)), ("ruleIndex", .integer(ruleIndex)), ("level", .string("error")),
                ("message", .object([("text", .string(message(check)))])),
                ("locations", .array([location(check.catalog, line: check.line)])),
                ("partialFingerprints", .object([
                    ("fontfitIdentity/v1", .string(String(StableHash.fnv1a([check.catalog, check.locale, check.context, check.key, check.branch]), radix: 16))),
                ])),
            ]
            if let baseline { members.append(("baselineState", .string(baseline.isNew[index] ? "new" : "unchanged"))) }
            members.append(("properties", properties(check)))
            results.append(.object(members))
        }
        let driver: JSON = .object([
            ("name", .string("fontfit")), ("version", .string(FontFitVersion.current)),
            ("informationUri", .string("https://github.com/fontfit/fontfit")),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.kind.rawValue)), ("name", .string(rule.name)),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("help", .object([("text", .string(rule.help))])),
                    ("defaultConfiguration", .object([("level", .string("error"))])),
                ])
            })),
        ])
        let notifications: [JSON] = run.errors.map { error in
            .object([
                ("level", .string("error")), ("message", .object([("text", .string(error.message))])),
                ("locations", .array([location(error.catalog, line: error.line)])),
            ])
        }
        let invocation: JSON = .object([
            ("executionSuccessful", .bool(run.errors.isEmpty)), ("toolExecutionNotifications", .array(notifications)),
        ])
        let document: JSON = .object([
            ("$schema", .string(schema)), ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", driver)])), ("invocations", .array([invocation])),
                ("columnKind", .string("unicodeCodePoints")), ("results", .array(results)),
            ])])),
        ])
        return document.serialized
    }

    /// What a reviewer reads beside the string: the text, how it fared and what it would need.
    static func message(_ check: CheckResult) -> String {
        let measurement = check.measurement
        let settings = check.settings
        let frame = "\(GitHubReport.short(settings.frame.width))×\(GitHubReport.short(settings.frame.height)) pt"
        var text = "\(check.locale) \(check.key)"
        if !check.branch.isEmpty { text += " [\(check.branch)]" }
        text += ": “\(measurement.text)”"
        switch check.failure {
        case .missingGlyphs:
            text += " needs characters the label's fonts lack: \(measurement.missing.joined(separator: " "))"
        case .truncated:
            text += " is truncated in its \(frame) label at \(GitHubReport.short(measurement.size)) pt"
        default:
            text += " overflows its \(frame) label at \(GitHubReport.short(measurement.size)) pt"
        }
        text += " (maximum \(GitHubReport.short(settings.size)) pt, minimum scale \(GitHubReport.short(settings.minimumScaleFactor)))"
        if check.failure != .missingGlyphs {
            text += measurement.neededScale.map { "; it fits at scale \(TextReport.format($0))" } ?? "; it fits at no size"
        }
        return text
    }

    static func properties(_ check: CheckResult) -> JSON {
        let measurement = check.measurement
        return .object([
            ("locale", .string(check.locale)), ("context", .string(check.context)), ("key", .string(check.key)),
            ("branch", .string(check.branch)), ("text", .string(measurement.text)),
            ("verdict", .string(measurement.verdict.rawValue)), ("size", .number(measurement.size)),
            ("maxSize", .number(check.settings.size)), ("scale", .number(measurement.scale)),
            ("neededScale", .optional(measurement.neededScale)),
            ("frame", .object([("width", sideJSON(check.settings.frame.width)), ("height", sideJSON(check.settings.frame.height))])),
            ("lines", .array(measurement.lines.map(JSON.string))), ("missing", .array(measurement.missing.map(JSON.string))),
        ])
    }

    /// A frame side as JSON: a number, or the string "inf" (JSON has no infinity).
    static func sideJSON(_ value: Double) -> JSON { value.isFinite ? .number(value) : .string("inf") }

    /// A SARIF physical location: the catalog as a URI reference (a relative path stays relative, to
    /// the checkout; an absolute one becomes a `file:` URI) and the line when known.
    static func location(_ catalog: String, line: Int?) -> JSON {
        let encoded = catalog.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? catalog
        var physical: [(String, JSON)] = [
            ("artifactLocation", .object([("uri", .string(catalog.hasPrefix("/") ? "file://" + encoded : encoded))])),
        ]
        if let line, line >= 1 { physical.append(("region", .object([("startLine", .integer(line))]))) }
        return .object([("physicalLocation", .object(physical))])
    }
}

/// `--format github`: GitHub Actions workflow commands, one `::error` line per failing check at its
/// catalog's path and line (only the new ones with `--baseline`), so that the check's failures show
/// as annotations on the pull request; catalogs that could not be read are errors too.
package enum GitHubReport {
    package static func render(_ run: CheckRun, baseline: BaselineComparison? = nil) -> String {
        var output = ""
        for (index, check) in run.checks.enumerated() where check.failed {
            if let baseline, !baseline.isNew[index] { continue }
            let kind = check.failure ?? .overflows
            output += command("error", file: check.catalog, line: check.line, title: "fontfit check: \(kind.rawValue)",
                message: SARIFReport.message(check))
        }
        for error in run.errors {
            output += command("error", file: error.catalog, line: error.line, title: "fontfit check: unreadable catalog", message: error.message)
        }
        if let baseline, !baseline.fixed.isEmpty {
            let fixed = baseline.fixed.map { "\($0.locale) \($0.key)\($0.branch.isEmpty ? "" : " [\($0.branch)]")" }
            output += command(
                "notice", file: nil, line: nil, title: "fontfit check: fixed since the baseline",
                message: "\(fixed.count) baseline failure\(fixed.count == 1 ? "" : "s") fixed: " + fixed.joined(separator: ", "))
        }
        return output
    }

    /// One workflow command line: `::error file=F,line=L,title=T::message`.
    static func command(_ name: String, file: String?, line: Int?, title: String, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapedProperty(file)) }
        if let line { properties.append("line=\(line)") }
        properties.append("title=" + escapedProperty(title))
        return "::\(name) \(properties.joined(separator: ","))::\(escapedData(message))\n"
    }

    /// A command's message: `%`, CR and LF are percent-encoded, as the Actions runner decodes them.
    static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command's property value: as a message, and `:` and `,` too, which end a property.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// "120", "13.6": a size as people write it.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "inf" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
