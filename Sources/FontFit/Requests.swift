#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fonts as a person names them: files or fontconfig family names, primary first, with the primary
/// font's face, named instance and axis values. The command line, `fontfit batch` and the label
/// spec of `fontfit check` all describe their fonts this way and load them here.
public struct FontSelection: Sendable, Hashable {
    /// Each font: a file path (`.ttf`, `.otf`, `.ttc`, `.otc`), ``/FontEngine/BundledFont/source`` for the
    /// bundled DejaVu Sans, or a family and style that fontconfig resolves ("Noto Sans:bold").
    /// Empty: the bundled font alone.
    public var fonts: [String]
    /// The face of the primary font in a collection; nil takes the one the name resolved to (or 0).
    public var faceIndex: Int?
    /// Axis values of the primary font.
    public var variations: [FontVariation]
    /// The primary font's named instance, by index or name (see ``/FontEngine/FontInfo/namedInstances``).
    public var namedInstance: String?
    /// Whether fontconfig's fallback font is appended for each character no font has.
    public var systemFallback: Bool

    /// A selection; every part left out takes the fonts' defaults.
    public init(
        fonts: [String] = [], faceIndex: Int? = nil, variations: [FontVariation] = [], namedInstance: String? = nil,
        systemFallback: Bool = false
    ) {
        self.fonts = fonts
        self.faceIndex = faceIndex
        self.variations = variations
        self.namedInstance = namedInstance
        self.systemFallback = systemFallback
    }

    /// The stack: the primary font with the face, named instance and variations given, then each
    /// fallback font at its default instance; with ``systemFallback``, then fontconfig's choice for
    /// each character of `texts` that no font in it has. `warn` hears of axis values the font
    /// clamps to its range.
    public func load(covering texts: [String] = [], warn: (String) -> Void = { _ in }) throws(FontFitError) -> FontStack {
        var fonts = [try loadPrimary(warn: warn)]
        for value in self.fonts.dropFirst() {
            let resolved = try Self.resolve(value)
            fonts.append(try Font(face: resolved.face(index: resolved.faceIndex), namedInstance: resolved.namedInstance))
        }
        var stack = try FontStack(fonts)
        guard systemFallback else { return stack }
        let family = self.fonts.first.flatMap { value in (try? FontResolver.match(value))?.family }
        var missing = Set<Unicode.Scalar>()
        for text in texts { missing.formUnion(ShapedParagraph(text, fonts: stack).missing) }
        for scalar in missing.sorted(by: { $0.value < $1.value }) {
            // A font added for an earlier character may have this one too.
            guard ShapedParagraph(String(scalar), fonts: stack).missing.contains(scalar),
                let match = FontResolver.fallback(for: scalar, near: family)
            else { continue }
            fonts.append(try Font(
                face: FontFace(contentsOf: match.path, index: match.faceIndex), namedInstance: match.namedInstance))
            stack = try FontStack(fonts)
        }
        return stack
    }

    private func loadPrimary(warn: (String) -> Void) throws(FontFitError) -> Font {
        let resolved = try Self.resolve(fonts.first ?? BundledFont.source)
        let face = try resolved.face(index: faceIndex ?? resolved.faceIndex)
        var instance = resolved.namedInstance
        if let namedInstance {
            let instances = try Font(face: face).info.namedInstances
            if let index = Int(namedInstance) {
                instance = index
            } else if let index = instances.firstIndex(where: {
                $0.name.equalsIgnoringCase(namedInstance)
            }) {
                instance = index
            } else {
                throw .unknownNamedInstance(namedInstance, available: instances.map(\.name))
            }
        }
        let font = try Font(face: face, variations: variations, namedInstance: instance)
        for clamp in font.clampedVariations {
            warn(
                "\(clamp.asked) is outside the font's \(clamp.axis.tag) range "
                    + "\(Self.short(clamp.axis.minValue))…\(Self.short(clamp.axis.maxValue)): "
                    + "it is drawn at \(Self.short(clamp.used))")
        }
        return font
    }

