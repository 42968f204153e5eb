/// How a text scale (`textScales`, `--text-scale`) turns a label's size into the size it is checked at.
package enum FontScaling: String, Sendable, Hashable, CaseIterable {
    /// size × scale: what iOS's and Android 13's font scale do, and WCAG 1.4.4's "200 %".
    case linear
    /// Android 14's non-linear font scaling: large sizes grow less than small ones, from the lookup
    /// tables of `FontScaleConverterFactory` (AOSP `platform/frameworks/base`,
    /// `core/java/android/content/res/FontScaleConverterFactory.java` and
    /// `FontScaleConverterImpl.java`), with sizes read as sp.
    case android14

    /// The size a label of `size` is checked at under `scale`.
    package func size(_ size: Double, scale: Double) -> Double {
        switch self {
        case .linear: size * scale
        case .android14: Self.android14(size, scale: scale)
        }
    }

    /// The branch part of a check at `scale` (contract: branch parts are `dimension=value`); the base
    /// scale 1 has none, so that a spec without `textScales` keeps its identities.
    package static func branchPart(_ scale: Double) -> String? {
        guard scale != 1 else { return nil }
        let text = scale == scale.rounded() && abs(scale) < 1e15 ? String(Int(scale)) : "\(scale)"
        return "textScale=" + text
    }

    /// Font sizes (sp) at which Android 14's tables give the scaled size (dp).
    static let android14Sizes: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// Android 14's tables: font scale → the scaled size of each of `android14Sizes`.
    static let android14Tables: [(scale: Double, sizes: [Double])] = [
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// Android 14's conversion, as `FontScaleConverterFactory.forScale` and
    /// `FontScaleConverterImpl.convertSpToDp` do it:
    /// - a scale below the first table's (1.15) or above the last's (2) is linear;
    /// - a scale is looked up by its hundredths, truncated (`(int) (scale * 100)`), so 1.309 uses the
    ///   1.3 table; between two tables, each size is interpolated linearly between theirs;
    /// - within a table, a size between two of its points is interpolated linearly, a size below
    ///   8 sp between 0 and the first point, and a size above 100 sp is scaled by the last point's
    ///   ratio (1: not scaled at all).
    static func android14(_ size: Double, scale: Double) -> Double {
        let key = Int(Float(scale) * 100)
        let keys = android14Tables.map { Int(Float($0.scale) * 100) }
        let table: [Double]
        if let exact = keys.firstIndex(of: key) {
            table = android14Tables[exact].sizes
        } else if let upper = keys.firstIndex(where: { $0 > key }), upper > 0 {
            let (low, high) = (android14Tables[upper - 1], android14Tables[upper])
            let t = min(1, max(0, (scale - low.scale) / (high.scale - low.scale)))
            table = zip(low.sizes, high.sizes).map { $0 + ($1 - $0) * t }
        } else {
            return size * scale
        }
        return interpolate(size, from: android14Sizes, to: table)
    }

    /// `value` mapped through the points (`from[i]`, `to[i]`), linearly between them.
    static func interpolate(_ value: Double, from: [Double], to: [Double]) -> Double {
        if let exact = from.firstIndex(of: value) { return to[exact] }
        guard let upper = from.firstIndex(where: { $0 > value }) else {
            return value * (to[to.count - 1] / from[from.count - 1])
        }
        let (x0, y0) = upper == 0 ? (0, 0) : (from[upper - 1], to[upper - 1])
        let (x1, y1) = (from[upper], to[upper])
        return y0 + (y1 - y0) * (value - x0) / (x1 - x0)
    }
}
