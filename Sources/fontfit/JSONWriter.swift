import JSONOutput
import FontfitCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON written straight to standard output through one fixed-size buffer: no tree of values and
/// no whole-document string, so output of any length needs memory only for the data it describes,
/// and the buffer's 64 KB besides (bench-cli: shapeJSONOverHBShapeJSON; `scripts/bench-large`'s
/// `shape --json` row).
/// Numbers and strings are spelled exactly as ``JSON`` spells them.
struct JSONStreamWriter {
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init() {
        buffer.reserveCapacity(Self.capacity + 64)
    }

    /// Literal JSON text: punctuation and keys.
    mutating func raw(_ text: StaticString) {
        buffer.appendLiteral(text)
        flushIfFull()
    }

    /// Bytes already in JSON form (a string quoted with ``quoted(_:)``).
    mutating func bytes(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        flushIfFull()
    }

    mutating func string(_ text: String) {
        bytes(Self.quoted(text))
    }

    mutating func integer(_ value: Int) {
        JSON.writeInteger(value, to: &buffer)
        flushIfFull()
    }

    /// As ``JSON/number(_:)``.
    mutating func number(_ value: Double) {
        JSON.writeNumber(value, to: &buffer)
        flushIfFull()
    }

    /// Writes what is buffered to standard output.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        // After whatever print() buffered, straight to the descriptor.
        writeAll(STDOUT_FILENO, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func flushIfFull() {
        if buffer.count >= Self.capacity { flush() }
    }

    /// `text` as a JSON string literal, in UTF-8.
    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSON.quote(text, to: &bytes)
        return bytes
    }
}