    /// A font as named: a path when a file is there (or the value looks like one), the bundled
    /// font by its name, otherwise a fontconfig pattern, resolved as `fc-match` resolves it.
    static func resolve(_ value: String) throws(FontFitError) -> ResolvedFont {
        // An empty name is most often an unset shell variable: fontconfig would match it to its
        // default font, and the fit would measure a font nobody chose.
        guard !value.allSatisfy(\.isWhitespace) else {
            throw .invalidValue(name: "font", value: "'\(value)'", expected: "a font file's path or a font name, not empty")
        }
        if value == BundledFont.source { return ResolvedFont(path: value, faceIndex: 0, namedInstance: nil) }
        let looksLikeAPath = value.contains("/")
            || [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains { value.lowercased().hasSuffix($0) }
        if looksLikeAPath || FileManager.default.fileExists(atPath: value) {
            return ResolvedFont(path: value, faceIndex: 0, namedInstance: nil)
        }
        let match = try FontResolver.match(value)
        return ResolvedFont(path: match.path, faceIndex: match.faceIndex, namedInstance: match.namedInstance)
    }

    /// A font's file, face and instance, as a name resolved to them.
    struct ResolvedFont {
        var path: String
        var faceIndex: Int
        var namedInstance: Int?

        func face(index: Int) throws(FontFitError) -> FontFace {
            path == BundledFont.source ? try BundledFont.face() : try FontFace(contentsOf: path, index: index)
        }
    }

    /// "900" for whole numbers, "37.25" otherwise.
    private static func short(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// One fit as a command asks for it: the text, its frame and every setting, as plain values. The
/// `fit` command, `fontfit batch` and `fontfit check` each build one and fit through it, so that
/// the same label gets the same answer from all three.
public struct FitRequest: Sendable {
    /// The text; each U+FFFC stands for the next of ``images``.
    public var text: String
    /// The frame, the size range and every other fitting setting.
    public var options: FitOptions
    /// Features, direction, script, language and line-break strictness.
    public var shaping: ShapingOptions
    /// What each U+FFFC of the text stands for, in order.
    public var images: [InlineImage]

    /// A request to fit `text` as `options` say.
    public init(
        _ text: String, options: FitOptions, shaping: ShapingOptions = ShapingOptions(), images: [InlineImage] = []
    ) {
        self.text = text
        self.options = options
        self.shaping = shaping
        self.images = images
    }

    /// The text shaped once in `fonts`, measured for what this fit needs: break opportunities
    /// unless it keeps to one line, ink only for ink bounds.
    public func prepare(in fonts: FontStack) throws(FontFitError) -> PreparedText {
        try fonts.prepare(
            text, options: shaping, wrapping: options.lineLimit != 1, ink: options.bounds == .ink, images: images)
    }

    /// The fit of `prepared` (made by ``prepare(in:)``).
    public func fit(_ prepared: PreparedText) throws(FontFitError) -> FitResult {
        try prepared.fit(options: options)
    }

    /// The largest size at which the text fits with no lower bound but the smallest size fontfit
    /// computes with (10⁻⁶ pt), whatever the minimum scale factor, granularity
    /// or preset sizes say: what a text that does not fit would need. Nil when it fits at no size.
    /// Divided by ``FitOptions/maxSize`` it is the scale a report calls "needed".
    public func neededSize(_ prepared: PreparedText) throws(FontFitError) -> Double? {
        var unbounded = options
        unbounded.minimumScaleFactor = min(1, Limits.sizes.lowerBound / options.maxSize)
        unbounded.granularity = nil
        unbounded.presetSizes = nil
        return try prepared.fittedSize(options: unbounded)
    }
}

extension FitOptions {
    /// Whether the fit sets plain lines: normal line height, greedy wrapping, no text-fit, no
    /// tightening. Only such fits may skip the prepared text (``FontStack/fit(_:options:shaping:images:)``
    /// and ``FitRequest/report(in:)``).
    @inlinable @inline(__always)
    var fitsPlainLines: Bool {
        lineHeight == .normal && wrap.isGreedy && textFit == nil && tightening == nil
    }

    /// Preset sizes from a comma-separated list ("12,14.5,17"), as the command line and batch
    /// give them.
    public static func presetSizes(parsing list: String) throws(FontFitError) -> [Double] {
        var sizes: [Double] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = item.trimmingSpacesAndTabs
            guard let value = Double(trimmed) else {
                throw .invalidValue(name: "preset sizes item", value: String(item), expected: "a number")
            }
            sizes.append(value)
        }
        return sizes
    }
}

extension TextFit {
    /// A CSS `text-fit` value as the command line, `fontfit batch` and the label spec give it
    /// (see ``/TextFitting/TextFit/init(parsing:)``), or an error that names the option or key, `name`.
    public init(parsing value: String, name: String) throws(FontFitError) {
        guard let parsed = TextFit(parsing: value) else {
            throw .invalidValue(
                name: name, value: "'\(value)'",
                expected: "grow or shrink, then consistent, per-line or per-line-all, then a percentage, e.g. 'grow per-line 200%'")
        }
        self = parsed
    }
}

extension WidthModel {
    /// The width model a request's two switches ask for: hinted widths, optical sizing on or off,
    /// or (nil) the font's default. Both hinting and optical sizing at once is an error.
    public static func requested(hinting: Bool, opticalSize: Bool?) throws(FontFitError) -> WidthModel? {
        if hinting && opticalSize == true {
            throw .invalidValue(
                name: "width model", value: "hinting and optical size",
                expected: "one of them (hinted widths come from one instance of the font)")
        }
        return hinting ? .hinted : opticalSize.map { $0 ? .followingOpticalSize : .proportional }
    }
}

/// How a text was set beyond its fonts and size, as the `style` member of fontfit's JSON results
/// says it (`fit`, `measure`, `stack`, `ruby`, `batch` and `check` alike): the spacing, case, line
/// height and hyphenation, and for a fit how its lines were broken, scaled and tightened.
public struct StyleDescription: Sendable {
    /// The spacing, case and hyphenation the text was shaped and broken with.
    public var shaping: ShapingOptions
    /// The line boxes' height.
    public var lineHeight: LineHeight = .normal
    /// How a fit's lines were broken; nil for layouts that do not wrap lines.
    public var wrap: TextWrap?
    /// How a fit's lines were scaled after breaking; nil when they were not.
    public var textFit: TextFit?
    /// How far a one-line label could tighten; nil when it could not.
    public var tightening: Tightening?

    /// The style of a layout set with `shaping` and `lineHeight`, and for a fit `wrap`, `textFit`
    /// and `tightening`.
    public init(
        _ shaping: ShapingOptions, lineHeight: LineHeight = .normal, wrap: TextWrap? = nil, textFit: TextFit? = nil,
        tightening: Tightening? = nil
    ) {
        self.shaping = shaping
        self.lineHeight = lineHeight
        self.wrap = wrap
        self.textFit = textFit
        self.tightening = tightening
    }

    /// The style of a fit: its options' line height, wrapping, text-fit and tightening.
    public init(_ shaping: ShapingOptions, fit options: FitOptions) {
        self.init(
            shaping, lineHeight: options.lineHeight, wrap: options.wrap, textFit: options.textFit,
            tightening: options.tightening)
    }

    /// Whether it is how text is set when nothing is said.
    public var isDefault: Bool {
        shaping.letterSpacing.isZero && shaping.wordSpacing.isZero && shaping.textTransform == .none
            && lineHeight == .normal && shaping.hyphens == .manual && (wrap?.isGreedy ?? true) && textFit == nil
            && tightening == nil
    }

    /// The members, in order, each as the command line spells its value, even at its default:
    /// `letterSpacing`, `wordSpacing`, `textTransform`, `lineHeight`, `hyphens`, then for a layout
    /// that wraps `wrap` and `textFit` (CSS's words, `none` when lines keep the fitted size), and
    /// `allowTightening` when set.
    public var members: [(name: StaticString, value: String)] {
        var members: [(name: StaticString, value: String)] = [
            ("letterSpacing", shaping.letterSpacing.description),
            ("wordSpacing", shaping.wordSpacing.description),
            ("textTransform", shaping.textTransform.rawValue),
            ("lineHeight", lineHeight.description),
            ("hyphens", shaping.hyphens.rawValue),
        ]
        if let wrap {
            members.append(("wrap", wrap.rawValue))
            members.append(("textFit", textFit?.cssValue ?? "none"))
        }
        if let tightening { members.append(("allowTightening", tightening.description)) }
        return members
    }
}
