// How results encode: the members and order of fontfit's JSON output (`fontfit fit --json` and the
// others print exactly this, plus what only the command knows). A result prints as one readable line.

extension FittedLine: Encodable {
    private enum CodingKeys: String, CodingKey { case text, x, y, width, height, baseline, hyphenated, size, scale }

    /// The line as JSON: `text`, `x`, `y`, `width`, its box's `height`, `baseline`, and
    /// `hyphenated: true` when the line ends in a hyphen it draws (the key is left out otherwise).
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, size: nil, scale: nil)
    }

    /// The line as JSON, with its own `size` and `scale` last when a text-fit gave it them.
    func encode(to encoder: any Encoder, size: Double?, scale: Double?) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(baseline, forKey: .baseline)
        if isHyphenated { try container.encode(true, forKey: .hyphenated) }
        if let size, let scale {
            try container.encode(size, forKey: .size)
            try container.encode(scale, forKey: .scale)
        }
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

/// A text-fitted line as JSON: the line's members, then its own `size` and `scale`.
struct ScaledLine: Encodable {
    let line: FittedLine
    let size: Double
    let scale: Double

    func encode(to encoder: any Encoder) throws { try line.encode(to: encoder, size: size, scale: scale) }
}
