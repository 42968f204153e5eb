/// A small seeded generator, so that random tests draw the same values on every run and a failure
/// names the seed that reproduces it. The same generator as FontEngineTests' (test modules cannot
/// share a file): one per test module.
struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
