/// Turns HarfBuzz's shaping of a text into the plain measurements the fitting core works on.
///
/// Each paragraph (text between hard line breaks) is shaped once, in font units. Advances are then
/// summed per grapheme cluster (the units that truncation and emergency breaks never split), break
/// opportunities come from ICU's UAX #14 iterator, and HarfBuzz's unsafe-to-break flags mark the
/// units after which a line must be shaped again to know its exact width.
struct MeasuredTextBuilder {
    let font: Font
    let options: ShapingOptions
    /// Find UAX #14 break opportunities; without them the text only breaks at hard line breaks
    /// (enough for one-line fits, and it saves running ICU).
    var lineBreaks = true
    /// Measure each unit's ink, needed only when fitting ink bounds.
    var ink = true
    /// When set, advances are FreeType's hinted ones at this pixel size (plus HarfBuzz's GPOS
    /// adjustments rounded to pixels), as a hinting renderer positions glyphs.
    var hinting: (advances: HintedAdvances, ppem: Int)? = nil
    /// The images standing in the text for its U+FFFC characters, in order: each such unit takes
    /// the image's width and box.
    var images: [InlineImage] = []

    func build(_ text: String) -> MeasuredText {
        let unitsPerEm = Double(font.face.unitsPerEm)
        let graphemes = Graphemes(text)
        var advances = [Double](repeating: 0, count: graphemes.count)
        var inks = [InkExtent?](repeating: nil, count: ink ? graphemes.count : 0)
        var unsafeBefore = [Bool](repeating: false, count: graphemes.count)
        // Shape each paragraph on its own; the hard break that ends it is a unit with no glyphs.
        var paragraphStart = 0
        for index in 0...graphemes.count where index == graphemes.count || graphemes.isNewline[index] {
            let start = paragraphStart < graphemes.count ? graphemes.starts[paragraphStart] : graphemes.byteCount
            let end = index < graphemes.count ? graphemes.starts[index] : graphemes.byteCount
            paragraphStart = index + 1
            guard start < end else { continue }
            let shaped = font.shape(text, utf8Range: start..<end, options: options)
            accumulate(shaped, graphemes: graphemes, advances: &advances, inks: &inks, unsafeBefore: &unsafeBefore)
        }
        if !images.isEmpty {
            var next = 0
            for index in 0..<graphemes.count
            where next < images.count
                && InlineImage.isPlaceholder(graphemes.starts[index]..<graphemes.end(of: index), in: text)
            {
                let extent = images[next].unitExtent(in: font)
                advances[index] = extent.right
                if ink { inks[index] = extent }
                next += 1
            }
        }
        var breaks = [BreakKind](repeating: .none, count: graphemes.count)
        if lineBreaks {
            for opportunity in LineBreaker.opportunities(in: text) where opportunity.offset > 0 {
                breaks[graphemes.index(containingByte: opportunity.offset - 1)] =
                    opportunity.isMandatory ? .mandatory : .allowed
            }
        } else {
            for index in 0..<graphemes.count where graphemes.isNewline[index] { breaks[index] = .mandatory }
        }
        var units: [TextUnit] = []
        units.reserveCapacity(graphemes.count)
        for index in 0..<graphemes.count {
            units.append(
                TextUnit(
                    range: graphemes.starts[index]..<graphemes.end(of: index), advance: advances[index],
                    ink: ink ? inks[index] : nil, isWhitespace: graphemes.isWhitespace[index],
                    breakAfter: breaks[index],
                    unsafeToBreakAfter: index + 1 < graphemes.count && unsafeBefore[index + 1]))
        }
        let metrics = font.unitLineMetrics.scaled(by: 1 / unitsPerEm)
        let font = self.font, options = self.options, finalUnits = units
        return MeasuredText(
            text: text, units: units, ascent: metrics.ascent, descent: metrics.descent,
            lineGap: metrics.lineGap, ellipsis: nil,
            reshapedWidth: { range in
                // Only lines whose boundary HarfBuzz marked unsafe get here: shape them on their own.
                guard let last = finalUnits[range].lastIndex(where: { !$0.isWhitespace }) else { return 0 }
                let bytes = finalUnits[range.lowerBound].range.lowerBound..<finalUnits[last].range.upperBound
                return Double(font.shape(text, utf8Range: bytes, options: options).advance) / unitsPerEm
            })
    }

