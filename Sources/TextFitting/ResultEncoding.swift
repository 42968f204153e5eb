// How results encode: the members and order of fontfit's JSON output (`fontfit fit --json` and the
// others print exactly this, plus what only the command knows). A result prints as one readable line.

extension FittedLine: Encodable {
    private enum CodingKeys: String, CodingKey { case text, x, y, width, height, baseline, hyphenated }

    /// The line as JSON: `text`, `x`, `y`, `width`, its box's `height`, `baseline`, and
    /// `hyphenated: true` when the line ends in a hyphen it draws (the key is left out otherwise).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(baseline, forKey: .baseline)
        if isHyphenated { try container.encode(true, forKey: .hyphenated) }
    }
}

extension StackPlacement: CustomStringConvertible {
    /// The shared size, whether it fits, the extent and each row's frame.
    package var description: String {
        "StackPlacement(size \(size), scale \(scale), \(fits ? "fits" : "does not fit"), \(width) × \(height), "
            + "rows [\(rows.map { "x \($0.x) y \($0.y) width \($0.width) height \($0.height) baseline \($0.baseline)" }.joined(separator: "; "))])"
    }
}

extension RubyPlacement: CustomStringConvertible {
    /// The base and ruby sizes, whether it fits, the extent and each base box.
    package var description: String {
        "RubyPlacement(size \(size), ruby \(rubySize), scale \(scale), \(fits ? "fits" : "does not fit"), \(width) × \(height), "
            + "bases [\(segments.map { "x \($0.base.x) width \($0.base.width)" }.joined(separator: "; "))])"
    }
}
