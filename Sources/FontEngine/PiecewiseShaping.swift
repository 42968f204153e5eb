internal import CFontFitHarfBuzz

/// A long run shaped in pieces of a few kilobytes, joined where HarfBuzz says joining is exact.
///
/// HarfBuzz's own time per character grows by half from a few thousand characters to a megabyte:
/// its buffer outgrows the caches, and a buffer that large is fresh memory on every shaping. A
/// piece of a few kilobytes stays in the cache and in the thread's kept buffer.
///
/// Joining is exact by HarfBuzz's definition of `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`: when the glyphs
/// on both sides of a cluster boundary are clear of it — the left piece shaped on its own, the
/// right one too — the text after the boundary cannot change the shaping before it, nor the other
/// way round, so the two pieces are what shaping the whole run gives. Each piece is shaped with the
/// rest of the text as context; the boundary kept is the last clear cluster start in the piece, and
/// the next piece starts there. When the next piece does not start clear there, the last piece
/// ends at an earlier clear boundary, or the two are shaped again as one; a piece with no clear
/// boundary (a long run of marks) is shaped again twice as long. At worst the run is shaped whole.
///
/// Where HarfBuzz 6.0 was found to change glyphs beyond a boundary it calls clear, pieces are not
/// used: a run set against its script's direction, a run under a forced script, and a boundary
/// beside a mark, a joiner or another format character.
enum PiecewiseShaping {
    /// The length (UTF-8 bytes) of a piece; a run up to twice this long is shaped whole.
    static let pieceLength = 4_096

    /// The flags HarfBuzz sets on a glyph a piece may not end or start at.
    private static let unsafeMask = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue | HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
}

