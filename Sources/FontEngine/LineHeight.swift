/// How tall each line box is: CSS `line-height`, Android's `lineSpacingMultiplier`, Flutter's
/// `height`, Compose's `lineHeight`.
public enum LineHeight: Sendable, Hashable, CustomStringConvertible {
    /// The fonts' own ascent, descent and line gap (CSS `normal`).
    case normal
    /// A multiple of the font size (CSS's unitless line-height; Android's multiplier, Flutter's
    /// `height`).
    case multiple(Double)
    /// A fixed height in points, whatever the size.
    case points(Double)

    /// Parses `normal`, a number (`1.5`: a multiple of the size), or points (`24pt`, `24px`).
    public init(parsing text: String, name: String = "line height") throws(FontFitError) {
        let trimmed = text.trimmingWhitespace.lowercased()
        func number(_ digits: Substring) throws(FontFitError) -> Double {
            guard let value = Double(digits), Limits.lineHeights.contains(value) else {
                throw .invalidValue(
                    name: name, value: text,
                    expected: "normal, a multiple of the size (1.5) or points (24pt, 24px), in \(Limits.describe(Limits.lineHeights))")
            }
            return value
        }
        if trimmed == "normal" {
            self = .normal
        } else if trimmed.hasSuffix("pt") || trimmed.hasSuffix("px") {
            self = .points(try number(trimmed.dropLast(2)))
        } else {
            self = .multiple(try number(Substring(trimmed)))
        }
    }

    /// `normal`, `1.5` or `24pt`, as ``init(parsing:name:)`` reads it back.
    public var description: String {
        switch self {
        case .normal: "normal"
        case .multiple(let value): value.formattedForDescription
        case .points(let value): "\(value.formattedForDescription)pt"
        }
    }

    /// Whether it is the fonts' own. Inlinable: every re-fit asks (bench: refitSizesPerShape).
    @inlinable public var isNormal: Bool {
        if case .normal = self { return true }
        return false
    }

    /// Whether the height is fixed in points, so that in em it changes with the size.
    package var isFixed: Bool {
        if case .points = self { return true }
        return false
    }

    /// The line box's height in points at `size` for a font whose ascent and descent (points) are
    /// given, and how far the baseline moves down from the fonts' own: half the leading (CSS 2
    /// §10.8.1). Nil for ``normal``.
    package func box(size: Double, ascent: Double, descent: Double) -> (height: Double, halfLeading: Double)? {
        let height: Double
        switch self {
        case .normal: return nil
        case .multiple(let value): height = value * size
        case .points(let value): height = value
        }
        return (height, (height - (ascent + descent)) / 2)
    }

    /// Throws for a value out of ``Limits``' range.
    package func validate() throws(FontFitError) {
        switch self {
        case .normal: return
        case .multiple(let value), .points(let value):
            guard Limits.lineHeights.contains(value) else {
                throw .invalidValue(
                    name: "line height", value: description,
                    expected: "a multiple of the size or points in \(Limits.describe(Limits.lineHeights))")
            }
        }
    }
}

extension Double {
    fileprivate var formattedForDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
