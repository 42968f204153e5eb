extension String {
    /// Calls `body` with each grapheme cluster in order: its indices and its UTF-8 offsets. The
    /// clusters of `for character in self`, without making a `Character` of each (a copy of its
    /// bytes); with ``Unicode/Scalar/isWhitespaceCharacter`` instead of `Character.isWhitespace`,
    /// a walk over French or Arabic text took a quarter of the time.
    @inlinable
    package func forEachGrapheme(_ body: (_ indices: Range<String.Index>, _ utf8: Range<Int>) -> Void) {
        var start = startIndex, startOffset = 0
        while start < endIndex {
            let end = index(after: start)
            let endOffset = utf8.distance(from: startIndex, to: end)
            body(start..<end, startOffset..<endOffset)
            start = end
            startOffset = endOffset
        }
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace` (what `Character.isWhitespace` asks of a cluster's first scalar),
    /// answered without the Unicode tables for the scripts below U+1680, where White_Space has only
    /// U+0085 and U+00A0 beside ASCII's. The tables' lookup cost as much as finding the cluster.
    package var isWhitespaceCharacter: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0: true
        case ..<0x1680: false
        default: properties.isWhitespace
        }
    }

    /// `Character.isNewline` of a cluster starting with this scalar: LF, VT, FF, CR, NEL, LS, PS.
    package var isNewlineCharacter: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
