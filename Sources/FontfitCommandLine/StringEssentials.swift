/// The few string operations of Foundation's NSString bridge that the CLI uses: `fontfit` imports
/// FoundationEssentials, which lacks them (see ``CatalogCommands`` for why not Foundation).
extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`: without leading and trailing tabs and space
    /// separators (general category Zs), as Foundation's `CharacterSet.whitespaces` has them.
    package var withoutSurroundingWhitespace: String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// `trimmingCharacters(in: .newlines)`: without leading and trailing U+000A–U+000D, U+0085,
    /// U+2028 and U+2029, Foundation's `CharacterSet.newlines`.
    package var withoutSurroundingNewlines: String {
        trimming { ("\u{0A}"..."\u{0D}").contains($0) || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    /// `replacingOccurrences(of: target, with: replacement)`: every occurrence, left to right,
    /// matched whole characters at a time (canonically equivalent ones are equal), as Foundation's
    /// search, which never matches part of a composed character, matches them.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let characters = Array(self), pattern = Array(target)
        guard !pattern.isEmpty, characters.count >= pattern.count else { return String(self) }
        var result = ""
        var index = 0
        while index < characters.count {
            if index + pattern.count <= characters.count && characters[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }
}
