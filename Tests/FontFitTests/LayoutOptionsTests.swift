import FontFit
import Foundation
import Testing

/// The options structs are the API; the long parameter lists are conveniences over them. Both must
/// give the same layouts, and every setting of an options value must reach the layout.
@Suite struct LayoutOptionsTests {
    static let text = "Einstellungen speichern und schließen"

    @Test func fitOptionsGiveTheLayoutOfTheLongForm() throws {
        let font = try loadFont("Inter-roman.var.ttf")
        let prepared = try font.prepare(Self.text)
        for (width, lineLimit, truncation) in [(120.0, 2, TruncationMode.middle), (60, 1, .head), (400, nil, .tail)] {
            let frame = FrameSize(width: width, height: 44)
            let options = FitOptions(
                maxSize: 30, minimumScaleFactor: 0.5, lineLimit: lineLimit, lineSpacing: 2, alignment: .center,
                truncation: truncation, granularity: 0.5)
            let long = try prepared.fit(
                in: frame, options: FitOptions(maxSize: 30, minimumScaleFactor: 0.5, lineLimit: lineLimit, lineSpacing: 2,
                alignment: .center, truncation: truncation, granularity: 0.5))
            let viaOptions = try prepared.fit(in: frame, options: options)
            #expect(viaOptions.size == long.size && viaOptions.lines == long.lines && viaOptions.fits == long.fits)
            let oneShot = try font.fit(Self.text, in: frame, options: options)
            #expect(oneShot.size == long.size && oneShot.lines.map(\.text) == long.lines.map(\.text))
            #expect(try prepared.fittedSize(in: frame, options: options) == (long.fits ? long.size : nil))
        }
    }

    @Test func everyFitSettingReachesTheLayout() throws {
        let font = try loadFont("Inter-roman.var.ttf")
        let frame = FrameSize(width: 90, height: 30)
        var options = FitOptions(maxSize: 30, minimumScaleFactor: 0.9, lineLimit: 1)
        let tail = try font.fit(Self.text, in: frame, options: options)
        options.truncation = .middle
        let middle = try font.fit(Self.text, in: frame, options: options)
        #expect(!tail.fits && tail.lines[0].text.hasSuffix("…"))
        #expect(middle.lines[0].text.contains("…") && !middle.lines[0].text.hasSuffix("…"))
        options.presetSizes = [12, 20, 27]
        options.minimumScaleFactor = 0.01
        let preset = try font.fit(Self.text, in: FrameSize(width: 400, height: 30), options: options)
        #expect([12, 20, 27].contains(preset.size))
    }

    @Test func stackAndRubyOptionsGiveTheLayoutOfTheLongForm() throws {
        let font = try loadFont("Inter-roman.var.ttf")
        let rows = [StackRowText("01:"), StackRowText("12:34"), StackRowText(".56", alignment: .trailing)]
        let frame = FrameSize(width: 250, height: 250)
        let long = try font.stack(
            rows, in: frame, options: StackOptions(maxSize: 300, minimumScaleFactor: 0.01, spacing: .rowHeights(0.1), equalWidth: true,
            pixelScale: 2))
        let options = StackOptions(
            maxSize: 300, minimumScaleFactor: 0.01, spacing: .rowHeights(0.1), equalWidth: true, pixelScale: 2)
        let viaOptions = try font.stack(rows, in: frame, options: options)
        #expect(viaOptions.result.size == long.result.size && viaOptions.result.rows == long.result.rows)
        let words = try font.wordsToFit("Words to fit", in: frame, options: options, alignment: .center)
        #expect(words.rows.map(\.text) == ["Words", "to", "fit"] && words.rows.allSatisfy { $0.alignment == .center })

        let japanese = try loadFont("ipaexg.ttf")
        let segments = try RubyText.parse("今日[こんにち]は")
        let rubyFrame = FrameSize(width: 200, height: 80)
        let rubyLong = try japanese.ruby(segments, in: rubyFrame, options: RubyOptions(maxSize: 60, minimumScaleFactor: 0.1, ratio: 0.4, spacing: 3))
        let rubyOptions = try japanese.ruby(
            segments, in: rubyFrame, options: RubyOptions(maxSize: 60, minimumScaleFactor: 0.1, ratio: 0.4, spacing: 3))
        #expect(rubyOptions.result.size == rubyLong.result.size && rubyOptions.result.rubySize == rubyLong.result.rubySize)
        #expect(abs(rubyOptions.result.rubySize - 0.4 * rubyOptions.result.size) <= 1e-12 * rubyOptions.result.size)
    }
}
