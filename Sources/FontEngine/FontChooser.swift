/// Chooses the font of each grapheme cluster of one text from a ``FontStack``: the first font that
/// has a glyph for every character of the cluster (so a base letter and its combining marks, or an
/// emoji ZWJ sequence, stay in one font). Characters that never choose a font stay in the font of
/// the text before them: joiners, selectors and other default ignorables (drawn as nothing), and
/// U+FFFC, which stands for an inline image. A cluster no font covers gets nil.
///
/// Each character's coverage (which fonts have it) is worked out once and remembered: a text
/// repeats its characters, and working it out asks the Unicode tables and every font's cmap.
/// Choosing afresh for every cluster of a five-script text in five fonts took as long as shaping it.
struct FontChooser {
    let fonts: FontStack
    /// Direct-mapped by a hash of the scalar: its value + 1 (0: empty slot) and its coverage.
    private var keys: [UInt32]
    private var coverages: [Coverage]
    private let slotShift: UInt32
    /// The fonts with colour glyphs, one bit each; found when a cluster first asks for colour.
    private var colorFonts: UInt64?

    /// Bit i: font i has the character; the top bit: the character never chooses a font.
    private typealias Coverage = UInt64
    private static let followsNeighbourBit: Coverage = 1 << 63
    /// The stacks whose coverage fits in the bits below ``followsNeighbourBit``.
    private static let largestStack = 63

    /// A chooser for a text of about `scalarCount` characters: room for as many distinct ones,
    /// up to 1,024.
    init(_ fonts: FontStack, scalarCount: Int) {
        self.fonts = fonts
        var bits: UInt32 = 4
        while bits < 10 && (1 << bits) < scalarCount { bits += 1 }
        keys = [UInt32](filledWith: 0, count: 1 << bits)
        coverages = [Coverage](filledWith: 0, count: 1 << bits)
        slotShift = 32 - bits
    }

    /// The font of `cluster`, given the font the text before it is set in.
    mutating func fontIndex(for cluster: some Collection<Unicode.Scalar>, previous: Int) -> Int? {
        guard fonts.count <= Self.largestStack else { return Self.fontByFont(cluster, previous: previous, in: fonts) }
        var covering = ~Self.followsNeighbourBit
        var choosesFont = false, wantsColor = false
        for scalar in cluster {
            let coverage = self.coverage(of: scalar)
            if coverage & Self.followsNeighbourBit == 0 {
                covering &= coverage
                choosesFont = true
            }
            // An emoji presentation selector asks for a colour font even when an earlier font has
            // the character in black and white.
            if scalar == "\u{FE0F}" { wantsColor = true }
        }
        guard choosesFont else { return previous }
        if wantsColor {
            let colorFonts = self.colorFonts ?? (0..<fonts.count).reduce(0) { $0 | (fonts[$1].hasColorGlyphs ? 1 << $1 : 0) }
            self.colorFonts = colorFonts
            if covering & colorFonts != 0 { return (covering & colorFonts).trailingZeroBitCount }
        }
        return covering == 0 ? nil : covering.trailingZeroBitCount
    }

    private mutating func coverage(of scalar: Unicode.Scalar) -> Coverage {
        // Fibonacci hashing: neighbouring characters of one script land in different slots.
        let slot = Int((scalar.value &* 0x9E37_79B1) >> slotShift)
        if keys[slot] == scalar.value + 1 { return coverages[slot] }
        var coverage: Coverage = 0
        if Self.followsNeighbour(scalar) {
            coverage = Self.followsNeighbourBit
        } else {
            for index in 0..<fonts.count where Self.covers(fonts[index], scalar) { coverage |= 1 << index }
        }
        keys[slot] = scalar.value + 1
        coverages[slot] = coverage
        return coverage
    }

    private static func covers(_ font: Font, _ scalar: Unicode.Scalar) -> Bool {
        // HarfBuzz draws a space the font lacks with the font's own space, sized for the character
        // (a thin space is em/5), so a space never needs another font.
        font.glyph(for: scalar) != nil || (scalar.properties.generalCategory == .spaceSeparator && font.glyph(for: " ") != nil)
    }

    private static func followsNeighbour(_ scalar: Unicode.Scalar) -> Bool {
        // No character below the soft hyphen is default ignorable: most text is answered without
        // the Unicode tables.
        scalar.value >= 0xAD && (scalar.properties.isDefaultIgnorableCodePoint || scalar == "\u{FFFC}")
    }

    /// The same choice, worked out font by font with nothing remembered: for a stack too large for
    /// coverage bits, and for tests to hold the remembered choices to.
    static func fontByFont(_ cluster: some Collection<Unicode.Scalar>, previous: Int, in fonts: FontStack) -> Int? {
        guard cluster.contains(where: { !followsNeighbour($0) }) else { return previous }
        func coversCluster(_ index: Int) -> Bool { cluster.allSatisfy { followsNeighbour($0) || covers(fonts[index], $0) } }
        if cluster.contains("\u{FE0F}") {
            if let index = (0..<fonts.count).first(where: { fonts[$0].hasColorGlyphs && coversCluster($0) }) { return index }
        }
        return (0..<fonts.count).first(where: coversCluster)
    }
}
