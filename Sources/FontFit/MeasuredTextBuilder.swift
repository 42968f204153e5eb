/// Turns HarfBuzz's shaping of a text into the plain measurements the fitting core works on.
///
/// Each paragraph (text between hard line breaks) is shaped once, in font units. Advances are then
/// summed per grapheme cluster (the units that truncation and emergency breaks never split), break
/// opportunities come from ICU's UAX #14 iterator, and HarfBuzz's unsafe-to-break flags mark the
/// units after which a line must be shaped again to know its exact width.
struct MeasuredTextBuilder {
    let font: Font
    let options: ShapingOptions
    /// When set, advances are FreeType's hinted ones at this pixel size (plus HarfBuzz's GPOS
    /// adjustments rounded to pixels), as a hinting renderer positions glyphs.
    var hinting: (advances: HintedAdvances, ppem: Int)? = nil

    func build(_ text: String) -> MeasuredText {
        let unitsPerEm = Double(font.face.unitsPerEm)
        var units: [TextUnit] = []
        var paragraphStart = 0
        let utf8 = Array(text.utf8)
        for paragraph in Self.paragraphs(of: text) {
            appendUnits(of: paragraph.text, at: paragraphStart, hardBreak: paragraph.hardBreak, to: &units)
            paragraphStart += paragraph.text.utf8.count + paragraph.hardBreak.utf8.count
        }
        assert(paragraphStart == utf8.count)
        let metrics = font.unitLineMetrics.scaled(by: 1 / unitsPerEm)
        let font = self.font, options = self.options, finalUnits = units
        return MeasuredText(
            text: text, units: units, ascent: metrics.ascent, descent: metrics.descent,
            lineGap: metrics.lineGap, ellipsis: ellipsisUnit(),
            reshapedWidth: { range in
                // Only lines whose boundary HarfBuzz marked unsafe get here: shape them on their own.
                guard !range.isEmpty else { return 0 }
                let slice = finalUnits[range]
                let trimmedEnd = slice.lastIndex { !$0.isWhitespace } ?? (range.lowerBound - 1)
                guard trimmedEnd >= range.lowerBound else { return 0 }
                let bytes = utf8[finalUnits[range.lowerBound].range.lowerBound..<finalUnits[trimmedEnd].range.upperBound]
                let line = String(decoding: bytes, as: UTF8.self)
                return Double(font.shape(line, options: options).advance) / unitsPerEm
            })
    }

