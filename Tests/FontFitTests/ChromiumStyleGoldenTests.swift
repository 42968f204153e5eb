import FontFit
import Foundation
import Testing

/// Widths of spaced text against Chromium 156's (Fixtures/goldens/chromium-style.json, made by
/// scripts/make-chromium-goldens): letter- and word-spacing in px and em, positive and negative,
/// across Latin, Cyrillic, Arabic, Hebrew, Devanagari, Thai, Japanese and emoji, with zero-width
/// characters, bidi controls, no-break and thin spaces, and ligatures.
@Suite struct ChromiumStyleGoldenTests {
    struct Case {
        let id: String
        let text: String
        let fonts: [String]
        let size: Double
        let letterSpacing: String?
        let wordSpacing: String?
        let language: String?
        let width: Double
    }

    static let spacingCases: [Case] = {
        let url = fixtures.appendingPathComponent("goldens/chromium-style.json")
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = root["cases"] as? [[String: Any]]
        else { return [] }
        return cases.compactMap { entry in
            guard let id = entry["id"] as? String, id.hasPrefix("spacing/"), entry["textTransform"] is NSNull,
                let result = entry["result"] as? [String: Any], let width = result["width"] as? Double
            else { return nil }
            return Case(
                id: id, text: entry["text"] as! String, fonts: entry["fonts"] as! [String], size: entry["size"] as! Double,
                letterSpacing: entry["letterSpacing"] as? String, wordSpacing: entry["wordSpacing"] as? String,
                language: entry["lang"] as? String, width: width)
        }
    }()

    /// Chromium keeps each run's width in 1/64 px and sums the rounded widths; a line of a few runs
    /// is within a few 1/64 px of the exact sum.
    static let runRounding = 4.0 / 64
    /// EmojiSubset is a bitmap (CBDT) font: Chromium advances its glyphs by the strike's metrics
    /// scaled to the size, not by hmtx, so each emoji differs by a fraction of a pixel (0.05 px
    /// at 20 px) with or without spacing.
    static let bitmapEmojiDifference = 0.4

    @Test func theGoldenHasEveryScriptAndSpacing() {
        #expect(Self.spacingCases.count >= 300)
        for script in ["latin", "cyrillic", "arabic", "hebrew", "devanagari", "thai", "japanese", "emoji", "zwsp", "ligatures"] {
            #expect(Self.spacingCases.contains { $0.id.hasPrefix("spacing/\(script)/") }, "\(script)")
        }
    }

    @Test func spacedWidthsMatchChromium() throws {
        var largest = (difference: 0.0, id: "")
        var compared = 0
        for entry in Self.spacingCases {
            let fonts = try FontStack(entry.fonts.map { try loadFont($0) })
            let options = ShapingOptions(
                language: entry.language,
                letterSpacing: try entry.letterSpacing.map { try TextSpacing(parsing: $0, name: "letter-spacing") } ?? .zero,
                wordSpacing: try entry.wordSpacing.map { try TextSpacing(parsing: $0, name: "word-spacing") } ?? .zero)
            let width = try fonts.measure(entry.text, size: entry.size, options: options).width
            let difference = abs(width - entry.width)
            let emoji = entry.fonts.contains("EmojiSubset.ttf")
            #expect(difference <= (emoji ? Self.bitmapEmojiDifference : Self.runRounding), "\(entry.id): \(width) vs Chromium \(entry.width)")
            if !emoji && difference > largest.difference { largest = (difference, entry.id) }
            compared += 1
        }
        #expect(compared == Self.spacingCases.count)
        print("spacing widths: \(compared) Chromium cases, largest difference outside emoji \(largest.difference) px (\(largest.id))")
    }
}
