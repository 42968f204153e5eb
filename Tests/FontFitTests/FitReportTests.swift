import FontFit
import Testing
import FontFitTestSupport

/// `FitRequest.report(in:)` answers a plain label that fits on one line in closed form, from one
/// shaping, and any other from the same shaping through the fitter. Its reference is the general
/// route: `prepare`, `fit`, `neededSize` and `missing`, each on its own.
@Suite struct FitReportTests {
    static let stack = ClosedFormAgreementTests.stack

    /// Random texts (several scripts, fallback fonts, trailing white space and marks, and a missing
    /// character), frames, line limits, line spacing, truncation, size ranges, and letter- and
    /// word-spacing in em: every part of the report equals the reference's, sizes to the closed
    /// form's summation slack.
    @Test func reportsAgreeWithTheGeneralRoute() throws {
        var generator = SplitMix64(seed: 0x5EED_0034)
        var closedFormDomain = 0
        for index in 0..<1_200 {
            var text = ClosedFormAgreementTests.randomText(&generator)
            if index % 10 == 0 { text += " \u{10FFFD}" }
            let frame = FrameSize(
                width: Double.random(in: 20...400, using: &generator), height: Double.random(in: 10...200, using: &generator))
            var options = FitOptions(
                frame: frame, maxSize: Double.random(in: 8...60, using: &generator),
                minimumScaleFactor: [0.01, 0.5, 0.8, 1].randomElement(using: &generator)!,
                lineLimit: [1, 2, 4, nil].randomElement(using: &generator)!)
            options.alignment = [.leading, .center, .trailing].randomElement(using: &generator)!
            options.lineSpacing = [0, 0, 3.5].randomElement(using: &generator)!
            options.truncation = [.tail, .head, .middle, .none].randomElement(using: &generator)!
            var shaping = ShapingOptions()
            if index % 4 == 1 {
                shaping.letterSpacing = .em([0.05, -0.02].randomElement(using: &generator)!)
                shaping.wordSpacing = .em([0, 0.1].randomElement(using: &generator)!)
            }
            if index % 6 == 2 { shaping.language = "tr" }
            let request = FitRequest(text, options: options, shaping: shaping)
            let report = try request.report(in: Self.stack)
            let prepared = try request.prepare(in: Self.stack)
            let reference = try request.fit(prepared)
            let needed = reference.fits ? reference.size : try request.neededSize(prepared)
            let context = "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(options)"
            let slack = ClosedFormAgreementTests.summationSlack
            #expect(report.result.fits == reference.fits, "\(context)")
            #expect(report.result.truncated == reference.truncated, "\(context)")
            #expect(abs(report.result.size - reference.size) <= slack * reference.size, "\(context)")
            #expect(abs(report.result.width - reference.width) <= slack * max(1, reference.width), "\(context)")
            #expect(abs(report.result.height - reference.height) <= slack * max(1, reference.height), "\(context)")
            #expect(report.result.lines.map(\.text) == reference.lines.map(\.text), "\(context)")
            #expect(report.result.lines.map(\.units) == reference.lines.map(\.units), "\(context)")
            for (line, expected) in zip(report.result.lines, reference.lines) {
                #expect(abs(line.x - expected.x) <= slack * max(1, abs(expected.x)), "\(context)")
                #expect(abs(line.baseline - expected.baseline) <= slack * max(1, expected.baseline), "\(context)")
            }
            #expect((report.neededSize == nil) == (needed == nil), "\(context)")
            if let size = report.neededSize, let needed {
                #expect(abs(size - needed) <= slack * needed, "\(context)")
            }
            #expect(report.missing == prepared.missing, "\(context)")
            // The report's prepared text, made from its one shaping when the closed form answered,
            // fits as the reference's does.
            let refitted = try request.fit(report.prepared)
            #expect(refitted.size == reference.size && refitted.lines.map(\.text) == reference.lines.map(\.text), "\(context)")
            if options.lineLimit != 1, reference.fits, reference.scale == 1, reference.lines.count == 1 {
                closedFormDomain += 1
            }
        }
        // Wrapped labels answered on one line at their largest size, the case the closed form adds.
        #expect(closedFormDomain > 100)
    }
}
