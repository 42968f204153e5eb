import FontFit
import Foundation
import Testing
import FontFitTestSupport

/// Fitting real text in real fonts (issue: seed 000's "text" in a resizable frame, properties over
/// generated texts, truncation at grapheme boundaries).
@Suite struct FitTests {
    static let frames: [FrameSize] = stride(from: 50.0, through: 300, by: 50).flatMap { width in
        stride(from: 50.0, through: 600, by: 110).map { FrameSize(width: width, height: $0) }
    }

    @Test func seed000TextFillsTheFrameWithAndWithoutALineLimit() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let line = try fonts.measure("text", size: 1)
        for frame in Self.frames {
            let oneLine = try fonts.fit("text", options: FitOptions(frame: frame, maxSize: 300, minimumScaleFactor: 0.01, lineLimit: 1))
            // One line: width or height limits, whichever is tighter (SwiftUI's lineLimit(1) ignores height).
            let expected = min(300, frame.width / line.width, frame.height / line.metrics.lineHeight)
            #expect(abs(oneLine.size - expected) <= 1e-9 * expected, "\(frame)")
            #expect(oneLine.fits && oneLine.lines.count == 1)
            #expect(oneLine.height <= frame.height * (1 + 1e-9) && oneLine.width <= frame.width * (1 + 1e-9))

            let wrapped = try fonts.fit("text", options: FitOptions(frame: frame, maxSize: 300, minimumScaleFactor: 0.01))
            #expect(abs(wrapped.size - expected) <= 1e-9 * expected, "a single word never wraps: \(frame)")
        }
        // Two words wrap when a tall frame makes that the bigger size, and keep one line when wide.
        let tall = try fonts.fit("text text", options: FitOptions(frame: FrameSize(width: 100, height: 600), maxSize: 300, minimumScaleFactor: 0.01))
        #expect(tall.lines.map(\.text) == ["text", "text"])
        let single = try fonts.fit("text text", options: FitOptions(frame: FrameSize(width: 100, height: 600), maxSize: 300, minimumScaleFactor: 0.01, lineLimit: 1))
        #expect(single.lines.count == 1 && single.size < tall.size)
        let wide = try fonts.fit("text text", options: FitOptions(frame: FrameSize(width: 600, height: 100), maxSize: 300, minimumScaleFactor: 0.01))
        #expect(wide.lines.count == 1)
    }


    static let words = [
        "AVATAR", "Wave", "office", "affine", "fluffy", "Typesetting", "is", "the", "art", "of", "T.", "Yo,",
        "naïve", "café", "12:34", "1/1000s", "WAVY", "jumps", "x", "—", "well-known", "e\u{301}te\u{301}",
    ]

    /// Every line, shaped again on its own, fits the frame at the fitted size.
    static func linesFit(_ result: FitResult, font: Font, frame: FrameSize) throws -> Bool {
        try result.lines.allSatisfy { line in
            try FontStack(font).measure(line.text, size: result.size).width <= frame.width * (1 + 1e-9)
        }
    }

    @Test func fittedSizeIsTheExactLargestAndMovesWithTheFrame() throws {
        let font = try loadFont("DejaVuSans.ttf")
        let fonts = FontStack(font)
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<200 {
            let text = (0..<Int(generator.next() % 14 + 1)).map { _ in generator.pick(Self.words) }.joined(separator: " ")
            let frame = FrameSize(width: generator.uniform(40...400), height: generator.uniform(20...400))
            let lineLimit: Int? = generator.next() % 3 == 0 ? Int(generator.next() % 3 + 1) : nil
            let prepared = try fonts.prepare(text)
            let result = try prepared.fit(options: FitOptions(frame: frame, maxSize: 120, minimumScaleFactor: 0.01, lineLimit: lineLimit))
            guard result.fits else { continue }
            #expect(try Self.linesFit(result, font: font, frame: frame), "\(text) in \(frame)")
            #expect(result.height <= frame.height * (1 + 1e-9))
            #expect(lineLimit.map { result.lines.count <= $0 } ?? true)
            if result.size < 120 {
                // Just above the result, the same text no longer fits.
                let above = try prepared.fit(options: FitOptions(frame: frame, maxSize: result.size * (1 + 1e-6), minimumScaleFactor: 1, lineLimit: lineLimit))
                #expect(!above.fits, "\(text) in \(frame) at \(result.size)")
            }
            // Monotone: a larger frame never gives a smaller size.
            let larger = try prepared.fit(
                options: FitOptions(frame: FrameSize(width: frame.width * 1.1, height: frame.height * 1.05), maxSize: 120,
                minimumScaleFactor: 0.01, lineLimit: lineLimit))
            #expect(larger.size >= result.size * (1 - 1e-12))
            // Feeding the used width back reproduces the lines.
            let again = try prepared.fit(
                options: FitOptions(frame: FrameSize(width: result.width, height: .infinity), maxSize: result.size, lineLimit: lineLimit))
            #expect(again.lines.map(\.text) == result.lines.map(\.text))
        }
    }

    @Test func truncationKeepsWholeGraphemesAndFits() throws {
        let font = try loadFont("EmojiSubset.ttf")
        let fonts = FontStack(font)
        let text = "👨‍👩‍👧👍🏽🇫🇷😀👍🏽👨‍👩‍👧❤️😀🇫🇷👍"
        let graphemes = Set(text.map(String.init))
        for mode in [TruncationMode.tail, .head, .middle] {
            let result = try fonts.fit(text, options: FitOptions(frame: FrameSize(width: 120, height: 40), maxSize: 20, lineLimit: 1, truncation: mode))
            #expect(!result.fits && result.truncated)
            let shown = try #require(result.lines.first?.text)
            // The emoji font has no "…": the cut is marked by dropping graphemes, never by splitting one.
            for character in shown where character != "…" {
                #expect(graphemes.contains(String(character)), "\(mode): split grapheme \(character.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            #expect(result.lines[0].width <= 120 * (1 + 1e-9))
        }
    }

    @Test func truncationMarksTheCutWithAnEllipsis() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "Cafe\u{301} naïve re\u{301}sume\u{301} o\u{308}ver and over again"
        for (mode, check) in [
            (TruncationMode.tail, { (shown: String) in shown.hasSuffix("…") }),
            (.head, { $0.hasPrefix("…") }),
            (.middle, { $0.dropFirst().dropLast().contains("…") }),
        ] {
            let result = try fonts.fit(text, options: FitOptions(frame: FrameSize(width: 150, height: 30), maxSize: 20, lineLimit: 1, truncation: mode))
            let shown = try #require(result.lines.first?.text)
            #expect(check(shown), "\(mode): \(shown)")
            #expect(try fonts.measure(shown, size: result.size).width <= 150 * (1 + 1e-9), "\(mode): \(shown)")
            // Every character shown is a whole grapheme of the input (or the ellipsis).
            let original = Set(text.map(String.init))
            #expect(shown.allSatisfy { $0 == "…" || original.contains(String($0)) }, "\(mode): \(shown)")
        }
    }

    @Test func wordWiderThanTheFrameIsBrokenBetweenGraphemes() throws {
        let font = try loadFont("DejaVuSans.ttf")
        let fonts = FontStack(font)
        let result = try fonts.fit(
            "Incomprehensibilities", options: FitOptions(frame: FrameSize(width: 60, height: 200), maxSize: 20, minimumScaleFactor: 1,
            truncation: .tail))
        #expect(!result.fits)
        #expect(result.lines.count > 1)
        #expect(try Self.linesFit(result, font: font, frame: FrameSize(width: 60, height: 200)))
    }

    @Test func hintedFitUsesWholePixelSizesThatFitWithHintedWidths() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let hinted = try fonts.fit("Hamburgefonstiv", options: FitOptions(frame: FrameSize(width: 173, height: 100), maxSize: 40, minimumScaleFactor: 0.1, widths: .hinted))
        #expect(hinted.fits)
        #expect(hinted.size == hinted.size.rounded())
        let unhinted = try fonts.fit("Hamburgefonstiv", options: FitOptions(frame: FrameSize(width: 173, height: 100), maxSize: 40, minimumScaleFactor: 0.1))
        #expect(abs(hinted.size - unhinted.size) <= 2, "hinting moves widths by rounding only")
    }

    /// Issue 11: the hinted search stepped one pixel at a time (65,535 steps up to FreeType's limit)
    /// and above that limit reported sizes whose text overflowed. It now gallops and bisects; its
    /// answer must still fit with its own hinted widths, and the next whole size must not, from
    /// small frames up to FreeType's largest pixel size.
    @Test(arguments: [(173.0, 100.0, 40.0), (600.0, 80.0, 200.0), (100.0, 1e15, 65_535.0), (3_000_000.0, 1e15, 65_535.0)])
    func hintedFitIsTheLargestWholeSizeThatFits(_ frame: (width: Double, height: Double, maxSize: Double)) throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let box = FrameSize(width: frame.width, height: frame.height)
        let fit = try fonts.fit("quick brown", options: FitOptions(frame: box, maxSize: frame.maxSize, minimumScaleFactor: 1e-4, widths: .hinted))
        #expect(fit.fits && fit.size == fit.size.rounded() && fit.width <= frame.width)
        if fit.size < frame.maxSize {
            let larger = try fonts.fit("quick brown", options: FitOptions(frame: box, maxSize: fit.size + 1, widths: .hinted))
            #expect(!larger.fits, "\(fit.size + 1) fits too")
        }
        #expect(throws: FontFitError.self) {
            try fonts.fit("quick brown", options: FitOptions(frame: box, maxSize: 65_536, minimumScaleFactor: 1e-4, widths: .hinted))
        }
    }

    /// Found by FuzzLayout: EmojiSubset.ttf has only colour bitmaps, so FreeType cannot hint (or even
    /// size) its glyphs and every hinted advance was 0: hinted lines were 0 or less wide. They now
    /// take the unhinted advances rounded to whole pixels: within half a pixel per glyph of the
    /// unhinted width at the same size.
    @Test func hintedWidthsOfABitmapOnlyFontAreItsAdvancesInWholePixels() throws {
        let font = try loadFont("EmojiSubset.ttf")
        let fonts = FontStack(font)
        let text = "😀 ok"
        let hinted = try fonts.fit(text, options: FitOptions(frame: FrameSize(width: 1000, height: 1000), maxSize: 30, widths: .hinted))
        let unhinted = try fonts.measure(text, size: hinted.size)
        let glyphs = font.shape(text).glyphs.count
        #expect(hinted.width == hinted.width.rounded())
        #expect(abs(hinted.width - unhinted.width) <= 0.5 * Double(glyphs), "\(hinted.width) vs \(unhinted.width)")
    }

    @Test func invalidValuesAreRejected() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let frame = FrameSize(width: 100, height: 100)
        #expect(throws: FontFitError.self) { try fonts.fit("x", options: FitOptions(frame: frame, maxSize: 0)) }
        #expect(throws: FontFitError.self) { try fonts.fit("x", options: FitOptions(frame: frame, maxSize: 10, minimumScaleFactor: 0)) }
        #expect(throws: FontFitError.self) { try fonts.fit("x", options: FitOptions(frame: frame, maxSize: 10, minimumScaleFactor: 1.5)) }
        #expect(throws: FontFitError.self) { try fonts.fit("x", options: FitOptions(frame: frame, maxSize: 10, lineLimit: 0)) }
        #expect(throws: FontFitError.self) { try fonts.fit("x", options: FitOptions(frame: FrameSize(width: -1, height: 10), maxSize: 10)) }
        #expect(throws: FontFitError.self) { try fonts.fit("x", options: FitOptions(frame: FrameSize(width: .nan, height: 10), maxSize: 10)) }
    }
}

