extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place. `withUTF8` needs a `var`, and the copy
    /// made for it is an atomic retain and release of the text's storage: a one-line fit read its
    /// text that way three times. Inlinable, so that every caller gets it specialized: through the
    /// generic function each read cost some 800 instructions.
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
