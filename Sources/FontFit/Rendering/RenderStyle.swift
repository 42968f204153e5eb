/// How a layout is drawn: `debug`, the layout made visible (the frame in red, line and row
/// boxes in blue, baselines in green, an 8 pt margin), or `clean`, only the text — what a server
/// making Open Graph cards, badges or thumbnails wants.
public struct RenderStyle: Sendable, Hashable {
    /// What a picture shows besides the text.
    public enum Look: String, Sendable, Hashable, CaseIterable {
        /// The frame, line boxes and baselines drawn over the text, with a margin.
        case debug
        /// The text alone.
        case clean
    }

    /// Where the laid-out block stands in the frame's height when it is shorter (clean pictures).
    public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable {
        /// At the top of the frame.
        case top
        /// Centred in the frame's height.
        case center
        /// At the bottom of the frame.
        case bottom
    }

    /// Debug overlay or clean text.
    public var look: Look
    /// The colour of the glyphs.
    public var textColor: RGBAColor
    /// `.clear` leaves the canvas transparent.
    public var background: RGBAColor
    /// The canvas in points; nil makes it the frame (or the used area where the frame is
    /// unbounded) plus the padding, or plus the debug margin.
    public var canvas: FrameSize?
    /// Where the text block stands in a taller frame.
    public var verticalAlignment: VerticalAlignment
    /// Space in points between the canvas's edges and the frame (clean pictures).
    public var padding: Double

    /// A style; the defaults are the debug look, black on white, the frame as the canvas.
    public init(
        look: Look = .debug, textColor: RGBAColor = .black, background: RGBAColor = .white, canvas: FrameSize? = nil,
        verticalAlignment: VerticalAlignment = .top, padding: Double = 0
    ) {
        self.look = look
        self.textColor = textColor
        self.background = background
        self.canvas = canvas
        self.verticalAlignment = verticalAlignment
        self.padding = padding
    }

    /// The frame, line and row boxes and baselines drawn over the text: the default style.
    public static let debug = RenderStyle()

    /// Only the text, in `textColor` on `background`.
    public static func clean(
        textColor: RGBAColor = .black, background: RGBAColor = .white, canvas: FrameSize? = nil,
        verticalAlignment: VerticalAlignment = .top, padding: Double = 0
    ) -> RenderStyle {
        RenderStyle(
            look: .clean, textColor: textColor, background: background, canvas: canvas,
            verticalAlignment: verticalAlignment, padding: padding)
    }

    var drawsOverlay: Bool { look == .debug }
}

extension RGBAColor {
    /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` (the `#` optional) or `transparent`.
    public init?(parsing text: String) {
        if text.lowercased() == "transparent" {
            self = .clear
            return
        }
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(
            red: UInt8(full >> 24), green: UInt8(truncatingIfNeeded: full >> 16), blue: UInt8(truncatingIfNeeded: full >> 8),
            alpha: UInt8(truncatingIfNeeded: full))
    }
}
