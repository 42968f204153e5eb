extension String {
    /// Calls `body` with each grapheme cluster in order: its UTF-8 offsets, its first scalar and how
    /// many scalars it has. The clusters of `for character in self`, found from the scalars decoded
    /// in place: stepping by `String.Index` would cost as much as the rest of a fit's work on the
    /// text beside shaping (bench: paragraphFitSplit.tablesPerShape).
    ///
    /// Between two scalars that never join a neighbour (``Unicode/Scalar/isLoneGraphemeScalar``)
    /// there is a boundary, CR LF aside, so the rules are not asked. Elsewhere the standard
    /// library's own rules decide (`Unicode._CharacterRecognizer`, which Swift Collections'
    /// `BigString` also steps by). Between lone scalars the recognizer is not fed; before it is
    /// asked again it starts afresh from the last one, which carries no state a rule reads
    /// beyond itself.
    ///
    /// `_CharacterRecognizer` is underscored: it carries no promise that a later toolchain keeps
    /// it. Built with `-DFONTFIT_PORTABLE_GRAPHEMES`, the walk is
    /// ``forEachGraphemeByCharacter(_:)``, which asks only public API.
    ///
    /// `start`, a UTF-8 offset where a cluster starts, is where the walk begins: the clusters
    /// from there on are the whole text's.
    @inlinable
    package func forEachGrapheme(
        from start: Int = 0, _ body: (_ utf8: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
    ) {
        #if FONTFIT_PORTABLE_GRAPHEMES
        forEachGraphemeByCharacter(from: start, body)
        #else
        forEachGraphemeRecognized(from: start, body)
        #endif
    }

    /// The reference for ``forEachGrapheme(from:_:)``: the same clusters, found by `for character
    /// in self` (from `start`, a UTF-8 offset where a cluster starts).
    @inlinable
    package func forEachGraphemeByCharacter(
        from start: Int = 0, _ body: (_ utf8: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
    ) {
        var offset = start
        for character in self[utf8.index(startIndex, offsetBy: start)...] {
            let scalars = character.unicodeScalars
            let width = character.utf8.count
            body(offset..<(offset + width), scalars.first!, scalars.count)
            offset += width
        }
    }

    #if !FONTFIT_PORTABLE_GRAPHEMES
    @inlinable
    package func forEachGraphemeRecognized(
        from walkStart: Int = 0, _ body: (_ utf8: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
    ) {
        withUTF8Bytes { bytes in
            var recognizer = Unicode._CharacterRecognizer()
            var recognizerIsCurrent = true
            var previous = Unicode.Scalar(UInt8(0)), previousIsLone = false
            var start = walkStart, first = previous, scalarCount = 0
            var offset = walkStart
            while offset < bytes.count {
                let (scalar, width) = Self.decodeScalar(bytes, at: offset)
                let isLone = scalar.isLoneGraphemeScalar
                let breaks: Bool
                if isLone && previousIsLone {
                    breaks = !(previous == "\r" && scalar == "\n")
                    recognizerIsCurrent = false
                } else {
                    if !recognizerIsCurrent {
                        recognizer = Unicode._CharacterRecognizer()
                        _ = recognizer.hasBreak(before: previous)
                        recognizerIsCurrent = true
                    }
                    breaks = recognizer.hasBreak(before: scalar)
                }
                if breaks && scalarCount > 0 {
                    body(start..<offset, first, scalarCount)
                    scalarCount = 0
                }
                if scalarCount == 0 {
                    start = offset
                    first = scalar
                }
                scalarCount += 1
                offset += width
                previous = scalar
                previousIsLone = isLone
            }
            if scalarCount > 0 { body(start..<offset, first, scalarCount) }
        }
    }
    #endif
}

extension Unicode.Scalar {
    /// Whether the scalar never joins a neighbouring scalar in a grapheme cluster but for CR LF: its
    /// Grapheme_Cluster_Break is Other, Control, CR or LF, and it is no Hangul syllable. The ranges
    /// are the scripts of most translated text (Latin, Greek, Cyrillic, the Hebrew and Arabic
    /// letters and digits, general punctuation), without their combining marks, prepended marks and
    /// format characters; the tests check every scalar in them against the standard library's
    /// clusters.
    @inlinable package var isLoneGraphemeScalar: Bool {
        // Latin, then Greek and Cyrillic, first and on their own: the ranges' tests are otherwise
        // made together, branch-free, for every scalar.
        if value < 0x300 { return true }
        if value < 0x483 { return value >= 0x370 }
        switch value {
        case 0x370...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x620...0x64A, 0x660...0x66F, 0x671...0x6D5,
            0x6EE...0x6FF, 0x1E00...0x1FFF, 0x2010...0x2027, 0x2030...0x205E:
            return true
        default: return false
        }
    }

    /// `properties.isWhitespace` (what `Character.isWhitespace` asks of a cluster's first scalar),
    /// answered without the Unicode tables: White_Space is 25 scalars, U+0009–U+000D, U+0020,
    /// U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000 (the tests
    /// compare every scalar with the standard library's). The tables' lookup would cost as much as
    /// finding the cluster, and punctuation such as ’ is common in prose
    /// (bench: frenchParagraphFitPerShape).
    @inlinable package var isWhitespaceCharacter: Bool {
        // Letters beyond Latin-1 first: one comparison for most of them.
        if value > 0xA0 {
            if value < 0x1680 { return false }
            switch value {
            case 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
            default: return false
            }
        }
        return value == 0x20 || value == 0xA0 || value == 0x85 || (0x09...0x0D).contains(value)
    }

    /// `Character.isNewline` of a cluster starting with this scalar: LF, VT, FF, CR, NEL, LS, PS,
    /// the characters that end a paragraph (UAX #14 classes BK, CR, LF, NL).
    @inlinable package var isNewlineCharacter: Bool {
        if value > 0x85 { return value == 0x2028 || value == 0x2029 }
        return value == 0x85 || (0x0A...0x0D).contains(value)
    }
}

extension String {
    /// The UTF-8 offset where the text's trailing white space starts: the end of its last grapheme
    /// cluster whose first scalar is not white space. This is where a line's content ends (white
    /// space hangs past the line's width), the one definition both the closed-form fit and the
    /// grapheme tables of ``forEachGrapheme(_:)`` follow: a cluster such as "\u{20}\u{301}" (a
    /// space carrying a mark) is white space, and "\u{600}\u{20}" (a prepended mark before a
    /// space) is not.
    @inlinable package var endOfContent: Int {
        // Trailing ASCII white space after an ASCII character ends at that character: ASCII
        // scalars never join their neighbours, so each trailing byte is a cluster of its own.
        let asciiEnd: Int? = withUTF8Bytes { bytes in
            var end = bytes.count
            while end > 0 {
                let byte = bytes[end - 1]
                guard byte < 0x80 else { return nil }
                guard Unicode.Scalar(byte).isWhitespaceCharacter else { return end }
                end -= 1
            }
            return end
        }
        if let asciiEnd { return asciiEnd }
        var end = 0
        forEachGrapheme { utf8, first, _ in
            if !first.isWhitespaceCharacter { end = utf8.upperBound }
        }
        return end
    }
}
