import CFontFitFormat
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `value` with `digits` decimals, as C's "%.Nf" writes it and as String(format:) gives it too;
/// but String(format:)'s first call sets up Foundation's formatting, start-up work every short
/// `fontfit fit` process would pay (bench-cli: fitOverHBShape).
func fixedPoint(_ value: Double, digits: Int) -> String {
    // The longest "%.Nf" of a finite Double is 309 integer digits, a sign, a point and N decimals.
    let capacity = 320 + max(0, digits)
    return String(unsafeUninitializedCapacity: capacity) { buffer in
        // Not vsnprintf through withVaList: boxing the value as a CVarArg costs the process a scan
        // of every protocol conformance in the binary on its first call (bench-cli: fitOverHBShape).
        let written = buffer.withMemoryRebound(to: CChar.self) { characters in
            cfontfit_format_fixed(characters.baseAddress, capacity, Int32(digits), value)
        }
        return max(0, min(Int(written), capacity - 1))
    }
}

/// Prints labelled values in two aligned columns.
func printTable(_ rows: [(String, String)]) {
    let width = rows.map(\.0.count).max() ?? 0
    for (label, value) in rows {
        // Padded by hand: Foundation's padding(toLength:) costs more than the fit it reports.
        print(label + String(repeating: " ", count: width + 2 - label.count) + value)
    }
}

/// A number for people: at most `digits` decimals, no trailing zeros.
func formatted(_ value: Double, digits: Int = 3) -> String {
    var text = fixedPoint(value, digits: digits)
    // The byte, not contains("."): with Foundation imported that is Foundation's range(of:), which
    // sets up its string search on the first call (bench-cli: fitOverHBShape).
    if text.utf8.contains(UInt8(ascii: ".")) {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}
