import FontFit
import Foundation

/// Sample values that replace placeholders before a string is measured; wide on purpose, so that a
/// label that fits with them fits with most real values (contract: `placeholders`).
package struct PlaceholderSamples: Sendable, Hashable {
    package var string = "Maximilian"
    package var integer = "888"
    package var float = "888.88"
    package var char = "W"
    package var date = "30/09/2026"
    /// By placeholder name, keys lowercased (names match case-insensitively).
    package var named: [String: String] = ["count": "888", "newline": "\n"]

    package init() {}

    /// The sample for a named placeholder (`{name}`, `{{name}}`), else the string sample.
    package func named(_ name: String) -> String {
        named[name.lowercased()] ?? string
    }
}

/// A string with its placeholders replaced: one per branch of ICU plurals and selects.
package struct ExpandedText: Sendable, Hashable {
    /// `argument=keyword` parts the placeholders added (ICU), in order.
    package var branch: [String]
    package var text: String
}

/// Replaces placeholders by samples, per the contract's rules for each syntax.
package enum Placeholders {
    package static func expand(_ text: String, syntax: PlaceholderSyntax, samples: PlaceholderSamples)
        -> [ExpandedText]
    {
        switch syntax {
        case .none: return [ExpandedText(branch: [], text: text)]
        case .printf(let android):
            return [ExpandedText(branch: [], text: printf(text, samples: samples, android: android))]
        case .printfAndICU:
            // Symfony's `{{ name }}` (its validators ship in XLIFF) first: ICU reads `{{` as a syntax
            // error and would leave the whole text as written.
            let text = text.contains("{{") ? i18next(text, samples: samples) : text
            guard text.contains("{"), let message = try? ICUMessage.parse(text) else {
                return [ExpandedText(branch: [], text: printf(text, samples: samples, android: false))]
            }
            return message.expand(samples: samples).map {
                ExpandedText(branch: $0.branch, text: printf($0.text, samples: samples, android: false))
            }
        case .i18next: return [ExpandedText(branch: [], text: i18next(text, samples: samples))]
        case .chrome(let placeholders):
            return [ExpandedText(branch: [], text: chrome(text, placeholders: placeholders, samples: samples))]
        }
    }

    /// printf conversions: `%[n$][flags -+#0'][width][.precision][length]conversion`; the space flag is
    /// not taken, so "50 % off" stays text. `%%` → `%`; Android `%n` → newline. A `%` that starts no
    /// conversion stays as written.
    package static func printf(_ text: String, samples: PlaceholderSamples, android: Bool) -> String {
        // Read as UTF-8, in place, not taken apart into scalars: a conversion is ASCII, and no byte
        // of a longer character is. Every string `fontfit check` checks passes here
        // (scripts/bench-check).
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard var percent = bytes.firstIndex(of: UInt8(ascii: "%")) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            var copied = 0
            while true {
                if let (replacement, end) = conversion(bytes, at: percent, samples: samples, android: android) {
                    output.append(contentsOf: bytes[copied..<percent])
                    output.append(contentsOf: replacement.utf8)
                    copied = end
                }
                guard let next = bytes[(max(copied, percent + 1))...].firstIndex(of: UInt8(ascii: "%")) else { break }
                percent = next
            }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// The sample for the conversion starting at `start` (a `%`) and where it ends, or nil.
    static func conversion(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, samples: PlaceholderSamples, android: Bool)
        -> (String, Int)?
    {
        var index = start + 1
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard let first = peek() else { return nil }
        if first == UInt8(ascii: "%") { return ("%", index + 1) }
        if android, first == UInt8(ascii: "n") { return ("\n", index + 1) }
        // Argument number: digits followed by '$'.
        var lookahead = index
        while lookahead < bytes.count, isDigit(bytes[lookahead]) { lookahead += 1 }
        if lookahead > index, lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "$") { index = lookahead + 1 }
        while let flag = peek(), "-+#0'".utf8.contains(flag) { index += 1 }
        while let digit = peek(), isDigit(digit) || digit == UInt8(ascii: "*") { index += 1 }
        if peek() == UInt8(ascii: ".") {
            index += 1
            while let digit = peek(), isDigit(digit) || digit == UInt8(ascii: "*") { index += 1 }
        }
        while let length = peek(), "hlqLzjt".utf8.contains(length) { index += 1 }
        guard let conversion = peek() else { return nil }
        let sample: String
        switch conversion {
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"): sample = samples.string
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"),
            UInt8(ascii: "o"), UInt8(ascii: "D"), UInt8(ascii: "U"), UInt8(ascii: "O"):
            sample = samples.integer
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            sample = samples.float
        case UInt8(ascii: "c"), UInt8(ascii: "C"): sample = samples.char
        default: return nil
        }
        return (sample, index + 1)
    }

    /// i18next / Symfony: `{{name}}`, `{{ name }}`, `{{- name}}`, `{{name, format}}` → the named sample
    /// or the string sample.
    package static func i18next(_ text: String, samples: PlaceholderSamples) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            output += rest[..<open.lowerBound]
            var name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("-") { name = name.dropFirst().trimmingCharacters(in: .whitespaces) }
            if let comma = name.firstIndex(of: ",") { name = name[..<comma].trimmingCharacters(in: .whitespaces) }
            output += samples.named(name)
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// Chrome `messages.json`: `$NAME$` → the message's placeholder content (in which `$1`…`$9` →
    /// the string sample); a bare `$1` → the string sample; `$$` → `$`.
    package static func chrome(_ text: String, placeholders: [String: String], samples: PlaceholderSamples) -> String {
        guard text.contains("$") else { return text }
        func positional(_ text: String) -> String {
            var output = ""
            var iterator = Array(text)[...]
            while let character = iterator.popFirst() {
                if character == "$", let next = iterator.first {
                    if next == "$" {
                        output.append("$")
                        iterator.removeFirst()
                        continue
                    }
                    if next.isASCII, next.isNumber, next != "0" {
                        output += samples.string
                        iterator.removeFirst()
                        continue
                    }
                }
                output.append(character)
            }
            return output
        }
        var output = ""
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if character == "$", let end = characters.firstIndex(of: "$"), end > characters.startIndex {
                let name = String(characters[characters.startIndex..<end])
                if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" }),
                    let content = placeholders[name.lowercased()]
                {
                    output += positional(content)
                    characters = characters[(end + 1)...]
                    continue
                }
            }
            output.append(character)
            if character == "$", characters.first == "$" {
                characters.removeFirst()
            } else if character == "$", let next = characters.first, next.isASCII, next.isNumber, next != "0" {
                output.removeLast()
                output += samples.string
                characters.removeFirst()
            }
        }
        return output
    }
}

