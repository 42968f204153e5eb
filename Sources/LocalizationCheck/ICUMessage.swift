/// An ICU MessageFormat string, parsed just enough to replace its arguments by samples and to check
/// every branch of its plurals and selects (contract: "ICU (XLIFF only)").
struct ICUMessage {
    indirect enum Part {
        case text(String)
        /// `#` inside a plural: the number.
        case number
        /// `{name}` or `{name, type, style}` other than plural/select.
        case argument(name: String, type: String)
        /// plural, selectordinal or select: each selector with its message.
        case choice(name: String, branches: [(selector: String, parts: [Part])])
    }

    struct SyntaxError: Error {
        let offset: Int
        let message: String
    }

    let parts: [Part]

    static func parse(_ text: String) throws(SyntaxError) -> ICUMessage {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        let parts = try parser.message(inPlural: false, nested: false)
        return ICUMessage(parts: parts)
    }

    /// Every combination of branches, with its `argument=keyword` parts (`count==0` for `=0`).
    func expand(samples: PlaceholderSamples) -> [(branch: [String], text: String)] {
        Self.expand(parts, samples: samples)
    }

    private static func expand(_ parts: [Part], samples: PlaceholderSamples) -> [(branch: [String], text: String)] {
        var results: [(branch: [String], text: String)] = [([], "")]
        for part in parts {
            switch part {
            case .text(let text): results = results.map { ($0.branch, $0.text + text) }
            case .number: results = results.map { ($0.branch, $0.text + samples.integer) }
            case .argument(let name, let type):
                let sample: String
                switch type {
                case "number", "spellout", "ordinal", "duration": sample = samples.integer
                case "date", "time": sample = samples.date
                default: sample = samples.named(name)
                }
                results = results.map { ($0.branch, $0.text + sample) }
            case .choice(let name, let branches):
                var next: [(branch: [String], text: String)] = []
                for result in results {
                    for (selector, branchParts) in branches {
                        for inner in expand(branchParts, samples: samples) {
                            next.append((result.branch + ["\(name)=\(selector)"] + inner.branch, result.text + inner.text))
                        }
                    }
                }
                results = next
            }
        }
        return results
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func message(inPlural: Bool, nested: Bool) throws(SyntaxError) -> [Part] {
            var parts: [Part] = []
            var text = String.UnicodeScalarView()
            func flush() {
                if !text.isEmpty { parts.append(.text(String(text))) }
                text = String.UnicodeScalarView()
            }
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "'":
                    index += 1
                    if index < scalars.count, scalars[index] == "'" {
                        text.append("'")
                        index += 1
                    } else if index < scalars.count, "{}#|".unicodeScalars.contains(scalars[index]) {
                        // Quoted literal up to the next single apostrophe ('' inside is one ').
                        while index < scalars.count {
                            if scalars[index] == "'" {
                                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                                    text.append("'")
                                    index += 2
                                    continue
                                }
                                index += 1
                                break
                            }
                            text.append(scalars[index])
                            index += 1
                        }
                    } else {
                        text.append("'")
                    }
                case "{":
                    flush()
                    index += 1
                    parts.append(try argument())
                case "}":
                    if nested {
                        flush()
                        return parts
                    }
                    throw SyntaxError(offset: index, message: "unmatched '}'")
                case "#" where inPlural:
                    flush()
                    parts.append(.number)
                    index += 1
                default:
                    text.append(scalar)
                    index += 1
                }
            }
            if nested { throw SyntaxError(offset: index, message: "unclosed '{'") }
            flush()
            return parts
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }

        mutating func word() -> String {
            skipSpaces()
            var word = String.UnicodeScalarView()
            while index < scalars.count, !scalars[index].properties.isWhitespace,
                !",{}".unicodeScalars.contains(scalars[index])
            {
                word.append(scalars[index])
                index += 1
            }
            skipSpaces()
            return String(word)
        }

        mutating func argument() throws(SyntaxError) -> Part {
            let name = word()
            guard !name.isEmpty else { throw SyntaxError(offset: index, message: "empty argument") }
            guard index < scalars.count else { throw SyntaxError(offset: index, message: "unclosed '{'") }
            if scalars[index] == "}" {
                index += 1
                return .argument(name: name, type: "")
            }
            guard scalars[index] == "," else { throw SyntaxError(offset: index, message: "expected ',' or '}'") }
            index += 1
            let type = word().lowercased()
            guard index < scalars.count else { throw SyntaxError(offset: index, message: "unclosed '{'") }
            if scalars[index] == "}" {
                index += 1
                return .argument(name: name, type: type)
            }
            guard scalars[index] == "," else { throw SyntaxError(offset: index, message: "expected ',' or '}'") }
            index += 1
            switch type {
            case "plural", "selectordinal", "select":
                var branches: [(selector: String, parts: [Part])] = []
                while true {
                    skipSpaces()
                    guard index < scalars.count else { throw SyntaxError(offset: index, message: "unclosed '{'") }
                    if scalars[index] == "}" {
                        index += 1
                        break
                    }
                    var selector = word()
                    if selector.hasPrefix("offset:") {
                        if selector == "offset:" { _ = word() }
                        continue
                    }
                    guard !selector.isEmpty, index < scalars.count, scalars[index] == "{" else {
                        throw SyntaxError(offset: index, message: "expected a selector and '{'")
                    }
                    index += 1
                    let parts = try message(inPlural: type != "select", nested: true)
                    index += 1  // the branch's '}'
                    if selector.hasPrefix("=") { selector = "=" + selector.dropFirst() }
                    branches.append((selector, parts))
                }
                guard !branches.isEmpty else { throw SyntaxError(offset: index, message: "no branches") }
                return .choice(name: name, branches: branches)
            default:
                // A style: skip to the matching '}'.
                var depth = 1
                while index < scalars.count {
                    if scalars[index] == "{" { depth += 1 }
                    if scalars[index] == "}" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                guard index < scalars.count else { throw SyntaxError(offset: index, message: "unclosed '{'") }
                index += 1
                return .argument(name: name, type: type)
            }
        }
    }
}
