import FontFit
import Testing

import FontFitTestSupport

/// A fit of transformed text shows the transformed text, and `sourceRanges(of:)` reads each line
/// back in the text as written.
@Suite struct TransformSourceTests {
    static let words: [(language: String, words: [String])] = [
        ("de", ["Straße", "größer", "Maß", "Fuß", "Einheit", "ﬁsch", "Ärger"]),
        ("tr", ["istanbul", "İzmir", "ılık", "DİYARBAKIR", "ışık", "Iğdır"]),
        ("el", ["άγιος", "ΝΙΚΌΛΑΟΣ", "όδος", "ή", "Μάιος", "ευχαριστώ", "σοφός"]),
        ("lt", ["i̇̀", "Įėjimas", "ąžuolas", "J̃onas", "šiaurė"]),
        ("nl", ["ijsberg", "IJmuiden", "fiets", "o'clock", "e-mail"]),
    ]

    /// Random phrases, transforms and frames: the lines' source ranges run in order through the
    /// text as written, and a line that begins and ends at white space (or the text's ends) is
    /// exactly the transform of its source.
    @Test func linesMapBackToTheTextAsWritten() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        var random = SplitMix64(seed: 0x5043_0031)
        var exact = 0
        for round in 0..<200 {
            let (language, words) = Self.words[round % Self.words.count]
            let text = (0..<Int.random(in: 1...7, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            let transform = [TextTransform.uppercase, .lowercase, .capitalize].randomElement(using: &random)!
            let shaping = ShapingOptions(language: language, textTransform: transform)
            let prepared = try fonts.prepare(text, options: shaping)
            #expect(prepared.sourceText == text)
            let options = FitOptions(
                frame: FrameSize(width: Double.random(in: 60...300, using: &random), height: 1000), maxSize: 20,
                minimumScaleFactor: 0.5)
            let result = try prepared.fit(options: options)
            let ranges = prepared.sourceRanges(of: result)
            #expect(ranges.count == result.lines.count)
            let source = Array(text.utf8)
            var previousEnd = 0
            for (line, range) in zip(result.lines, ranges) {
                let context = "\(language) \(transform) '\(text)': '\(line.text)' from \(range)"
                #expect(range.lowerBound >= 0 && range.upperBound <= source.count, "\(context)")
                // In order; a word cut across lines may map whole to both.
                #expect(range.upperBound >= previousEnd, "\(context)")
                previousEnd = range.upperBound
                let atStart = range.lowerBound == 0 || source[range.lowerBound - 1] == 0x20
                let atEnd = range.upperBound == source.count || source[range.upperBound] == 0x20
                    || source[range.upperBound - 1] == 0x20
                if atStart && atEnd && !line.isTruncated && !line.isHyphenated {
                    let written = String(decoding: source[range], as: UTF8.self)
                    let transformed = try fonts.prepare(written, options: shaping, wrapping: false).text
                    #expect(transformed.trimmingSpaces == line.text.trimmingSpaces, "\(context)")
                    exact += 1
                }
            }
            #expect(previousEnd <= source.count)
            if result.fits && !(result.lines.last?.isTruncated ?? false) {
                #expect(ranges.first?.lowerBound == 0, "\(text)")
                #expect(ranges.last?.upperBound == source.count, "\(text)")
            }
        }
        #expect(exact > 300)
    }

    /// Pieces that change length map to the letters they came from: `ß` → `SS` and `ﬁ` → `FI`
    /// each map back to their one character, not to their neighbours.
    @Test func aLetterThatGrowsMapsToItself() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "Maß ﬁsch"
        let prepared = try fonts.prepare(text, options: ShapingOptions(language: "de", textTransform: .uppercase))
        #expect(prepared.text == "MASS FISCH")
        // One line per word: each line's source is its word.
        let result = try prepared.fit(options: FitOptions(frame: FrameSize(width: 80, height: 500), maxSize: 20, minimumScaleFactor: 1))
        #expect(result.lines.map(\.text) == ["MASS", "FISCH"])
        let source = Array(text.utf8)
        #expect(prepared.sourceRanges(of: result).map { String(decoding: source[$0], as: UTF8.self).trimmingSpaces } == ["Maß", "ﬁsch"])
        // Text as written maps to itself.
        let plain = try fonts.prepare(text)
        #expect(plain.sourceText == nil)
        let plainResult = try plain.fit(options: FitOptions(frame: FrameSize(width: 80, height: 500), maxSize: 20))
        #expect(plainResult.lines.count == 2 && plain.sourceRanges(of: plainResult) == plainResult.lines.map(\.range))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
