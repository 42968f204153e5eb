/// JUnit XML for CI systems: a test suite per locale, a test case per check (with the `file` and
/// `line` of its string, the attributes CI systems read to point at the source), failures carrying
/// the details; unreadable catalogs are a suite of errors.
package enum JUnitReport {
    package static func render(_ run: CheckRun) -> String {
        let byLocale = Dictionary(grouping: run.checks, by: \.locale)
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"fontfit check\" tests=\"\(run.checks.count)\" failures=\"\(run.failed)\" errors=\"\(run.errors.count)\">\n"
        for locale in byLocale.keys.sorted() {
            let checks = Ranking.sorted(byLocale[locale]!)
            output += "  <testsuite name=\"\(escape(locale))\" tests=\"\(checks.count)\" failures=\"\(checks.filter(\.failed).count)\" errors=\"0\">\n"
            for check in checks {
                var name = check.key
                if !check.context.isEmpty { name = check.context + " | " + name }
                if !check.branch.isEmpty { name += " [\(check.branch)]" }
                output += "    <testcase classname=\"\(escape(check.catalog))\" name=\"\(escape(name))\" file=\"\(escape(check.catalog))\""
                if let line = check.line { output += " line=\"\(line)\"" }
                let measurement = check.measurement
                guard check.failed else {
                    output += "/>\n"
                    continue
                }
                var message = "\(measurement.verdict.rawValue)"
                if let needed = measurement.neededScale { message += ", needs scale \(needed)" }
                if !measurement.missing.isEmpty { message += ", missing \(measurement.missing.joined(separator: " "))" }
                var details = "text: \(measurement.text)\nsize: \(measurement.size) (scale \(measurement.scale))\n"
                details += "frame: \(check.settings.frame.width)x\(check.settings.frame.height), size \(check.settings.size), minimumScaleFactor \(check.settings.minimumScaleFactor)\n"
                details += "lines: \(measurement.lines.joined(separator: " / "))\n"
                if let source = check.source { details += "source: \(source.text) (\(source.verdict.rawValue), scale \(source.scale))\n" }
                output += ">\n      <failure message=\"\(escape(message))\" type=\"\(measurement.verdict.rawValue)\">\(escape(details))</failure>\n    </testcase>\n"
            }
            output += "  </testsuite>\n"
        }
        if !run.errors.isEmpty {
            output += "  <testsuite name=\"catalogs\" tests=\"\(run.errors.count)\" failures=\"0\" errors=\"\(run.errors.count)\">\n"
            for error in run.errors {
                output += "    <testcase classname=\"\(escape(error.catalog))\" name=\"read\" file=\"\(escape(error.catalog))\""
                output += (error.line.map { " line=\"\($0)\"" } ?? "") + ">\n"
                output += "      <error message=\"\(escape(error.description))\"/>\n    </testcase>\n"
            }
            output += "  </testsuite>\n"
        }
        return output + "</testsuites>\n"
    }

    /// XML 1.0 text: the five entities, and characters XML cannot hold dropped.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n", "\t", "\r": output += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
