/// What the ASCII fast paths (itemization, the one-line fit) learn from one pass over a text's
/// UTF-8 bytes, read eight at a time: a label of 30 bytes then costs four words, not 30 branches.
package struct ASCIIScan: Equatable {
    /// No byte has its high bit set.
    package var isASCII: Bool
    /// A Latin letter (A–Z, a–z) occurs.
    package var hasLetter: Bool
    /// LF, VT, FF or CR occurs (the ASCII characters that always end a line).
    package var hasHardBreak: Bool
}

extension ASCIIScan {
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        /// The high bit of each byte b of `word` with low < b < high (both at most 128), for
        /// bytes below 0x80; a byte with its high bit set never matches.
        @inline(__always) func between(_ word: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            let sevenBits = word & (ones &* 127)
            return (ones &* (127 + high) &- sevenBits) & ~word & (sevenBits &+ ones &* (127 - low)) & (ones &* 0x80)
        }
        var highBits: UInt64 = 0, letters: UInt64 = 0, breaks: UInt64 = 0
        @inline(__always) func add(_ word: UInt64) {
            highBits |= word
            // Setting bit 5 folds upper case onto lower case: letters become 0x61–0x7A.
            letters |= between(word | ones &* 0x20, 0x60, 0x7B)
            breaks |= between(word, 0x09, 0x0E)
        }
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            if bytes.count >= 8 {
                var index = 0
                while index + 8 <= bytes.count {
                    add(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    index += 8
                }
                // The last bytes, as the word that ends the text: bytes read twice change nothing.
                if index < bytes.count { add(base.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) }
            } else {
                // A short text, padded with spaces (which match nothing) to a word.
                var word = ones &* 0x20
                withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
                add(word)
            }
        }
        let isASCII = highBits & (ones &* 0x80) == 0, hasLetter = letters != 0, hasHardBreak = breaks != 0
        self.init(isASCII: isASCII, hasLetter: hasLetter, hasHardBreak: hasHardBreak)
    }
}
