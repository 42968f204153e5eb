import Foundation

/// The benchmark's figures as a tree: every number under a stable key (for `--json` and for
/// comparing runs), with a label and a note for people.
indirect enum Record {
    case figure(Double, label: String, note: String = "")
    case group(title: String, [(key: String, record: Record)])

    /// One JSON object, keys in the order they were recorded.
    var json: String {
        switch self {
        case .figure(let value, _, _): Self.jsonNumber(value)
        case .group(_, let members):
            "{" + members.map { "\"\($0.key)\":\($0.record.json)" }.joined(separator: ",") + "}"
        }
    }

    /// Lines for people: figures under their group titles, indented by depth.
    func lines(depth: Int = 0) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        switch self {
        case .figure(let value, let label, let note):
            let number = value.isFinite && value == value.rounded() && abs(value) < 1e15
                ? String(Int(value)) : String(format: "%.3f", value)
            let labelWidth = max(0, 52 - indent.count)
            return [indent + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + " "
                + number.leftPadded(to: 10) + (note.isEmpty ? "" : "   " + note)]
        case .group(let title, let members):
            let inner = members.flatMap { $0.record.lines(depth: title.isEmpty ? depth : depth + 1) }
            return title.isEmpty ? inner : [indent + title] + inner
        }
    }

    /// Integers as integers (counts, sizes in characters); other numbers to four significant digits.
    private static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.4g", value)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
