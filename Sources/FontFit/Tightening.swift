/// How far a one-line label may take away letter-spacing before its size shrinks: SwiftUI's
/// `allowsTightening(_:)`, UIKit's `allowsDefaultTighteningForTruncation`.
///
/// A fit with tightening first tries the text as set; when it does not fit at the maximum size,
/// it takes the largest size at which the text fits with letter-spacing reduced by up to the limit,
/// and at that size the least reduction that fits. ``/TextFitting/FitResult/tightening`` says how
/// much it took, in em. Tightened text is spaced as CSS letter-spacing is (after every cluster,
/// ligatures off; only spaces in cursive scripts), and only a one-line fit (line limit 1) tightens.
public enum Tightening: Sendable, Hashable, CustomStringConvertible {
    /// Apple's documented rule: a line may be tightened when the text is at most this share wider
    /// than the line (`NSParagraphStyle.tighteningFactorForTruncation`, 0.05 by default), so the
    /// reduction narrows the label's width at its maximum size by at most share / (1 + share).
    case widthShare(Double)
    /// Letter-spacing may go down by at most this many em.
    case em(Double)

    /// Apple's default: 5 % (``widthShare(_:)``).
    public static var apple: Tightening { .widthShare(0.05) }

    /// Reads `apple` (or an empty value), a share in percent (`5%`), or em (`0.05em`, or a bare
    /// number, taken as em).
    public init(parsing text: String, name: String) throws(FontFitError) {
        let trimmed = text.trimmingWhitespace.lowercased()
        let expected = "apple (text at most 5 % wider than the line), a share such as 5% (up to 100%), or em such as 0.05em (up to 1em)"
        func amount(_ digits: Substring, upTo most: Double = 1) throws(FontFitError) -> Double {
            guard let value = Double(digits), value >= 0, value <= most else {
                throw .invalidValue(name: name, value: text, expected: expected)
            }
            return value
        }
        if trimmed.isEmpty || trimmed == "apple" || trimmed == "true" {
            self = .apple
        } else if trimmed.hasSuffix("%") {
            self = .widthShare(try amount(trimmed.dropLast(), upTo: 100) / 100)
        } else if trimmed.hasSuffix("em") {
            self = .em(try amount(trimmed.dropLast(2)))
        } else {
            self = .em(try amount(Substring(trimmed)))
        }
    }

    /// `apple`, `5%` or `0.05em`, as ``init(parsing:name:)`` reads it back.
    public var description: String {
        switch self {
        case .widthShare(let share): self == .apple ? "apple" : "\((share * 100).shortDescription)%"
        case .em(let amount): "\(amount.shortDescription)em"
        }
    }

    /// Throws when the amount is not in 0…1.
    func validate() throws(FontFitError) {
        switch self {
        case .widthShare(let value), .em(let value):
            guard value >= 0, value <= 1 else {
                throw .invalidValue(name: "tightening", value: description, expected: "an amount between 0 and 1")
            }
        }
    }
}

