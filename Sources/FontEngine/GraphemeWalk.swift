extension String {
    /// Calls `body` with each grapheme cluster in order: its indices, its UTF-8 offsets, its first
    /// scalar and how many scalars it has. The clusters of `for character in self`, without making
    /// a `Character` of each (a copy of its bytes); with ``Unicode/Scalar/isWhitespaceCharacter``
    /// instead of `Character.isWhitespace`, a walk over French or Arabic text took a quarter to a
    /// third of the time.
    @inlinable
    package func forEachGrapheme(
        _ body: (_ indices: Range<String.Index>, _ utf8: Range<Int>, _ first: Unicode.Scalar, _ scalarCount: Int) -> Void
    ) {
        // The scalars are read alongside (each cluster starts on a scalar), not looked up by index,
        // which checks the index every time.
        var scalars = unicodeScalars.makeIterator()
        var start = startIndex, startOffset = 0
        while start < endIndex {
            let end = index(after: start)
            let endOffset = utf8.distance(from: startIndex, to: end)
            let first = scalars.next().unsafelyUnwrapped
            var offset = startOffset + UTF8.width(first), scalarCount = 1
            while offset < endOffset {
                offset += UTF8.width(scalars.next().unsafelyUnwrapped)
                scalarCount += 1
            }
            body(start..<end, startOffset..<endOffset, first, scalarCount)
            start = end
            startOffset = endOffset
        }
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace` (what `Character.isWhitespace` asks of a cluster's first scalar),
    /// answered without the Unicode tables for the scripts below U+1680, where White_Space has only
    /// U+0085 and U+00A0 beside ASCII's. The tables' lookup cost as much as finding the cluster.
    @inlinable package var isWhitespaceCharacter: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0: true
        case ..<0x1680: false
        default: properties.isWhitespace
        }
    }

    /// `Character.isNewline` of a cluster starting with this scalar: LF, VT, FF, CR, NEL, LS, PS,
    /// the characters that end a paragraph (UAX #14 classes BK, CR, LF, NL).
    @inlinable package var isNewlineCharacter: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
