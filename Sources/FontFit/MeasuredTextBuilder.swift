/// Turns a shaped paragraph (``ShapedParagraph``: itemized runs, each shaped once in font units) into
/// the plain measurements the fitting core works on.
///
/// Advances are summed per grapheme cluster (the units that truncation and emergency breaks never
/// split) from the paragraph's one walk over its glyphs, break opportunities come from ICU's UAX #14
/// iterator in the text's language, and HarfBuzz's unsafe-to-break flags mark the units after which
/// a line must be shaped again to know its exact width.
struct MeasuredTextBuilder {
    let fonts: FontStack
    let options: ShapingOptions
    /// Find UAX #14 break opportunities; without them the text only breaks at hard line breaks
    /// (enough for one-line fits, and it saves running ICU).
    var lineBreaks = true
    /// Measure each unit's ink, needed only when fitting ink bounds.
    var ink = true
    /// The images standing in the text for its U+FFFC characters, in order: each such unit takes
    /// the image's width and box.
    var images: [InlineImage] = []

    var font: Font { fonts.primary }

    func paragraph(_ text: String) -> ShapedParagraph {
        ShapedParagraph(text, fonts: fonts, options: options, images: images)
    }

    func build(_ text: String) -> MeasuredText {
        build(paragraph(text))
    }

