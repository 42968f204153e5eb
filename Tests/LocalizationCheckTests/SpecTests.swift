import FontFit
import Testing

@testable import LocalizationCheck

@Suite struct SpecTests {
    @Test func unknownKeysAreNamed() {
        #expect {
            _ = try LabelSpec.parse("defaults:\n  size: 15\n  colour: red\n  sise: 3\n")
        } throws: { error in
            let message = (error as! SpecError).message
            return message.contains("'colour'") && message.contains("'sise'") && message.contains("defaults")
        }
        #expect(throws: SpecError.self) { try LabelSpec.parse("rules:\n  - keys: [a]\n    frame: 10x10\n    lineLimt: 1\n") }
        #expect(throws: SpecError.self) { try LabelSpec.parse("version: 1\nfontz: {}\n") }
    }

    @Test(arguments: [
        "defaults: {frame: 100}", "defaults: {frame: 0x10}", "defaults: {size: -1}", "defaults: {minimumScaleFactor: 1.5}",
        "defaults: {lineLimit: 0}", "defaults: {truncation: end}", "defaults: {bounds: box}", "defaults: {font: serif}",
        "defaults: {features: ['+']}", "rules: [{regex: '('}]", "defaults: {hyphens: sometimes}",
        "defaults: {allowTightening: lots}", "defaults: {allowTightening: 2em}", "defaults: {allowTightening: 150%}",
    ])
    func badValuesAreRejected(_ text: String) {
        #expect(throws: SpecError.self) { try LabelSpec.parse(text) }
    }

    /// `allowTightening` is true (Apple's rule), a limit, or false, which a rule or locale can set
    /// over the defaults.
    @Test func tighteningIsOverriddenLikeAnyOtherSetting() throws {
        let spec = try LabelSpec.parse("""
            defaults: {allowTightening: true, locales: {de: {allowTightening: 0.03em}}}
            rules:
              - keys: ["plain_*"]
                allowTightening: false
              - keys: ["share_*"]
                allowTightening: 3%
            """)
        #expect(spec.resolve(rule: nil, locale: "en", limit: nil).tightening == .apple)
        #expect(spec.resolve(rule: nil, locale: "de", limit: nil).tightening == .em(0.03))
        #expect(spec.resolve(rule: 0, locale: "en", limit: nil).tightening == nil)
        #expect(spec.resolve(rule: 1, locale: "en", limit: nil).tightening == .widthShare(0.03))
        #expect(try LabelSpec.parse("defaults: {size: 15}").resolve(rule: nil, locale: "en", limit: nil).tightening == nil)
    }

    static let spec = """
        fonts: {ui: [{file: a.ttf}, {file: b.ttc, index: 2}]}
        defaults:
          font: ui
          size: 15
          frame: 343x60
          lineLimit: 3
          locales: {zh-Hant: {size: 14}, de: {minimumScaleFactor: 0.5}}
        rules:
          - name: button
            keys: ["*_button"]
            regex: "(?i)^btn"
            size: 17
            frame: 120x44
            lineLimit: 1
            locales: {de: {minimumScaleFactor: 0.75}}
          - name: any-button
            keys: ["*button*"]
            lineLimit: null
          - name: android
            catalogs: ["*/android/*"]
            context: "Stock*"
            size: 11
        """

    @Test func firstMatchWinsAndOverridesApplyInOrder() throws {
        let spec = try LabelSpec.parse(Self.spec, baseDirectory: "fonts")
        #expect(spec.rule(key: "save_button", catalog: "x.po", context: "") == 0)
        #expect(spec.rule(key: "BtnSave", catalog: "x.po", context: "") == 0)
        #expect(spec.rule(key: "buttonbar", catalog: "x.po", context: "") == 1)
        #expect(spec.rule(key: "title", catalog: "res/android/values/strings.xml", context: "") == nil)
        #expect(spec.rule(key: "title", catalog: "res/android/values/strings.xml", context: "Stock label") == 2)
        let german = spec.resolve(rule: 0, locale: "de-AT", limit: nil)
        #expect(german.size == 17 && german.minimumScaleFactor == 0.75 && german.lineLimit == 1)
        #expect(german.frame == FrameSize(width: 120, height: 44))
        #expect(german.font.fonts == [FontReference(file: "fonts/a.ttf"), FontReference(file: "fonts/b.ttc", index: 2)])
        #expect(german.font.primary == FontReference(file: "fonts/a.ttf"))
        #expect(spec.resolve(rule: nil, locale: "de", limit: nil).minimumScaleFactor == 0.5)
        #expect(spec.resolve(rule: 1, locale: "en", limit: nil).lineLimit == nil)
        #expect(spec.resolve(rule: nil, locale: "zh-TW", limit: nil).size == 14)
        #expect(spec.resolve(rule: nil, locale: "zh-CN", limit: nil).size == 15)
        let limited = spec.resolve(rule: 0, locale: "en", limit: SizeLimit(width: 80))
        #expect(limited.frame == FrameSize(width: 80, height: 44))
    }

    @Test func localesAreCanonical() {
        #expect(Locales.canonical("pt_br") == "pt-BR")
        #expect(Locales.canonical("zh-hant") == "zh-Hant")
        #expect(Locales.canonical("sr@latin") == "sr-Latn")
        #expect(Locales.canonical("iw") == "he")
        #expect(Locales.canonical("in") == "id")
        #expect(Locales.android(folder: "values-zh-rCN") == "zh-CN")
        #expect(Locales.android(folder: "values-b+uz+Latn") == "uz-Latn")
        #expect(Locales.android(folder: "values") == nil)
        #expect(Locales.android(folder: "values-land") == nil)
        #expect(Locales.overrideCandidates("zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(Locales.overrideCandidates("zh-HK") == ["zh-HK", "zh-Hant", "zh"])
    }
}
