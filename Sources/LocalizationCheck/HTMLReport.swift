import FontFit
import Foundation

/// `--report DIR`: `index.html` and one SVG per failing or shrinking check (the frame, the text as it
/// would be drawn, shrunk or truncated), with the source text beside it; opens from disk in any browser.
package enum HTMLReport {
    package static func write(_ run: CheckRun, to directory: String) throws {
        let manager = FileManager.default
        let pictures = URL(fileURLWithPath: directory).appendingPathComponent("svg")
        try manager.createDirectory(at: pictures, withIntermediateDirectories: true)
        var rows = ""
        var number = 0
        for check in Ranking.worst(run.checks) where check.failed || check.measurement.verdict != .fits {
            guard let fit = check.measurement.fit else { continue }
            number += 1
            let key = Checker.FontKey(check.settings)
            let stack = try run.fonts[key] ?? key.fonts.load(variations: key.variations)
            var features: [FontFeature] = []
            for feature in check.settings.features { features.append(try FontFeature(feature)) }
            // The text as the check measured it, shaped again for drawing: keeping every check's
            // shaped text until the report is written would hold a whole run's glyphs in memory.
            let prepared = try stack.prepare(
                check.measurement.text, options: ShapingOptions(features: features, language: check.locale),
                wrapping: check.settings.lineLimit != 1, ink: check.settings.bounds == .ink)
            let scene = RenderScene.fit(fit, frame: check.settings.frame, text: prepared, pixelScale: 1)
            let file = "svg/check-\(number).svg"
            try Data(scene.svg().utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent(file))
            var name = check.key
            if !check.context.isEmpty { name = check.context + " | " + name }
            if !check.branch.isEmpty { name += " [\(check.branch)]" }
            let measurement = check.measurement
            var details = "\(measurement.verdict.rawValue), size \(TextReport.format(measurement.size)) pt (scale \(TextReport.format(measurement.scale)))"
            if let needed = measurement.neededScale, measurement.verdict != .shrinks { details += ", needs scale \(TextReport.format(needed))" }
            if !measurement.missing.isEmpty { details += ", missing \(measurement.missing.joined(separator: " "))" }
            rows += """
                <tr class="\(check.failed ? "failed" : "shrinks")" data-check="\(number)">
                <td>\(escape(check.locale))</td><td><code>\(escape(name))</code><br><small>\(escape(check.location))</small></td>
                <td>\(escape(details))<br>\(escape(measurement.text))</td>
                <td><img src="\(file)" alt="\(escape(measurement.text))" onload="this.dataset.loaded='yes'" onerror="this.dataset.loaded='no'"></td>
                <td>\(check.source.map { escape($0.text) + "<br><small>\($0.verdict.rawValue), scale \(TextReport.format($0.scale))</small>" } ?? "")</td>
                </tr>

                """
        }
        let page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>fontfit check</title>
            <style>body{font-family:sans-serif;margin:1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px;vertical-align:top}tr.failed td:first-child{border-left:4px solid #c00}tr.shrinks td:first-child{border-left:4px solid #e90}img{max-width:600px}</style>
            </head><body>
            <h1>fontfit check</h1>
            <p id="summary">\(run.checks.count) checks, \(run.failed) failed, \(number) pictured (failing or shrinking).</p>
            \(run.errors.isEmpty ? "" : "<ul id=\"errors\">" + run.errors.map { "<li>\(escape($0.description))</li>" }.joined() + "</ul>")
            <table><thead><tr><th>locale</th><th>key</th><th>verdict and text</th><th>as drawn</th><th>source</th></tr></thead><tbody>
            \(rows)</tbody></table></body></html>

            """
        try Data(page.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("index.html"))
    }

    static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
