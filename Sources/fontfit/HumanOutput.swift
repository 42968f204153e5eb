import Foundation

/// Prints labelled values in two aligned columns.
func printTable(_ rows: [(String, String)]) {
    let width = rows.map(\.0.count).max() ?? 0
    for (label, value) in rows {
        print(label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + value)
    }
}

/// A number for people: at most `digits` decimals, no trailing zeros.
func formatted(_ value: Double, digits: Int = 3) -> String {
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}
