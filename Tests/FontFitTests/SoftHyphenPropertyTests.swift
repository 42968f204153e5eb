import FontFit
import FontFitTestSupport
import Testing

/// Soft hyphens over random texts, fonts, sizes and frames: a line that ends at a soft hyphen is
/// as wide as `measure` says its drawn text is (the hyphen included, shaped in the line), and no
/// line of a fit that fits is wider than the frame. (Issue 31 reported lines whose drawn hyphen
/// was left out of the width, so that they stuck out of the frame.)
@Suite struct SoftHyphenPropertyTests {
    static let syllables = [
        "lo", "cal", "i", "za", "tion", "ab", "bre", "vi", "at", "ed", "Au", "to", "bahn", "wur", "de", "auf",
        "ge", "baut", "Da", "ten", "schutz", "ein", "stel", "lun", "gen", "ver", "wal", "ten", "super", "cali",
    ]
    static let fonts = ["DejaVuSans.ttf", "Inter-roman.var.ttf", "Cantarell-Regular.otf"]

    /// A paragraph of words of one to four syllables, a soft hyphen between some of them, and
    /// punctuation or digits now and then.
    static func randomText(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 2...9, using: &random)).map { _ in
            var word = ""
            for index in 0..<Int.random(in: 1...4, using: &random) {
                if index > 0 && Bool.random(using: &random) { word += "\u{AD}" }
                word += syllables.randomElement(using: &random)!
            }
            switch Int.random(in: 0..<6, using: &random) {
            case 0: word += ","
            case 1: word += "."
            case 2: word = "i18n \(word)"
            default: break
            }
            return word
        }.joined(separator: " ")
    }

    @Test func hyphenatedLinesAreAsWideAsTheirDrawnText() throws {
        var random = SplitMix64(seed: 31)
        let stacks = try Self.fonts.map { try loadFonts($0) }
        var hyphenated = 0
        for round in 0..<400 {
            let text = Self.randomText(&random)
            let fonts = stacks.randomElement(using: &random)!
            let size = Double.random(in: 8...64, using: &random)
            let width = Double.random(in: 2...14, using: &random) * size
            let minimumScaleFactor = Bool.random(using: &random) ? 1 : 0.25
            let options = FitOptions(
                frame: FrameSize(width: width, height: .infinity), maxSize: size, minimumScaleFactor: minimumScaleFactor)
            let context = "round \(round): \(text.debugDescription) in \(width) at \(size)"
            let prepared = try fonts.prepare(text)
            for result in [try fonts.fit(text, options: options), try prepared.fit(options: options)] {
                for line in result.lines {
                    if result.fits { #expect(line.width <= width * (1 + 1e-12), "\(line.text): \(context)") }
                    guard line.text.hasSuffix("\u{2010}") || line.text.hasSuffix("-") && line.text.unicodeScalars.dropLast().last == "\u{AD}"
                    else { continue }
                    hyphenated += 1
                    let drawn = try fonts.measure(line.text, size: result.size).width
                    #expect(abs(line.width - drawn) <= 1e-9 * drawn, "\(line.text) \(line.width) vs \(drawn): \(context)")
                }
            }
        }
        #expect(hyphenated > 200, "the random texts break at soft hyphens often enough to test them")
    }
}
