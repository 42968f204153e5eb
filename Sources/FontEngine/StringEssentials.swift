#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few string operations of Foundation's NSString bridge that the library uses: it imports
/// FoundationEssentials, which lacks them, since importing Foundation would link it into the CLI,
/// with everything it loads and initialises at start-up. (The CLI has its own, in
/// FontfitCommandLine: it uses FontFit's public API only.)
extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`: without leading and trailing tabs and space
    /// separators (general category Zs), as Foundation's `CharacterSet.whitespaces` has them.
    package var trimmingSpacesAndTabs: String { trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator } }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    /// `caseInsensitiveCompare(other) == .orderedSame`, by case folding both ways (so that "ß"
    /// equals "SS" as well as "a" equals "A").
    package func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        lowercased() == other.lowercased() || uppercased() == other.uppercased()
    }
}

/// `String(format: "%.0f", value)`: the value rounded to a whole number (ties to even) and written
/// in full, however large, as C's printf writes it.
package func wholeNumberString(_ value: Double) -> String {
    withVaList([value]) { arguments in
        let length = Int(vsnprintf(nil, 0, "%.0f", arguments))
        return String(unsafeUninitializedCapacity: length + 1) { buffer in
            _ = withVaList([value]) { vsnprintf(buffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }, length + 1, "%.0f", $0) }
            return length
        }
    }
}
