/// Fonts in order of preference: the first is the primary font, the others fall back in order for
/// the characters it lacks, as a browser's `font-family` list does.
///
/// Fallback is per grapheme cluster: a cluster is set in the first font that has a glyph for every
/// character of it (so a base letter and its combining marks, or an emoji ZWJ sequence, stay in one
/// font); a cluster no font covers stays in the primary font and is reported as missing.
public struct FontStack: Sendable {
    /// The fonts in fallback order; the first is the primary font.
    public private(set) var fonts: [Font]

    /// A stack of one font: no fallback.
    public init(_ font: Font) {
        fonts = [font]
    }

    /// A stack of `fonts`, primary first; an empty list is an error.
    public init(_ fonts: [Font]) throws(FontFitError) {
        guard !fonts.isEmpty else {
            throw .invalidValue(name: "font stack", value: "[]", expected: "at least one font")
        }
        self.fonts = fonts
    }

    /// The stack as drawn at `size` points with automatic optical sizing (``Font/atOpticalSize(_:)``).
    public func atOpticalSize(_ size: Double) -> FontStack {
        guard fonts.contains(where: \.followsOpticalSize) else { return self }
        var stack = self
        stack.fonts = fonts.map { $0.atOpticalSize(size) }
        return stack
    }

    /// The font whose metrics every line box includes (the CSS strut), and whose glyph 0 stands for
    /// characters no font has.
    public var primary: Font { fonts[0] }

    /// The index of the first font that can draw `cluster`, given the index of the font the text
    /// before it is set in (zero-width characters stay there); nil when no font covers it.
    func fontIndex(for cluster: some Collection<Unicode.Scalar>, previous: Int) -> Int? {
        let needed = cluster.filter { !Self.followsNeighbour($0) }
        if needed.isEmpty { return previous }
        // An emoji presentation selector asks for a colour font even when an earlier font has the
        // character in black and white.
        let wantsColor = cluster.contains("\u{FE0F}") && fonts.count > 1
        let candidates = wantsColor
            ? fonts.indices.filter { fonts[$0].hasColorGlyphs } + fonts.indices.filter { !fonts[$0].hasColorGlyphs }
            : Array(fonts.indices)
        for index in candidates where covers(fonts[index], needed) { return index }
        return nil
    }

    private func covers(_ font: Font, _ scalars: [Unicode.Scalar]) -> Bool {
        scalars.allSatisfy { scalar in
            // HarfBuzz draws a space the font lacks with the font's own space, sized for the character
            // (a thin space is em/5), so a space never needs another font.
            font.glyph(for: scalar) != nil || (scalar.properties.generalCategory == .spaceSeparator && font.glyph(for: " ") != nil)
        }
    }

    /// Characters that never choose a font: joiners, selectors and other default ignorables (drawn
    /// as nothing), and U+FFFC, which stands for an inline image.
    static func followsNeighbour(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar == "\u{FFFC}"
    }
}
