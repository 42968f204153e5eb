/// Space added after characters: CSS `letter-spacing` and `word-spacing`, SwiftUI's `tracking`,
/// Android's and Compose's `letterSpacing`.
///
/// Points stay fixed as the size changes (SwiftUI's tracking, CSS px: fontfit's points are CSS
/// pixels); em scales with the size (Android's `letterSpacing`, Material's type scale, CSS em).
public enum TextSpacing: Sendable, Hashable, CustomStringConvertible {
    /// A fixed amount in points, whatever the size.
    case points(Double)
    /// A share of the font size.
    case em(Double)

    /// No added space.
    public static var zero: TextSpacing { .points(0) }

    /// Whether it adds nothing.
    package var isZero: Bool {
        switch self {
        case .points(let value), .em(let value): value == 0
        }
    }

    /// Whether it adds a fixed amount that does not follow the size (so widths in em change with
    /// the size).
    package var isFixed: Bool {
        if case .points(let value) = self { return value != 0 }
        return false
    }

    /// The added space at `size` points, in em.
    package func em(atSize size: Double) -> Double {
        switch self {
        case .points(let value): value == 0 ? 0 : value / size
        case .em(let value): value
        }
    }

    /// Parses `1.5` or `1.5pt` (points; `px` is taken as points, as CSS pixels are fontfit's
    /// points) and `0.05em`. `normal` is zero, as CSS's.
    public init(parsing text: String, name: String) throws(FontFitError) {
        let trimmed = text.trimmingWhitespace.lowercased()
        func number(_ digits: Substring) throws(FontFitError) -> Double {
            guard let value = Double(digits), Limits.textSpacings.contains(value) else {
                throw .invalidValue(name: name, value: text, expected: Self.expected)
            }
            return value
        }
        if trimmed == "normal" {
            self = .zero
        } else if trimmed.hasSuffix("em") {
            self = .em(try number(trimmed.dropLast(2)))
        } else if trimmed.hasSuffix("pt") || trimmed.hasSuffix("px") {
            self = .points(try number(trimmed.dropLast(2)))
        } else {
            self = .points(try number(Substring(trimmed)))
        }
    }

    static var expected: String {
        "points (1.5, 1.5pt, 1.5px) or em (0.05em), each in \(Limits.describe(Limits.textSpacings)), or normal"
    }

    /// Throws when the amount is not finite or out of ``Limits``' range, naming it `name`.
    package func validate(name: String) throws(FontFitError) {
        switch self {
        case .points(let value), .em(let value):
            guard Limits.textSpacings.contains(value) else {
                throw .invalidValue(name: name, value: description, expected: Self.expected)
            }
        }
    }

    /// `1.5pt` or `0.05em`, as ``init(parsing:name:)`` reads it back.
    public var description: String {
        switch self {
        case .points(let value): "\(value.shortDescription)pt"
        case .em(let value): "\(value.shortDescription)em"
        }
    }
}

/// Which spacing a shaped cluster takes, as bits: one byte a glyph, set on the last glyph (in visual
/// order) of each cluster that takes some.
enum SpacingMark {
    static let letter: UInt8 = 1
    static let word: UInt8 = 2

    /// The marks of `glyphs`, a run of `text` shaped from `range` in `script` (an `hb_script_t`, nil
    /// when common), as Chromium spaces clusters (../shared/notes/browser-text-behaviour.md):
    /// letter-spacing after every HarfBuzz cluster, not every grapheme, except clusters of
    /// zero-width characters only; in a cursive script's run only spaces take it (spacing would
    /// tear the joined letters apart); word-spacing after clusters holding U+0020 or U+00A0.
    static func marks(
        of glyphs: [ShapedGlyph], shapedFrom range: Range<Int>, of text: String, script: UInt32?,
        letter: Bool, word: Bool
    ) -> [UInt8] {
        guard !glyphs.isEmpty else { return [] }
        // Cluster values are UTF-8 offsets; a cluster runs to the next larger value in the run.
        var starts = glyphs.map(\.cluster)
        starts.sort()
        var unique: [Int] = []
        unique.reserveCapacity(starts.count)
        for start in starts where unique.last != start { unique.append(start) }
        let cursive = script.map(isCursive) ?? false
        var markOfCluster: [Int: UInt8] = [:]
        text.withUTF8Bytes { bytes in
            for (index, start) in unique.enumerated() {
                let end = index + 1 < unique.count ? unique[index + 1] : range.upperBound
                var hasSpace = false, hasVisible = false
                var offset = start
                while offset < end {
                    let (scalar, width) = String.decodeScalar(bytes, at: offset)
                    if scalar.value == 0x20 || scalar.value == 0xA0 { hasSpace = true }
                    if !isZeroWidth(scalar) { hasVisible = true }
                    offset += width
                }
                var mark: UInt8 = 0
                if letter, hasVisible, !cursive || hasSpace { mark |= Self.letter }
                if word, hasSpace { mark |= Self.word }
                markOfCluster[start] = mark
            }
        }
        // The last glyph of each cluster's group in the run's (visual) order takes the mark.
        var marks = [UInt8](repeating: 0, count: glyphs.count)
        for index in glyphs.indices where index + 1 == glyphs.count || glyphs[index + 1].cluster != glyphs[index].cluster {
            marks[index] = markOfCluster[glyphs[index].cluster] ?? 0
        }
        return marks
    }

    /// Characters that draw nothing and take no space: ZWSP, the joiners, soft hyphen, word joiner
    /// and invisible operators, bidi controls, BOM, the combining grapheme joiner.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x34F, 0x61C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// Scripts whose letters join (Blink does not space them): Arabic, Syriac, N'Ko, Mongolian,
    /// Phags-pa, Mandaic, Hanifi Rohingya.
    static func isCursive(_ script: UInt32) -> Bool {
        cursiveScripts.contains(script)
    }

    private static let cursiveScripts: Set<UInt32> = Set(
        ["Arab", "Syrc", "Nkoo", "Mong", "Phag", "Mand", "Rohg"].map(HBTag.make))
}
