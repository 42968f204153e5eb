import FontFit
import FontFitTestSupport
import Foundation
import Testing

/// `hyphens: auto` over random paragraphs of golden words (Fixtures/goldens/hyphenation.json,
/// scripts/make-hyphen-goldens): the lines of a fit are the greedy lines over the spaces and the
/// golden's points, found here by a reference that measures each candidate line as drawn; a line
/// that breaks at a point ends in a drawn hyphen and says so; no line of a fit that fits is wider
/// than the frame (issue 32).
@Suite struct AutoHyphenationTests {
    /// Per language, the golden's words with at least one point, and their points.
    static let golden: [String: [(word: String, points: [Int])]] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("goldens/hyphenation.json"))
        let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        var languages: [String: [(String, [Int])]] = [:]
        for entry in root["languages"] as! [[String: Any]] {
            languages[entry["language"] as! String] = (entry["words"] as! [[Any]])
                .map { ($0[0] as! String, $0[1] as! [Int]) }
                .filter { !$0.1.isEmpty || $0.0.count < 8 }
        }
        return languages
    }()

    /// A break the reference may take: at `offset` (UTF-8), after a space or at a point.
    struct Opportunity {
        let offset: Int
        let isPoint: Bool
    }

    /// The greedy lines: from each line's start, the furthest opportunity whose drawn line
    /// (trailing space dropped, the hyphen added at a point) is no wider than `width`, or the first
    /// one when none is.
    static func referenceLines(
        _ text: String, _ opportunities: [Opportunity], width: Double, measure: (String) throws -> Double
    ) rethrows -> [String] {
        let bytes = Array(text.utf8)
        func drawn(_ start: Int, _ opportunity: Opportunity) -> String {
            var end = opportunity.offset
            while end > start && bytes[end - 1] == 0x20 { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self) + (opportunity.isPoint ? "\u{2010}" : "")
        }
        var lines: [String] = []
        var start = 0
        var next = 0
        while start < bytes.count {
            var chosen: Opportunity?
            var index = next
            while index < opportunities.count {
                let line = drawn(start, opportunities[index])
                if try measure(line) <= width * (1 + 1e-12) { chosen = opportunities[index]; next = index + 1 }
                index += 1
            }
            if chosen == nil {
                chosen = opportunities[next]
                next += 1
            }
            lines.append(drawn(start, chosen!))
            start = chosen!.offset
        }
        return lines
    }

    @Test(arguments: [
        ("de", "DejaVuSans.ttf"), ("en-US", "Cantarell-Regular.otf"), ("fr", "DejaVuSans.ttf"), ("nl", "Inter-roman.var.ttf"),
        ("fi", "Inter-roman.var.ttf"),
    ])
    func linesAreTheGreedyLinesOverSpacesAndPoints(_ language: String, _ font: String) throws {
        let words = try #require(Self.golden[language])
        let fonts = try loadFonts(font)
        var random = SplitMix64(seed: 32)
        var hyphenated = 0
        var compared = 0
        for round in 0..<60 {
            let chosen = (0..<Int.random(in: 2...7, using: &random)).map { _ in words.randomElement(using: &random)! }
            var text = ""
            var opportunities: [Opportunity] = []
            for (index, entry) in chosen.enumerated() {
                if index > 0 {
                    text += " "
                    opportunities.append(Opportunity(offset: text.utf8.count, isPoint: false))
                }
                let base = text.utf8.count
                opportunities += entry.points.map { Opportunity(offset: base + $0, isPoint: true) }
                text += entry.word
            }
            opportunities.append(Opportunity(offset: text.utf8.count, isPoint: false))
            let size = Double.random(in: 10...40, using: &random)
            let width = Double.random(in: 3...12, using: &random) * size
            let options = FitOptions(
                frame: FrameSize(width: width, height: .infinity), maxSize: size,
                minimumScaleFactor: Bool.random(using: &random) ? 1 : 0.3)
            let shaping = ShapingOptions(language: language, hyphens: .auto)
            let result = try fonts.prepare(text, options: shaping).fit(options: options)
            let context = "round \(round): \(text.debugDescription) in \(width) at \(size) (\(language))"
            for line in result.lines {
                if result.fits { #expect(line.width <= width * (1 + 1e-12), "\(line.text): \(context)") }
                #expect(line.isHyphenated == line.text.hasSuffix("\u{2010}"), "\(line.text): \(context)")
                if line.isHyphenated {
                    hyphenated += 1
                    let drawn = try fonts.measure(line.text, size: result.size).width
                    #expect(abs(line.width - drawn) <= 1e-9 * drawn, "\(line.text) \(line.width) vs \(drawn): \(context)")
                }
            }
            guard result.fits else { continue }
            let expected = try Self.referenceLines(text, opportunities, width: width) { line in
                try fonts.measure(line, size: result.size).width
            }
            compared += 1
            #expect(result.lines.map(\.text) == expected, "\(context) at \(result.size)")
        }
        #expect(hyphenated > 20, "the paragraphs break at points often enough to test them")
        #expect(compared > 40)
    }

    /// The button: "Datenschutzeinstellungen verwalten" in 120 pt fits only at 9.2 pt
    /// without hyphenation (the compound cannot break), at the full 17 pt with it.
    @Test func germanButtonFitsLarger() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "Datenschutzeinstellungen verwalten"
        let options = FitOptions(frame: FrameSize(width: 120), maxSize: 17, minimumScaleFactor: 0.1)
        let manual = try fonts.prepare(text, options: ShapingOptions(language: "de")).fit(options: options)
        let auto = try fonts.prepare(text, options: ShapingOptions(language: "de", hyphens: .auto)).fit(options: options)
        #expect(abs(manual.size - 9.2014) < 1e-4)
        #expect(auto.size == 17)
        #expect(auto.lines.map(\.text) == ["Daten\u{2010}", "schutzeinstel\u{2010}", "lungen ver\u{2010}", "walten"])
        #expect(auto.lines.map(\.isHyphenated) == [true, true, true, false])
        // A re-fit of the prepared text reads the same points.
        let prepared = try fonts.prepare(text, options: ShapingOptions(language: "de", hyphens: .auto))
        let refit = try prepared.fit(options: FitOptions(frame: FrameSize(width: 90), maxSize: 17, minimumScaleFactor: 0.1))
        #expect(refit.lines.contains { $0.isHyphenated })
        #expect(refit.size > manual.size * 90 / 120)
    }

    /// A balanced or pretty wrap of a text that does not fit keeps the greedy fit's lines, whose
    /// hyphens are drawn already: a check spec with `hyphens: auto` and `wrap: balance` on the
    /// sample German catalog drew this string's first line as "…geladen wer‐‐".
    @Test func wrapOfATextThatDoesNotFitDrawsOneHyphen() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "Animation »Maximilian« konnte nicht geladen werden: Grund ist unbekannt, vermutlich eine defekte Animationsdatei"
        var options = FitOptions(frame: FrameSize(width: 343, height: 60), maxSize: 15, minimumScaleFactor: 0.85, lineLimit: 2)
        let prepared = try fonts.prepare(text, options: ShapingOptions(language: "de", hyphens: .auto))
        let greedy = try prepared.fit(options: options)
        #expect(!greedy.fits && greedy.lines[0].text.hasSuffix("wer\u{2010}"))
        for wrap in [TextWrap.balance, .pretty] {
            options.wrap = wrap
            #expect(try prepared.fit(options: options).lines.map(\.text) == greedy.lines.map(\.text), "\(wrap)")
        }
    }

    /// A stack row and a ruby base are single lines that never break: `auto` is refused there
    /// rather than ignored, and `none` and `manual` set a German compound with soft hyphens alike,
    /// nothing drawn at them, at the size of the compound without them.
    @Test func singleLineLayoutsRefuseAuto() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let soft = "Daten\u{AD}schutz\u{AD}einstellungen"
        let options = StackOptions(frame: FrameSize(width: 120, height: 40), maxSize: 17, minimumScaleFactor: 0.1)
        func stack(_ text: String, _ hyphens: Hyphens) throws -> StackResult {
            try fonts.stack([StackRowText(text)], options: options, shaping: ShapingOptions(language: "de", hyphens: hyphens))
        }
        let refused = #expect(throws: FontFitError.self) { try stack(soft, .auto) }
        #expect(refused?.description.contains("hyphens for stack") == true)
        let whole = try stack("Datenschutzeinstellungen", .manual)
        #expect(whole.size < 9.3)
        for hyphens in [Hyphens.none, .manual] {
            let row = try stack(soft, hyphens)
            #expect(abs(row.size - whole.size) < 1e-9 && row.rows.map(\.text) == [soft])
        }
        let ruby = #expect(throws: FontFitError.self) {
            try fonts.ruby(
                [RubyText("Datenschutz", ruby: "data")], options: RubyOptions(frame: FrameSize(width: 120, height: 60), maxSize: 17),
                shaping: ShapingOptions(language: "de", hyphens: .auto))
        }
        #expect(ruby?.description.contains("hyphens for ruby") == true)
    }

    /// `none` ignores soft hyphens too (CSS `hyphens: none`); `manual` breaks only at them; a word
    /// with a soft hyphen keeps only its soft hyphens under `auto` (CSS Text 3 §5.4); a language
    /// without a dictionary (Swedish: no hyphen-sv installed) breaks as `manual`.
    @Test func modes() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let options = FitOptions(frame: FrameSize(width: 70), maxSize: 17, minimumScaleFactor: 0.1)
        func lines(_ text: String, _ hyphens: Hyphens, _ language: String = "de") throws -> [String] {
            try fonts.prepare(text, options: ShapingOptions(language: language, hyphens: hyphens)).fit(options: options)
                .lines.map(\.text)
        }
        let soft = "Daten\u{AD}schutz\u{AD}einstellungen"
        #expect(try lines(soft, .none).count == 1)
        // "einstellungen" is wider than the frame at 17 pt: both shrink to the same 10.35 pt.
        #expect(try lines(soft, .manual) == ["Daten\u{AD}schutz\u{AD}\u{2010}", "einstellungen"])
        #expect(try lines(soft, .auto) == ["Daten\u{AD}schutz\u{AD}\u{2010}", "einstellungen"])
        #expect(try lines("Datenschutzeinstellungen", .auto).count > 1)
        #expect(try lines("Datenschutzeinstellungen", .auto, "sv").count == 1)
        #expect(ShapingOptions(language: "sv", hyphens: .auto).hyphenationUnavailable)
        #expect(!ShapingOptions(language: "de-CH", hyphens: .auto).hyphenationUnavailable)
        #expect(!ShapingOptions(language: "fi", hyphens: .auto).hyphenationUnavailable)
        #expect(!ShapingOptions(language: "sv", hyphens: .manual).hyphenationUnavailable)
    }
}
