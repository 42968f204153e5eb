extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, allocated through the
    /// specialized path. `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)`
    /// allocate through an unspecialized standard-library function that looks the storage type
    /// up in the runtime's metadata cache for every array, and a fit allocates a dozen
    /// (bench: paragraphFitPerShape).
    @inlinable
    package init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