extension PreparedText {
    /// ``fit(options:)`` with `tightening` (see ``Tightening``).
    func tightenedFit(options: FitOptions, tightening: Tightening) throws(FontFitError) -> FitResult {
        try tightening.validate()
        var plain = options
        plain.tightening = nil
        let natural = try fit(options: plain)
        guard options.lineLimit == 1, !(natural.fits && natural.size >= options.maxSize) else { return natural }
        if isVertical {
            throw .invalidValue(name: "tightening of vertical text", value: tightening.description, expected: "none")
        }
        if shaping.letterSpacing.isFixed {
            throw .invalidValue(
                name: "letter-spacing with tightening", value: shaping.letterSpacing.description,
                expected: "em (0.05em) or none: tightening takes em away")
        }
        let spaced = spacedParagraph
        func tightened(by amount: Double) -> PreparedText { respaced(spaced, tightenedBy: amount) }
        // The width a line loses per em of tightening and the most it may lose, at the largest size.
        let untightened = tightened(by: 0)
        let untightenedWidth = try untightened.naturalWidth(atSize: options.maxSize, options)
        let perEm = try untightenedWidth - tightened(by: 1).naturalWidth(atSize: options.maxSize, options)
        guard perEm > 0 else { return natural }
        let exactLimit: Double
        switch tightening {
        case .em(let amount): exactLimit = amount
        case .widthShare(let share):
            // Apple's rule measures the text as set (its ligatures on) against the line.
            let narrowest = try naturalWidth(atSize: options.maxSize, options) / (1 + share)
            exactLimit = max(0, (untightenedWidth - narrowest) / perEm)
        }
        // Amounts a result can report exactly (``/TextFitting/FitResult/tightening``).
        let limit = Self.singlePrecision(exactLimit, roundingUp: false)
        guard limit > 0 else { return natural }
        let mostTightened = tightened(by: limit)
        var full = try mostTightened.fit(options: plain)
        full.tightening = limit
        guard full.fits else { return natural.fits ? natural : full }
        if natural.fits && natural.size >= full.size { return natural }
        // At the size found, the least tightening that fits: widths are linear in it at one size,
        // so two widths give it; a candidate rounding left just too wide takes a hair more.
        let size = full.size
        let loose = try untightened.naturalWidth(atSize: size, options)
        let tight = try mostTightened.naturalWidth(atSize: size, options)
        // Horizontal: vertical text was refused above.
        var amount = loose > tight ? limit * (loose - options.frame.width) / (loose - tight) : limit
        // Never zero: a tightened line is shaped with its ligatures off, and zero reads as none.
        amount = min(limit, max(amount, limit * 1e-9))
        var atSize = plain
        atSize.maxSize = size
        atSize.minimumScaleFactor = 1
        atSize.granularity = nil
        atSize.presetSizes = nil
        for nudge in [0, 1e-7, 1e-6] {
            let candidate = min(limit, Self.singlePrecision(amount + nudge * limit, roundingUp: true))
            var result = try tightened(by: candidate).fit(options: atSize)
            guard result.fits else { continue }
            result.scale = full.scale
            result.tightening = candidate
            return result
        }
        return full
    }

    /// `amount` rounded to the nearest `Float` above it (or below it).
    static func singlePrecision(_ amount: Double, roundingUp: Bool) -> Double {
        let rounded = Float(amount)
        if roundingUp { return Double(rounded) < amount ? Double(rounded.nextUp) : Double(rounded) }
        return Double(rounded) > amount ? Double(rounded.nextDown) : Double(rounded)
    }

    /// The paragraph shaped as spaced text is, its ligatures off and the clusters that take
    /// letter-spacing marked: the prepared one when it was shaped spaced, else shaped again so.
    var spacedParagraph: ShapedParagraph {
        guard shaping.letterSpacing.isZero else { return paragraph }
        var spaced = shaping
        spaced.letterSpacing = .em(-1)
        // The text is transformed already.
        spaced.textTransform = .none
        return ShapedParagraph(text, fonts: fonts, options: spaced, images: images)
    }

    /// The text with its letter-spacing reduced by `amount` em, measured for fitting as this text
    /// is: `spaced` (``spacedParagraph``) respaced, not shaped again.
    func respaced(_ spaced: ShapedParagraph, tightenedBy amount: Double) -> PreparedText {
        let paragraph = spaced.withLetterSpacing(em: shaping.letterSpacing.em(atSize: 1) - amount)
        let builder = MeasuredTextBuilder(fonts: fonts, options: paragraph.options, lineBreaks: wraps, ink: hasInk, images: images)
        return PreparedText(
            paragraph: paragraph, measured: builder.build(paragraph.atSize(1)), wraps: wraps, hasInk: hasInk,
            lineHeight: lineHeight, sourceText: sourceText)
    }

    /// The text's width on one line at `size`, in the bounds and width model of `options`.
    private func naturalWidth(atSize size: Double, _ options: FitOptions) throws(FontFitError) -> Double {
        var unbounded = options
        unbounded.frame = FrameSize()
        unbounded.maxSize = size
        unbounded.minimumScaleFactor = 1
        unbounded.granularity = nil
        unbounded.presetSizes = nil
        unbounded.tightening = nil
        unbounded.textFit = nil
        return try fit(options: unbounded).width
    }
}
