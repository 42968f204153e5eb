import Testing

@testable import LocalizationCheck

/// The contract's placeholder rules, with the default samples (string "Maximilian", integer "888",
/// float "888.88", char "W").
@Suite struct PlaceholderTests {
    let samples = PlaceholderSamples()

    @Test func printf() {
        let text = "%@ %1$s %d %i %lld %zd %.2f %1$.1f %c %x %-5d 100%% and 50 % off"
        #expect(Placeholders.printf(text, samples: samples, android: false)
            == "Maximilian Maximilian 888 888 888 888 888.88 888.88 W 888 888 100% and 50 % off")
        #expect(Placeholders.printf("a%nb", samples: samples, android: true) == "a\nb")
        #expect(Placeholders.printf("a%nb", samples: samples, android: false) == "a%nb")
        // Conversions between characters beyond ASCII; a `%` before one, or at the end, stays.
        #expect(Placeholders.printf("à %d € %1$’s é %é 50 %", samples: samples, android: false)
            == "à 888 € %1$’s é %é 50 %")
        #expect(Placeholders.printf("%%%s%", samples: samples, android: false) == "%Maximilian%")
    }

    @Test func icuBranches() {
        let expanded = Placeholders.expand(
            "{count, plural, =0 {No files} one {# file} other {# files in {folder}}} by {user}",
            syntax: .printfAndICU, samples: samples)
        #expect(expanded.map(\.branch) == [["count==0"], ["count=one"], ["count=other"]])
        #expect(expanded.map(\.text) == ["No files by Maximilian", "888 file by Maximilian", "888 files in Maximilian by Maximilian"])
        // Apostrophe quoting, and an ICU syntax error left as written.
        #expect(Placeholders.expand("It''s '{name}'", syntax: .printfAndICU, samples: samples).map(\.text) == ["It's {name}"])
        #expect(Placeholders.expand("{unclosed", syntax: .printfAndICU, samples: samples).map(\.text) == ["{unclosed"])
    }

    @Test func i18nextAndChrome() {
        #expect(Placeholders.i18next("{{count}} of {{ name }}, {{- raw}}, {{val, number}}", samples: samples)
            == "888 of Maximilian, Maximilian, Maximilian")
        #expect(Placeholders.chrome("Open $FILE$ ($1) for $$5", placeholders: ["file": "$1"], samples: samples)
            == "Open Maximilian (Maximilian) for $5")
    }
}
