/// A design system's named text style: the size, line height, letter-spacing, weight and case a
/// platform gives a kind of label, so that a label is described as the platform styles it
/// (`material3.labelLarge`) rather than with numbers copied by hand.
///
/// The Material 3 type scale is Google's (m3.material.io, "Type scale tokens"; the same values as
/// MDC-Android's `TextAppearance.Material3.*` and Compose's `Typography`): sizes, line heights and
/// tracking in sp, taken as points. Material 2's button style is its type scale's BUTTON: Medium
/// 14 sp, tracking 1.25 sp, all caps (m2.material.io, "The type system"). Tracking is applied in
/// em (tracking ÷ size), as Android's `letterSpacing` takes it, and the line height as a multiple
/// of the size, so both scale with the label when a fit shrinks it.
public struct PlatformTextStyle: Sendable, Hashable, CustomStringConvertible {
    /// `material3.bodyMedium`, `material2.button`.
    public let name: String
    /// The size in points (sp).
    public let size: Double
    /// The line height in points (sp); nil for the fonts' own.
    public let lineHeightPoints: Double?
    /// The tracking in points (sp) at ``size``.
    public let tracking: Double
    /// The font weight (400 regular, 500 medium).
    public let weight: Int
    /// The case the style draws text in.
    public let textTransform: TextTransform

    /// The letter-spacing: the tracking as a share of the size.
    public var letterSpacing: TextSpacing { tracking == 0 ? .zero : .em(tracking / size) }
    /// The line height as a multiple of the size (or the fonts' own).
    public var lineHeight: LineHeight { lineHeightPoints.map { .multiple($0 / size) } ?? .normal }

    /// The style's name.
    public var description: String { name }

    /// The shaping options `base` with this style's letter-spacing and case.
    public func shaping(_ base: ShapingOptions = ShapingOptions()) -> ShapingOptions {
        var options = base
        options.letterSpacing = letterSpacing
        options.textTransform = textTransform
        return options
    }

    /// The style called `name` (``all`` lists them), case-sensitive as the tokens are spelled.
    public static func named(_ name: String) throws(FontFitError) -> PlatformTextStyle {
        guard let style = all.first(where: { $0.name == name }) else {
            throw .invalidValue(name: "style", value: name, expected: "one of " + all.map(\.name).joined(separator: ", "))
        }
        return style
    }

    /// Every style fontfit knows.
    public static let all: [PlatformTextStyle] = material3 + [
        PlatformTextStyle(
            name: "material2.button", size: 14, lineHeightPoints: nil, tracking: 1.25, weight: 500, textTransform: .uppercase)
    ]

    private static let material3: [PlatformTextStyle] = [
        ("displayLarge", 57, 64, -0.25, 400), ("displayMedium", 45, 52, 0, 400), ("displaySmall", 36, 44, 0, 400),
        ("headlineLarge", 32, 40, 0, 400), ("headlineMedium", 28, 36, 0, 400), ("headlineSmall", 24, 32, 0, 400),
        ("titleLarge", 22, 28, 0, 400), ("titleMedium", 16, 24, 0.15, 500), ("titleSmall", 14, 20, 0.1, 500),
        ("bodyLarge", 16, 24, 0.5, 400), ("bodyMedium", 14, 20, 0.25, 400), ("bodySmall", 12, 16, 0.4, 400),
        ("labelLarge", 14, 20, 0.1, 500), ("labelMedium", 12, 16, 0.5, 500), ("labelSmall", 11, 16, 0.5, 500),
    ].map { name, size, lineHeight, tracking, weight in
        PlatformTextStyle(
            name: "material3.\(name)", size: size, lineHeightPoints: lineHeight, tracking: tracking, weight: weight,
            textTransform: .none)
    }
}

extension FontStack {
    /// The stack with the primary font's `wght` axis at `weight` when it has one the caller did not
    /// set (a style's weight on a variable font); nil when the font has no such axis, and a static
    /// face of that weight is needed instead.
    public func weighted(_ weight: Int) -> FontStack? {
        let primary = self.primary
        guard let axis = primary.face.variationAxes.first(where: { $0.tag == "wght" }) else { return nil }
        let value = min(max(Double(weight), axis.minValue), axis.maxValue)
        let others = primary.coordinates.filter { $0.tag != "wght" }
        guard let weighted = try? Font(face: primary.face, variations: others + [FontVariation(tag: "wght", value: value)]),
            let stack = try? FontStack([weighted] + fonts.dropFirst())
        else { return nil }
        return stack
    }
}
