import Foundation

/// The table for people: grouped by locale, worst first; checks that fit at full size are counted,
/// not listed. Catalogs that could not be read are counted here and named on standard error.
package enum TextReport {
    package static func render(_ run: CheckRun, baseline: BaselineComparison? = nil) -> String {
        var output = ""
        let byLocale = Dictionary(grouping: run.checks, by: \.locale)
        // With a baseline, a failure it knows is marked ○ and a new one ✗.
        let newFailures = Set(baseline.map { comparison in
            run.checks.indices.filter { comparison.isNew[$0] }.map { run.checks[$0].identity }
        } ?? [])
        for locale in byLocale.keys.sorted() {
            let checks = Ranking.worst(byLocale[locale]!)
            let failed = checks.filter(\.failed).count
            output += "\(locale)  \(checks.count) checks, \(failed) failed\n"
            let listed = checks.filter { $0.failed || $0.measurement.verdict != .fits }
            for check in listed {
                let measurement = check.measurement
                var verdict = measurement.verdict.rawValue
                if !measurement.missing.isEmpty { verdict += "+missing" }
                let scale = measurement.verdict == .fits || measurement.verdict == .shrinks
                    ? format(measurement.scale) : "need " + (measurement.neededScale.map(format) ?? "–")
                var name = check.key
                if !check.branch.isEmpty { name += " [\(check.branch)]" }
                if !check.context.isEmpty { name = "\(check.context) | \(name)" }
                let known = baseline != nil && check.failed && !newFailures.contains(check.identity)
                let mark = check.failed ? (known ? "○" : "✗") : "·"
                output += "  \(mark) \(verdict.padding(toLength: 17, withPad: " ", startingAt: 0))"
                    + "\(scale.padding(toLength: 11, withPad: " ", startingAt: 0))\(name)\n"
                output += "      at \(check.location)\n"
                output += "      \(quoted(measurement.text))"
                if !measurement.missing.isEmpty { output += "  missing \(measurement.missing.joined(separator: " "))" }
                output += "\n"
                if let source = check.source {
                    output += "      source \(source.verdict.rawValue) \(format(source.scale)): \(quoted(source.text))\n"
                }
                if !check.flags.isEmpty { output += "      flags \(check.flags.joined(separator: ", "))\n" }
            }
            let fitting = checks.count - listed.count
            if fitting > 0 { output += "  \(fitting) fit at full size\n" }
        }
        var counts: [Verdict: Int] = [:]
        for check in run.checks { counts[check.measurement.verdict, default: 0] += 1 }
        output += "\(run.checks.count) checks, \(run.failed) failed ("
            + Verdict.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + ")"
        if run.untranslated > 0 { output += ", \(run.untranslated) untranslated skipped" }
        if !run.errors.isEmpty { output += ", \(run.errors.count) catalog error\(run.errors.count == 1 ? "" : "s")" }
        output += "\n"
        if let baseline {
            output += "baseline: \(baseline.knownCount(in: run)) known (○), \(baseline.newCount) new (✗), \(baseline.fixed.count) fixed\n"
            for entry in baseline.fixed {
                output += "  fixed \(entry.locale) \(entry.key)\(entry.branch.isEmpty ? "" : " [\(entry.branch)]") at \(entry.catalog)\n"
            }
        }
        return output
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    static func quoted(_ text: String) -> String {
        var shown = text.replacingOccurrences(of: "\n", with: "⏎")
        if shown.count > 80 { shown = String(shown.prefix(79)) + "…" }
        return "“" + shown + "”"
    }
}
