/// Everything that decides a fit besides the text and its fonts: the frame, the size range, lines,
/// bounds, placement and which sizes are candidates.
///
/// ```swift
/// var options = FitOptions(frame: FrameSize(width: 120, height: 44), maxSize: 34, minimumScaleFactor: 0.5, lineLimit: 2)
/// options.truncation = .middle
/// let result = try fonts.fit("Einstellungen speichern", options: options)
/// ```
public struct FitOptions: Sendable, Hashable {
    /// The frame the text must fit, in points; either side may be infinite.
    public var frame: FrameSize
    /// The size the text is drawn at when it fits, in points; the result is never larger.
    public var maxSize: Double
    /// The smallest scale allowed, in (0, 1] (SwiftUI's `minimumScaleFactor`): the size never goes
    /// below `maxSize × minimumScaleFactor`; 1 never shrinks.
    public var minimumScaleFactor: Double
    /// The most lines allowed; nil for unlimited. 1 keeps the text on one line, and the frame's
    /// height still limits the size (unlike SwiftUI's `lineLimit(1)`).
    public var lineLimit: Int?
    /// Whether line boxes or the glyphs' ink must fit the frame.
    public var bounds: FitBounds
    /// Extra points between lines, as SwiftUI's `lineSpacing`.
    public var lineSpacing: Double
    /// How tall each line box is: the fonts' own metrics, a multiple of the size, or points (CSS
    /// `line-height`); the leading is split above and below each line, as CSS does.
    public var lineHeight: LineHeight
    /// Where lines stand in the frame's width.
    public var alignment: LineAlignment
    /// Where "…" goes when the text does not fit even at the minimum size.
    public var truncation: TruncationMode
    /// When set, only multiples of it are candidate sizes (1 for whole points).
    public var granularity: Double?
    /// When set, only these sizes are candidates (Android's and Flutter's preset sizes).
    public var presetSizes: [Double]? {
        get { presetList?.sizes }
        set { presetList = newValue.map(PresetSizeList.init) }
    }
    /// ``presetSizes``, stored so that options stay trivially copyable.
    @usableFromInline var presetList: PresetSizeList?
    /// How widths depend on the size: proportional (measured once), hinted (whole pixel sizes with
    /// FreeType's hinted advances), or following the font's optical-size axis. Nil follows the
    /// optical-size axis of a primary font that has one the caller did not set, as browsers and
    /// Apple's text stacks do, and is proportional otherwise.
    public var widths: WidthModel?
    /// How lines are broken at the fitted size (CSS `text-wrap-style`): greedy, balanced or
    /// pretty. The size is always greedy's, as balanced and pretty lines keep greedy's line count.
    public var wrap: TextWrap
    /// CSS `text-fit`: after the fit, each line (or every line by one factor) scaled to fill the
    /// frame's width, its lines never broken again; see ``/TextFitting/TextFit`` and
    /// ``/TextFitting/FitResult/lineScales``. A text that does not fit with
    /// ``/TextFitting/TruncationMode/none`` is laid out as CSS lays it out, a word wider than the
    /// frame whole (for `shrink` to scale in). Nil: lines at the fitted size.
    public var textFit: TextFit?
    /// How far a one-line label may take away letter-spacing before it shrinks (SwiftUI's
    /// `allowsTightening`); see ``Tightening``. Nil never tightens.
    public var tightening: Tightening?

    /// Options for a fit from `maxSize` down to `maxSize × minimumScaleFactor`; the rest default
    /// to SwiftUI's behaviour (unlimited lines, line boxes, leading, tail truncation, any size).
    /// Inlinable, like the fits that take it: a re-fit reads its values straight from an options
    /// value the caller holds (bench: refitSizesPerShape).
    @inlinable
    public init(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1, lineLimit: Int? = nil, bounds: FitBounds = .lineBox,
        lineSpacing: Double = 0, alignment: LineAlignment = .leading, truncation: TruncationMode = .tail,
        granularity: Double? = nil, presetSizes: [Double]? = nil, widths: WidthModel? = nil
    ) {
        self.frame = frame
        self.maxSize = maxSize
        self.minimumScaleFactor = minimumScaleFactor
        self.lineLimit = lineLimit
        self.bounds = bounds
        self.lineSpacing = lineSpacing
        self.lineHeight = .normal
        self.alignment = alignment
        self.truncation = truncation
        self.granularity = granularity
        self.presetList = presetSizes.map(PresetSizeList.init)
        self.widths = widths
        self.wrap = .greedy
        self.textFit = nil
        self.tightening = nil
    }
}

/// Everything that decides a shared-size stack besides its rows and fonts.
public struct StackOptions: Sendable, Hashable {
    /// The frame the rows must fit together, in points; either side may be infinite.
    public var frame: FrameSize
    /// The size rows of weight 1 are drawn at when they fit, in points.
    public var maxSize: Double
    /// The smallest scale allowed, in (0, 1].
    public var minimumScaleFactor: Double
    /// Space between rows: points, or a multiple of each row's line height.
    public var spacing: RowSpacing
    /// Every row's frame as wide as the widest row's, each text aligned inside it (a clock whose
    /// widest row sets the width of all).
    public var equalWidth: Bool
    /// Whether line boxes or the glyphs' ink must fit.
    public var bounds: FitBounds
    /// Device pixels per point: when set, the size is lowered until every row is a whole number of
    /// device pixels tall, so row frames lie on the pixel grid.
    public var pixelScale: Double?
    /// Each row's box height: the fonts' own, or a multiple of the row's size (CSS's unitless
    /// `line-height`), the leading split above and below. Rows share one scale, so a height in
    /// points is refused.
    public var lineHeight: LineHeight = .normal

    /// Options for a stack from `maxSize` down to `maxSize × minimumScaleFactor`, rows touching.
    public init(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1, spacing: RowSpacing = .points(0),
        equalWidth: Bool = false, bounds: FitBounds = .lineBox, pixelScale: Double? = nil
    ) {
        self.frame = frame
        self.maxSize = maxSize
        self.minimumScaleFactor = minimumScaleFactor
        self.spacing = spacing
        self.equalWidth = equalWidth
        self.bounds = bounds
        self.pixelScale = pixelScale
    }
}

/// Everything that decides a ruby (furigana) layout besides its text and fonts.
public struct RubyOptions: Sendable, Hashable {
    /// The frame the base and ruby lines must fit together, in points; either side may be infinite.
    public var frame: FrameSize
    /// The base text's size when it fits, in points.
    public var maxSize: Double
    /// The smallest scale allowed, in (0, 1].
    public var minimumScaleFactor: Double
    /// The ruby's size as a share of the base's (0.5, furigana's usual half, by default).
    public var ratio: Double
    /// Points between the ruby line and the base line (fixed: it does not scale with the text).
    public var spacing: Double
    /// The base and ruby lines' box height: the fonts' own, or a multiple of each line's size, the
    /// leading split above and below. A height in points is refused: both lines scale as one.
    public var lineHeight: LineHeight = .normal

    /// Options for ruby at half the base size, from `maxSize` down to `maxSize × minimumScaleFactor`.
    public init(
        frame: FrameSize, maxSize: Double, minimumScaleFactor: Double = 1, ratio: Double = 0.5, spacing: Double = 0
    ) {
        self.frame = frame
        self.maxSize = maxSize
        self.minimumScaleFactor = minimumScaleFactor
        self.ratio = ratio
        self.spacing = spacing
    }
}
