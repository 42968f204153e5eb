/// Whether a line may, must, or must not end after a ``TextUnit``.
@usableFromInline package enum BreakKind: Sendable, Hashable {
    /// No break opportunity after the unit.
    case none
    /// A line may end after the unit (a UAX #14 soft break).
    case allowed
    /// A line must end after the unit (a UAX #14 hard break, such as a newline).
    case mandatory
}

/// The ink bounds of one unit at size 1 (em), relative to the unit's pen start, y up.
@usableFromInline package struct InkExtent: Sendable, Hashable {
    @usableFromInline package var left: Double
    @usableFromInline package var right: Double
    @usableFromInline package var bottom: Double
    @usableFromInline package var top: Double

    @inlinable
    package init(left: Double, right: Double, bottom: Double, top: Double) {
        self.left = left
        self.right = right
        self.bottom = bottom
        self.top = top
    }
}

/// One grapheme cluster (never split) of the text, in logical order.
///
/// 24 bytes, not 40: the range is kept as a start and a 32-bit length (a grapheme cluster is a few
/// bytes long), a soft hyphen's break is a flag (every one draws the same hyphen, whose width the
/// text keeps once), and the stored members are declared widest first so that the flags fill the
/// last word. A fit writes and reads one unit per grapheme (a 1 MB fit holds a million of them),
/// and a large fit's time goes largely to the kernel handing it fresh pages.
@usableFromInline package struct TextUnit: Sendable, Hashable {
    @usableFromInline var utf8Start: Int
    /// The advance at size 1 (em).
    @usableFromInline package var advance: Double
    @usableFromInline var utf8Length: UInt32
    /// Trailing whitespace does not count toward a line's width.
    @usableFromInline package var isWhitespace: Bool
    /// The break opportunity after this unit.
    @usableFromInline package var breakAfter: BreakKind
    /// HarfBuzz says a line ending after this unit (or starting after it) must be shaped again.
    @usableFromInline package var unsafeToBreakAfter: Bool
    /// A soft hyphen a line may break after: a line that does draws a hyphen there, and is
    /// ``MeasuredText/hyphenAdvance`` wider. Where no break happens nothing is drawn.
    @usableFromInline package var isSoftHyphenBreak: Bool

    /// UTF-8 offsets into ``MeasuredText/text``.
    @inlinable
    package var range: Range<Int> { utf8Start..<(utf8Start + Int(utf8Length)) }

    // Inlinable: FontFit builds one per grapheme, and a package initializer is otherwise a call
    // across modules (release builds inline only what a module makes inlinable).
    @inlinable
    package init(
        range: Range<Int>, advance: Double, isWhitespace: Bool, breakAfter: BreakKind,
        unsafeToBreakAfter: Bool = false, isSoftHyphenBreak: Bool = false
    ) {
        utf8Start = range.lowerBound
        // A grapheme cluster longer than 4 GB cannot be measured (nor held in memory) anyway.
        utf8Length = UInt32(range.count)
        self.advance = advance
        self.isWhitespace = isWhitespace
        self.breakAfter = breakAfter
        self.unsafeToBreakAfter = unsafeToBreakAfter
        self.isSoftHyphenBreak = isSoftHyphenBreak
    }

    /// The same unit from its first byte and its length in bytes, for builders whose offsets
    /// increase by construction: a `Range` would check its bounds, and its count the conversion,
    /// once per grapheme of every fit (bench: frenchParagraphFitPerShape).
    @inlinable
    package init(
        utf8Start: Int, utf8Length: UInt32, advance: Double, isWhitespace: Bool, breakAfter: BreakKind,
        unsafeToBreakAfter: Bool, isSoftHyphenBreak: Bool
    ) {
        self.utf8Start = utf8Start
        self.utf8Length = utf8Length
        self.advance = advance
        self.isWhitespace = isWhitespace
        self.breakAfter = breakAfter
        self.unsafeToBreakAfter = unsafeToBreakAfter
        self.isSoftHyphenBreak = isSoftHyphenBreak
    }
}

