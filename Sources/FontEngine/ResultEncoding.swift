// How measurements encode: the members and order of fontfit's JSON output.

extension Unicode.Scalar {
    /// U+XXXX, at least four hex digits, as Unicode writes code points (and JSON results list
    /// missing characters).
    public var codePointLabel: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension FontStack: Encodable {
    private enum CodingKeys: String, CodingKey { case file, faceIndex }

    /// The fonts as JSON: for each, primary first, its `file` ("bundled" for the default font) and
    /// `faceIndex`.
    public func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for font in fonts {
            var member = list.nestedContainer(keyedBy: CodingKeys.self)
            try member.encode(font.face.source, forKey: .file)
            try member.encode(font.face.index, forKey: .faceIndex)
        }
    }
}

extension LineMeasurement: Encodable {
    fileprivate enum CodingKeys: String, CodingKey {
        case size, unitsPerEm, width, ascent, descent, lineGap, lineHeight, ink, glyphCount, missing, advance
        case text, y, baseline
    }

    /// The measurement as JSON: `size`, `unitsPerEm`, `width`, `ascent`, `descent`, `lineGap`,
    /// `lineHeight`, `ink` (a zero box on the baseline when nothing is inked), `glyphCount`,
    /// `missing` (U+XXXX) and `advance`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encodeFields(into: &container)
    }

    /// The members, in order, into a container that may hold others before them (a block's line).
    fileprivate func encodeFields(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(size, forKey: .size)
        try container.encode(unitsPerEm, forKey: .unitsPerEm)
        try container.encode(width, forKey: .width)
        try container.encode(metrics.ascent, forKey: .ascent)
        try container.encode(metrics.descent, forKey: .descent)
        try container.encode(metrics.lineGap, forKey: .lineGap)
        try container.encode(metrics.lineHeight, forKey: .lineHeight)
        try container.encode(ink ?? LayoutRect(x: 0, y: metrics.ascent, width: 0, height: 0), forKey: .ink)
        try container.encode(glyphCount, forKey: .glyphCount)
        try container.encode(missing.map(\.codePointLabel), forKey: .missing)
        try container.encode(advance, forKey: .advance)
    }
}

extension BlockMeasurement: Encodable {
    private enum CodingKeys: String, CodingKey { case size, width, height, lines }

    /// The block as JSON: `size`, `width` (the widest line), `height` (the line boxes together) and
    /// `lines`, each line's `text`, `y` (its box's top) and `baseline`, then its measurement's
    /// members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        var list = container.nestedUnkeyedContainer(forKey: .lines)
        for (index, line) in lines.enumerated() {
            var member = list.nestedContainer(keyedBy: LineMeasurement.CodingKeys.self)
            try member.encode(line.text, forKey: .text)
            try member.encode(tops[index], forKey: .y)
            try member.encode(baseline(ofLine: index), forKey: .baseline)
            try line.encodeFields(into: &member)
        }
    }
}