extension Font {
    /// The glyphs of `utf8Range` as HarfBuzz shapes the run whole, shaped in pieces of about
    /// `pieceLength` bytes (see ``PiecewiseShaping``), and how many pieces were joined (1 when the
    /// run had to be shaped whole). `budget` is how many bytes may be shaped in pieces before the
    /// run is shaped whole instead; nil for 8 × the run's length and 8 × the piece length.
    func shapeRunInPieces(
        _ text: String, utf8Range: Range<Int>, options: ShapingOptions, direction: TextDirection, script: UInt32?,
        pieceLength: Int, budget: Int? = nil
    ) -> (glyphs: [ShapedGlyph], pieces: Int) {
        let backward = direction == .rightToLeft || direction == .bottomToTop
        // HarfBuzz guesses a missing script from the buffer's first letter; a piece would guess
        // from its own, so the run's guess is made once, here, for every piece.
        let script = script ?? PiecewiseShaping.guessedScript(text, utf8Range)
        // A script forced on the whole text (`options.script`) leaves letters of other scripts in
        // the run, and the shaper of one script meeting another's letters and marks (Devanagari's
        // with Arabic letters and Latin marks) changes glyphs beyond any seam HarfBuzz flags.
        // Itemized runs hold one script, with common and inherited characters.
        guard options.script == nil, PiecewiseShaping.isNatural(direction, for: script) else {
            return (shapeRunWhole(text, utf8Range: utf8Range, options: options, direction: direction, script: script), 1)
        }
        let utf8 = text.utf8
        /// The first offset at or after `offset` where a piece may end: a scalar boundary whose
        /// scalar is plain (see ``PiecewiseShaping/isPlain(_:)``), or the run's end.
        func pieceEnd(atOrAfter offset: Int) -> Int {
            var index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8Range.upperBound))
            let end = utf8.index(utf8.startIndex, offsetBy: utf8Range.upperBound)
            while index < end {
                if utf8[index] & 0xC0 != 0x80, PiecewiseShaping.isPlain(text.unicodeScalars[index]) { break }
                index = utf8.index(after: index)
            }
            return utf8.distance(from: utf8.startIndex, to: index)
        }
        /// Whether a piece may start at `offset`: the scalars on both sides are plain.
        func isPlainSeam(_ offset: Int) -> Bool {
            let index = utf8.index(utf8.startIndex, offsetBy: offset)
            guard index > utf8.startIndex, index < utf8.endIndex else { return true }
            return PiecewiseShaping.isPlain(text.unicodeScalars[index])
                && PiecewiseShaping.isPlain(text.unicodeScalars[text.unicodeScalars.index(before: index)])
        }
        // The pieces in logical order, each in HarfBuzz's order (reversed in a backward run): where
        // each begins in the text and in `glyphs`.
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(utf8Range.count)
        var pieces: [(text: Int, glyph: Int)] = []
        // The last piece's other clear boundaries, latest first: where it may end instead when
        // the next piece does not start clear where it ended.
        var earlierSeams: [Int] = []
        var start = utf8Range.lowerBound, length = pieceLength
        // The furthest start at which a piece could not follow the one before. Until a seam
        // passes it, pieces keep the length the last merge gave them (a join does not reset it),
        // so merges keep doubling it and the pieces reach past it.
        var failedAt = utf8Range.lowerBound
        // Bytes shaped so far. Past this many (a text that keeps refusing seams) the run is
        // shaped whole, so the work stays a small multiple of the run's length.
        var shapedBytes = 0
        let budget = budget ?? 8 * utf8Range.count + 8 * pieceLength

        // Shapes `start..<end` and, when it joins, appends its glyphs up to its seam.
        func shapePiece(to end: Int) -> PiecewiseShaping.Piece {
            shapedBytes += end - start
            return ShapingBuffer.withThreadBuffer(length: end - start) { buffer in
                hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
                defer { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT) }
                shape(into: buffer, text: text, utf8Range: start..<end, options: options, direction: direction, script: script)
                let piece = PiecewiseShaping.piece(
                    in: buffer, start: start, end: end, isFirst: start == utf8Range.lowerBound,
                    isLast: end == utf8Range.upperBound, backward: backward, isPlainSeam: isPlainSeam)
                if case .joins(let seam, _) = piece {
                    pieces.append((start, glyphs.count))
                    let kept = start..<seam
                    Self.appendGlyphs(of: buffer, to: &glyphs) { kept.contains($0) }
                }
                return piece
            }
        }

        while start < utf8Range.upperBound {
            if shapedBytes > budget {
                let whole = shapeRunWhole(
                    text, utf8Range: utf8Range, options: options, direction: direction, script: script)
                return (whole, 1)
            }
            let piece = shapePiece(to: pieceEnd(atOrAfter: start + length))
            switch piece {
            case .joins(let seam, let others):
                earlierSeams = others
                start = seam
                if seam > failedAt { length = pieceLength }
            case .noBoundary:
                // No clear boundary (a long syllable, a run of marks): the piece twice as long.
                length *= 2
            case .notJoinable where !earlierSeams.isEmpty:
                // The last piece ends at its next clear boundary instead, and this one starts there.
                failedAt = max(failedAt, start)
                start = earlierSeams.removeFirst()
                let last = pieces.last!.glyph
                if backward {
                    glyphs.removeSubrange(last..<(glyphs[last...].firstIndex { $0.cluster < start } ?? glyphs.count))
                } else {
                    glyphs.removeSubrange((glyphs[last...].firstIndex { $0.cluster >= start } ?? glyphs.count)...)
                }
            case .notJoinable:
                // The last piece and this one shaped again as one piece, at least twice as long
                // as both. The first piece always joins, so this ends, at worst with the run
                // shaped whole.
                failedAt = max(failedAt, start)
                let last = pieces.removeLast()
                glyphs.removeSubrange(last.glyph...)
                length = 2 * max(length, failedAt - last.text)
                start = last.text
                earlierSeams = []
            }
        }
        guard backward, pieces.count > 1 else { return (glyphs, pieces.count) }
        // A backward run lists its last piece first: reversed whole, then each piece back to
        // HarfBuzz's order, in place.
        glyphs.reverse()
        var pieceStart = 0
        for piece in pieces.reversed() {
            let pieceEnd = glyphs.count - piece.glyph
            glyphs[pieceStart..<pieceEnd].reverse()
            pieceStart = pieceEnd
        }
        return (glyphs, pieces.count)
    }
}

extension ShapedParagraph {
    /// Each run of `text`, itemized as a paragraph is, shaped whole and in pieces of `pieceLength`
    /// bytes, which must be the same glyphs: for the tests and the fuzzer, which compare them.
    package static func runsShapedWholeAndInPieces(
        _ text: String, fonts: FontStack, options: ShapingOptions, pieceLength: Int
    ) -> [(whole: [ShapedGlyph], inPieces: [ShapedGlyph], pieces: Int)] {
        Itemizer.itemize(text, fonts: fonts, options: options).items.map { item in
            let (direction, script) = shapingProperties(of: item, options: options)
            let font = fonts[item.font]
            let whole = font.shapeRunWhole(
                text, utf8Range: item.range, options: options, direction: direction, script: script)
            let (inPieces, pieces) = font.shapeRunInPieces(
                text, utf8Range: item.range, options: options, direction: direction, script: script,
                pieceLength: max(1, pieceLength))
            return (whole, inPieces, pieces)
        }
    }
}

extension PiecewiseShaping {
    /// What a shaped piece allows.
    enum Piece {
        /// Its glyphs before `seam` are kept and the next piece starts there; `others` are its
        /// earlier clear boundaries, latest first.
        case joins(seam: Int, others: [Int])
        /// No cluster start after its first is clear.
        case noBoundary
        /// It does not start clear, so it cannot follow the piece before it.
        case notJoinable
    }

