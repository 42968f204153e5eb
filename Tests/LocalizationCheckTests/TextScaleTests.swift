import FontFit
import Foundation
import Testing

@testable import LocalizationCheck

/// Accessibility text sizes: `textScales`, `--text-scale` and Android 14's non-linear font scaling.
@Suite struct TextScaleTests {
    static let catalogs = ["catalogs/android/res/values/strings.xml", "catalogs/android/res/values-de/strings.xml",
        "catalogs/po/gdk-pixbuf/fi.po"].map(Fixture.path)

    /// Android 14's own expectations (AOSP `core/tests/coretests/src/android/content/res/
    /// FontScaleConverterFactoryTest.kt`, its tolerance 0.18): small sizes scale linearly, scales
    /// past the last table are linear, scales between tables are interpolated, below 1.15 nothing is
    /// non-linear.
    @Test func android14MatchesAndroidsTests() {
        func expectNear(_ size: Double, _ scale: Double, _ expected: Double) {
            #expect(abs(FontScaling.android14.size(size, scale: scale) - expected) <= 0.18, "\(size) sp at \(scale)")
        }
        for (size, expected) in [(1.0, 2.0), (8, 16), (10, 20), (5, 10), (0, 0)] {
            expectNear(size, 2, expected)
            expectNear(size, 1.9999, expected)
        }
        for (size, expected) in [(1.0, 3.0), (8, 24), (10, 30), (5, 15), (0, 0), (50, 150), (100, 300)] {
            expectNear(size, 3, expected)
        }
        for size in [1.0, 8, 10, 5, 0] { expectNear(size, 1.6, size * 1.6) }
        #expect(FontScaling.android14.size(20, scale: 1.6) < 32)
        #expect(FontScaling.android14.size(100, scale: 1.6) < 160)
        for size in [8.0, 15, 30, 100] {
            #expect(FontScaling.android14.size(size, scale: 1.1) == size * 1.1)
            #expect(FontScaling.android14.size(size, scale: 0.85) == size * 0.85)
        }
    }

