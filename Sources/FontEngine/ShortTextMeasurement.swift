/// What fitting needs of a short text it measures again and again: "…" for every line it
/// truncates, "‐" for every soft hyphen it breaks at.
package struct ShortTextMeasurement: Sendable {
    /// The advance in em.
    package let advance: Double
    /// The ink in em, nil when the text draws none.
    package let ink: EmBounds?
    /// Some character has no glyph in any font of the stack.
    package let isMissing: Bool
}

extension FontStack {
    /// `text`, a short text such as "…", shaped in this stack with `options` and measured. When
    /// the primary font has every character, the stack's other fonts play no part (fallback picks
    /// the first font that has a cluster's characters), and the primary font remembers the
    /// measurement: shaping "…" costs as much as a one-line fit of a short label, and
    /// `fontfit check` measures it for every string that does not fit (scripts/bench-check).
    /// Letter- and word-spacing in fixed points are taken at `size` (1 when nil), and such a
    /// measurement is not remembered.
    package func measureShortText(_ text: String, options: ShapingOptions, atSize size: Double? = nil) -> ShortTextMeasurement {
        func measure() -> ShortTextMeasurement {
            let shaped = ShapedParagraph(text, fonts: self, options: options).atSize(size ?? 1)
            return ShortTextMeasurement(advance: shaped.advance(), ink: shaped.inkBounds(), isMissing: !shaped.missing.isEmpty)
        }
        guard !options.hasFixedSpacing, text.unicodeScalars.allSatisfy({ primary.glyph(for: $0) != nil }) else {
            return measure()
        }
        return primary.shortTexts.value(where: { $0.text == text && $0.options == options }) {
            ((text, options), measure())
        }
    }
}
