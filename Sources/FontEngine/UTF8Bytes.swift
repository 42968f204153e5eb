extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place. `withUTF8` needs a `var`, and the copy
    /// made for it is an atomic retain and release of the text's storage on every read. Inlinable,
    /// so that every caller gets it specialized rather than calling the generic function: a
    /// one-line fit reads its text several times (bench: singleLineFitPerShape).
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// The scalar whose UTF-8 form starts at `offset` of a string's (valid) bytes, and its width.
    @inlinable @inline(__always)
    package static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[offset])
        @inline(__always) func continuation(_ index: Int) -> UInt32 { UInt32(bytes[offset + index] & 0x3F) }
        let value: UInt32, width: Int
        switch lead {
        case ..<0x80: (value, width) = (lead, 1)
        case ..<0xE0: (value, width) = ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: (value, width) = ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: (value, width) = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value).unsafelyUnwrapped, width)
    }
}