/// The metrics of one font a line box is built from, at size 1 (em).
package struct LineBoxExtent: Sendable, Hashable {
    package var ascent: Double
    /// Below the baseline, positive.
    package var descent: Double
    package var lineGap: Double

    package init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }

    package var height: Double { ascent + descent + lineGap }

    /// The box that holds both (the larger of each part), as a line holding both fonts is.
    func union(_ other: LineBoxExtent) -> LineBoxExtent {
        LineBoxExtent(
            ascent: max(ascent, other.ascent), descent: max(descent, other.descent), lineGap: max(lineGap, other.lineGap))
    }
}

/// What builds each line's box (``MeasuredText/lineBoxes``): the strut every line has and the
/// other fonts units bring to their lines.
package struct LineBoxFonts: Sendable {
    /// The primary font's metrics, part of every line box (CSS's strut).
    package var strut: LineBoxExtent
    /// The other fonts' metrics: a unit whose ``fontOfUnit`` is k > 0 brings `fonts[k - 1]`.
    package var fonts: [LineBoxExtent]
    /// Per unit, 0 when it brings nothing beyond the strut, else 1 + its font's index in ``fonts``.
    package var fontOfUnit: [UInt8]

    package init(strut: LineBoxExtent, fonts: [LineBoxExtent], fontOfUnit: [UInt8]) {
        self.strut = strut
        self.fonts = fonts
        self.fontOfUnit = fontOfUnit
    }
}

/// "…" as truncation draws it: its advance and ink at size 1 (em).
package struct Ellipsis: Sendable, Hashable {
    package var advance: Double
    /// Nil when it has no ink.
    package var ink: InkExtent?

    package init(advance: Double, ink: InkExtent?) {
        self.advance = advance
        self.ink = ink
    }
}

/// Text measured once at size 1 (1 em), ready to be fitted at any size.
///
/// A break after the last unit never starts an empty line: ICU reports the end of the text as a
/// break (a hard one after a final newline), and a trailing newline should not cost a line.
/// A unit with a mandatory break after it is treated as whitespace at the end of its line even if
/// ``TextUnit/isWhitespace`` is false, since UAX #14 only puts hard breaks after line separators.
package struct MeasuredText: Sendable {
    package var text: String
    package var units: [TextUnit]
    /// Above the baseline, at size 1.
    package var ascent: Double
    /// Below the baseline, at size 1, positive.
    package var descent: Double
    package var lineGap: Double
    /// The distance between baselines of consecutive lines at size 1, before line spacing.
    package var lineHeight: Double { ascent + descent + lineGap }
    /// Per unit, its ink bounds at size 1 (nil for a unit without ink, a space); empty when the
    /// text was measured without ink. Kept beside the units, not in them: most fits never read
    /// ink, and a unit half the size is half the memory a fit writes and reads per grapheme.
    package var inks: [InkExtent?]
    /// "…" measured at size 1; nil when the font has none, in which case truncation just cuts.
    package var ellipsis: Ellipsis?
    /// The width (size 1) of the hyphen a line breaking at a soft hyphen draws
    /// (``TextUnit/isSoftHyphenBreak``); 0 when the text has none.
    package var hyphenAdvance: Double
    /// The exact width (size 1) of `units[range]` shaped on their own, trailing whitespace excluded.
    ///
    /// Called only for a line (or a candidate line) whose start or end is marked
    /// ``TextUnit/unsafeToBreakAfter``; nil means the sum of the advances is exact. The range passed
    /// never has trailing whitespace in it. Only the line-box width uses it: ink extents stay those
    /// of the whole-text shaping.
    package var reshapedWidth: (@Sendable (Range<Int>) -> Double)?
    /// Line boxes built line by line, as browsers build them: from the primary font's metrics (the
    /// strut) and those of the fonts the line's units use. Nil when every line box is the same,
    /// ``ascent``, ``descent`` and ``lineGap`` (which are then the tallest over every font).
    /// Read in line-box bounds only; ink bounds space lines by the tallest.
    package var lineBoxes: LineBoxFonts?

    package init(
        text: String, units: [TextUnit], ascent: Double, descent: Double, lineGap: Double,
        inks: [InkExtent?] = [], ellipsis: Ellipsis?, hyphenAdvance: Double = 0,
        reshapedWidth: (@Sendable (Range<Int>) -> Double)? = nil
    ) {
        self.text = text
        self.units = units
        self.inks = inks
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.ellipsis = ellipsis
        self.hyphenAdvance = hyphenAdvance
        self.reshapedWidth = reshapedWidth
    }
}
