@testable import FontEngine
import Testing

/// A font reuses its shape plans (``Font/shapePlan(for:features:)``): each shaping must still get the plan of its own
/// direction, script, language, features and variation coordinates. A fresh font starts with no
/// plans, so its glyphs are what the reused plan must give.
@Suite struct ShapePlanTests {
    static func glyphs(_ font: Font, _ text: String, _ options: ShapingOptions) -> [ShapedGlyph] {
        font.shape(text, options: options).glyphs
    }

    @Test func aReusedPlanShapesAsAFreshOne() throws {
        let dejaVu = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        let options = [
            ShapingOptions(), ShapingOptions(features: [try FontFeature("-kern")]),
            ShapingOptions(features: [try FontFeature("-liga")]), ShapingOptions(direction: .rightToLeft),
            ShapingOptions(language: "tr"), ShapingOptions(script: "Cyrl"), ShapingOptions(direction: .topToBottom),
        ]
        // "AV" kerns, "fi" ligates, "i" is dotted differently in Turkish small caps: each option
        // changes the glyphs, so a plan found for the wrong options fails.
        let text = "AVA fi ﬁ office Ii"
        let fresh = try options.map { Self.glyphs(try PiecewiseShapingTests.font("DejaVuSans.ttf"), text, $0) }
        try #require(Set(fresh.map { $0.map(\.xAdvance) }).count >= 3)
        for _ in 0..<3 {
            for (option, expected) in zip(options, fresh) { #expect(Self.glyphs(dejaVu, text, option) == expected) }
        }
    }

    @Test func moreCombinationsThanTheFontKeepsStillShapeRight() throws {
        let dejaVu = try PiecewiseShapingTests.font("DejaVuSans.ttf")
        // More languages than a font keeps plans for, in turn: each is made again after it is dropped.
        let languages = ["en", "tr", "az", "de", "fr", "nl", "ro", "ru", "sr", "mk", "bg", "uk", "pl", "cs", "sk", "hu", "fi", "sv", "da", "nb"]
        let kerning = [ShapingOptions(), ShapingOptions(features: [try FontFeature("-kern")])]
        let text = "AV fi Ij бгдптш"
        for _ in 0..<2 {
            for language in languages {
                for base in kerning {
                    var option = base
                    option.language = language
                    let fresh = Self.glyphs(try PiecewiseShapingTests.font("DejaVuSans.ttf"), text, option)
                    #expect(Self.glyphs(dejaVu, text, option) == fresh)
                }
            }
        }
    }

    @Test func fontsOfOneFaceAtOtherCoordinatesKeepTheirOwnPlans() throws {
        let face = try PiecewiseShapingTests.font("Inter-roman.var.ttf").face
        let light = try Font(face: face, variations: [FontVariation(tag: "wght", value: 100)])
        let black = try Font(face: face, variations: [FontVariation(tag: "wght", value: 900)])
        let text = "$ AV ¢ fi"
        let expectedLight = Self.glyphs(try Font(face: face, variations: [FontVariation(tag: "wght", value: 100)]), text, ShapingOptions())
        let expectedBlack = Self.glyphs(try Font(face: face, variations: [FontVariation(tag: "wght", value: 900)]), text, ShapingOptions())
        try #require(expectedLight != expectedBlack)
        for _ in 0..<3 {
            #expect(Self.glyphs(light, text, ShapingOptions()) == expectedLight)
            #expect(Self.glyphs(black, text, ShapingOptions()) == expectedBlack)
        }
    }
}