    /// The text split at hard line breaks; each paragraph keeps the break that ends it.
    static func paragraphs(of text: String) -> [(text: Substring, hardBreak: Substring)] {
        var result: [(Substring, Substring)] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isNewline {
                result.append((text[start..<index], text[index..<next]))
                start = next
            }
            index = next
        }
        result.append((text[start..<text.endIndex], text[text.endIndex..<text.endIndex]))
        return result
    }

    private func appendUnits(
        of paragraph: Substring, at offset: Int, hardBreak: Substring, to units: inout [TextUnit]
    ) {
        let unitsPerEm = Double(font.face.unitsPerEm)
        let text = String(paragraph)
        let shaped = font.shape(text, options: options)
        // Grapheme clusters, by UTF-8 offset within the paragraph.
        var starts: [Int] = []
        var ends: [Int] = []
        var whitespace: [Bool] = []
        var position = 0
        for character in text {
            starts.append(position)
            position += character.utf8.count
            ends.append(position)
            whitespace.append(character.isWhitespace)
        }
        let graphemeAtByte = Self.indexTable(starts: starts, byteCount: position)
        var advances = [Double](repeating: 0, count: starts.count)
        var inks = [InkExtent?](repeating: nil, count: starts.count)
        var unsafeBefore = [Bool](repeating: false, count: starts.count)
        var penWithinGrapheme = [Double](repeating: 0, count: starts.count)
        let advanceOf = advanceFunction(for: shaped)
        for (glyphIndex, glyph) in shaped.glyphs.enumerated() {
            guard glyph.cluster < graphemeAtByte.count else { continue }
            let grapheme = graphemeAtByte[glyph.cluster]
            let pen = penWithinGrapheme[grapheme]
            if let bounds = font.glyphBounds(glyph.glyphID) {
                let x = pen + Double(glyph.xOffset), y = Double(glyph.yOffset)
                let extent = InkExtent(
                    left: (x + Double(bounds.xMin)) / unitsPerEm, right: (x + Double(bounds.xMax)) / unitsPerEm,
                    bottom: (y + Double(bounds.yMin)) / unitsPerEm, top: (y + Double(bounds.yMax)) / unitsPerEm)
                inks[grapheme] = inks[grapheme].map { $0.union(extent) } ?? extent
            }
            penWithinGrapheme[grapheme] = pen + Double(glyph.xAdvance)
            advances[grapheme] += advanceOf(glyphIndex)
            if glyph.unsafeToBreak { unsafeBefore[grapheme] = true }
        }
        var breaks = [BreakKind](repeating: .none, count: starts.count)
        for opportunity in LineBreaker.opportunities(in: text) where opportunity.offset > 0 {
            let grapheme = graphemeAtByte[min(opportunity.offset, position) - 1]
            breaks[grapheme] = opportunity.isMandatory ? .mandatory : .allowed
        }
        for index in starts.indices {
            units.append(
                TextUnit(
                    range: (offset + starts[index])..<(offset + ends[index]), advance: advances[index],
                    ink: inks[index], isWhitespace: whitespace[index],
                    // The hard break belongs to the newline's own unit below.
                    breakAfter: index == starts.count - 1 && !hardBreak.isEmpty ? .none : breaks[index],
                    unsafeToBreakAfter: index + 1 < starts.count && unsafeBefore[index + 1]))
        }
        if !hardBreak.isEmpty {
            let start = offset + position
            units.append(
                TextUnit(
                    range: start..<(start + hardBreak.utf8.count), advance: 0, ink: nil, isWhitespace: true,
                    breakAfter: .mandatory))
        }
    }

    /// Each glyph's advance in em: HarfBuzz's, or the hinted one at `hinting.ppem`.
    private func advanceFunction(for shaped: ShapedText) -> (Int) -> Double {
        let unitsPerEm = Double(font.face.unitsPerEm)
        guard let hinting else { return { Double(shaped.glyphs[$0].xAdvance) / unitsPerEm } }
        let ppem = Double(hinting.ppem)
        let hinted = hinting.advances.advances(of: shaped.glyphs.map(\.glyphID), ppem: hinting.ppem)
        let font = self.font
        return { index in
            let glyph = shaped.glyphs[index]
            let adjustment = Double(Int(glyph.xAdvance) - font.nominalAdvance(glyph.glyphID)) * ppem / unitsPerEm
            return (hinted[index] + adjustment.rounded()) / ppem
        }
    }

    /// For each UTF-8 byte of the paragraph, the grapheme it belongs to.
    private static func indexTable(starts: [Int], byteCount: Int) -> [Int] {
        var table = [Int](repeating: 0, count: byteCount)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : byteCount
            for byte in start..<end { table[byte] = index }
        }
        return table
    }

    /// "…" measured in this font, for truncation.
    private func ellipsisUnit() -> TextUnit? {
        let shaped = font.shape("…", options: options)
        guard !shaped.glyphs.contains(where: { $0.glyphID == 0 }) else { return nil }
        let unitsPerEm = Double(font.face.unitsPerEm)
        let bounds = font.inkBounds(of: shaped)
        return TextUnit(
            range: 0..<3, advance: Double(shaped.advance) / unitsPerEm,
            ink: bounds.map {
                InkExtent(
                    left: Double($0.xMin) / unitsPerEm, right: Double($0.xMax) / unitsPerEm,
                    bottom: Double($0.yMin) / unitsPerEm, top: Double($0.yMax) / unitsPerEm)
            }, isWhitespace: false, breakAfter: .none)
    }
}

extension InkExtent {
    func union(_ other: InkExtent) -> InkExtent {
        InkExtent(
            left: min(left, other.left), right: max(right, other.right), bottom: min(bottom, other.bottom),
            top: max(top, other.top))
    }
}
