import FontFit
import Foundation
import Testing

@testable import LocalizationCheck

/// Pseudo-locales: Android's rules (aapt2's own test cases) and their properties on the source texts
/// of the fixture catalogs.
@Suite struct PseudoLocaleTests {
    /// The source-language texts of the fixture catalogs, placeholders still in them: the English
    /// Android and Apple strings, and gdk-pixbuf's msgids (printf placeholders, plurals).
    static let sources: [CatalogString] = {
        var strings: [CatalogString] = []
        for path in ["catalogs/android/res/values/strings.xml", "catalogs/apple/en.lproj/Localizable.strings"] {
            strings += try! CatalogReader.read(path: Fixture.path(path), sourceLocale: "en").strings
        }
        for string in try! CatalogReader.read(path: Fixture.path("catalogs/po/gdk-pixbuf/de.po"), sourceLocale: "en").strings {
            var source = string
            source.text = string.sourceText!
            strings.append(source)
        }
        return strings
    }()

    static func accented(_ text: String, syntax: PlaceholderSyntax = .none, samples: PlaceholderSamples = PlaceholderSamples())
        -> [String]
    {
        PseudoLocale.accented.expand(text, syntax: syntax, samples: samples).map(\.text)
    }

    static func mirrored(_ text: String) -> String {
        PseudoLocale.mirrored.expand(text, syntax: .none, samples: PlaceholderSamples())[0].text
    }

    /// aapt2's `Pseudolocalizer_test.cpp` (AOSP frameworks/base, tools/aapt2/compile): PlaintextAccent.
    @Test func accentedPlainTextIsAapt2s() {
        #expect(Self.accented("") == ["[]"])
        #expect(Self.accented("Hello, world") == ["[Ĥéļļö, ŵöŕļð one two]"])
        #expect(Self.accented("^1 %", syntax: .printf(android: true)) == ["[^1 % one]"])
    }

