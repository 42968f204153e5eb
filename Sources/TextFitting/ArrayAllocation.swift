extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, allocated through the
    /// specialized path. `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)`
    /// allocate through an unspecialized standard-library function that looks the storage type
    /// up in the runtime's metadata cache: about 700 instructions an array, a dozen arrays a fit.
    @inlinable
    package init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
