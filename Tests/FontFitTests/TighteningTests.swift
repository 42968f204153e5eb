import FontFit
import Testing

import FontFitTestSupport

/// `FitOptions.tightening` (SwiftUI's `allowsTightening`): a one-line label gives up letter-spacing,
/// up to its limit, before its size shrinks; checked against `measure` of the text spaced as the
/// result says, not against the fitting code.
@Suite struct TighteningTests {
    /// Random labels, frames, sizes, base spacings and limits:
    /// - the result never shrinks more than the untightened fit, and tightens no more than its limit;
    /// - a tightened line is as wide as `measure` says the text is with the letter-spacing reduced
    ///   by `tightening`, and within the frame;
    /// - at its size, a little less tightening does not fit (the least that fits was taken), and
    ///   when the size shrank, the most tightening does not fit a size 3e-9 larger (the largest size);
    /// - a re-fit of the prepared text gives the same size and tightening.
    @Test func tighteningIsTheLeastThatFitsAtTheLargestSize() throws {
        var random = SplitMix64(seed: 0x7167_4E01)
        let words = ["Save", "changes", "Einstellungen", "speichern", "AVATAR", "office", "Wave", "i18n", "Übersicht", "fit"]
        let stacks = try ["DejaVuSans.ttf", "Cantarell-Regular.otf"].map { try loadFonts($0) }
        var tightened = 0, shrunkTightened = 0
        for round in 0..<240 {
            let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            let fonts = stacks[round % stacks.count]
            let base: TextSpacing = round % 4 == 0 ? .em(Double.random(in: -0.02...0.1, using: &random)) : .zero
            let shaping = ShapingOptions(letterSpacing: base)
            let limit: Tightening = round % 3 == 0 ? .apple : .em(Double.random(in: 0.01...0.12, using: &random))
            var options = FitOptions(
                frame: FrameSize(width: Double.random(in: 40...300, using: &random), height: Double.random(in: 20...120, using: &random)),
                maxSize: Double.random(in: 12...60, using: &random), minimumScaleFactor: Double.random(in: 0.3...1, using: &random),
                lineLimit: 1)
            let natural = try fonts.fit(text, options: options, shaping: shaping)
            options.tightening = limit
            let result = try fonts.fit(text, options: options, shaping: shaping)
            let context = "\(text) \(base) \(limit) \(options.frame) max \(options.maxSize), seed round \(round)"
            #expect(result.size >= natural.size, "\(context)")
            #expect(!natural.fits || result.fits, "\(context)")
            if case .em(let most) = limit { #expect(result.tightening <= most, "\(context)") }
            let prepared = try fonts.prepare(text, options: shaping, wrapping: false)
            let refit = try prepared.fit(options: options)
            #expect(refit.size == result.size && refit.tightening == result.tightening, "\(context)")
            #expect(try prepared.fittedSize(options: options) == (result.fits ? result.size : nil), "\(context)")
            if round % 5 == 0 {
                // Another line height than the prepared one: the tables built again, tightening kept.
                var taller = options
                taller.lineHeight = .multiple(1.5)
                #expect(try prepared.fittedSize(options: taller) == (try prepared.fit(options: taller).fits ? try prepared.fit(options: taller).size : nil), "\(context)")
            }
            guard result.tightening > 0, result.fits else { continue }
            tightened += 1
            let spaced = ShapingOptions(letterSpacing: .em(base.emValue - result.tightening))
            let line = try #require(result.lines.first)
            let measured = try fonts.measure(line.text, size: result.size, options: spaced).width
            #expect(abs(measured - line.width) <= 1e-9 * max(1, measured), "\(context): \(measured) vs \(line.width)")
            #expect(line.width <= options.frame.width * (1 + 1e-9), "\(context)")
            // A little less tightening at the same size is too wide.
            let looser = ShapingOptions(letterSpacing: .em(base.emValue - result.tightening * (1 - 1e-6)))
            let looserWidth = try fonts.measure(text, size: result.size, options: looser).width
            #expect(looserWidth > options.frame.width || result.tightening <= 1e-6, "\(context)")
            if result.size < options.maxSize {
                shrunkTightened += 1
                var larger = options
                larger.maxSize = result.size * (1 + 3e-9)
                larger.minimumScaleFactor = 1
                larger.tightening = .em(result.tightening)
                #expect(try !fonts.fit(text, options: larger, shaping: shaping).fits, "\(context)")
            }
        }
        #expect(tightened > 40)
        #expect(shrunkTightened > 10)
    }

    /// Apple's rule: a label at most 5 % wider than its frame at full size is tightened to fit at
    /// full size; one more than 5 % wider is not, and shrinks (its spacing tightened as far as the
    /// rule allows).
    @Test func applesRuleTightensTextAtMostFivePercentWider() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "Save changes"
        let width = try fonts.measure(text, size: 17).width
        var options = FitOptions(frame: FrameSize(width: width / 1.04, height: 44), maxSize: 17, minimumScaleFactor: 0.5, lineLimit: 1)
        options.tightening = .apple
        let within = try fonts.fit(text, options: options)
        #expect(within.size == 17 && within.fits && within.tightening > 0)
        options.frame.width = width / 1.06
        let beyond = try fonts.fit(text, options: options)
        #expect(beyond.size < 17 && beyond.fits)
        options.tightening = nil
        #expect(try fonts.fit(text, options: options).size < beyond.size)
    }

