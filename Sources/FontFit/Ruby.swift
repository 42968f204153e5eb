/// Base text with its ruby (furigana) annotation; `ruby` is nil for plain text between annotations.
public struct RubyText: Sendable, Hashable {
    /// The annotated text (or plain text between annotations).
    public var base: String
    /// The annotation set above the base, such as furigana; nil for plain text.
    public var ruby: String?

    /// A base with its annotation, or plain text.
    public init(_ base: String, ruby: String? = nil) {
        self.base = base
        self.ruby = ruby
    }

    /// Parses `今日[こんにち]は`: the text before `[…]` back to the previous annotation is its base.
    /// A `|` starts a base explicitly, so that only part of a run is annotated: `私の|名前[なまえ]`.
    public static func parse(_ markup: String) throws(FontFitError) -> [RubyText] {
        func malformed(_ expected: String) -> FontFitError {
            .invalidValue(name: "ruby markup", value: markup, expected: expected)
        }
        var segments: [RubyText] = []
        var pending = ""
        var ruby: String?
        for character in markup {
            switch (character, ruby) {
            case ("[", nil):
                ruby = ""
            case ("[", .some):
                throw malformed("no [ inside a ruby annotation")
            case ("]", let annotation?):
                guard !pending.isEmpty, !annotation.isEmpty else { throw malformed("text[ruby] with both parts non-empty") }
                segments.append(RubyText(pending, ruby: annotation))
                pending = ""
                ruby = nil
            case ("|", nil):
                // Everything before the bar stays plain; the base starts after it.
                if !pending.isEmpty { segments.append(RubyText(pending)) }
                pending = ""
            case (_, nil):
                pending.append(character)
            case (_, let annotation?):
                ruby = annotation + String(character)
            }
        }
        guard ruby == nil else { throw malformed("every [ closed by ]") }
        if !pending.isEmpty { segments.append(RubyText(pending)) }
        return segments
    }
}

/// A ruby layout: one size for the base text, ruby at a ratio of it, and where each segment's
/// base and ruby stand.
public struct RubyResult: Sendable {
    /// The base text's size in points.
    public var size: Double
    /// The ruby's size: `size × ratio`.
    public var rubySize: Double
    /// `size / maxSize`.
    public var scale: Double
    /// True when the layout fits the frame at ``size``.
    public var fits: Bool
    /// The width the layout uses.
    public var width: Double
    /// The height the layout uses, ruby included.
    public var height: Double
    /// Per segment: the base text in its box and, when it has ruby, the ruby in the box above it
    /// (each centred in its box).
    public var segments: [(base: PlacedText, ruby: PlacedText?)]
    /// Characters of the base or ruby text that no font in the stack has.
    public var missing: [Unicode.Scalar]
    /// The fonts the text was measured in, primary first: what drawing sets it in.
    package var fonts: FontStack
    /// The shaping options the text was measured with.
    package var shaping: ShapingOptions

    init(
        _ placement: RubyPlacement, segments: [RubyText], missing: [Unicode.Scalar], fonts: FontStack,
        shaping: ShapingOptions
    ) {
        size = placement.size
        rubySize = placement.rubySize
        scale = placement.scale
        fits = placement.fits
        width = placement.width
        height = placement.height
        func placed(_ text: String, _ box: TextBox, size: Double) -> PlacedText {
            PlacedText(
                text: text, size: size, frame: LayoutRect(x: box.x, y: box.y, width: box.width, height: box.height),
                baseline: box.baseline, penStart: box.textX)
        }
        self.segments = zip(segments, placement.segments).map { segment, boxes in
            (
                base: placed(segment.base, boxes.base, size: placement.size),
                ruby: boxes.ruby.map { placed(segment.ruby ?? "", $0, size: placement.rubySize) }
            )
        }
        self.missing = missing
        self.fonts = fonts
        self.shaping = shaping
    }
}

extension FontStack {
    /// Furigana fitted to the options' frame with one shared scale: see ``RubyOptions`` for each setting.
    ///
    /// The base text is one line and the ruby another above it; neither breaks, so
    /// `shaping.hyphens` ``/FontEngine/Hyphens/auto`` is refused.
    public func ruby(
        _ segments: [RubyText], options settings: RubyOptions, shaping: ShapingOptions = ShapingOptions()
    ) throws(FontFitError) -> RubyResult {
        let frame = settings.frame
        let (maxSize, minimumScaleFactor, ratio, spacing) = (
            settings.maxSize, settings.minimumScaleFactor, settings.ratio, settings.spacing
        )
        let shaping = try shaping.horizontalOnly(for: "ruby").spacedInEm(for: "ruby").unbroken(for: "ruby")
        let lineHeight = try settings.lineHeight.scalingWithSize(for: "ruby")
        _ = try FitConstraints.validated(
            frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: 1,
            bounds: .lineBox, lineSpacing: spacing, alignment: .leading, truncation: .none, granularity: nil,
            presetSizes: nil)
        try Limits.checkFactor(ratio, name: "ruby ratio")
        var missing: [Unicode.Scalar] = []
        func width(_ text: String) -> Double {
            let paragraph = ShapedParagraph(text, fonts: self, options: shaping)
            for scalar in paragraph.missing where !missing.contains(scalar) { missing.append(scalar) }
            return paragraph.advance()
        }
        // Each line's box is the primary font's strut and the fonts its own text uses, as a
        // browser builds line boxes: kanji bases in a CJK font, kana rubies perhaps in another.
        let metrics = ShapedParagraph(segments.map(\.base).joined(), fonts: self, options: shaping).lineMetrics()
        let rubyMetrics = ShapedParagraph(segments.compactMap(\.ruby).joined(), fonts: self, options: shaping).lineMetrics()
        let measured = segments.map { RubySegment(baseWidth: width($0.base), rubyWidth: $0.ruby.map(width)) }
        let options = RubyConstraints(
            maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, frameWidth: frame.width,
            frameHeight: frame.height, ratio: ratio, spacing: spacing)
        return RubyResult(
            RubyFitter.fit(
                measured, extent: lineHeight.rowExtent(metrics), rubyExtent: lineHeight.rowExtent(rubyMetrics),
                options: options),
            segments: segments, missing: missing, fonts: self, shaping: shaping)
    }
}
