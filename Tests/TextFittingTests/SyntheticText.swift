import TextFitting
import FontFitTestSupport

/// Synthetic measurements: every Character is one unit with a fixed advance, so tests can compute
/// expected sizes by hand.
enum Synthetic {
    static let ascent = 0.8
    static let descent = 0.2
    static let ellipsisAdvance = 0.75

    /// Letters 0.5 em, spaces 0.25 em (break after), "\n" 0 em (mandatory break after);
    /// ascent 0.8, descent 0.2, no line gap, so a line is 1 em tall.
    static func text(
        _ string: String, letter: Double = 0.5, space: Double = 0.25, ellipsis: Bool = true,
        reshapedWidth: (@Sendable (Range<Int>) -> Double)? = nil
    ) -> MeasuredText {
        var units: [TextUnit] = []
        var inks: [InkExtent?] = []
        var offset = 0
        for character in string {
            let length = character.utf8.count
            let range = offset..<(offset + length)
            offset += length
            switch character {
            case "\n":
                units.append(TextUnit(range: range, advance: 0, isWhitespace: true, breakAfter: .mandatory))
                inks.append(nil)
            case " ":
                units.append(TextUnit(range: range, advance: space, isWhitespace: true, breakAfter: .allowed))
                inks.append(nil)
            default:
                units.append(TextUnit(range: range, advance: letter, isWhitespace: false, breakAfter: .none))
                inks.append(ink(for: character, advance: letter))
            }
        }
        return MeasuredText(
            text: string, units: units, ascent: ascent, descent: descent, lineGap: 0, inks: inks,
            ellipsis: ellipsis ? ellipsisUnit : nil, reshapedWidth: reshapedWidth)
    }

    static let ellipsisUnit = Ellipsis(advance: ellipsisAdvance, ink: InkExtent(left: 0.05, right: 0.7, bottom: 0, top: 0.1))

    /// Inset from the advance, with descenders on g/p/y and taller ascenders on b/d/h/l/k/t.
    static func ink(for character: Character, advance: Double) -> InkExtent {
        let bottom = "gpyq".contains(character) ? -0.2 : 0
        let top = "bdhklt".contains(character) || character.isUppercase ? 0.72 : 0.5
        return InkExtent(left: 0.1 * advance, right: 0.9 * advance, bottom: bottom, top: top)
    }
}

/// A random text of words with random advances and ink, separated by spaces (random widths) and
/// sometimes newlines.
func randomText(words maxWords: Int, using rng: inout SplitMix64) -> MeasuredText {
    let wordCount = Int.random(in: 0...maxWords, using: &rng)
    var string = ""
    var units: [TextUnit] = []
    var inks: [InkExtent?] = []
    func add(_ character: Character, advance: Double, ink: InkExtent?, whitespace: Bool, brk: BreakKind) {
        let start = string.utf8.count
        string.append(character)
        units.append(
            TextUnit(range: start..<string.utf8.count, advance: advance, isWhitespace: whitespace, breakAfter: brk))
        inks.append(ink)
    }
    let letters = Array("abcdefghijklmnopqrstuvwxyzé")
    for word in 0..<wordCount {
        for _ in 0..<Int.random(in: 1...9, using: &rng) {
            let advance = Double.random(in: 0.2...1.1, using: &rng)
            let ink = InkExtent(
                left: Double.random(in: -0.1...0.2, using: &rng) * advance,
                right: Double.random(in: 0.7...1.15, using: &rng) * advance,
                bottom: Double.random(in: -0.25...0, using: &rng),
                top: Double.random(in: 0.4...0.8, using: &rng))
            add(letters.randomElement(using: &rng)!, advance: advance, ink: ink, whitespace: false, brk: .none)
        }
        let isLast = word == wordCount - 1
        if isLast && Bool.random(using: &rng) { continue }
        if Double.random(in: 0..<1, using: &rng) < 0.12 {
            add("\n", advance: 0, ink: nil, whitespace: true, brk: .mandatory)
        } else {
            let advance = Double.random(in: 0.1...0.4, using: &rng)
            add(" ", advance: advance, ink: nil, whitespace: true, brk: .allowed)
        }
    }
    return MeasuredText(
        text: string, units: units, ascent: 0.8, descent: 0.25, lineGap: Double.random(in: 0...0.2, using: &rng),
        inks: inks, ellipsis: Synthetic.ellipsisUnit)
}

/// An independent, deliberately naive implementation of the fitting rules, to check TextFitter
/// against: sums advances directly and breaks greedily one segment at a time.
struct Oracle {
    let text: MeasuredText
    let options: FitConstraints
    /// Relative slack on "fits" comparisons, as TextFitter has; 0 makes the oracle exact.
    var tolerance = 1e-9

    var units: [TextUnit] { text.units }
    /// One per unit: nil where the text was measured without ink.
    var inks: [InkExtent?] { text.inks.isEmpty ? Array(repeating: nil, count: units.count) : text.inks }

