import FontFit
import Foundation
import Testing

/// CSS `text-fit` against Chromium 156's (Fixtures/goldens/chromium-text-fit.json, made by
/// scripts/make-text-fit-goldens): three Latin paragraphs in DejaVu Sans and Inter, and two
/// paragraphs split by a line feed in DejaVu Sans, at 16 px in blocks 150 and 260 px wide, with grow
/// and shrink × consistent, per-line, per-line-all (and the default scope) × no limit, 50 % and
/// 200 %, fitted at that size into that width.
@Suite struct ChromiumTextFitGoldenTests {
    struct Line {
        let text: String
        /// The line's width before text-fit, and Chromium's after it.
        let width: Double
        let fitWidth: Double
        /// Where Chromium put the line's glyph box; nil for an empty line.
        let fitTop: Double?
    }

    struct Case {
        let id: String
        let text: String
        let font: String
        let size: Double
        let width: Double
        let textFit: TextFit
        /// Chromium's unscaled line box: the block's height without text-fit over its lines.
        let lineBox: Double
        let lines: [Line]
    }

    static func cases() -> [Case] {
        chromiumGoldenCases("chromium-text-fit.json").compactMap { entry in
            guard let id = entry["id"] as? String, let textFit = (entry["textFit"] as? String).flatMap(TextFit.init(parsing:)),
                let result = entry["result"] as? [String: Any], let lines = result["lines"] as? [[String: Any]]
            else { return nil }
            return Case(
                id: id, text: entry["text"] as! String, font: (entry["fonts"] as! [String])[0],
                size: entry["size"] as! Double, width: entry["width"] as! Double, textFit: textFit,
                lineBox: (result["height"] as! Double) / Double(max(lines.count, 1)),
                lines: lines.map {
                    Line(
                        text: $0["text"] as! String, width: $0["width"] as! Double, fitWidth: $0["fitWidth"] as! Double,
                        fitTop: $0["fitTop"] as? Double)
                })
        }
    }

    /// Chromium keeps each run's width in 1/64 px and shapes a scaled line again at its own size
    /// (whose font size it keeps in 1/64 px too): a few 1/64 px.
    static let runRounding = 4.0 / 64

    /// Chromium keeps the scaled font's ascent and descent in 1/64 px each.
    static let boxRounding = 2.0 / 64

    @Test func linesMatchChromium() throws {
        let cases = Self.cases()
        #expect(cases.count == 336)
        var agreeing = 0, scaled = 0
        var differing: [String] = []
        for entry in cases {
            // CSS cuts nothing: an overflowing word stays whole, for `shrink` to scale it in.
            var options = FitOptions(frame: FrameSize(width: entry.width), maxSize: entry.size, truncation: .none)
            options.textFit = entry.textFit
            let result = try FontStack(loadFont(entry.font)).fit(entry.text, options: options)
            #expect(result.lineScales.count == result.lines.count, "\(entry.id)")
            let texts = result.lines.map(\.text)
            let expected = entry.lines.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            let widthsAgree =
                texts.count == expected.count
                && zip(result.lines, entry.lines).allSatisfy { abs($0.width - $1.fitWidth) <= Self.runRounding }
            // Chromium's line boxes grow by the line's factor: each line's glyph box starts where the
            // boxes above, scaled, end. Its unscaled line box is whole px
            // (Blink rounds the font's ascent and descent) and fontfit's is not, so the factors are
            // compared: line i's box is the distance to line i + 1's top over the unscaled box.
            let boxesAgree = entry.lines.indices.dropLast().allSatisfy { index in
                guard index < result.lineScales.count, let top = entry.lines[index].fitTop,
                    let next = entry.lines[index + 1].fitTop
                else { return false }
                return abs((next - top) - entry.lineBox * result.lineScales[index]) <= Self.boxRounding
            }
            if result.lineScales.contains(where: { $0 != 1 }) { scaled += 1 }
            if texts == expected && widthsAgree && boxesAgree {
                agreeing += 1
            } else {
                differing.append(
                    "\(entry.id): \(zip(texts, result.lines).map { "\($0) \($1.width)" }) vs Chromium's "
                        + "\(entry.lines.map { "\($0.text) \($0.fitWidth)" })")
            }
        }
        print("text-fit: \(agreeing) of \(cases.count) Chromium cases agree (\(scaled) scale a line)")
        for line in differing { print("  differs: \(line)") }
        #expect(differing.isEmpty)
        #expect(scaled >= 100)
    }
}
