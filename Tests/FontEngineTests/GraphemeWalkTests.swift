@testable import FontEngine
import Testing

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
            text.forEachGrapheme { indices, utf8, first, scalarCount in
                #expect(first == text.unicodeScalars[indices.lowerBound])
                #expect(scalarCount == text.unicodeScalars[indices].count)
                walked.append((String(text[indices]), utf8))
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