extension FitTests {
    /// One prepared text re-fitted from many tasks at once: its staircase is found by whichever
    /// task asks first and read by the others without a lock, and one result's lines, laid out
    /// when first read, are read by all of them.
    @Test func preparedTextFitsIdenticallyAcrossTasks() async throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "The quick brown fox jumps over the lazy dog, again and again."
        let frames = (0..<8).map { FrameSize(width: 120 + Double($0) * 25, height: 90) }
        let expected = try frames.map { try fonts.prepare(text).fit(options: FitOptions(frame: $0, maxSize: 60, minimumScaleFactor: 0.05)) }
        let prepared = try fonts.prepare(text)
        _ = try prepared.fit(options: FitOptions(frame: frames[0], maxSize: 60, minimumScaleFactor: 0.05))
        let shared = try prepared.fit(options: FitOptions(frame: frames[3], maxSize: 60, minimumScaleFactor: 0.05))
        try await withThrowingTaskGroup(of: (Int, FitResult, Double?, FittedLines).self) { group in
            for round in 0..<64 {
                let index = round % frames.count
                group.addTask {
                    let result = try prepared.fit(options: FitOptions(frame: frames[index], maxSize: 60, minimumScaleFactor: 0.05))
                    let size = try prepared.fittedSize(options: FitOptions(frame: frames[index], maxSize: 60, minimumScaleFactor: 0.05))
                    return (index, result, size, shared.lines)
                }
            }
            for try await (index, result, size, sharedLines) in group {
                #expect(result.size == expected[index].size && size == expected[index].size)
                #expect(result.lines == expected[index].lines && result.width == expected[index].width)
                #expect(sharedLines == expected[3].lines)
            }
        }
    }
}

