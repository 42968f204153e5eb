@testable import FontEngine
import Testing
import FontFitTestSupport

/// The word-at-a-time byte scan says what a byte-by-byte reading says, for every byte value in
/// every position of a word and across word ends.
@Suite struct ASCIIScanTests {
    static func bytewise(_ bytes: [UInt8]) -> ASCIIScan {
        ASCIIScan(
            isASCII: bytes.allSatisfy { $0 < 0x80 },
            hasLetter: bytes.contains { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) },
            hasHardBreak: bytes.contains { (0x0A...0x0D).contains($0) })
    }

    @Test func everyByteInEveryPosition() {
        for length in [1, 7, 8, 9, 16, 23] {
            for position in 0..<length {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: 0x20, count: length)
                    bytes[position] = value
                    let scan = bytes.withUnsafeBufferPointer(ASCIIScan.init)
                    #expect(scan == Self.bytewise(bytes), "byte \(value) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func randomTexts() {
        let seed: UInt64 = 0xA5C1_0001
        var generator = SplitMix64(seed: seed)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            // Mostly punctuation and digits, so that a letter or a break is often absent.
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 0x21...0x40, using: &generator)
                    : UInt8.random(in: 0...0xFF, using: &generator)
            }
            let scan = bytes.withUnsafeBufferPointer(ASCIIScan.init)
            #expect(scan == Self.bytewise(bytes), "\(bytes), seed 0x\(String(seed, radix: 16))")
        }
    }
}
