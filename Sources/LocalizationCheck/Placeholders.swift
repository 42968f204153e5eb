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
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%", let (replacement, end) = conversion(scalars, at: index, samples: samples, android: android)
            else {
                output.append(scalar)
                index += 1
                continue
            }
            output.append(contentsOf: replacement.unicodeScalars)
            index = end
        }
        return String(output)
    }

    /// The sample for the conversion starting at `start` (a `%`) and where it ends, or nil.
    static func conversion(_ scalars: [Unicode.Scalar], at start: Int, samples: PlaceholderSamples, android: Bool)
        -> (String, Int)?
    {
        var index = start + 1
        func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        guard let first = peek() else { return nil }
        if first == "%" { return ("%", index + 1) }
        if android, first == "n" { return ("\n", index + 1) }
        // Argument number: digits followed by '$'.
        var lookahead = index
        while lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]) { lookahead += 1 }
        if lookahead > index, lookahead < scalars.count, scalars[lookahead] == "$" { index = lookahead + 1 }
        while let flag = peek(), "-+#0'".unicodeScalars.contains(flag) { index += 1 }
        while let digit = peek(), ("0"..."9").contains(digit) || digit == "*" { index += 1 }
        if peek() == "." {
            index += 1
            while let digit = peek(), ("0"..."9").contains(digit) || digit == "*" { index += 1 }
        }
        while let length = peek(), "hlqLzjt".unicodeScalars.contains(length) { index += 1 }
        guard let conversion = peek() else { return nil }
        let sample: String
        switch conversion {
        case "@", "s", "S": sample = samples.string
        case "d", "i", "u", "x", "X", "o", "D", "U", "O": sample = samples.integer
        case "f", "F", "e", "E", "g", "G", "a", "A": sample = samples.float
        case "c", "C": sample = samples.char
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

import Foundation
