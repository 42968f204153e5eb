@testable import FontEngine
import Testing
import FontFitTestSupport

/// The grapheme walk and the character tests that stand in for `for character in text` and
/// `Character.isWhitespace`/`isNewline` on the fitting path must agree with them.
@Suite struct GraphemeWalkTests {
    @Test func theWalkFindsTheClustersOfCharacterIteration() {
        let texts = [
            "", "a", "e\u{301}\u{302}x", "\r\n\n\r", "Tokyo 東京, مرحبا 👨‍👩‍👧 xa\u{3099}y 🇫🇷🇩🇪 👍🏽",
            "क्षत्रिय हिन्दी", "ภาษาไทย", "\u{1100}\u{1161}\u{11A8}한국어", "\u{200D}\u{FE0F}\u{301}",
        ]
        for text in texts {
            var walked: [(String, Range<Int>)] = []
            text.forEachGrapheme { utf8, first, scalarCount in
                let cluster = String(decoding: Array(text.utf8)[utf8], as: UTF8.self)
                #expect(first == cluster.unicodeScalars.first)
                #expect(scalarCount == cluster.unicodeScalars.count)
                walked.append((cluster, utf8))
            }
            var offset = 0
            let expected = text.map { character -> (String, Range<Int>) in
                defer { offset += character.utf8.count }
                return (String(character), offset..<(offset + character.utf8.count))
            }
            #expect(walked.map(\.0) == expected.map(\.0), "\(text.debugDescription)")
            #expect(walked.map(\.1) == expected.map(\.1), "\(text.debugDescription)")
        }
    }

    /// Random texts mixing scalars that stand alone with ones that join (marks, ZWJ, emoji, regional
    /// indicators, Hangul jamo, a virama, a prepended mark, CR LF): the walk's clusters are
    /// `for character in text`'s, wherever the shortcut between lone scalars hands over to the
    /// standard library's rules and back. The reference walk, which a toolchain without the
    /// recognizer builds instead, finds the same clusters.
    @Test func theWalkAgreesWithCharacterIterationOnMixedText() {
        let pool: [Unicode.Scalar] = [
            "a", " ", "é", "\u{2019}", "\u{AB}", "\u{A9}", "\u{AE}", "\u{203C}", "\u{416}", "\u{3B1}", "\r", "\n",
            "\u{AD}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F468}", "\u{1F3FD}", "\u{1F1EB}", "\u{1F1F7}",
            "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{915}", "\u{94D}", "\u{937}", "\u{600}", "\u{483}",
            "\u{645}", "\u{64E}", "\u{6DD}", "\u{5D0}", "\u{5B8}",
        ]
        var generator = SplitMix64(seed: 0x6EA9_0001)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            var walked: [Range<Int>] = [], firsts: [Unicode.Scalar] = [], counts: [Int] = []
            text.forEachGrapheme { utf8, first, count in
                walked.append(utf8)
                firsts.append(first)
                counts.append(count)
            }
            var reference: [Range<Int>] = [], referenceFirsts: [Unicode.Scalar] = [], referenceCounts: [Int] = []
            text.forEachGraphemeByCharacter { utf8, first, count in
                reference.append(utf8)
                referenceFirsts.append(first)
                referenceCounts.append(count)
            }
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(walked == reference && firsts == referenceFirsts && counts == referenceCounts, "\(scalars)")
            var offset = 0
            let expected = text.map { character -> Range<Int> in
                defer { offset += character.utf8.count }
                return offset..<(offset + character.utf8.count)
            }
            #expect(reference == expected, "\(scalars)")
        }
    }

    /// A walk begun at a cluster's start finds the clusters the whole text's walk finds from there,
    /// in both walks, on random texts of scalars that stand alone and ones that join.
    @Test func aWalkFromAClusterStartFindsTheRestOfTheClusters() {
        let pool: [Unicode.Scalar] = [
            "a", " ", "é", "\u{2019}", "\u{AB}", "\u{A0}", "\r", "\n", "\u{301}", "\u{200D}", "\u{1F468}",
            "\u{1F1EB}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{915}", "\u{94D}", "\u{600}", "\u{645}", "\u{64E}",
        ]
        var generator = SplitMix64(seed: 0x6EA9_0002)
        for _ in 0..<1000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...16, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            var whole: [Range<Int>] = []
            text.forEachGraphemeByCharacter { utf8, _, _ in whole.append(utf8) }
            for (index, cluster) in whole.enumerated() {
                var recognized: [Range<Int>] = [], byCharacter: [Range<Int>] = []
                text.forEachGrapheme(from: cluster.lowerBound) { utf8, _, _ in recognized.append(utf8) }
                text.forEachGraphemeByCharacter(from: cluster.lowerBound) { utf8, _, _ in byCharacter.append(utf8) }
                let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
                #expect(recognized == Array(whole[index...]), "\(scalars) from \(cluster.lowerBound)")
                #expect(byCharacter == Array(whole[index...]), "\(scalars) from \(cluster.lowerBound)")
            }
        }
    }

    /// Every scalar the walk takes to stand alone joins neither a letter before or after it, nor
    /// itself, nor a Hangul vowel or final consonant after it: by the rules of UAX #29 nothing then
    /// joins two such scalars but CR LF.
    @Test func loneScalarsJoinNoNeighbour() {
        var joined: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isLoneGraphemeScalar else { continue }
            let alone = String(scalar)
            for neighbours in ["a" + alone, alone + "a", alone + alone, alone + "\u{1161}", alone + "\u{11A8}"]
            where neighbours.count != 2 && !(value == 0x0D && neighbours == "\r\n") {
                joined.append(value)
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(10).map { String($0, radix: 16) })")
    }

    /// Every scalar: its shortcut answers as the Unicode tables do for a cluster it starts.
    @Test func whitespaceAndNewlineAnswerAsCharacterDoes() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if scalar.isWhitespaceCharacter != character.isWhitespace || scalar.isNewlineCharacter != character.isNewline {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }
}
