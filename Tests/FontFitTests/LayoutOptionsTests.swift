import FontFit
import Foundation
import Testing

/// Every setting of an options value must reach the layout, and the prepared and one-shot forms of
/// a fit must agree on the same options.
@Suite struct LayoutOptionsTests {
    static let text = "Einstellungen speichern und schließen"

    @Test func preparedAndOneShotFitsAgree() throws {
        let fonts = try loadFonts("Inter-roman.var.ttf")
        let prepared = try fonts.prepare(Self.text)
        for (width, lineLimit, truncation) in [(120.0, 2, TruncationMode.middle), (60, 1, .head), (400, nil, .tail)] {
            let options = FitOptions(
                frame: FrameSize(width: width, height: 44), maxSize: 30, minimumScaleFactor: 0.5, lineLimit: lineLimit,
                lineSpacing: 2, alignment: .center, truncation: truncation, granularity: 0.5)
            let prepareFirst = try prepared.fit(options: options)
            let oneShot = try fonts.fit(Self.text, options: options)
            #expect(oneShot.size == prepareFirst.size && oneShot.lines.map(\.text) == prepareFirst.lines.map(\.text))
            #expect(try prepared.fittedSize(options: options) == (prepareFirst.fits ? prepareFirst.size : nil))
        }
    }

    @Test func everyFitSettingReachesTheLayout() throws {
        let fonts = try loadFonts("Inter-roman.var.ttf")
        var options = FitOptions(frame: FrameSize(width: 90, height: 30), maxSize: 30, minimumScaleFactor: 0.9, lineLimit: 1)
        let tail = try fonts.fit(Self.text, options: options)
        options.truncation = .middle
        let middle = try fonts.fit(Self.text, options: options)
        #expect(!tail.fits && tail.lines[0].text.hasSuffix("…"))
        #expect(middle.lines[0].text.contains("…") && !middle.lines[0].text.hasSuffix("…"))
        options.presetSizes = [12, 20, 27]
        options.minimumScaleFactor = 0.01
        options.frame.width = 400
        let preset = try fonts.fit(Self.text, options: options)
        #expect([12, 20, 27].contains(preset.size))
    }

    @Test func everyStackAndRubySettingReachesTheLayout() throws {
        let fonts = try loadFonts("Inter-roman.var.ttf")
        let rows = [StackRowText("01:"), StackRowText("12:34"), StackRowText(".56", alignment: .trailing)]
        var options = StackOptions(
            frame: FrameSize(width: 250, height: 250), maxSize: 300, minimumScaleFactor: 0.01,
            spacing: .rowHeights(0.1), equalWidth: true, pixelScale: 2)
        let equal = try fonts.stack(rows, options: options)
        #expect(Set(equal.rows.map(\.frame.width)).count == 1, "equal widths")
        #expect(equal.rows.allSatisfy { ($0.frame.height * 2).rounded() == $0.frame.height * 2 }, "whole device pixels")
        options.pixelScale = nil
        let exact = try fonts.stack(rows, options: options)
        let gap = exact.rows[1].frame.y - (exact.rows[0].frame.y + exact.rows[0].frame.height)
        #expect(abs(gap - 0.1 * exact.rows[0].frame.height) <= 1e-9 * exact.rows[0].frame.height, "spacing in row heights")
        options.equalWidth = false
        let unequal = try fonts.stack(rows, options: options)
        #expect(Set(unequal.rows.map(\.frame.width)).count == 3)
        let words = try fonts.wordsToFit("Words to fit", options: options, alignment: .center)
        #expect(words.rows.map(\.text) == ["Words", "to", "fit"])

        let japanese = try loadFonts("ipaexg.ttf")
        let segments = try RubyText.parse("今日[こんにち]は")
        var rubyOptions = RubyOptions(frame: FrameSize(width: 200, height: 80), maxSize: 60, minimumScaleFactor: 0.1, ratio: 0.4, spacing: 3)
        let ruby = try japanese.ruby(segments, options: rubyOptions)
        #expect(abs(ruby.rubySize - 0.4 * ruby.size) <= 1e-12 * ruby.size)
        let (base, annotation) = ruby.segments[0]
        #expect(abs(base.frame.y - (annotation!.frame.y + annotation!.frame.height + 3)) <= 1e-9, "spacing between ruby and base")
        rubyOptions.ratio = 0.5
        #expect(try japanese.ruby(segments, options: rubyOptions).rubySize == 0.5 * (try japanese.ruby(segments, options: rubyOptions).size))
    }

    /// Options are plain bits, so that a re-fit that copies them pays a few moves (bench:
    /// refitSizesPerShape); preset sizes read back as they were set, equal lists give equal options.
    @Test func optionsAreTriviallyCopyableAndKeepTheirPresetSizes() {
        #expect(_isPOD(FitOptions.self))
        let frame = FrameSize(width: 100, height: 40)
        var options = FitOptions(frame: frame, maxSize: 20, presetSizes: [12, 14.5, 17])
        #expect(options.presetSizes == [12, 14.5, 17])
        #expect(options == FitOptions(frame: frame, maxSize: 20, presetSizes: [12, 14.5, 17]))
        #expect(options != FitOptions(frame: frame, maxSize: 20, presetSizes: [12, 14.5]))
        options.presetSizes = [.nan, -0.0]
        #expect(options.presetSizes?.count == 2 && options.presetSizes![0].isNaN && options.presetSizes![1].sign == .minus)
        options.presetSizes = []
        #expect(options.presetSizes == [])
        options.presetSizes = nil
        #expect(options.presetSizes == nil && options == FitOptions(frame: frame, maxSize: 20))
    }
}