extension FitTests {
    /// A re-fit's lines, placed as they are read, are the values a fresh fit stores: read one by
    /// one, as an array, encoded as JSON, and after one of them is changed (the others stay).
    @Test func aRefitsLinesAreAFreshFitsLinesHoweverTheyAreRead() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let text = "The quick brown fox jumps over the lazy dog, again and again."
        let prepared = try fonts.prepare(text)
        let frame = FrameSize(width: 150, height: 120)
        let fresh = try fonts.prepare(text).fit(options: FitOptions(frame: frame, maxSize: 60, minimumScaleFactor: 0.05, alignment: .center))
        _ = try prepared.fit(options: FitOptions(frame: FrameSize(width: 300, height: 90), maxSize: 60, minimumScaleFactor: 0.05))
        var refit = try prepared.fit(options: FitOptions(frame: frame, maxSize: 60, minimumScaleFactor: 0.05, alignment: .center))
        #expect(fresh.lines.count > 2 && refit.lines.count == fresh.lines.count)
        for (line, freshLine) in zip(refit.lines, fresh.lines) {
            #expect(line == freshLine && line.text == freshLine.text && line.x == freshLine.x && line.y == freshLine.y)
        }
        #expect(Array(refit.lines) == Array(fresh.lines) && refit.lines.hashValue == fresh.lines.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(refit) == encoder.encode(fresh))
        refit.lines[1].text = "changed"
        #expect(refit.lines[1].text == "changed" && refit.lines[1].range == fresh.lines[1].range)
        #expect(refit.lines[0] == fresh.lines[0] && Array(refit.lines[2...]) == Array(fresh.lines[2...]))
    }

    /// The closed-form one-line fit gives what the general fitter gives, line for line.
    @Test func closedFormSingleLineFitEqualsTheGeneralFit() throws {
        let font = try loadFont("DejaVuSans.ttf")
        let fonts = FontStack(font)
        var generator = SplitMix64(seed: 7)
        let extras = ["", " ", "  ", "\t", " \u{3000}", "é", "👍🏽"]
        for _ in 0..<300 {
            let text = (0..<Int(generator.next() % 6 + 1)).map { _ in generator.pick(Self.words) }.joined(separator: " ")
                + generator.pick(extras)
            let frame = FrameSize(width: generator.uniform(20...500), height: generator.uniform(5...200))
            let alignment = generator.pick([LineAlignment.leading, .center, .trailing])
            let fast = try fonts.fit(text, options: FitOptions(frame: frame, maxSize: 80, minimumScaleFactor: 0.05, lineLimit: 1, alignment: alignment))
            let general = try fonts.prepare(text).fit(
                options: FitOptions(frame: frame, maxSize: 80, minimumScaleFactor: 0.05, lineLimit: 1, alignment: alignment))
            #expect(abs(fast.size - general.size) <= 1e-9 * general.size, "\(text) in \(frame)")
            #expect(fast.fits == general.fits && fast.truncated == general.truncated)
            #expect(fast.lines.map(\.text) == general.lines.map(\.text), "\(text)")
            #expect(fast.lines.map(\.range) == general.lines.map(\.range), "\(text)")
            for (a, b) in zip(fast.lines, general.lines) {
                #expect(abs(a.x - b.x) <= 1e-9 * 500 && abs(a.width - b.width) <= 1e-9 * 500 && abs(a.baseline - b.baseline) <= 1e-9 * 500)
                #expect(a.units == b.units)
            }
            #expect(abs(fast.height - general.height) <= 1e-9 * 200 && abs(fast.width - general.width) <= 1e-9 * 500)
        }
    }

    /// In a font stack, a one-line fit of text set in one fallback font, one script or one
    /// direction (one run, measured in HarfBuzz's buffer) or in several runs (measured as a
    /// paragraph) gives what the general fitter gives: the run's font sets the line's height beside
    /// the primary font's.
    @Test func closedFormFitInAStackEqualsTheGeneralFit() throws {
        // Noto Sans Arabic's lines are taller than Cantarell's.
        let stack = try FontStack([
            loadFont("Cantarell-Regular.otf"), loadFont("NotoSansArabic-Regular.ttf"), loadFont("ipaexg.ttf"),
        ])
        // One run each in a fallback font (Arabic, Katakana), then one in the primary font, then
        // several (a space is the primary font's).
        let texts = ["مرحبا", "タワー", "Hello", "مرحبا بالعالم", "東京タワーの夜景 ", "Total: 100 مرحبا", "ملف  ", ""]
        for text in texts {
            for width in [40.0, 180, 900] {
                let frame = FrameSize(width: width, height: 120)
                let fast = try stack.fit(text, options: FitOptions(frame: frame, maxSize: 90, minimumScaleFactor: 0.02, lineLimit: 1))
                let general = try stack.prepare(text).fit(options: FitOptions(frame: frame, maxSize: 90, minimumScaleFactor: 0.02, lineLimit: 1))
                #expect(abs(fast.size - general.size) <= 1e-12 * general.size, "\(text) in \(width)")
                #expect(abs(fast.height - general.height) <= 1e-12 * general.height, "\(text) in \(width)")
                #expect(fast.lines.map(\.range) == general.lines.map(\.range), "\(text)")
                for (a, b) in zip(fast.lines, general.lines) {
                    #expect(abs(a.width - b.width) <= 1e-12 * 900 && abs(a.baseline - b.baseline) <= 1e-12 * 120, "\(text)")
                }
            }
        }
    }
}

