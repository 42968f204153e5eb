// How layouts encode: the members and order of fontfit's JSON output (`fontfit stack --json`,
// `ruby --json`, the columns of a vertical fit), and how they print.

extension FittedColumn: Encodable {
    private enum CodingKeys: String, CodingKey { case text, x, y, width, height, baseline }

    /// The column as JSON: `text`, `x`, `y`, `width` (across), `height` (down) and `baseline`, the
    /// x of the centre line the glyphs' vertical origins lie on.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(x + width / 2, forKey: .baseline)
    }
}

extension FittedStack: Encodable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey { case size, scale, fits, width, height, rows, missing, fonts }
    private enum RowKeys: String, CodingKey { case text, x, y, width, height, baseline, size }

    /// The stack as JSON: `size`, `scale`, `fits`, `width`, `height`, `rows` (each with its `text`,
    /// frame, `baseline` and `size`), `missing` (U+XXXX) and `fonts`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(result.size, forKey: .size)
        try container.encode(result.scale, forKey: .scale)
        try container.encode(result.fits, forKey: .fits)
        try container.encode(result.width, forKey: .width)
        try container.encode(result.height, forKey: .height)
        var list = container.nestedUnkeyedContainer(forKey: .rows)
        for (row, frame) in zip(rows, result.rows) {
            var member = list.nestedContainer(keyedBy: RowKeys.self)
            try member.encode(row.text, forKey: .text)
            try member.encode(frame.x, forKey: .x)
            try member.encode(frame.y, forKey: .y)
            try member.encode(frame.width, forKey: .width)
            try member.encode(frame.height, forKey: .height)
            try member.encode(frame.baseline, forKey: .baseline)
            try member.encode(frame.size, forKey: .size)
        }
        try container.encode(missing.map(\.codePointLabel), forKey: .missing)
        try container.encode(fonts, forKey: .fonts)
    }

    /// The stack's result with each row's text.
    public var description: String {
        "FittedStack(size \(result.size), \(result.fits ? "fits" : "does not fit"), rows \(rows.map(\.text)))"
    }
}

extension FittedRuby: Encodable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey { case size, rubySize, scale, fits, width, height, segments, missing, fonts }
    private enum SegmentKeys: String, CodingKey { case base, ruby }
    private enum BoxKeys: String, CodingKey { case text, x, y, width, height, textX, baseline }

    /// The layout as JSON: `size`, `rubySize`, `scale`, `fits`, `width`, `height`, `segments`
    /// (each a `base` box and a `ruby` box or null, with their text), `missing` and `fonts`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(result.size, forKey: .size)
        try container.encode(result.rubySize, forKey: .rubySize)
        try container.encode(result.scale, forKey: .scale)
        try container.encode(result.fits, forKey: .fits)
        try container.encode(result.width, forKey: .width)
        try container.encode(result.height, forKey: .height)
        var list = container.nestedUnkeyedContainer(forKey: .segments)
        for (segment, boxes) in zip(segments, result.segments) {
            var member = list.nestedContainer(keyedBy: SegmentKeys.self)
            func encode(_ box: TextBox, text: String, as key: SegmentKeys) throws {
                var fields = member.nestedContainer(keyedBy: BoxKeys.self, forKey: key)
                try fields.encode(text, forKey: .text)
                try fields.encode(box.x, forKey: .x)
                try fields.encode(box.y, forKey: .y)
                try fields.encode(box.width, forKey: .width)
                try fields.encode(box.height, forKey: .height)
                try fields.encode(box.textX, forKey: .textX)
                try fields.encode(box.baseline, forKey: .baseline)
            }
            try encode(boxes.base, text: segment.base, as: .base)
            if let ruby = boxes.ruby {
                try encode(ruby, text: segment.ruby ?? "", as: .ruby)
            } else {
                try member.encodeNil(forKey: .ruby)
            }
        }
        try container.encode(missing.map(\.codePointLabel), forKey: .missing)
        try container.encode(fonts, forKey: .fonts)
    }

    /// The sizes and each segment's text.
    public var description: String {
        "FittedRuby(size \(result.size), ruby \(result.rubySize), \(result.fits ? "fits" : "does not fit"), "
            + "text \(segments.map { $0.base + ($0.ruby.map { "[\($0)]" } ?? "") }.joined())"
    }
}
