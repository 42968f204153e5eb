import FontFit
import Testing

/// Soft hyphens (issue 7): a break at U+00AD draws a hyphen, and its width counts in the line. A
/// line "califragil" used to be reported as fitting while the drawn "califragil-" stuck out.
@Suite struct SoftHyphenTests {
    static let word = ["super", "cali", "fragil", "istic", "expi", "ali", "docious"].joined(separator: "\u{AD}")

    @Test(arguments: [60.0, 100, 140, 200])
    func aLineBrokenAtASoftHyphenCountsTheHyphenItDraws(frameWidth: Double) throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let size = 20.0
        let result = try fonts.fit(Self.word, options: FitOptions(frame: FrameSize(width: frameWidth, height: 1000), maxSize: size))
        #expect(result.lines.count > 1)
        let hyphen = try fonts.measure("\u{2010}", size: size).width
        #expect(result.lines.dropLast().contains { $0.text.hasSuffix("\u{2010}") })
        for line in result.lines {
            // A line cut inside a syllable (nothing else fits) draws no hyphen.
            let hyphenated = line.text.hasSuffix("\u{2010}")
            let letters = String(line.text.unicodeScalars.filter { $0 != "\u{AD}" && $0 != "\u{2010}" })
            let drawn = try fonts.measure(letters, size: size).width + (hyphenated ? hyphen : 0)
            #expect(abs(line.width - drawn) <= 1e-9 * drawn, "\(line.text)")
            #expect(line.width <= frameWidth)
        }
        #expect(!result.lines.last!.text.hasSuffix("\u{2010}"))
    }

    @Test func noBreakNoHyphen() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let result = try fonts.fit(Self.word, options: FitOptions(frame: FrameSize(width: 2000, height: 100), maxSize: 20))
        #expect(result.lines.count == 1)
        #expect(!result.lines[0].text.contains("\u{2010}"))
        let plain = try fonts.measure(Self.word, size: 20).width
        #expect(abs(result.lines[0].width - plain) <= 1e-9 * plain, "a soft hyphen where no break happens is invisible")
    }

    /// Shrinking to fit: the size is the largest at which the hyphenated lines, hyphens drawn, fit.
    @Test func aShrinkingFitKeepsDrawnLinesInsideTheFrame() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let frame = FrameSize(width: 90, height: 60)
        let result = try fonts.fit(Self.word, options: FitOptions(frame: frame, maxSize: 40, minimumScaleFactor: 0.1))
        #expect(result.fits)
        for line in result.lines {
            let letters = String(line.text.unicodeScalars.filter { $0 != "\u{AD}" })
            let drawn = try fonts.measure(letters, size: result.size).width
            #expect(drawn <= frame.width * (1 + 1e-9), "\(line.text) drawn at \(result.size) pt is \(drawn) pt")
        }
    }

    /// A re-fit of prepared text draws the same hyphens as a fresh fit. Hyphens make a longer
    /// line possibly narrower, so such a text has no staircase: its re-fits search as a fit does,
    /// and only that search adds the hyphens.
    @Test(arguments: [60.0, 100, 140])
    func aRefitDrawsTheHyphensAFreshFitDraws(frameWidth: Double) throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let prepared = try fonts.prepare(Self.word)
        let frame = FrameSize(width: frameWidth, height: 1000)
        let fresh = try fonts.fit(Self.word, options: FitOptions(frame: frame, maxSize: 20, minimumScaleFactor: 0.5))
        #expect(fresh.lines.contains { $0.text.hasSuffix("\u{2010}") })
        for _ in 0..<3 {
            let refit = try prepared.fit(options: FitOptions(frame: frame, maxSize: 20, minimumScaleFactor: 0.5))
            #expect(refit.size == fresh.size && refit.lines == fresh.lines, "\(refit) vs \(fresh)")
        }
    }

    /// Cantarell ligates "f" and "l" across a soft hyphen ("auf\u{AD}lo" shapes as "au", "fl",
    /// "o"), so a line that breaks there ends inside the ligature's cluster: it is shaped again on
    /// its own and drawn "auf‐", not counted with the ligature's whole advance (5.6 pt too wide at
    /// 20 pt, the random texts of SoftHyphenPropertyTests found).
    @Test func aBreakInsideALigatureIsShapedAgain() throws {
        let fonts = try loadFonts("Cantarell-Regular.otf")
        let text = "ein lo\u{AD}super i18n lunauf\u{AD}lo\u{AD}Da lowurza\u{AD}wal"
        let size = 20.284721337423957
        let result = try fonts.fit(text, options: FitOptions(frame: FrameSize(width: 225.4798939191065, height: 1000), maxSize: size))
        let line = try #require(result.lines.first)
        #expect(line.text == "ein lo\u{AD}super i18n lunauf\u{AD}\u{2010}")
        let drawn = try fonts.measure(line.text, size: size).width
        #expect(abs(line.width - drawn) <= 1e-9 * drawn, "\(line.width) vs \(drawn)")
    }
}