    /// Adds each glyph's advance, ink and unsafe-to-break flag to the grapheme its cluster is in.
    private func accumulate(
        _ shaped: ShapedText, graphemes: Graphemes, advances: inout [Double], inks: inout [InkExtent?],
        unsafeBefore: inout [Bool]
    ) {
        let unitsPerEm = Double(font.face.unitsPerEm)
        let advanceOf = advanceFunction(for: shaped)
        var penByGrapheme: [Int: Double] = [:]
        for (glyphIndex, glyph) in shaped.glyphs.enumerated() {
            let grapheme = graphemes.index(containingByte: glyph.cluster)
            if ink {
                // Ink is placed relative to the grapheme's own pen start (logical order).
                let pen = penByGrapheme[grapheme, default: 0]
                if let bounds = font.glyphBounds(glyph.glyphID) {
                    let x = pen + Double(glyph.xOffset), y = Double(glyph.yOffset)
                    let extent = InkExtent(
                        left: (x + Double(bounds.xMin)) / unitsPerEm, right: (x + Double(bounds.xMax)) / unitsPerEm,
                        bottom: (y + Double(bounds.yMin)) / unitsPerEm, top: (y + Double(bounds.yMax)) / unitsPerEm)
                    inks[grapheme] = inks[grapheme].map { $0.union(extent) } ?? extent
                }
                penByGrapheme[grapheme] = pen + Double(glyph.xAdvance)
            }
            advances[grapheme] += advanceOf(glyphIndex)
            if glyph.unsafeToBreak { unsafeBefore[grapheme] = true }
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

    /// "…" measured in this font, for truncation; nil when the font lacks it.
    func ellipsisUnit() -> TextUnit? {
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

/// The grapheme clusters of a text by UTF-8 offset, with what line breaking needs to know of each.
struct Graphemes {
    private(set) var starts: [Int] = []
    private(set) var isWhitespace: [Bool] = []
    private(set) var isNewline: [Bool] = []
    /// For each UTF-8 byte, the grapheme it belongs to.
    private var graphemeOfByte: [Int32] = []
    let byteCount: Int

    var count: Int { starts.count }

    init(_ text: String) {
        byteCount = text.utf8.count
        starts.reserveCapacity(byteCount)
        isWhitespace.reserveCapacity(byteCount)
        isNewline.reserveCapacity(byteCount)
        graphemeOfByte.reserveCapacity(byteCount)
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            Self.appendASCII(bytes, to: &self)
        } ?? false
        if !ascii {
            var offset = 0
            for character in text {
                let length = character.utf8.count
                append(start: offset, length: length, whitespace: character.isWhitespace, newline: character.isNewline)
                offset += length
            }
        }
    }

    /// Every ASCII byte is its own grapheme, except CR LF, which is one. Returns false, having added
    /// nothing, when the text is not all ASCII.
    private static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, to graphemes: inout Graphemes) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        var previous: UInt8 = 0
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A && previous == 0x0D {
                graphemes.graphemeOfByte.append(Int32(graphemes.starts.count - 1))
            } else {
                graphemes.graphemeOfByte.append(Int32(graphemes.starts.count))
                graphemes.starts.append(offset)
                graphemes.isWhitespace.append(byte == 0x20 || (0x09...0x0D).contains(byte))
                graphemes.isNewline.append((0x0A...0x0D).contains(byte))
            }
            previous = byte
        }
        return true
    }

    private mutating func append(start: Int, length: Int, whitespace: Bool, newline: Bool) {
        let index = Int32(starts.count)
        starts.append(start)
        isWhitespace.append(whitespace)
        isNewline.append(newline)
        for _ in 0..<length { graphemeOfByte.append(index) }
    }

    func end(of index: Int) -> Int {
        index + 1 < starts.count ? starts[index + 1] : byteCount
    }

    func index(containingByte offset: Int) -> Int {
        Int(graphemeOfByte[min(max(offset, 0), byteCount - 1)])
    }
}

extension InkExtent {
    func union(_ other: InkExtent) -> InkExtent {
        InkExtent(
            left: min(left, other.left), right: max(right, other.right), bottom: min(bottom, other.bottom),
            top: max(top, other.top))
    }
}