    /// aapt2's placeholders are kept and put between » and «: here the samples are the placeholders'
    /// own spellings, so the text is exactly aapt2's (its tests PlaintextAccent and SimpleICU).
    @Test func placeholdersAreKeptAsAapt2KeepsThem() {
        var samples = PlaceholderSamples()
        samples.integer = "%1d"
        #expect(Self.accented("Hello, %1$d", syntax: .printf(android: true), samples: samples) == ["[Ĥéļļö, »%1d« one two]"])
        samples.named = ["user": "{USER}", "path1": "{path1}", "path2": "{path2}", "placeholder": "{placeholder}"]
        #expect(Self.accented("{placeholder}", syntax: .printfAndICU, samples: samples) == ["[»{placeholder}«]"])
        #expect(Self.accented("{USER} is offline", syntax: .printfAndICU, samples: samples) == ["[»{USER}« îš öƒƒļîñé one two]"])
        #expect(Self.accented("Copy from {path1} to {path2}", syntax: .printfAndICU, samples: samples)
            == ["[Çöþý ƒŕöḿ »{path1}« ţö »{path2}« one two three]"])
    }

    /// aapt2's PlaintextBidi cases.
    @Test func mirroredIsAapt2s() {
        let (open, close) = ("\u{200F}\u{202E}", "\u{202C}\u{200F}")
        #expect(Self.mirrored("") == "")
        #expect(Self.mirrored("word") == open + "word" + close)
        #expect(Self.mirrored("  word  ") == "  " + open + "word" + close + "  ")
        #expect(Self.mirrored("hello\n  world\n") == open + "hello" + close + "\n  " + open + "world" + close + "\n")
    }

    /// On every fixture source text: each placeholder's sample is in the accented text, untouched and
    /// between » and «, as often as in the text checked for the source locale; nothing else of the
    /// text is left unaccented where aapt2 accents it.
    @Test func placeholderValuesSurviveUntouched() {
        let samples = PlaceholderSamples()
        var withPlaceholders = 0
        for string in Self.sources {
            let plain = Placeholders.expand(string.text, syntax: string.syntax, samples: samples)
            let pseudo = PseudoLocale.accented.expand(string.text, syntax: string.syntax, samples: samples)
            #expect(pseudo.map(\.branch) == plain.map(\.branch))
            for (plain, pseudo) in zip(plain, pseudo) {
                let count = plain.text.components(separatedBy: samples.string).count - 1
                #expect(pseudo.text.components(separatedBy: "»\(samples.string)«").count - 1 == count, "\(string.key)")
                if count > 0 { withPlaceholders += 1 }
                // Outside the placeholders no ASCII letter is left but F, and the Q, V and q aapt2 maps q, v and Q to.
                let outside = pseudo.text.replacingOccurrences(of: "»\(samples.string)«", with: "")
                    .replacingOccurrences(of: "»\(samples.integer)«", with: "")
                let body = outside.dropFirst().prefix { $0 != "]" }
                let accentedPart = body.range(of: " one").map { body[..<$0.lowerBound] } ?? body[...]
                #expect(!accentedPart.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic && !"FQVq".unicodeScalars.contains($0) },
                    "\(pseudo.text)")
            }
        }
        #expect(withPlaceholders >= 10)
    }

    /// The words added are aapt2's list ("one two … twenty", repeated), cut to whole words just past
    /// N/2 characters (N characters when aapt2 counts more than 3 words), N being the UTF-8 length of
    /// the text without its placeholders.
    @Test func expansionFollowsTheDocumentedRule() {
        let list = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fiveteen sixteen seventeen nineteen twenty"
        /// The shortest run of whole words of the list longer than `n` characters.
        func wholeWords(longerThan n: Int) -> String {
            var words: [Substring] = []
            var repeated = list.split(separator: " ")[...]
            while words.joined(separator: " ").count <= n {
                if repeated.isEmpty { repeated = list.split(separator: " ")[...] }
                words.append(repeated.removeFirst())
            }
            return words.joined(separator: " ")
        }
        let samples = PlaceholderSamples()
        var half = 0, full = 0
        for string in Self.sources {
            // Placeholders are not counted: the text's length with the marked samples taken out.
            let marked = Placeholders.expand(
                string.text, syntax: PseudoLocale.marked(string.syntax), samples: PseudoLocale.marked(samples))
            for (marked, pseudo) in zip(marked, PseudoLocale.accented.expand(string.text, syntax: string.syntax, samples: samples)) {
                let withoutPlaceholders = marked.text.replacingOccurrences(
                    of: "\\x{FDD0}[^\\x{FDD1}]*\\x{FDD1}", with: "", options: .regularExpression)
                let n = withoutPlaceholders.utf8.count
                guard n > 0, n < list.count - 10 else { continue }
                #expect(pseudo.text.hasPrefix("[") && pseudo.text.hasSuffix("]"))
                let added = String(pseudo.text.dropLast()[pseudo.text.range(of: " one")!.upperBound...])
                let words = "one" + added
                if words == wholeWords(longerThan: n / 2) {
                    half += 1
                } else {
                    #expect(words == wholeWords(longerThan: n), "\(pseudo.text)")
                    full += 1
                }
            }
        }
        #expect(half > 50)
        #expect(full > 0)
    }

    /// Mirrored: every word between RLM RLO and PDF RLM, and nothing else changed; expanded: the text
    /// twice. Both keep the placeholder samples as the source locale's check has them.
    @Test func mirroredAndExpandedKeepTheText() {
        let samples = PlaceholderSamples()
        for string in Self.sources {
            let plain = Placeholders.expand(string.text, syntax: string.syntax, samples: samples)
            let mirrored = PseudoLocale.mirrored.expand(string.text, syntax: string.syntax, samples: samples)
            let doubled = PseudoLocale.expanded.expand(string.text, syntax: string.syntax, samples: samples)
            for ((plain, mirrored), doubled) in zip(zip(plain, mirrored), doubled) {
                let words = plain.text.split(whereSeparator: { " \t\n\r".contains($0) }).count
                #expect(mirrored.text.components(separatedBy: "\u{200F}\u{202E}").count - 1 == words)
                #expect(mirrored.text.components(separatedBy: "\u{202C}\u{200F}").count - 1 == words)
                let stripped = mirrored.text.unicodeScalars.filter { !"\u{200F}\u{202E}\u{202C}".unicodeScalars.contains($0) }
                #expect(String(String.UnicodeScalarView(stripped)) == plain.text)
                #expect(doubled.text == (plain.text.isEmpty ? "" : plain.text + " " + plain.text))
            }
        }
    }

    @Test func namesAndLocales() throws {
        #expect(PseudoLocale(name: "accented") == .accented)
        #expect(PseudoLocale(name: "en_xa") == .accented)
        #expect(PseudoLocale(name: "ar-XB") == .mirrored)
        #expect(PseudoLocale(name: "Expanded") == .expanded)
        #expect(PseudoLocale(name: "en") == nil)
        #expect(throws: SpecError.self) { try LabelSpec.parse("pseudoLocales: [accented, reversed]") }
        #expect(try LabelSpec.parse("pseudoLocales: [mirrored, en-XA, mirrored]").pseudoLocales == [.mirrored, .accented])
    }

    /// A catalog with no translations is checked in the pseudo-locales: each source string once per
    /// pseudo-locale, with the same keys and branches, measured in the fonts and labels the spec gives
    /// those locales like any other (`ar-XB` takes the spec's `ar` override).
    @Test func sourceCatalogAloneIsCheckedInThePseudoLocales() async throws {
        let spec = try LabelSpec.load(path: Fixture.path("labels.yaml"))
        var checker = Checker(spec: spec)
        checker.pseudoLocales = [.accented, .mirrored, .expanded]
        let catalog = Fixture.path("catalogs/android/res/values/strings.xml")
        let run = try await checker.run(catalogs: [catalog])
        let source = run.checks.filter { $0.locale == "en" }
        #expect(!source.isEmpty)
        for pseudo in PseudoLocale.allCases {
            let checks = run.checks.filter { $0.locale == pseudo.locale }
            #expect(checks.map { [$0.key, $0.branch] } == source.map { [$0.key, $0.branch] })
            for (check, original) in zip(checks, source) {
                #expect(check.source?.text == original.measurement.text)
                #expect(check.settings == spec.resolve(rule: original.rule.flatMap { name in spec.rules.firstIndex { $0.name == name } },
                    locale: pseudo.locale, limit: nil))
            }
        }
        #expect(run.checks.filter { $0.locale == "ar-XB" }.allSatisfy { $0.settings.font == spec.fonts["arabic"] })
        // `--locale en-XA` keeps the pseudo-locale alone.
        var only = checker
        only.locales = ["en-XA"]
        #expect(Set(try await only.run(catalogs: [catalog]).checks.map(\.locale)) == ["en-XA"])
    }
}
