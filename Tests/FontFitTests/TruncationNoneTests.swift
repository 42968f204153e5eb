import FontFit
import Testing

/// `TruncationMode.none` cuts nothing: a text that does not fit keeps every character in its lines,
/// past the line limit and the frame, and says it was not truncated. Found by fuzzing:
/// `fit "one two three" --frame 100x100 --size 100 --line-limit 1 --truncation none` printed the
/// lines "o" and "n" and `"truncated":false`, "e two three" gone (only the lines a limit keeps and
/// one more had been laid out). The other modes may drop text, and then say so.
@Suite struct TruncationNoneTests {
    struct Route: CustomTestStringConvertible, Sendable {
        let name: String
        let fonts: FontStack
        let shaping: ShapingOptions
        let widths: WidthModel?
        let bounds: FitBounds
        var testDescription: String { name }
    }

    static let routes: [Route] = {
        let dejaVu = try! FontStack(loadFont("DejaVuSans.ttf"))
        let opsz = try! FontStack(loadFont("OpszTest.ttf"))
        let ipa = try! FontStack(loadFont("ipaexg.ttf"))
        return [
            Route(name: "proportional", fonts: dejaVu, shaping: ShapingOptions(), widths: .proportional, bounds: .lineBox),
            Route(name: "ink", fonts: dejaVu, shaping: ShapingOptions(), widths: .proportional, bounds: .ink),
            Route(name: "hinted", fonts: dejaVu, shaping: ShapingOptions(), widths: .hinted, bounds: .lineBox),
            Route(name: "optical size", fonts: opsz, shaping: ShapingOptions(), widths: .followingOpticalSize, bounds: .lineBox),
            Route(name: "vertical", fonts: ipa, shaping: ShapingOptions(direction: .topToBottom), widths: nil, bounds: .lineBox),
        ]
    }()

    static let texts = ["one two three", "The quick brown fox\njumps over the lazy dog", "日本語の文章です。とても長い"]

    static func withoutWhitespace(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    @Test(arguments: routes)
    func noneKeepsEveryCharacter(_ route: Route) throws {
        var checked = 0
        for text in Self.texts {
            for lineLimit in [1, 2, nil] as [Int?] {
                for truncation in [TruncationMode.none, .tail, .head, .middle] {
                    let frame = FrameSize(width: 100, height: 100)
                    let prepared = try route.fonts.prepare(text, options: route.shaping)
                    let fits = [
                        try prepared.fit(
                            options: FitOptions(frame: frame, maxSize: 100, lineLimit: lineLimit, bounds: route.bounds,
                            truncation: truncation, widths: route.widths)),
                        try route.fonts.fit(
                            text, options: FitOptions(frame: frame, maxSize: 100, lineLimit: lineLimit, bounds: route.bounds,
                            truncation: truncation, widths: route.widths), shaping: route.shaping),
                    ]
                    for fit in fits {
                        #expect(!fit.fits, "\(text) in \(lineLimit.map(String.init) ?? "any") lines")
                        let shown = Self.withoutWhitespace(fit.lines.map(\.text).joined())
                        let label = "\(route.name), \(truncation), \(lineLimit.map(String.init) ?? "no") limit: \(text)"
                        if truncation == .none {
                            #expect(shown == Self.withoutWhitespace(text), "\(label): \(fit.lines.map(\.text))")
                            #expect(!fit.truncated, "\(label)")
                            if lineLimit == 1 { #expect(fit.lines.count == text.split(separator: "\n").count, "\(label)") }
                        } else if shown != Self.withoutWhitespace(text) {
                            #expect(fit.truncated, "\(label): \(fit.lines.map(\.text))")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == Self.texts.count * 3 * 4 * 2)
    }
}
