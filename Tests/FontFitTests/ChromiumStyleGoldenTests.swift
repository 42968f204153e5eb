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
        chromiumGoldenCases("chromium-style.json").compactMap { entry in
            guard let id = entry["id"] as? String, id.hasPrefix("spacing/"), entry["textTransform"] is NSNull,
                let result = entry["result"] as? [String: Any], let width = result["width"] as? Double
            else { return nil }
            return Case(
                id: id, text: entry["text"] as! String, fonts: entry["fonts"] as! [String], size: entry["size"] as! Double,
                letterSpacing: entry["letterSpacing"] as? String, wordSpacing: entry["wordSpacing"] as? String,
                language: entry["lang"] as? String, width: width)
        }
    }()

    struct TransformCase {
        let id: String
        let text: String
        let fonts: [String]
        let size: Double
        let transform: TextTransform
        let language: String?
        let transformed: String
        let width: Double
    }

    static let transformCases: [TransformCase] = {
        chromiumGoldenCases("chromium-style.json").compactMap { entry in
            guard let id = entry["id"] as? String, id.hasPrefix("transform/"), let result = entry["result"] as? [String: Any],
                let name = entry["textTransform"] as? String, let transform = TextTransform(rawValue: name),
                let width = result["width"] as? Double
            else { return nil }
            return TransformCase(
                id: id, text: entry["text"] as! String, fonts: entry["fonts"] as! [String], size: entry["size"] as! Double,
                transform: transform, language: entry["lang"] as? String, transformed: result["text"] as! String, width: width)
        }
    }()

    /// Case mapping as Chromium draws it, in en, tr, az, de, el, lt and nl: the text (ICU's full
    /// mappings in the language for upper and lower case; the first letter's simple title case for
    /// capitalize) and its width.
    @Test func transformsMatchChromium() throws {
        #expect(Self.transformCases.count >= 150)
        for entry in Self.transformCases {
            let fonts = try FontStack(entry.fonts.map { try loadFont($0) })
            let measured = try fonts.measure(
                entry.text, size: entry.size, options: ShapingOptions(language: entry.language, textTransform: entry.transform))
            #expect(measured.text == entry.transformed, "\(entry.id)")
            #expect(abs(measured.width - entry.width) <= Self.runRounding, "\(entry.id): \(measured.width) vs \(entry.width)")
        }
    }

    struct LineBoxCase {
        let id: String
        let text: String
        let fonts: [String]
        let size: Double
        let lineHeight: String?
        let letterSpacing: String?
        let wordSpacing: String?
        let transform: TextTransform
        let language: String?
        let width: Double?
        /// Each line's text as written (before any case change), its box and its width.
        let lines: [(text: String, top: Double, baseline: Double, height: Double, width: Double)]
        let height: Double
    }

    static let lineBoxCases: [LineBoxCase] = {
        chromiumGoldenCases("chromium-style.json").compactMap { entry in
            guard let id = entry["id"] as? String, id.hasPrefix("linebox/") || id.hasPrefix("stack/") || id.hasPrefix("wrap/"),
                let result = entry["result"] as? [String: Any],
                let lines = result["lines"] as? [[String: Any]]
            else { return nil }
            return LineBoxCase(
                id: id, text: entry["text"] as! String, fonts: entry["fonts"] as! [String], size: entry["size"] as! Double,
                lineHeight: entry["lineHeight"] as? String, letterSpacing: entry["letterSpacing"] as? String,
                wordSpacing: entry["wordSpacing"] as? String,
                transform: (entry["textTransform"] as? String).flatMap(TextTransform.init(rawValue:)) ?? .none,
                language: entry["lang"] as? String, width: entry["width"] as? Double,
                lines: lines.map {
                    ($0["text"] as! String, $0["top"] as! Double, $0["baseline"] as! Double, $0["height"] as! Double,
                     $0["width"] as! Double)
                },
                height: result["height"] as! Double)
        }
    }()

    /// Line boxes of numeric and fixed line heights: Chromium's breaks, and every line box exactly
    /// as tall and as far down as Chromium puts it. Baselines differ by less than a pixel: Blink
    /// rounds each font's ascent and descent and the half-leading to whole pixels, fontfit does
    /// not. With `normal`, line boxes are the fonts' metrics unrounded: within a pixel a line.
    /// Font stacks (the `stack/` cases: Latin with Arabic, Hebrew, Japanese, Thai, Devanagari and
    /// emoji fallbacks) build each line's box from the primary font and the fonts on that line.
    /// The `wrap/` cases wrap Latin and Arabic paragraphs with letter- and word-spacing, case and
    /// line height at once: the same lines, each as wide as Chromium's.
    @Test func lineBoxesMatchChromium() throws {
        #expect(Self.lineBoxCases.count >= 150)
        #expect(Self.lineBoxCases.contains { $0.id.hasPrefix("stack/") } && Self.lineBoxCases.contains { $0.id.hasPrefix("wrap/") })
        var largestBaseline = 0.0
        for entry in Self.lineBoxCases {
            let fonts = try FontStack(entry.fonts.map { try loadFont($0) })
            var options = FitOptions(frame: FrameSize(width: entry.width ?? .infinity), maxSize: entry.size)
            if let height = entry.lineHeight { options.lineHeight = try LineHeight(parsing: height) }
            let shaping = ShapingOptions(
                language: entry.language,
                letterSpacing: try entry.letterSpacing.map { try TextSpacing(parsing: $0, name: "letter-spacing") } ?? .zero,
                wordSpacing: try entry.wordSpacing.map { try TextSpacing(parsing: $0, name: "word-spacing") } ?? .zero,
                textTransform: entry.transform)
            let result = try fonts.fit(entry.text, options: options, shaping: shaping)
            try #require(result.lines.count == entry.lines.count, "\(entry.id)")
            let pixelPerLine = entry.lineHeight == nil ? 1.0 : 1.0 / 64
            let stacked = entry.fonts.count > 1
            for (index, (line, expected)) in zip(result.lines, entry.lines).enumerated() {
                let expectedText = entry.transform.apply(to: expected.text, language: entry.language)
                #expect(line.text.trimmingCharacters(in: .whitespacesAndNewlines) == expectedText.trimmingCharacters(in: .whitespacesAndNewlines), "\(entry.id)")
                if !entry.fonts.contains("EmojiSubset.ttf") {
                    #expect(abs(line.width - expected.width) <= Self.runRounding, "\(entry.id) line \(index): \(line.width) vs \(expected.width)")
                }
                #expect(abs(line.y - expected.top) <= pixelPerLine * Double(index) + 1e-9, "\(entry.id) line \(index): \(line.y) vs \(expected.top)")
                #expect(abs(line.baseline - expected.baseline) < 1 + pixelPerLine * Double(index), "\(entry.id) line \(index)")
                #expect(abs(line.height - expected.height) <= (stacked || entry.lineHeight == nil ? 1 : 1.0 / 64), "\(entry.id) line \(index): \(line.height) vs \(expected.height)")
                largestBaseline = max(largestBaseline, abs(line.baseline - expected.baseline))
            }
            #expect(abs(result.height - entry.height) <= pixelPerLine * Double(entry.lines.count), "\(entry.id): \(result.height) vs \(entry.height)")
        }
        print("line boxes: \(Self.lineBoxCases.count) Chromium cases, largest baseline difference \(largestBaseline) px")
    }

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
