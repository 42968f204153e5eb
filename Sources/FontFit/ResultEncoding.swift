// How layouts encode: the members and order of fontfit's JSON output (`fontfit stack --json`,
// `ruby --json`, the columns of a vertical fit), and how they print.

extension PlacedText: Encodable {
    fileprivate enum CodingKeys: String, CodingKey { case text, x, y, width, height, baseline, size }

    /// The text as JSON: `text`, its frame's `x`, `y`, `width` and `height`, and `baseline` (for a
    /// column, the x of its centre line) — a vertical fit's columns as `fit --json` lists them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encodeBox(in: &container)
    }

    /// The members every placed text has, in order; a stack's row adds its `size`.
    fileprivate func encodeBox(in container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(text, forKey: .text)
        try container.encode(frame.x, forKey: .x)
        try container.encode(frame.y, forKey: .y)
        try container.encode(frame.width, forKey: .width)
        try container.encode(frame.height, forKey: .height)
        try container.encode(baseline, forKey: .baseline)
    }

    fileprivate func encodeRow(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encodeBox(in: &container)
        try container.encode(size, forKey: .size)
    }
}

/// A stack's row as `stack --json` lists it: its box, baseline and size.
private struct StackRowEncoding: Encodable {
    let row: PlacedText
    func encode(to encoder: any Encoder) throws { try row.encodeRow(to: encoder) }
}

extension StackResult: Encodable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey { case size, scale, fits, width, height, rows, missing, fonts }

    /// The stack as JSON: `size`, `scale`, `fits`, `width`, `height`, `rows` (each with its `text`,
    /// frame, `baseline` and `size`), `missing` (U+XXXX) and `fonts`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(scale, forKey: .scale)
        try container.encode(fits, forKey: .fits)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(rows.map(StackRowEncoding.init), forKey: .rows)
        try container.encode(missing.map(\.codePointLabel), forKey: .missing)
        try container.encode(fonts, forKey: .fonts)
    }

    /// The shared size and each row's text.
    public var description: String {
        "StackResult(size \(size), \(fits ? "fits" : "does not fit"), rows \(rows.map(\.text)))"
    }
}

extension RubyResult: Encodable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey { case size, rubySize, scale, fits, width, height, segments, missing, fonts }
    private enum SegmentKeys: String, CodingKey { case base, ruby }
    private enum BoxKeys: String, CodingKey { case text, x, y, width, height, textX, baseline }

    /// The layout as JSON: `size`, `rubySize`, `scale`, `fits`, `width`, `height`, `segments`
    /// (each a `base` box and a `ruby` box or null, with their text), `missing` and `fonts`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(rubySize, forKey: .rubySize)
        try container.encode(scale, forKey: .scale)
        try container.encode(fits, forKey: .fits)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        var list = container.nestedUnkeyedContainer(forKey: .segments)
        for segment in segments {
            var member = list.nestedContainer(keyedBy: SegmentKeys.self)
            func encode(_ box: PlacedText, as key: SegmentKeys) throws {
                var fields = member.nestedContainer(keyedBy: BoxKeys.self, forKey: key)
                try fields.encode(box.text, forKey: .text)
                try fields.encode(box.frame.x, forKey: .x)
                try fields.encode(box.frame.y, forKey: .y)
                try fields.encode(box.frame.width, forKey: .width)
                try fields.encode(box.frame.height, forKey: .height)
                try fields.encode(box.penStart, forKey: .textX)
                try fields.encode(box.baseline, forKey: .baseline)
            }
            try encode(segment.base, as: .base)
            if let ruby = segment.ruby {
                try encode(ruby, as: .ruby)
            } else {
                try member.encodeNil(forKey: .ruby)
            }
        }
        try container.encode(missing.map(\.codePointLabel), forKey: .missing)
        try container.encode(fonts, forKey: .fonts)
    }

    /// The sizes and each segment's text.
    public var description: String {
        "RubyResult(size \(size), ruby \(rubySize), \(fits ? "fits" : "does not fit"), "
            + "text \(segments.map { $0.base.text + ($0.ruby.map { "[\($0.text)]" } ?? "") }.joined())"
    }
}