    /// `paragraph`'s text measured in units: `segmentation`, when given, is ``segmentation(of:)``
    /// of the same text, found once for a fit that measures the text again at other sizes (the
    /// hinted and optical-size fits), since neither graphemes nor break opportunities depend on
    /// the font.
    func build(_ paragraph: ShapedParagraph, segmentation known: TextSegmentation? = nil) -> MeasuredText {
        let text = paragraph.text
        let segmentation = known ?? segmentation(of: paragraph)
        let graphemes = segmentation.graphemes
        var advances = [Double](filledWith: 0, count: graphemes.count)
        var inks = [InkExtent?](filledWith: nil, count: ink ? graphemes.count : 0)
        var breakFlags = [UInt8](filledWith: 0, count: graphemes.count)
        var graphemeStart = [Double](filledWith: .infinity, count: ink ? graphemes.count : 0)
        var placedInk: [(grapheme: Int, bounds: EmBounds)] = []
        // Plain advances are summed straight from the runs; ink and a hinted pen need placed glyphs.
        let summed = !ink
            && paragraph.addAdvances(unitOfByte: graphemes.graphemeOfByte, to: &advances, breakFlags: &breakFlags)
        if !summed { paragraph.walk { placed in
            let grapheme = graphemes.index(containingByte: placed.glyph.cluster)
            let advance = placed.advance
            if ink {
                // Ink is kept relative to the grapheme's own pen start, its leftmost glyph's pen.
                graphemeStart[grapheme] = min(graphemeStart[grapheme], placed.penX)
                if let bounds = paragraph.inkBounds(of: placed) { placedInk.append((grapheme, bounds)) }
            }
            advances[grapheme] += advance
            breakFlags[grapheme] |= UnitBreakFlags.of(placed.glyph)
        } }
        for (grapheme, bounds) in placedInk {
            let start = graphemeStart[grapheme]
            let extent = InkExtent(left: bounds.xMin - start, right: bounds.xMax - start, bottom: bounds.yMin, top: bounds.yMax)
            inks[grapheme] = inks[grapheme].map { $0.union(extent) } ?? extent
        }
        let breaks = segmentation.breaks
        let count = graphemes.count
        let byteByByte = graphemes.isByteByByte
        let hyphenationPoints = segmentation.hyphenationPoints
        // Read through buffers, not indexed arrays, and each unit written in place rather than
        // appended (a capacity check per unit): this loop runs once per grapheme of every fit
        // (bench: paragraphFitSplit.tablesPerShape, frenchParagraphFitPerShape).
        var units = [TextUnit](unsafeUninitializedCapacity: count) { units, initialized in
            guard count > 0 else { return }
            let unitBase = units.baseAddress.unsafelyUnwrapped
            graphemes.starts.withUnsafeBufferPointer { starts in
                graphemes.isWhitespace.withUnsafeBufferPointer { isWhitespace in
                    advances.withUnsafeBufferPointer { advances in
                        breakFlags.withUnsafeBufferPointer { breakFlags in
                            breaks.withUnsafeBufferPointer { breaks in
                                // Inlined twice, so that text held byte by byte runs a loop that
                                // reads no starts (bench: paragraphFitPerShape).
                                @inline(__always) func writeUnits(startAndLength: (Int) -> (Int, Int)) {
                                    for index in 0..<count {
                                        let (start, length) = startAndLength(index)
                                        (unitBase + index).initialize(
                                            to: TextUnit(
                                                utf8Start: start, utf8Length: UInt32(truncatingIfNeeded: length),
                                                advance: advances[index], isWhitespace: isWhitespace[index],
                                                breakAfter: breaks[index],
                                                unsafeToBreakAfter: index + 1 < count && UnitBreakFlags.isUnsafeBefore(breakFlags[index + 1]),
                                                isSoftHyphenBreak: false))
                                    }
                                }
                                if byteByByte {
                                    writeUnits { ($0, 1) }
                                } else {
                                    // Starts increase by construction, and a grapheme is far
                                    // shorter than 4 GB: the length needs no checks.
                                    let byteCount = graphemes.byteCount
                                    writeUnits { index in
                                        let start = starts[index]
                                        return (start, (index + 1 < count ? starts[index + 1] : byteCount) &- start)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = count
        }
        // The breaks that draw a hyphen, in a pass of their own over the few texts that have them
        // (a soft hyphen, or hyphenation points): the loop above, run for every text, tests for
        // neither (bench: frenchParagraphFitPerShape).
        var hyphen: Double?
        if graphemes.hasSoftHyphen || !hyphenationPoints.isEmpty {
            for index in 0..<count {
                let unit = units[index]
                let isSoftHyphenBreak =
                    (unit.breakAfter == .allowed && Self.isSoftHyphen(unit.range, in: text))
                    || (!hyphenationPoints.isEmpty && hyphenationPoints[index])
                guard isSoftHyphenBreak else { continue }
                units[index].isSoftHyphenBreak = true
                // Shaped only when the text has a soft hyphen a line may break at.
                if hyphen == nil { hyphen = hyphenAdvance(for: paragraph) }
            }
        }
        let metrics = paragraph.lineMetrics()
        let finalUnits = units
        var measured = MeasuredText(
            text: text, units: units, ascent: metrics.ascent, descent: metrics.descent,
            lineGap: metrics.lineGap, inks: inks, ellipsis: nil, hyphenAdvance: hyphen ?? 0,
            reshapedWidth: { range in
                // Only lines whose boundary HarfBuzz marked unsafe get here: shape them on their own.
                guard let last = finalUnits[range].lastIndex(where: { !$0.isWhitespace }) else { return 0 }
                let bytes = finalUnits[range.lowerBound].range.lowerBound..<finalUnits[last].range.upperBound
                return paragraph.reshaped(bytes).advance()
            })
        measured.lineBoxes = Self.lineBoxFonts(of: paragraph, graphemes: graphemes)
        return measured
    }

    /// What builds each line's box when the text uses fonts whose metrics reach beyond the primary
    /// font's, as browsers build line boxes (../shared/notes/browser-text-behaviour.md, 6): the
    /// primary font's strut, and the fonts of the units on the line. Nil when every line box is
    /// the primary font's (one font, or fallbacks no taller), for text in columns, or past 255
    /// such fonts.
    static func lineBoxFonts(of paragraph: ShapedParagraph, graphemes: Graphemes) -> LineBoxFonts? {
        let fonts = paragraph.fonts
        guard fonts.count > 1, !paragraph.isVertical, graphemes.count > 0 else { return nil }
        func extent(_ font: Font) -> LineBoxExtent {
            let metrics = font.unitLineMetrics.scaled(by: 1 / Double(font.face.unitsPerEm))
            return LineBoxExtent(ascent: metrics.ascent, descent: metrics.descent, lineGap: metrics.lineGap)
        }
        let strut = extent(fonts.primary)
        var markOfFont: [Int: UInt8] = [:]
        var extents: [LineBoxExtent] = []
        var fontOfUnit: [UInt8] = []
        for run in paragraph.runs where run.fontIndex != 0 && !run.range.isEmpty {
            let mark: UInt8
            if let known = markOfFont[run.fontIndex] {
                mark = known
            } else {
                let box = extent(fonts[run.fontIndex])
                guard box.ascent > strut.ascent || box.descent > strut.descent || box.lineGap > strut.lineGap else {
                    continue
                }
                guard extents.count < Int(UInt8.max) else { return nil }
                extents.append(box)
                mark = UInt8(extents.count)
                markOfFont[run.fontIndex] = mark
            }
            if fontOfUnit.isEmpty { fontOfUnit = [UInt8](repeating: 0, count: graphemes.count) }
            let first = graphemes.index(containingByte: run.range.lowerBound)
            let last = graphemes.index(containingByte: run.range.upperBound - 1)
            for unit in first...last { fontOfUnit[unit] = mark }
        }
        guard !extents.isEmpty else { return nil }
        return LineBoxFonts(strut: strut, fonts: extents, fontOfUnit: fontOfUnit)
    }

    /// The grapheme clusters of `paragraph`'s text and the break after each: UAX #14 opportunities
    /// in the text's language, or only its hard line breaks without ``lineBreaks``.
    func segmentation(of paragraph: ShapedParagraph) -> TextSegmentation {
        let text = paragraph.text
        let graphemes = Graphemes(text, scan: paragraph.textScan)
        var breaks = [BreakKind](filledWith: .none, count: graphemes.count)
        if lineBreaks {
            for opportunity in LineBreaker.opportunities(
                in: text, language: options.language, style: options.lineBreak, scan: paragraph.textScan)
            where opportunity.offset > 0 {
                breaks[graphemes.index(containingByte: opportunity.offset - 1)] =
                    opportunity.isMandatory ? .mandatory : .allowed
            }
        } else {
            text.withUTF8Bytes { bytes in
                for index in 0..<graphemes.count where graphemes.isNewline(index, bytes: bytes) { breaks[index] = .mandatory }
            }
        }
        var hyphenationPoints: [Bool] = []
        if lineBreaks && options.hyphens != .manual {
            hyphenationPoints = Self.applyHyphens(options, to: &breaks, of: text, graphemes: graphemes)
        }
        return TextSegmentation(graphemes: graphemes, breaks: breaks, hyphenationPoints: hyphenationPoints)
    }

    /// CSS `hyphens` other than `manual` on `breaks`: `none` takes away the breaks after soft
    /// hyphens; `auto` adds a break that draws a hyphen after each grapheme that ends at a
    /// hyphenation point of a word (a run of letters and marks) by ``Hyphenator/forLanguage(_:)``.
    /// A word with a soft hyphen keeps only those, as CSS Text 3 §5.4 asks. Returns, per grapheme,
    /// whether its break is such a point (empty when there is none).
    static func applyHyphens(
        _ options: ShapingOptions, to breaks: inout [BreakKind], of text: String, graphemes: Graphemes
    ) -> [Bool] {
        if options.hyphens == .none {
            for index in breaks.indices where breaks[index] == .allowed {
                let start = graphemes.start(of: index)
                if isSoftHyphen(start..<(start + 2), in: text) { breaks[index] = .none }
            }
            return []
        }
        guard let hyphenator = Hyphenator.forLanguage(options.language) else { return [] }
        var points: [Bool] = []
        // Where the current word starts, as an index and as a UTF-8 offset.
        var wordStart: (index: String.Index, offset: Int)?
        var hasSoftHyphen = false
        func hyphenate(_ word: Range<String.Index>, base: Int) {
            guard !hasSoftHyphen else { return }
            for point in hyphenator.points(in: text[word]) {
                let index = graphemes.index(containingByte: base + point - 1)
                // A point inside a grapheme (a letter and its marks) is none; an existing break stays.
                guard graphemes.index(containingByte: base + point) != index, breaks[index] == .none else { continue }
                if points.isEmpty { points = [Bool](repeating: false, count: breaks.count) }
                breaks[index] = .allowed
                points[index] = true
            }
        }
        var position = text.unicodeScalars.startIndex
        var offset = 0
        for scalar in text.unicodeScalars {
            let inWord: Bool
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark:
                inWord = true
            default:
                inWord = scalar == "\u{AD}"
            }
            if inWord {
                if wordStart == nil { wordStart = (position, offset); hasSoftHyphen = false }
                if scalar == "\u{AD}" { hasSoftHyphen = true }
            } else if let start = wordStart {
                hyphenate(start.index..<position, base: start.offset)
                wordStart = nil
            }
            position = text.unicodeScalars.index(after: position)
            offset += UTF8.width(scalar)
        }
        if let start = wordStart { hyphenate(start.index..<text.endIndex, base: start.offset) }
        return points
    }

    /// The advance of the hyphen a line of `paragraph` broken at a soft hyphen ends in: on the
    /// paragraph's hinted pen when it has one, as the line is drawn.
    private func hyphenAdvance(for paragraph: ShapedParagraph) -> Double {
        guard let hinting = paragraph.hinting else {
            return fonts.measureShortText(hyphenText, options: options, atSize: paragraph.spacing.size).advance
        }
        return self.paragraph(hyphenText).atSize(paragraph.spacing.size ?? 1).hinted(by: hinting.advances, ppem: hinting.ppem)
            .advance()
    }

    /// What a break at a soft hyphen draws, as browsers do: U+2010 HYPHEN when the primary font has
    /// it, else U+002D, shaped on its own.
    var hyphenText: String { font.glyph(for: "\u{2010}") != nil ? "\u{2010}" : "-" }

    /// Whether the UTF-8 `range` of `text` is exactly one U+00AD SOFT HYPHEN.
    static func isSoftHyphen(_ range: Range<Int>, in text: String) -> Bool {
        range.count == 2 && text.utf8.dropFirst(range.lowerBound).prefix(2).elementsEqual([0xC2, 0xAD])
    }

    /// "…" measured in this font stack, for truncation, spaced in fixed points at `size`; nil when
    /// no font has it.
    func ellipsis(atSize size: Double? = nil) -> Ellipsis? {
        let measured = fonts.measureShortText("…", options: options, atSize: size)
        guard !measured.isMissing else { return nil }
        return Ellipsis(
            advance: measured.advance,
            ink: measured.ink.map { InkExtent(left: $0.xMin, right: $0.xMax, bottom: $0.yMin, top: $0.yMax) })
    }

    /// "…" as a hinting renderer draws it at `ppem`: advancing the hinted pen, as the lines it ends
    /// do (its ink, relative to its pen, is the unhinted one's).
    func ellipsis(hintedBy advances: HintedAdvances, ppem: Int) -> Ellipsis? {
        guard var ellipsis = ellipsis(atSize: Double(ppem)) else { return nil }
        ellipsis.advance = paragraph("…").atSize(Double(ppem)).hinted(by: advances, ppem: ppem).advance()
        return ellipsis
    }
}

/// What line breaking reads of a text, whatever font measures it: its grapheme clusters, and
/// whether a line may or must break after each.
struct TextSegmentation {
    let graphemes: Graphemes
    let breaks: [BreakKind]
    /// Per grapheme, whether its break is an automatic hyphenation point, which draws a hyphen as
    /// a soft hyphen's does; empty when the text has none.
    var hyphenationPoints: [Bool] = []
}

/// The grapheme clusters of a text by UTF-8 offset, with what line breaking needs to know of each.
///
/// ASCII without line breaks, the common case, is held byte by byte: byte i is grapheme i, so the
/// tables that map between them are not built (13 of the bytes a fit spends per character: a 1 MB
/// text's would be 13 MB).
struct Graphemes {
    /// Each grapheme's first byte; empty when ``isByteByByte``.
    private(set) var starts: [Int] = []
    /// Every newline is white space too; which are newlines is read from the text when asked
    /// (``isNewline(_:bytes:)``), rather than kept in a table of its own.
    private(set) var isWhitespace: [Bool] = []
    /// For each UTF-8 byte, the grapheme it belongs to; empty when ``isByteByByte``.
    private(set) var graphemeOfByte: [Int32] = []
    let byteCount: Int
    /// Every byte is a grapheme of its own, and none is a newline (ASCII without line breaks).
    private(set) var isByteByByte = false
    /// Some grapheme is U+00AD SOFT HYPHEN (a control, always a cluster of its own), so that the
    /// units of the many texts without one are not searched for it.
    private(set) var hasSoftHyphen = false

    var count: Int { isByteByByte ? byteCount : starts.count }

    /// `scan`, when known, is what ``ASCIIScan`` reads of `text`.
    init(_ text: String, scan: ASCIIScan? = nil) {
        byteCount = text.utf8.count
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            Self.appendASCII(bytes, scan: scan ?? ASCIIScan(bytes), to: &self)
        } ?? false
        if !ascii { appendClusters(of: text) }
    }

    /// The clusters of text beyond ASCII, written in place as ``appendASCII(_:scan:to:)`` does. The
    /// two keep their own loops: a writer shared through a closure would be called once per cluster
    /// (bench: frenchParagraphFitPerShape).
    private mutating func appendClusters(of text: String) {
        var count = 0
        var softHyphen = false
        var starts = [Int](filledWith: 0, count: byteCount)
        var isWhitespace = [Bool](filledWith: false, count: byteCount)
        var graphemeOfByte = [Int32](filledWith: 0, count: byteCount)
        starts.withUnsafeMutableBufferPointer { starts in
            isWhitespace.withUnsafeMutableBufferPointer { isWhitespace in
                graphemeOfByte.withUnsafeMutableBufferPointer { owner in
                    // Copied out of the inout parameters, so that each buffer's address is
                    // loaded once, not again for every cluster (a write through one inout
                    // buffer might have moved another; bench: frenchParagraphFitPerShape).
                    let (starts, isWhitespace, owner) = (starts, isWhitespace, owner)
                    // Scalars that join no neighbour (`isLoneGraphemeScalar`: ASCII, Latin,
                    // Greek, Cyrillic, general punctuation), each a cluster of its own, are
                    // written as they are decoded, without the walk's rules. At the first
                    // scalar that may join (or a CR, which joins an LF), the walk takes over
                    // from the cluster before it, which that scalar may join: that cluster
                    // starts at a boundary, a lone scalar (or nothing) before it
                    // (bench: frenchParagraphFitPerShape).
                    let resume = text.withUTF8Bytes { bytes -> Int in
                        // Counted in a local, not in the captured `count`: a store per cluster.
                        var written = 0
                        defer { count = written }
                        var offset = 0
                        while offset < bytes.count {
                            let byte = bytes[offset]
                            let grapheme = Int32(truncatingIfNeeded: written)
                            if byte < 0x80 && byte != 0x0D {
                                starts[written] = offset
                                isWhitespace[written] = byte == 0x20 || (0x09...0x0D).contains(byte)
                                owner[offset] = grapheme
                                // Both below the byte count: no overflow to check for.
                                written &+= 1
                                offset &+= 1
                                continue
                            }
                            let (scalar, width) = String.decodeScalar(bytes, at: offset)
                            guard scalar.isLoneGraphemeScalar && byte != 0x0D else {
                                if written == 0 { return 0 }
                                written -= 1
                                return starts[written]
                            }
                            starts[written] = offset
                            isWhitespace[written] = scalar.isWhitespaceCharacter
                            if scalar.value == 0xAD { softHyphen = true }
                            // Two to four bytes.
                            owner[offset] = grapheme
                            owner[offset + 1] = grapheme
                            if width > 2 { owner[offset + 2] = grapheme }
                            if width > 3 { owner[offset + 3] = grapheme }
                            written += 1
                            offset += width
                        }
                        return bytes.count
                    }
                    guard resume < byteCount else { return }
                    text.forEachGrapheme(from: resume) { utf8, first, _ in
                        starts[count] = utf8.lowerBound
                        isWhitespace[count] = first.isWhitespaceCharacter
                        if first.value == 0xAD { softHyphen = true }
                        for offset in utf8 { owner[offset] = Int32(truncatingIfNeeded: count) }
                        count += 1
                    }
                }
            }
        }
        starts.removeLast(byteCount - count)
        isWhitespace.removeLast(byteCount - count)
        self.starts = starts
        self.isWhitespace = isWhitespace
        self.graphemeOfByte = graphemeOfByte
        hasSoftHyphen = softHyphen
    }

    /// Every ASCII byte is its own grapheme, except CR LF, which is one. Returns false, having added
    /// nothing, when the text is not all ASCII. The tables are written in place rather than
    /// appended to (an append per byte and table cost more than the rest of the scan).
    private static func appendASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, scan: ASCIIScan, to graphemes: inout Graphemes
    ) -> Bool {
        guard scan.isASCII else { return false }
        if !scan.hasHardBreak {
            appendSingleLineASCII(bytes, to: &graphemes)
            return true
        }
        var count = 0
        var starts = [Int](filledWith: 0, count: bytes.count)
        var isWhitespace = [Bool](filledWith: false, count: bytes.count)
        var graphemeOfByte = [Int32](filledWith: 0, count: bytes.count)
        starts.withUnsafeMutableBufferPointer { starts in
            isWhitespace.withUnsafeMutableBufferPointer { isWhitespace in
                graphemeOfByte.withUnsafeMutableBufferPointer { owner in
                    var previous: UInt8 = 0
                    for offset in 0..<bytes.count {
                        let byte = bytes[offset]
                        if byte == 0x0A && previous == 0x0D {
                            owner[offset] = Int32(count - 1)
                        } else {
                            owner[offset] = Int32(count)
                            starts[count] = offset
                            isWhitespace[count] = byte == 0x20 || (0x09...0x0D).contains(byte)
                            count += 1
                        }
                        previous = byte
                    }
                }
            }
        }
        starts.removeLast(bytes.count - count)
        isWhitespace.removeLast(bytes.count - count)
        graphemes.starts = starts
        graphemes.isWhitespace = isWhitespace
        graphemes.graphemeOfByte = graphemeOfByte
        return true
    }

    /// ASCII without line breaks: byte i is grapheme i, and only a space or a tab is whitespace.
    /// A loop without branches, which the compiler vectorizes.
    private static func appendSingleLineASCII(_ bytes: UnsafeBufferPointer<UInt8>, to graphemes: inout Graphemes) {
        var isWhitespace = [Bool](filledWith: false, count: bytes.count)
        isWhitespace.withUnsafeMutableBufferPointer { isWhitespace in
            for index in 0..<bytes.count { isWhitespace[index] = bytes[index] == 0x20 || bytes[index] == 0x09 }
        }
        graphemes.isWhitespace = isWhitespace
        graphemes.isByteByByte = true
    }

    /// The reference the three builders (`appendClusters(of:)`, `appendASCII(_:scan:to:)`'s loop
    /// for text with line breaks, and `appendSingleLineASCII(_:to:)`) must agree with, in the
    /// general tables: the clusters of `for character in text`, with `Character.isWhitespace`. The
    /// tests hold each builder to it on random texts, and ``isNewline(_:bytes:)`` to
    /// `Character.isNewline`.
    init(byCharacter text: String) {
        byteCount = text.utf8.count
        var offset = 0
        for character in text {
            let width = character.utf8.count
            graphemeOfByte.append(contentsOf: repeatElement(Int32(starts.count), count: width))
            starts.append(offset)
            isWhitespace.append(character.isWhitespace)
            if character == "\u{AD}" { hasSoftHyphen = true }
            offset += width
        }
    }

    /// Whether grapheme `index` is a hard line break, `Character.isNewline`: its first scalar is
    /// one, read from `bytes`, the UTF-8 of the text these graphemes were found in (a newline
    /// scalar joins no neighbour but CR its LF, and every newline is white space).
    func isNewline(_ index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !isByteByByte && isWhitespace[index] && String.decodeScalar(bytes, at: starts[index]).0.isNewlineCharacter
    }

    /// The first byte of grapheme `index`.
    func start(of index: Int) -> Int { isByteByByte ? index : starts[index] }

    func index(containingByte offset: Int) -> Int {
        let byte = min(max(offset, 0), byteCount - 1)
        return isByteByByte ? byte : Int(graphemeOfByte[byte])
    }
}

extension InkExtent {
    func union(_ other: InkExtent) -> InkExtent {
        InkExtent(
            left: min(left, other.left), right: max(right, other.right), bottom: min(bottom, other.bottom),
            top: max(top, other.top))
    }
}
