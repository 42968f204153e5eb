import FontFit
import FontFitTestSupport
import Testing

/// Letter- and word-spacing as Chromium applies them (../shared/notes/browser-text-behaviour.md),
/// in measurements and in exact fits.
@Suite struct LetterSpacingTests {
    static func width(
        _ text: String, _ fonts: FontStack, size: Double = 20, letter: TextSpacing = .zero, word: TextSpacing = .zero
    ) throws -> Double {
        try fonts.measure(text, size: size, options: ShapingOptions(letterSpacing: letter, wordSpacing: word)).width
    }

    /// How many spacings `text` takes: its width's growth with 1 pt of letter-spacing.
    static func letterSpacings(_ text: String, _ fonts: FontStack) throws -> Double {
        // Glyphs change with ligatures off; measured against the text without ligatures.
        let plain = try fonts.measure(
            text, size: 20, options: ShapingOptions(features: [try FontFeature("-liga"), try FontFeature("-clig"), try FontFeature("-calt")])
        ).width
        return try width(text, fonts, letter: .points(1)) - plain
    }

    @Test func everyClusterTakesLetterSpacingTheLastIncluded() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        #expect(try Self.letterSpacings("Hello world", fonts).isApproximately(11))
        // Zero-width characters take none: ZWSP, a joiner, a soft hyphen, bidi marks.
        #expect(try Self.letterSpacings("ab\u{200B}cd", fonts).isApproximately(4))
        #expect(try Self.letterSpacings("ab\u{AD}cd\u{200D}e\u{200E}", fonts).isApproximately(5))
    }

    @Test func devanagariIsSpacedPerShapedClusterNotPerGrapheme() throws {
        // Chromium 156 gives नमस्ते 4 spacings for its 3 grapheme clusters.
        let fonts = try loadFonts("NotoSansDevanagari-Regular.ttf")
        #expect("नमस्ते".count == 3)
        #expect(try Self.letterSpacings("नमस्ते", fonts).isApproximately(4))
    }

    @Test func anArabicRunSpacesOnlyItsSpaces() throws {
        // "مرحبا بالعالم" at 20 px grows by 5 px with letter-spacing: 5px in Chromium.
        let fonts = try FontStack([loadFont("DejaVuSans.ttf"), loadFont("NotoSansArabic-Regular.ttf")])
        let plain = try Self.width("مرحبا بالعالم", fonts)
        #expect(try (Self.width("مرحبا بالعالم", fonts, letter: .points(5)) - plain).isApproximately(5))
    }

    @Test func wordSpacingGoesToSpacesAndNoBreakSpacesOnly() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "a b\u{A0}c\u{2009}d"
        let plain = try Self.width(text, fonts)
        #expect(try (Self.width(text, fonts, word: .points(3)) - plain).isApproximately(6))
        #expect(try (Self.width(text, fonts, letter: .zero, word: .em(0.5)) - plain).isApproximately(20))
    }

    @Test func letterSpacingTurnsLigaturesOffUnlessAFeatureTurnsThemOn() throws {
        let fonts = try loadFonts("Cantarell-Regular.otf")
        let ligated = try fonts.measure("office", size: 20).glyphCount
        #expect(try fonts.measure("office", size: 20, options: ShapingOptions(letterSpacing: .em(0.01))).glyphCount > ligated)
        let forced = ShapingOptions(features: [try FontFeature("liga")], letterSpacing: .em(0.01))
        #expect(try fonts.measure("office", size: 20, options: forced).glyphCount == ligated)
    }

    @Test func emSpacingScalesWithTheSizeAndPointsDoNot() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let at10 = try Self.width("Label", fonts, size: 10, letter: .points(2)) - Self.width("Label", fonts, size: 10)
        let at40 = try Self.width("Label", fonts, size: 40, letter: .points(2)) - Self.width("Label", fonts, size: 40)
        #expect(at10.isApproximately(10) && at40.isApproximately(10))
        let em10 = try Self.width("Label", fonts, size: 10, letter: .em(0.1)) - Self.width("Label", fonts, size: 10)
        let em40 = try Self.width("Label", fonts, size: 40, letter: .em(0.1)) - Self.width("Label", fonts, size: 40)
        #expect(em10.isApproximately(5) && em40.isApproximately(20))
    }

    /// Random texts, frames, sizes, spacings and line heights: the fitted size fits (every line within the frame,
    /// each as wide as `measure` says its text is), a size 1e-9 larger does not, and a re-fit of the
    /// prepared text is the fresh fit.
    @Test func fitsWithSpacingAreExact() throws {
        var random = SplitMix64(seed: 3101)
        let words = ["Labels", "as", "platforms", "style", "them", "Wave", "AVATAR", "office", "i18n", "fit", "Übersicht"]
        let stacks = try ["DejaVuSans.ttf", "Cantarell-Regular.otf"].map { try loadFonts($0) }
        var shrunk = 0
        for round in 0..<120 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            let fonts = stacks[round % stacks.count]
            let letter: TextSpacing =
                Bool.random(using: &random)
                ? .points(Double.random(in: -0.5...4, using: &random)) : .em(Double.random(in: -0.02...0.2, using: &random))
            let word: TextSpacing = round % 3 == 0 ? .points(Double.random(in: 0...6, using: &random)) : .zero
            let shaping = ShapingOptions(letterSpacing: letter, wordSpacing: word)
            var options = FitOptions(
                frame: FrameSize(width: Double.random(in: 60...400, using: &random), height: Double.random(in: 30...300, using: &random)),
                maxSize: Double.random(in: 12...80, using: &random), minimumScaleFactor: 0.05,
                lineLimit: [1, 2, 3, nil].randomElement(using: &random)!)
            options.lineHeight = [
                .normal, .multiple(Double.random(in: 0.9...2, using: &random)),
                .points(Double.random(in: 10...60, using: &random)),
            ].randomElement(using: &random)!
            let result = try fonts.fit(text, options: options, shaping: shaping)
            guard result.fits else { continue }
            for line in result.lines {
                #expect(line.width <= options.frame.width * (1 + 1e-9), "\(text) \(letter) \(word)")
                let measured = try fonts.measure(line.text, size: result.size, options: shaping).width
                #expect(abs(measured - line.width) <= 1e-9 * max(1, measured), "\(line.text) at \(result.size)")
            }
            #expect(result.height <= options.frame.height * (1 + 1e-9))
            let prepared = try fonts.prepare(text, options: shaping)
            let refit = try prepared.fit(options: options).size
            // Equal but for the order advances are summed in (per glyph in a one-line fit, per grapheme
            // in the tables).
            #expect(refit.isApproximately(result.size, tolerance: 1e-13), "\(text) \(letter) \(word) \(options.lineLimit.map(String.init) ?? "-"): \(refit) vs \(result.size)")
            if result.size < options.maxSize {
                shrunk += 1
                // 3e-9: the fit allows 1e-9 of slack on every width, as every fit does.
                options.maxSize = result.size * (1 + 3e-9)
                options.minimumScaleFactor = 1
                #expect(try !fonts.fit(text, options: options, shaping: shaping).fits, "\(text) \(letter) \(word) \(options.lineHeight)")
            }
        }
        #expect(shrunk > 40)
    }

    @Test func aOneLineFitWithEmSpacingIsClosedForm() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let shaping = ShapingOptions(letterSpacing: .em(0.05))
        let emWidth = try fonts.measure("Settings", size: 1, options: shaping).width
        let result = try fonts.fit(
            "Settings", options: FitOptions(frame: FrameSize(width: 90, height: 100), maxSize: 40, minimumScaleFactor: 0.1, lineLimit: 1),
            shaping: shaping)
        #expect(result.size.isApproximately(90 / emWidth))
    }

    @Test func stacksAndRubyTakeSpacingInEmOnly() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let options = StackOptions(frame: FrameSize(width: 100, height: 200), maxSize: 40, minimumScaleFactor: 0.1)
        #expect(throws: FontFitError.self) {
            try fonts.stack([StackRowText("12:30")], options: options, shaping: ShapingOptions(letterSpacing: .points(2)))
        }
        let spaced = try fonts.stack([StackRowText("12:30")], options: options, shaping: ShapingOptions(letterSpacing: .em(0.1)))
        let plain = try fonts.stack([StackRowText("12:30")], options: options)
        #expect(spaced.size < plain.size)
    }

    @Test func spacingOutOfRangeIsNamed() throws {
        #expect(throws: FontFitError.invalidValue(name: "--letter-spacing", value: "1e9", expected: TextSpacingExpected.text)) {
            try TextSpacing(parsing: "1e9", name: "--letter-spacing")
        }
        #expect(try TextSpacing(parsing: "0.05em", name: "x") == .em(0.05))
        #expect(try TextSpacing(parsing: "1.5px", name: "x") == .points(1.5))
        #expect(try TextSpacing(parsing: " 2 ", name: "x") == .points(2))
        let fonts = try loadFonts("DejaVuSans.ttf")
        #expect(throws: FontFitError.self) {
            try fonts.measure("a", size: 10, options: ShapingOptions(letterSpacing: .em(.nan)))
        }
    }
}

enum TextSpacingExpected {
    static let text = "points (1.5, 1.5pt, 1.5px) or em (0.05em), each in -1000000…1000000, or normal"
}

extension Double {
    func isApproximately(_ other: Double, tolerance: Double = 1e-9) -> Bool {
        abs(self - other) <= tolerance * max(1, abs(other))
    }
}
