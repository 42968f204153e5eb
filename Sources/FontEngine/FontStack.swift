/// Fonts in order of preference: the first is the primary font, the others fall back in order for
/// the characters it lacks, as a browser's `font-family` list does.
///
/// Fallback is per grapheme cluster: a cluster is set in the first font that has a glyph for every
/// character of it (so a base letter and its combining marks, or an emoji ZWJ sequence, stay in one
/// font); a cluster no font covers stays in the primary font and is reported as missing.
public struct FontStack: Sendable {
    /// The font whose metrics every line box includes (the CSS strut), and whose glyph 0 stands for
    /// characters no font has.
    public let primary: Font
    /// The fonts after the primary one, in fallback order. Kept apart from it so that a stack of one
    /// font (every `Font.fit`, `measure` and `prepare` makes one) allocates no array.
    @usableFromInline let fallbacks: [Font]

    /// A stack of one font: no fallback. Inlinable, so that `Font.fit` makes its stack of one in
    /// place, without a call and the retain and release of the font it keeps
    /// (bench: singleLineFitPerShape).
    @inlinable public init(_ font: Font) {
        primary = font
        fallbacks = []
    }

    /// A stack of `fonts`, primary first; an empty list is an error.
    public init(_ fonts: [Font]) throws(FontFitError) {
        guard let first = fonts.first else {
            throw .invalidValue(name: "font stack", value: "[]", expected: "at least one font")
        }
        primary = first
        fallbacks = Array(fonts.dropFirst())
    }

    /// The fonts in fallback order; the first is the primary font.
    public var fonts: [Font] { [primary] + fallbacks }

    /// How many fonts the stack has.
    public var count: Int { fallbacks.count + 1 }

    /// The font at `index` in fallback order (0 is the primary font).
    public subscript(index: Int) -> Font { index == 0 ? primary : fallbacks[index - 1] }

    /// The stack as drawn at `size` points with automatic optical sizing (``Font/atOpticalSize(_:)``).
    public func atOpticalSize(_ size: Double) -> FontStack {
        guard primary.followsOpticalSize || fallbacks.contains(where: \.followsOpticalSize) else { return self }
        return FontStack(primary: primary.atOpticalSize(size), fallbacks: fallbacks.map { $0.atOpticalSize(size) })
    }

    private init(primary: Font, fallbacks: [Font]) {
        self.primary = primary
        self.fallbacks = fallbacks
    }
}