extension FitTests {
    /// OpszTest.ttf narrows from opsz 8 to 72: following the axis, a larger size fits than the
    /// default instance allows, and the result fits with the font at exactly that optical size.
    @Test func opticalSizeFollowingFitsWithItsOwnMeasurement() throws {
        let font = try loadFont("OpszTest.ttf")
        let fonts = FontStack(font)
        let text = "Hamburgefonstiv fits"
        let frame = FrameSize(width: 300, height: 200)
        let fixed = try fonts.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.05, lineLimit: 1, widths: .proportional))
        let following = try fonts.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.05, lineLimit: 1, widths: .followingOpticalSize))
        #expect(following.fits && following.size > fixed.size * 1.05)
        // Automatic optical sizing is the default (issue 7), as in browsers and Apple's text stacks.
        let automatic = try fonts.fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.05, lineLimit: 1))
        #expect(automatic.size == following.size)
        // A font whose opsz the caller set keeps it.
        let pinned = try loadFont("OpszTest.ttf", variations: [FontVariation(tag: "opsz", value: 8)])
        #expect(try FontStack(pinned).fit(text, options: FitOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.05, lineLimit: 1)).size == fixed.size)
        let atSize = try loadFont("OpszTest.ttf", variations: [FontVariation(tag: "opsz", value: min(following.size, 72))])
        let width = try FontStack(atSize).measure(text, size: following.size).width
        #expect(width <= frame.width * (1 + 1e-9))
        // Just above, with the axis at that size too, it no longer fits.
        let above = following.size * (1 + 1e-6)
        let atAbove = try loadFont("OpszTest.ttf", variations: [FontVariation(tag: "opsz", value: min(above, 72))])
        #expect(try FontStack(atAbove).measure(text, size: above).width > frame.width)
        // Wrapped, the result fits line by line at its own optical size.
        let wrapped = try fonts.fit(text, options: FitOptions(frame: FrameSize(width: 150, height: 200), maxSize: 100, minimumScaleFactor: 0.05, widths: .followingOpticalSize))
        let sized = try loadFont("OpszTest.ttf", variations: [FontVariation(tag: "opsz", value: min(max(wrapped.size, 8), 72))])
        #expect(try wrapped.lines.allSatisfy { try FontStack(sized).measure($0.text, size: wrapped.size).width <= 150 * (1 + 1e-9) })
    }
}

extension FitTests {
    /// Results print as a person reads them, not as nested type dumps (issue 10).
    @Test func resultsPrintReadably() throws {
        let fonts = try loadFonts("DejaVuSans.ttf")
        let line = try fonts.measure("Hello", size: 12)
        let fit = try fonts.fit("Hello world", options: FitOptions(frame: FrameSize(width: 50, height: 100), maxSize: 40, minimumScaleFactor: 0.1))
        for text in [String(describing: line), String(describing: fit), String(describing: line.ink!)] {
            #expect(!text.contains("FontEngine.") && !text.contains("TextFitting."), "\(text)")
        }
        #expect(String(describing: fit).contains("\"Hello\""))
    }
}

extension SplitMix64 {
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