    /// What fits untouched is not tightened, and a label of several lines never is.
    @Test func onlyAOneLineLabelThatNeedsItIsTightened() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        var options = FitOptions(frame: FrameSize(width: 300, height: 44), maxSize: 17, minimumScaleFactor: 0.5, lineLimit: 1)
        options.tightening = .em(0.1)
        #expect(try fonts.fit("Save changes", options: options).tightening == 0)
        options.frame = FrameSize(width: 60, height: 100)
        options.lineLimit = 3
        let wrapped = try fonts.fit("Save changes now", options: options)
        options.tightening = nil
        let plain = try fonts.fit("Save changes now", options: options)
        #expect(wrapped.tightening == 0 && wrapped.size == plain.size)
    }

    /// A tightened label is drawn as it was measured: the drawn line's advance is its width.
    @Test func aTightenedLineIsDrawnAsWideAsItsWidth() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        var options = FitOptions(frame: FrameSize(width: 100, height: 44), maxSize: 17, minimumScaleFactor: 0.8, lineLimit: 1)
        options.tightening = .apple
        let prepared = try fonts.prepare("Save changes", options: ShapingOptions(), wrapping: false)
        let result = try prepared.fit(options: options)
        #expect(result.tightening > 0)
        var scene = RenderScene(width: 200, height: 60)
        let drawn = scene.addText(prepared.drawn(result.lines[0], of: result), size: result.size, x: 0, baseline: 40)
        #expect(abs(drawn - result.lines[0].width) < 1e-9)
    }

    @Test func limitsAreReadAsTheCommandLineWritesThem() throws {
        #expect(try Tightening(parsing: "", name: "x") == .apple)
        #expect(try Tightening(parsing: "apple", name: "x") == .apple)
        #expect(try Tightening(parsing: "3%", name: "x") == .widthShare(0.03))
        #expect(try Tightening(parsing: "0.05em", name: "x") == .em(0.05))
        #expect(try Tightening(parsing: "0.05", name: "x") == .em(0.05))
        #expect(Tightening.em(0.05).description == "0.05em")
        #expect(throws: FontFitError.self) { try Tightening(parsing: "-0.1em", name: "x") }
        #expect(throws: FontFitError.self) { try Tightening(parsing: "wide", name: "x") }
    }

    /// Tightening takes em away: letter-spacing in fixed points cannot be tightened, and says so.
    @Test func pointSpacingIsRefused() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        var options = FitOptions(frame: FrameSize(width: 60, height: 44), maxSize: 17, minimumScaleFactor: 0.5, lineLimit: 1)
        options.tightening = .apple
        #expect(throws: FontFitError.self) {
            try fonts.fit("Save changes", options: options, shaping: ShapingOptions(letterSpacing: .points(1)))
        }
    }
}

extension TextSpacing {
    /// The amount in em of spacing given in em (zero for none).
    fileprivate var emValue: Double {
        if case .em(let value) = self { return value }
        return 0
    }
}