    /// The script `hb_buffer_guess_segment_properties` gives `utf8Range` of `text`: that of its
    /// first character whose script is not common, inherited or unknown; nil when there is none.
    static func guessedScript(_ text: String, _ utf8Range: Range<Int>) -> UInt32? {
        let functions = hb_unicode_funcs_get_default()
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: utf8Range.upperBound)
        for scalar in text.unicodeScalars[start..<end] {
            let script = hb_unicode_script(functions, scalar.value).rawValue
            if Itemizer.isOwnScript(script) { return script }
        }
        return nil
    }

    /// Whether a piece may end before `scalar`, or start after or at it: not a mark, a format
    /// character (the joiners among them) or the Arabic tatweel. HarfBuzz 6.0 gets Arabic joining
    /// wrong when the text after a buffer starts with a zero-width joiner (ل, a space, then ZWJ:
    /// the ل takes its initial form, and no flag says so), and marks and joiners are the context
    /// that joining, mark placement and clusters read, so no piece ends or starts beside one.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format: false
        default: scalar.value != 0x0640
        }
    }

    /// Whether `direction` is the one `script` is written in: its own horizontal direction, or top
    /// to bottom for a left-to-right script (CJK columns, and Latin turned with them). A run set
    /// against its script (Arabic left to right inside an override, Devanagari right to left)
    /// is shaped whole: there HarfBuzz 6.0 changes the form of an Arabic letter a few characters
    /// before the buffer's end with the text after it, and no flag says so.
    static func isNatural(_ direction: TextDirection, for script: UInt32?) -> Bool {
        guard let script else { return true }
        let natural = hb_script_get_horizontal_direction(hb_script_t(rawValue: script))
        switch natural {
        case HB_DIRECTION_RTL: return direction == .rightToLeft
        case HB_DIRECTION_LTR: return direction == .leftToRight || direction == .topToBottom
        default: return true
        }
    }

    /// How many earlier boundaries a piece keeps to fall back on.
    private static let keptBoundaries = 8

    /// What the piece `start..<end` shaped in `buffer` allows: ending at `end` when it is the
    /// run's last, else at its last clear cluster start after the first.
    static func piece(
        in buffer: OpaquePointer, start: Int, end: Int, isFirst: Bool, isLast: Bool, backward: Bool,
        isPlainSeam: (Int) -> Bool
    ) -> Piece {
        var count: UInt32 = 0
        let infos = UnsafeBufferPointer(start: hb_buffer_get_glyph_infos(buffer, &count), count: Int(count))
        // A piece after the first must start clear, or joining it is not exact.
        if !isFirst, !startsClear(infos, at: start, backward: backward) { return .notJoinable }
        if isLast { return .joins(seam: end, others: []) }
        let boundaries = clearBoundaries(infos, after: start, backward: backward, where: isPlainSeam)
        guard let seam = boundaries.first else { return .noBoundary }
        return .joins(seam: seam, others: Array(boundaries.dropFirst()))
    }

    /// Whether every glyph of the cluster at `start` (the piece's first, in logical order) is clear.
    /// Clusters are monotone, so those glyphs lead the buffer in logical order: the walk stops at
    /// the first glyph of another cluster instead of reading the whole piece.
    static func startsClear(_ infos: UnsafeBufferPointer<hb_glyph_info_t>, at start: Int, backward: Bool) -> Bool {
        var index = backward ? infos.count - 1 : 0
        let step = backward ? -1 : 1
        while infos.indices.contains(index), infos[index].cluster == UInt32(start) {
            if infos[index].mask & unsafeMask != 0 { return false }
            index += step
        }
        return true
    }

    /// The last few cluster starts after `start` whose glyphs are all clear, latest first: where
    /// this piece may end and the next begin.
    static func clearBoundaries(
        _ infos: UnsafeBufferPointer<hb_glyph_info_t>, after start: Int, backward: Bool,
        where isAllowed: (Int) -> Bool
    ) -> [Int] {
        // Clusters are monotone: ascending in a forward buffer, descending in a backward one. Walk
        // from the logical end, a cluster at a time.
        var boundaries: [Int] = []
        var index = backward ? 0 : infos.count - 1
        let step = backward ? 1 : -1
        while infos.indices.contains(index), boundaries.count <= keptBoundaries {
            let cluster = infos[index].cluster
            var clear = true
            while infos.indices.contains(index), infos[index].cluster == cluster {
                if infos[index].mask & unsafeMask != 0 { clear = false }
                index += step
            }
            if clear, Int(cluster) > start, isAllowed(Int(cluster)) { boundaries.append(Int(cluster)) }
        }
        return boundaries
    }
}
