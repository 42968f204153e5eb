/// The ranges of values fontfit computes with. Inside them every result is finite and is what the
/// documentation promises; a value outside is rejected with ``FontFitError/invalidSize(_:)`` or
/// ``FontFitError/invalidValue(name:value:expected:)`` (the CLI exits 64 and names it), never
/// clamped in silence and never a trap. Constants the compiler folds into every check: a re-fit
/// checks its values on every call (bench: refitSizesPerShape).
@usableFromInline
package enum Limits {
    /// Font sizes in points: a measured or rendered size, a fit's maximum size and its smallest
    /// candidate (maximum size × minimum scale factor). From a millionth of a point to a billion
    /// points, so that a line of a million em is still a finite, exact width (1e15 pt) and a size's
    /// reciprocal never overflows.
    @inlinable package static var sizes: ClosedRange<Double> { 1e-6...1e9 }
    /// Largest maximum size of a fit with hinted widths: FreeType's pixel sizes are 16-bit
    /// (`FT_Set_Pixel_Sizes` caps them at 65,535 ppem), so larger hinted widths cannot be measured.
    @inlinable package static var largestHintedSize: Double { 65_535.0 }
    /// Spacing in points between lines, rows, or ruby and base.
    @inlinable package static var spacings: ClosedRange<Double> { 0...1e9 }
    /// Letter- and word-spacing, in points or em, either way: far beyond any label's, and small
    /// enough that a million spaced characters stay an exact, finite width.
    @inlinable package static var textSpacings: ClosedRange<Double> { -1e6...1e6 }
    /// Line heights, as a multiple of the size or in points (CSS allows 0, not less).
    @inlinable package static var lineHeights: ClosedRange<Double> { 0...1e6 }
    /// Dimensionless factors: row weights, the ruby ratio, image aspect ratios, pixel scales.
    @inlinable package static var factors: ClosedRange<Double> { 1e-6...1e6 }

    /// `x` in `range` as text for an error message: "1e-06…1e+09".
    package static func describe(_ range: ClosedRange<Double>) -> String {
        "\(range.lowerBound.shortDescription)…\(range.upperBound.shortDescription)"
    }

    /// Checks a factor, naming it in the error.
    package static func checkFactor(_ value: Double, name: String) throws(FontFitError) {
        guard factors.contains(value) else {
            throw .invalidValue(name: name, value: "\(value)", expected: "a number in \(describe(factors))")
        }
    }

    /// Checks a spacing in points, naming it in the error.
    package static func checkSpacing(_ value: Double, name: String) throws(FontFitError) {
        guard spacings.contains(value) else {
            throw .invalidValue(name: name, value: "\(value)", expected: "a number of points in \(describe(spacings))")
        }
    }
}

extension Int {
    /// `value` rounded toward zero, or nil when it is NaN, infinite or out of `Int`'s range: every
    /// Double the package turns into an integer goes through here or an explicit range check.
    public init?(checked value: Double) {
        guard value.isFinite, value > -0x1p63, value < 0x1p63 else { return nil }
        self.init(value)
    }
}
