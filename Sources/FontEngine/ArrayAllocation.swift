extension Array {
    /// `Array(repeating:count:)` through the specialized allocation path (TextFitting's
    /// `init(filledWith:count:)` says why; this module cannot import that one).
    @inline(__always)
    init(zeroed value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
