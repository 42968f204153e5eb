import Synchronization

/// A list of preset sizes, stored once for the life of the process: each distinct list (by the
/// bits of its sizes) is copied into memory that is never freed, and every options value holding
/// that list points at the same copy. A pointer and a count make ``FitOptions`` trivially copyable,
/// so that copying options costs a re-fit a few moves instead of a retain and an outlined copy
/// through the value witnesses (bench: refitSizesPerShape). The memory kept is that of the
/// distinct lists a process uses, which are few (a label's configured sizes).
@usableFromInline
struct PresetSizeList: @unchecked Sendable, Hashable {
    /// The first size of the stored copy; immutable and never freed, hence safe to share.
    private let start: UnsafePointer<Double>
    private let count: Int

    /// The one stored copy of `sizes`, made on first use.
    @usableFromInline
    init(_ sizes: [Double]) {
        let key = sizes.map(\.bitPattern)
        (start, count) = Self.stored.withLock { stored in
            if let start = stored[key] { return (start, sizes.count) }
            let copy = UnsafeMutablePointer<Double>.allocate(capacity: max(1, sizes.count))
            copy.initialize(from: sizes, count: sizes.count)
            stored[key] = UnsafePointer(copy)
            return (UnsafePointer(copy), sizes.count)
        }
    }

    /// The sizes, in the order given.
    var sizes: [Double] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Every distinct list stored so far, by the bit patterns of its sizes (so that NaN and -0 are
    /// lists of their own, as the validation that rejects them sees them).
    private static let stored = Mutex<[[UInt64]: UnsafePointer<Double>]>([:])
}
