extension Array {
    /// `count` copies of `value`, allocated through the specialized path: TextFitting's
    /// `init(filledWith:count:)` says why. This module does not import TextFitting, and this one
    /// is internal, so the two never meet.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
