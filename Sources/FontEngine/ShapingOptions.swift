internal import CFontFitHarfBuzz

/// An OpenType feature setting in HarfBuzz's syntax: `tnum`, `-liga`, `ss01`, `kern[3:5]=0`.
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// The setting as the user wrote it.
    public let description: String
    let tag: UInt32
    let value: UInt32
    let start: UInt32
    let end: UInt32

    /// Parses one setting with `hb_feature_from_string`.
    public init(_ text: String) throws(FontFitError) {
        var feature = hb_feature_t()
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty, hb_feature_from_string(trimmed, Int32(trimmed.utf8.count), &feature) != 0 else {
            throw .invalidFeature(text)
        }
        description = trimmed
        tag = feature.tag
        value = feature.value
        start = feature.start
        end = feature.end
    }

    /// Parses a comma-separated list, as `--features` takes it.
    public static func list(_ text: String) throws(FontFitError) -> [FontFeature] {
        try commaSeparated(text).map { item throws(FontFitError) in try FontFeature(item) }
    }

    /// The feature's four-letter tag.
    public var tagName: String { HBTag.string(tag) }

    /// Whether the setting turns the feature on over the whole text.
    public var isEnabledEverywhere: Bool { value != 0 && start == 0 && end == UInt32.max }

    var hbFeature: hb_feature_t { hb_feature_t(tag: tag, value: value, start: start, end: end) }

    /// What letter-spacing turns off (CSS Text 3 §8.2: optional ligatures).
    static let noLigatures: [FontFeature] = ["-liga", "-clig", "-calt"].map { try! FontFeature($0) }
}

/// A variation-axis setting in HarfBuzz's syntax: `wght=700`.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The axis tag, e.g. "wght".
    public let tag: String
    /// The design-space value.
    public let value: Double

    /// A variation of the axis `tag` (such as `wght`) to `value`.
    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }

    /// Parses one setting with `hb_variation_from_string`.
    public init(_ text: String) throws(FontFitError) {
        var variation = hb_variation_t()
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty,
            hb_variation_from_string(trimmed, Int32(trimmed.utf8.count), &variation) != 0,
            variation.value.isFinite
        else { throw .invalidVariation(text) }
        self.init(tag: HBTag.string(variation.tag), value: Double(variation.value))
    }

    /// Parses a comma-separated list, as `--variations` takes it.
    public static func list(_ text: String) throws(FontFitError) -> [FontVariation] {
        try commaSeparated(text).map { item throws(FontFitError) in try FontVariation(item) }
    }

    public var description: String { "\(tag)=\(value.shortDescription)" }
}

/// The direction text runs in, as HarfBuzz's `hb_direction_t`.
public enum TextDirection: String, Sendable, CaseIterable {
    /// Horizontal, left to right.
    case leftToRight = "ltr"
    /// Horizontal, right to left (Arabic, Hebrew).
    case rightToLeft = "rtl"
    /// Vertical, top to bottom (CJK columns).
    case topToBottom = "ttb"
    /// Vertical, bottom to top.
    case bottomToTop = "btt"

    /// Parses ltr, rtl, ttb, btt (or any spelling `hb_direction_from_string` accepts).
    public init(parsing text: String) throws(FontFitError) {
        switch hb_direction_from_string(text, Int32(text.utf8.count)) {
        case HB_DIRECTION_LTR: self = .leftToRight
        case HB_DIRECTION_RTL: self = .rightToLeft
        case HB_DIRECTION_TTB: self = .topToBottom
        case HB_DIRECTION_BTT: self = .bottomToTop
        default: throw .invalidDirection(text)
        }
    }

    /// True for left to right and right to left.
    public var isHorizontal: Bool { self == .leftToRight || self == .rightToLeft }

    var hbDirection: hb_direction_t {
        switch self {
        case .leftToRight: HB_DIRECTION_LTR
        case .rightToLeft: HB_DIRECTION_RTL
        case .topToBottom: HB_DIRECTION_TTB
        case .bottomToTop: HB_DIRECTION_BTT
        }
    }

    init?(_ direction: hb_direction_t) {
        switch direction {
        case HB_DIRECTION_LTR: self = .leftToRight
        case HB_DIRECTION_RTL: self = .rightToLeft
        case HB_DIRECTION_TTB: self = .topToBottom
        case HB_DIRECTION_BTT: self = .bottomToTop
        default: return nil
        }
    }
}

/// How to shape: features, and the segment properties HarfBuzz guesses from the text when they are
/// not given (`hb_buffer_guess_segment_properties`).
public struct ShapingOptions: Sendable, Hashable {
    /// OpenType features to turn on or off, in HarfBuzz's syntax (`tnum`, `-liga`, `ss01`).
    public var features: [FontFeature]
    /// The direction to shape in; nil lets the text decide (bidi, first strong character).
    public var direction: TextDirection?
    /// An ISO 15924 tag such as "Latn" or "Arab".
    public var script: String?
    /// A BCP 47 language tag such as "tr" or "ja": HarfBuzz shapes with it and ICU breaks lines by
    /// its rules.
    public var language: String?
    /// How strictly lines break (CSS `line-break`); read by line breaking only.
    public var lineBreak: LineBreakStyle
    /// Space after every shaped cluster, as CSS `letter-spacing` (the last cluster of a line
    /// included); any non-zero amount turns off the `liga`, `clig` and `calt` ligatures, as
    /// browsers do, unless ``features`` turns them on again.
    public var letterSpacing: TextSpacing
    /// Space added to every U+0020 and U+00A0, as CSS `word-spacing`.
    public var wordSpacing: TextSpacing
    /// A change of case in ``language`` before shaping, as CSS `text-transform`: measurements and
    /// lines show the transformed text.
    public var textTransform: TextTransform
    /// Where lines may break inside words, as CSS `hyphens`: ``Hyphens/manual`` (soft hyphens
    /// only) unless set; ``Hyphens/auto`` hyphenates by ``language``. Read by line breaking only.
    public var hyphens: Hyphens