    /// Width of the line units[start..<end] at size 1, trailing whitespace excluded.
    func width(_ start: Int, _ end: Int) -> Double {
        var shownEnd = end
        while shownEnd > start
            && (units[shownEnd - 1].isWhitespace || units[shownEnd - 1].breakAfter == .mandatory)
        {
            shownEnd -= 1
        }
        switch options.bounds {
        case .lineBox:
            return units[start..<shownEnd].reduce(0) { $0 + $1.advance }
        case .ink:
            var pen = 0.0
            var left = Double.infinity, right = -Double.infinity
            for index in start..<shownEnd {
                if let ink = inks[index] {
                    left = min(left, pen + ink.left)
                    right = max(right, pen + ink.right)
                }
                pen += units[index].advance
            }
            return left <= right ? right - left : 0
        }
    }

    /// Ink top and bottom of a line, if it has ink.
    func inkSpan(_ line: Range<Int>) -> (top: Double, bottom: Double)? {
        let inks = inks[line].compactMap { $0 }
        guard !inks.isEmpty else { return nil }
        return (inks.map(\.top).max()!, inks.map(\.bottom).min()!)
    }

    /// Ends at which a line may end: after a unit with a break, and the end.
    func breakEnds(after start: Int) -> [Int] {
        var ends: [Int] = []
        for index in start..<units.count where units[index].breakAfter != .none || index == units.count - 1 {
            ends.append(index + 1)
        }
        return ends
    }

    func lines(unitWidth: Double) -> [Range<Int>] {
        guard !units.isEmpty else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < units.count {
            let ends = breakEnds(after: start)
            var chosen = ends[0]
            for candidate in ends.dropFirst() {
                if units[chosen - 1].breakAfter == .mandatory { break }
                if width(start, candidate) <= unitWidth * (1 + tolerance) {
                    chosen = candidate
                } else {
                    break
                }
            }
            lines.append(start..<chosen)
            start = chosen
        }
        return lines
    }

    var lineLimit: Int { options.lineLimit ?? Int.max }

    /// The used height of `lines` at `size`.
    func height(_ lines: [Range<Int>], size: Double) -> Double {
        let step = text.lineHeight * size + options.lineSpacing
        switch options.bounds {
        case .lineBox:
            return Double(lines.count) * text.lineHeight * size + Double(lines.count - 1) * options.lineSpacing
        case .ink:
            let spans = lines.map(inkSpan)
            guard let first = spans.firstIndex(where: { $0 != nil }),
                let last = spans.lastIndex(where: { $0 != nil })
            else { return 0 }
            return Double(last - first) * step + (spans[first]!.top - spans[last]!.bottom) * size
        }
    }

    func fits(atSize size: Double) -> Bool {
        let unitWidth = options.frameWidth.isInfinite ? Double.infinity : options.frameWidth / size
        let lines = lines(unitWidth: unitWidth)
        guard lines.count <= lineLimit else { return false }
        guard lines.allSatisfy({ width($0.lowerBound, $0.upperBound) <= unitWidth * (1 + tolerance) })
        else { return false }
        return height(lines, size: size) <= options.frameHeight * (1 + tolerance) + 1e-12 * tolerance
    }

    /// The largest fitting size by brute force over every size at which something can change:
    /// the maximum, W over the width of every possible line, and the height bound of every
    /// layout between consecutive such sizes.
    func bruteForceBestSize() -> Double? {
        let maxSize = options.maxSize, minSize = options.maxSize * options.minimumScaleFactor
        var sizes: [Double] = [maxSize, minSize]
        if options.frameWidth.isFinite {
            var starts = [0]
            starts += breakEnds(after: 0).dropLast()
            for start in starts {
                for end in breakEnds(after: start) {
                    let lineWidth = width(start, end)
                    if lineWidth > 0 { sizes.append(options.frameWidth / lineWidth) }
                }
            }
        }
        sizes = sizes.filter { $0 >= minSize && $0 <= maxSize }.sorted()
        var candidates = sizes
        if options.frameHeight.isFinite {
            var probes = sizes
            for (lower, upper) in zip(sizes, sizes.dropFirst()) { probes.append((lower + upper) / 2) }
            for probe in probes {
                let unitWidth = options.frameWidth.isInfinite ? Double.infinity : options.frameWidth / probe
                let lines = lines(unitWidth: unitWidth)
                // Height is linear in the size for a fixed layout: solve height(s) = H.
                let atZero = height(lines, size: 0), slope = height(lines, size: 1) - atZero
                if slope > 0 { candidates.append((options.frameHeight - atZero) / slope) }
            }
        }
        return candidates.filter { $0 >= minSize && $0 <= maxSize && fits(atSize: $0) }.max()
    }
}

/// `a` and `b` equal within a relative tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tolerance * max(abs(a), abs(b))
}