    /// Points of the cited tables (`FontScaleConverterFactory.java`, scales 1.3 and 2), exactly, and
    /// sizes between them on the straight line between the two points around them.
    @Test func android14FollowsTheTablesPoints() {
        let sizes: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]
        let at13: [Double] = [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]
        let at2: [Double] = [16, 20, 24, 26, 30, 34, 36, 38, 100]
        for (scale, table) in [(1.3, at13), (2.0, at2)] {
            for (size, expected) in zip(sizes, table) {
                #expect(FontScaling.android14.size(size, scale: scale) == expected, "\(size) sp at \(scale)")
            }
            for index in 1..<sizes.count {
                let middle = (sizes[index - 1] + sizes[index]) / 2
                let between = FontScaling.android14.size(middle, scale: scale)
                #expect(abs(between - (table[index - 1] + table[index]) / 2) < 1e-9)
            }
            // Past 100 sp the last point's ratio, 1: large text is not scaled at all.
            #expect(FontScaling.android14.size(120, scale: scale) == 120)
            // Below 8 sp, on the line from 0.
            #expect(abs(FontScaling.android14.size(4, scale: scale) - table[0] / 2) < 1e-9)
        }
    }

    @Test func specKeysAndTheirErrors() throws {
        let spec = try LabelSpec.parse("""
            defaults: {size: 15, textScales: [1, 1.3, 2, 1.3], fontScaling: android14}
            rules: [{keys: ["*_button"], textScales: 2, fontScaling: linear, locales: {de: {textScales: [1]}}}]
            """)
        #expect(spec.defaults.textScales == [1, 1.3, 2])
        // 15 sp lies a quarter of the way from the 1.3 table's 14 sp (18.8) to its 18 sp (21.6).
        #expect(abs(spec.resolve(rule: nil, locale: "fi", limit: nil, textScale: 1.3).size - (18.8 + (21.6 - 18.8) / 4)) < 1e-9)
        #expect(spec.resolve(rule: 0, locale: "fi", limit: nil).textScales == [2])
        #expect(spec.resolve(rule: 0, locale: "fi", limit: nil, textScale: 2).size == 30)
        #expect(spec.resolve(rule: 0, locale: "de-AT", limit: nil).textScales == [1])
        for bad in ["defaults: {textScales: [0]}", "defaults: {textScales: []}", "defaults: {textScales: [big]}",
            "defaults: {fontScaling: ios}", "rules: [{textScale: 2}]"]
        {
            #expect(throws: SpecError.self, "\(bad)") { try LabelSpec.parse(bad) }
        }
    }

    /// Each scale other than 1 is a branch part of its own check, after the string's own parts; the
    /// scaled check is measured at the label's size × the scale, everything else equal.
    @Test func scalesAreBranchesAtTheScaledSize() async throws {
        let spec = try LabelSpec.load(path: Fixture.path("labels.yaml"))
        let base = try await Checker(spec: spec).run(catalogs: Self.catalogs).checks
        var checker = Checker(spec: spec)
        checker.textScales = [1, 1.3, 2]
        let scaled = try await checker.run(catalogs: Self.catalogs).checks
        #expect(scaled.count == 3 * base.count)
        #expect(Set(scaled.map(\.identity)).count == scaled.count)
        let byIdentity = Dictionary(uniqueKeysWithValues: scaled.map { ($0.identity, $0) })
        var grew = 0
        for check in base {
            #expect(byIdentity[check.identity]?.measurement.size == check.measurement.size)
            for (scale, part) in [(1.3, "textScale=1.3"), (2.0, "textScale=2")] {
                var identity = check.identity
                identity[4] = check.branch.isEmpty ? part : check.branch + "," + part
                let other = try #require(byIdentity[identity], "\(identity)")
                var expected = check.settings
                expected.size *= scale
                expected.textScale = .factor(scale)
                #expect(other.settings == expected)
                #expect(other.measurement.size <= expected.size)
                if other.measurement.verdict.rank > check.measurement.verdict.rank { grew += 1 }
            }
        }
        #expect(grew > 0)
        // The spec's own `textScales` give the same checks.
        var withKey = spec
        withKey.defaults.textScales = [1, 1.3, 2]
        let fromSpec = try await Checker(spec: withKey).run(catalogs: Self.catalogs).checks
        #expect(fromSpec.map(\.identity) == scaled.map(\.identity))
        #expect(fromSpec.map(\.measurement.size) == scaled.map(\.measurement.size))
    }

    /// Apple's Dynamic Type: a label following a text style is checked at its sizes, scaled as
    /// UIFontMetrics scales a custom size (in proportion to the style's size at `large`); at the
    /// style's own size, exactly the HIG's table.
    @Test func dynamicTypeSizesFollowTheTextStyle() throws {
        #expect(TextScale(parsing: "AX3") == .dynamicType(.accessibility3))
        #expect(TextScale(parsing: "xxxLarge") == .dynamicType(.xxxLarge))
        #expect(TextScale(parsing: "1.5") == .factor(1.5))
        #expect(TextScale(parsing: "huge") == nil && TextScale(parsing: "0") == nil)
        #expect(TextScale.dynamicType(.large).branchPart == nil)
        #expect(TextScale.dynamicType(.accessibility2).branchPart == "dynamicType=accessibility2")
        // Body at its own 17 pt is the table; a 34 pt label in the body style doubles it.
        let body = AppleTextStyle.body
        #expect(TextScale.dynamicType(.xxxLarge).size(17, scaling: .linear, style: body) == 23)
        #expect(TextScale.dynamicType(.accessibility5).size(17, scaling: .linear, style: body) == 53)
        #expect(TextScale.dynamicType(.xSmall).size(34, scaling: .linear, style: body) == 28)
        #expect(TextScale.dynamicType(.accessibility1).size(11, scaling: .linear, style: .caption2) == 20)
        // Every style grows with the size and sits at its default at `large`.
        for style in AppleTextStyle.allCases {
            let sizes = DynamicTypeSize.allCases.map(style.size(at:))
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
        }
        #expect(AppleTextStyle.allCases.map { $0.size(at: .large) } == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])

        let spec = try LabelSpec.parse(
            """
            version: 1
            defaults: {size: 17, frame: 120x44, textStyle: body, textScales: [large, xxxLarge, AX3]}
            rules:
              - {name: caption, keys: ["caption_*"], size: 12, textStyle: caption}
            """)
        #expect(spec.resolve(rule: nil, locale: "de", limit: nil, textScale: .dynamicType(.accessibility3)).size == 40)
        #expect(spec.resolve(rule: 0, locale: "de", limit: nil, textScale: .dynamicType(.accessibility3)).size == 32)
        #expect(spec.resolve(rule: 0, locale: "de", limit: nil).textScales == [.dynamicType(.large), .dynamicType(.xxxLarge), .dynamicType(.accessibility3)])
        #expect(throws: SpecError.self) {
            try LabelSpec.parse("version: 1\ndefaults: {textStyle: enormous}\n")
        }
    }
}