    /// Shaping options; every value left out is guessed from the text, as HarfBuzz and ICU do.
    public init(
        features: [FontFeature] = [], direction: TextDirection? = nil, script: String? = nil,
        language: String? = nil, lineBreak: LineBreakStyle = .normal, letterSpacing: TextSpacing = .zero,
        wordSpacing: TextSpacing = .zero, textTransform: TextTransform = .none, hyphens: Hyphens = .manual
    ) {
        self.features = features
        self.direction = direction
        self.script = script
        self.language = language
        self.lineBreak = lineBreak
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.textTransform = textTransform
        self.hyphens = hyphens
    }

    /// Whether letter- or word-spacing adds anything.
    package var isSpaced: Bool { !letterSpacing.isZero || !wordSpacing.isZero }

    /// Whether some spacing is in fixed points, so that widths in em change with the size.
    package var hasFixedSpacing: Bool { letterSpacing.isFixed || wordSpacing.isFixed }

    /// The features HarfBuzz shapes with: letter-spacing's ligatures turned off first, so that a
    /// feature the caller gives wins.
    var shapingFeatures: [FontFeature] {
        guard !letterSpacing.isZero else { return features }
        return FontFeature.noLigatures + features
    }

    /// The same options, rejected when vertical: layouts in lines (fits, stacks, ruby, drawing) are
    /// horizontal; vertical text is measured as one column (``FontStack/measure(_:size:options:images:)``).
    package func horizontalOnly(for layout: String) throws(FontFitError) -> ShapingOptions {
        if let direction, !direction.isHorizontal {
            throw .invalidValue(
                name: "direction for \(layout)", value: direction.rawValue,
                expected: "ltr or rtl (vertical text is measured as one column by measure; \(layout) lays out horizontal lines only)")
        }
        return try validated()
    }

    /// The same options, rejected when letter- or word-spacing is in fixed points: `layout` scales
    /// its texts by one shared factor, which spacing in em follows and fixed points would not.
    package func spacedInEm(for layout: String) throws(FontFitError) -> ShapingOptions {
        for (name, spacing) in [("letter-spacing", letterSpacing), ("word-spacing", wordSpacing)] where spacing.isFixed {
            throw .invalidValue(
                name: "\(name) for \(layout)", value: spacing.description,
                expected: "em (0.05em): \(layout) scales its texts by one factor, which em spacing follows")
        }
        return self
    }

    /// The same options, rejected when they ask for automatic hyphenation: `layout` sets each of
    /// its texts on one line that never breaks, so no hyphenation point could be used, and a
    /// caller who asked for them would be told nothing.
    package func unbroken(for layout: String) throws(FontFitError) -> ShapingOptions {
        if hyphens == .auto {
            throw .invalidValue(
                name: "hyphens for \(layout)", value: hyphens.rawValue,
                expected: "none or manual (\(layout) sets each text on one line, which never breaks; fit wraps and hyphenates)")
        }
        return self
    }

    /// The options, their script tag checked now (every call that shapes checks it too): a front
    /// end that reads options before the text reports a bad tag first.
    public func validated() throws(FontFitError) -> ShapingOptions {
        try validate()
        return self
    }

    /// Throws what ``validated()`` would, without copying the options.
    package func validate() throws(FontFitError) {
        try letterSpacing.validate(name: "letter-spacing")
        try wordSpacing.validate(name: "word-spacing")
        if let script {
            let tag = hb_script_from_string(script, Int32(script.utf8.count))
            if script.utf8.count != 4 || tag == HB_SCRIPT_INVALID || tag == HB_SCRIPT_UNKNOWN
                && script.lowercased() != "zzzz"
            {
                throw .invalidScript(script)
            }
        }
    }
}

/// Splits a `--features`/`--variations` list as hb-shape 6.0 does (util/shape-options.hh): one pair
/// of quotes around the whole list is dropped (HarfBuzz's own tests pass `"-test[1],test[3]"` with
/// them), and items are separated by commas or spaces. Unlike hb-shape, which skips an item
/// `hb_feature_from_string` rejects, an empty item between commas ("a,,b") is kept so that it is
/// rejected with the rest of the malformed ones.
func commaSeparated(_ text: String) -> [String] {
    var list = Substring(text.trimmingWhitespace)
    if list.count >= 2, let first = list.first, first == "\"" || first == "'", list.last == first {
        list = list.dropFirst().dropLast()
    }
    guard !list.trimmingWhitespace.isEmpty else { return [] }
    return list.split(separator: ",", omittingEmptySubsequences: false).flatMap { item -> [String] in
        let words = item.split(whereSeparator: \.isWhitespace).map(String.init)
        return words.isEmpty ? [String(item)] : words
    }
}

extension StringProtocol {
    package var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Double {
    /// "700" for whole numbers, "37.25" otherwise.
    package var shortDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
