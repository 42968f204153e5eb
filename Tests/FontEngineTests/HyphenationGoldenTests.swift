@testable import FontEngine
import Foundation
import Testing

/// One language of `Fixtures/goldens/hyphenation.json` (scripts/make-hyphen-goldens): words of a
/// Debian word list and their hyphenation points, found by the script's own reading of the
/// dictionary libhyphen loads, with Chromium's `hyphenate-limit-chars: auto`.
struct HyphenationGolden: Sendable, CustomTestStringConvertible {
    let language: String
    let dictionary: String
    let words: [(word: String, points: [Int])]

    var testDescription: String { language }

    static let all: [HyphenationGolden] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("goldens/hyphenation.json"))
        let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (root["languages"] as! [[String: Any]]).map { entry in
            HyphenationGolden(
                language: entry["language"] as! String, dictionary: entry["dictionary"] as! String,
                words: (entry["words"] as! [[Any]]).map { ($0[0] as! String, $0[1] as! [Int]) })
        }
    }()
}

@Suite struct HyphenationGoldenTests {
    /// libhyphen through ``Hyphenator`` gives every word of the golden exactly its points.
    @Test(arguments: HyphenationGolden.all)
    func pointsEqualTheIndependentReading(_ golden: HyphenationGolden) throws {
        let hyphenator = try #require(Hyphenator.forLanguage(golden.language))
        #expect(golden.words.count > 2000)
        var differences: [String] = []
        for (word, points) in golden.words {
            let found = hyphenator.points(in: Substring(word))
            if found != points { differences.append("\(word): \(found) ≠ golden \(points)") }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(golden.words.count) differ: \(differences.prefix(20))")
        // Most words longer than the limits break somewhere: the golden is not all empty lists.
        #expect(golden.words.filter { !$0.points.isEmpty }.count > golden.words.count / 2)
    }

    /// The files Debian's packages install, by BCP 47 tag; regions share their language's patterns.
    @Test func languagesFindTheirDictionaries() {
        for tag in ["de", "de-DE", "de-CH", "de-AT", "en", "en-US", "en-GB", "fr", "fr-CA", "nl", "nl-BE", "DE_ch", "fi", "fi-FI"] {
            #expect(Hyphenator.forLanguage(tag) != nil, "\(tag)")
        }
        #expect(Hyphenator.forLanguage("de-CH")?.dictionaryName == "de_CH")
        #expect(Hyphenator.forLanguage("en-GB")?.dictionaryName == "en")
        // Finnish comes compiled in (no Debian 12 package has it for libhyphen).
        #expect(Hyphenator.forLanguage("fi-FI")?.dictionaryName == "fi")
        for tag in ["sv", "ja", "x", "", "zz-ZZ", "../de"] {
            #expect(Hyphenator.forLanguage(tag) == nil, "\(tag)")
        }
        #expect(Hyphenator.forLanguage(nil) == nil)
        // Loaded once per file for the process.
        #expect(Hyphenator.forLanguage("de") === Hyphenator.forLanguage("de"))
    }

    /// The button: the compound's parts break, and pyphen's "zusamme-n" (the two levels of
    /// the German file merged into one) does not happen.
    @Test func germanCompounds() throws {
        let german = try #require(Hyphenator.forLanguage("de"))
        #expect(german.points(in: "zusammen") == [2, 5])
        #expect(german.points(in: "Datenschutzeinstellungen") == [2, 5, 14, 18, 21])
        // Offsets are UTF-8 bytes of the word as given, each at the start of a character.
        let word: Substring = "Größenänderung"
        let points = german.points(in: word)
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { Array(word.utf8)[$0] & 0xC0 != 0x80 })
    }

    /// The limits of CSS `hyphenate-limit-chars`: short words are left whole, and no point leaves
    /// fewer than the limit on either side.
    @Test func limits() throws {
        let english = try #require(Hyphenator.forLanguage("en-US"))
        #expect(english.points(in: "hyphenation") == [2, 6])
        #expect(english.points(in: "hyphenation", limits: .init(minimumWord: 12, minimumPrefix: 2, minimumSuffix: 2)) == [])
        #expect(english.points(in: "hyphenation", limits: .init(minimumWord: 5, minimumPrefix: 3, minimumSuffix: 6)) == [])
        // Capitalized English words are left whole, as Chromium leaves them.
        #expect(english.points(in: "Hyphenation") == [])
        #expect(try #require(Hyphenator.forLanguage("de")).points(in: "Verwaltung") != [])
    }

    /// Threads share one dictionary (named for scripts/test's ThreadSanitizer run).
    @Test func usedConcurrently() async throws {
        let german = try #require(Hyphenator.forLanguage("de"))
        let expected = german.points(in: "Datenschutzeinstellungen")
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).allSatisfy { _ in german.points(in: "Datenschutzeinstellungen") == expected } }
            }
            for await same in group { #expect(same) }
        }
    }
}
