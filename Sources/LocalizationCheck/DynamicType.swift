/// A text size a label is checked at besides its own: a factor of its size (`textScales: [1.3]`,
/// Android's font scale, WCAG's 200 %), or one of Apple's Dynamic Type sizes for the label's text
/// style (`textScales: [large, accessibility3]` with `textStyle: body`).
package enum TextScale: Sendable, Hashable {
    case factor(Double)
    case dynamicType(DynamicTypeSize)

    /// The label's own size.
    package static let unscaled = TextScale.factor(1)

    /// A spec value or `--text-scale` item: a number, or a Dynamic Type size's name.
    package init?(parsing text: String) {
        if let size = DynamicTypeSize(name: text) {
            self = .dynamicType(size)
        } else if let factor = Double(text), factor.isFinite, factor > 0 {
            self = .factor(factor)
        } else {
            return nil
        }
    }

    /// The branch part of a check at this scale (contract: `dimension=value`). The label's own size —
    /// factor 1, or Dynamic Type's default `large` — has none, so that a spec without scales keeps
    /// its identities.
    package var branchPart: String? {
        switch self {
        case .factor(let scale): FontScaling.branchPart(scale)
        case .dynamicType(.large): nil
        case .dynamicType(let size): "dynamicType=" + size.name
        }
    }

    /// The size a label of `size` is checked at: the factor under `scaling`, or the text style's
    /// size at this Dynamic Type size as UIKit's `UIFontMetrics(forTextStyle:).scaledValue(for:)`
    /// scales a custom size: in proportion to the style's own size at `large`.
    package func size(_ size: Double, scaling: FontScaling, style: AppleTextStyle) -> Double {
        switch self {
        case .factor(1): size
        case .factor(let scale): scaling.size(size, scale: scale)
        case .dynamicType(let category):
            size == style.size(at: .large) ? style.size(at: category) : size * style.size(at: category) / style.size(at: .large)
        }
    }
}

/// The content size categories of iOS and iPadOS, smallest first: the seven standard sizes and the
/// five accessibility sizes (Settings › Accessibility › Larger Text).
package enum DynamicTypeSize: Int, Sendable, Hashable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The name specs use; `AX1`…`AX5` and SwiftUI's `accessibility1`…`accessibility5` both parse.
    package var name: String { String(describing: self) }

    init?(name: String) {
        let lowered = name.lowercased()
        if lowered.hasPrefix("ax"), let level = Int(lowered.dropFirst(2)), (1...5).contains(level) {
            self.init(rawValue: Self.accessibility1.rawValue + level - 1)
            return
        }
        guard let size = Self.allCases.first(where: { $0.name.lowercased() == lowered }) else { return nil }
        self = size
    }
}

/// Apple's text styles (UIKit's `UIFont.TextStyle`, SwiftUI's `Font.TextStyle`) and their point sizes
/// at each Dynamic Type size, from Apple's Human Interface Guidelines (Typography › Specifications ›
/// Dynamic Type sizes, iOS and iPadOS).
package enum AppleTextStyle: String, Sendable, Hashable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// SwiftUI's names too: `title` is `title1`, `caption` is `caption1`, `subhead` is `subheadline`.
    init?(name: String) {
        switch name {
        case "title": self = .title1
        case "caption": self = .caption1
        case "subhead": self = .subheadline
        default: self.init(rawValue: name)
        }
    }

    /// The style's size in points at `category`.
    package func size(at category: DynamicTypeSize) -> Double { Self.sizes[self]![category.rawValue] }

    /// xSmall, Small, Medium, Large (the default), xLarge, xxLarge, xxxLarge, AX1…AX5.
    static let sizes: [AppleTextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41],
    ]
}

/// A number written where a scale goes is a factor: `[1, 1.3, 2]`.
extension TextScale: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    package init(floatLiteral value: Double) { self = .factor(value) }
    package init(integerLiteral value: Int) { self = .factor(Double(value)) }
}
