/// One row of a stack: single-line text measured at unit size (size 1, so widths are in em).
package struct StackRow: Sendable, Hashable {
    /// The row's width at unit size, in the stack's bounds (advance width, or ink width).
    package var width: Double
    /// The width of the hidden template the row is sized by ("1/1000s" behind "1/5s");
    /// the row is laid out as if it showed the template whenever that is wider.
    package var templateWidth: Double?
    /// Distance from the row box's left edge to where the text's pen starts, at unit size (in ink
    /// bounds, minus the ink's left bearing; 0 for line boxes).
    package var leadingOffset: Double
    /// The row's font size relative to the shared size (1 = the shared size).
    package var weight: Double
    package var alignment: LineAlignment
    /// The row's own line box at unit size, when its fonts make it taller than the stack's shared
    /// extent (a fallback font on this row only); nil takes the shared one.
    package var extent: RowExtent?

    package init(
        width: Double, templateWidth: Double? = nil, leadingOffset: Double = 0, weight: Double = 1,
        alignment: LineAlignment = .leading, extent: RowExtent? = nil
    ) {
        self.width = width
        self.templateWidth = templateWidth
        self.leadingOffset = leadingOffset
        self.weight = weight
        self.alignment = alignment
        self.extent = extent
    }

    /// The width the row claims at unit size: its own or its template's, whichever is wider, × weight.
    package var claimedWidth: Double { max(width, templateWidth ?? 0) * weight }
}

/// The vertical extent every row shares at unit size: the line box (ascent + descent + lineGap), or
/// in ink bounds the union of the rows' ink, so that rows of equal weight always have equal heights.
package struct RowExtent: Sendable, Hashable {
    /// Distance from the top of a row box to the baseline, at unit size.
    package var ascent: Double
    /// Row box height at unit size.
    package var height: Double

    package init(ascent: Double, height: Double) {
        self.ascent = ascent
        self.height = height
    }
}

/// Space between rows.
public enum RowSpacing: Sendable, Hashable {
    /// A fixed number of points.
    case points(Double)
    /// A multiple of the row height at the shared size (it scales with the text).
    case rowHeights(Double)
}

package struct StackConstraints: Sendable {
    package var maxSize: Double
    package var minimumScaleFactor: Double = 1
    package var frameWidth: Double = .infinity
    package var frameHeight: Double = .infinity
    package var spacing: RowSpacing = .points(0)
    /// Every row frame gets the widest row's width, text aligned inside.
    package var equalWidth = false
    /// Device pixels per point (2 or 3 for @2x/@3x); nil leaves sizes and frames exact.
    package var pixelScale: Double?

    package init(
        maxSize: Double, minimumScaleFactor: Double = 1, frameWidth: Double = .infinity,
        frameHeight: Double = .infinity, spacing: RowSpacing = .points(0), equalWidth: Bool = false,
        pixelScale: Double? = nil
    ) {
        self.maxSize = maxSize
        self.minimumScaleFactor = minimumScaleFactor
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.spacing = spacing
        self.equalWidth = equalWidth
        self.pixelScale = pixelScale
    }
}

/// Where a row of a fitted stack goes, in points (y grows down, origin at the stack's top-left).
package struct StackRowFrame: Sendable, Hashable {
    /// The left edge, in points.
    package var x: Double
    /// The top edge.
    package var y: Double
    /// The row's width.
    package var width: Double
    /// The row's line height.
    package var height: Double
    /// The y of the row's baseline.
    package var baseline: Double
    /// Where the text's pen starts (the frame's x plus the alignment inside it).
    package var textX: Double
    /// The row's font size: the shared size × its weight.
    package var size: Double
}

/// Rows sharing one size: the size, and where each row stands.
package struct StackPlacement: Sendable {
    /// The shared size (a row of weight w is drawn at size × w).
    package var size: Double
    /// `size / maxSize`.
    package var scale: Double
    /// True when every row fits the frame at ``size``.
    package var fits: Bool
    /// The width the rows use (the widest row's extent).
    package var width: Double
    /// The height of all rows with their spacing.
    package var height: Double
    /// Each row's frame, top to bottom.
    package var rows: [StackRowFrame]
}

/// Rows of single-line text sharing one size, computed directly rather than by each row shrinking
/// on its own (SwiftUI) or the group following its smallest member a frame late (Flutter):
///
///   s = min(maxSize, min over rows of W / wᵢ, (H − spacing) / Σ hᵢ)
///
/// with wᵢ the row's claimed width (its template's when wider) and hᵢ its height, both at unit size
/// and × weight. With a pixel scale, s is lowered until the base row height is a whole number of
/// device pixels, so equal-weight rows get identical pixel heights and nothing overflows.
package enum StackFitter {
    /// Relative error of a row's width at the size computed from it (W / w × w ≠ W exactly).
    static let roundingSlack = 1e-12

    package static func fit(_ rows: [StackRow], extent: RowExtent, options: StackConstraints) -> StackPlacement {
        let pixel = options.pixelScale
        // On a pixel grid the usable frame is the whole pixels inside it.
        let frameWidth = snapDown(options.frameWidth, pixel)
        let frameHeight = snapDown(options.frameHeight, pixel)
        let totalWeight = rows.reduce(0) { $0 + $1.weight }
        // Σ weight × row height at unit size: rows with their own line box count theirs.
        let totalHeight = rows.reduce(0) { $0 + $1.weight * ($1.extent ?? extent).height }
        let gaps = Double(max(rows.count - 1, 0))
        let widest = rows.map(\.claimedWidth).max() ?? 0

        var size = options.maxSize
        if widest > 0 { size = min(size, frameWidth / widest) }
        switch options.spacing {
        case .points(let points):
            size = min(size, (frameHeight - gaps * points) / totalHeight)
        case .rowHeights(let multiple):
            size = min(size, frameHeight / (totalHeight + gaps * multiple * extent.height))
        }
        if let pixel {
            // The smallest row (weight 1) spans a whole number of device pixels.
            size = (size * extent.height * pixel * (1 + 1e-12)).rounded(.down) / (extent.height * pixel)
        }
        let minimum = options.maxSize * options.minimumScaleFactor
        var fits = size >= minimum * (1 - 1e-12)
        if !fits { size = minimum }
        var result = layout(rows, extent: extent, options: options, size: size, frameWidth: frameWidth)
        // Rows of other weights round up to whole pixels; if that pushed the stack past the frame,
        // step the size down one device pixel of row height at a time.
        while let pixel, fits, result.height > frameHeight {
            let steps = (size * extent.height * pixel).rounded(.down) - 1
            guard steps > 0, steps / (extent.height * pixel) >= minimum else { fits = false; break }
            size = steps / (extent.height * pixel)
            result = layout(rows, extent: extent, options: options, size: size, frameWidth: frameWidth)
        }
        result.fits = fits
        return result
    }

    private static func layout(
        _ rows: [StackRow], extent: RowExtent, options: StackConstraints, size: Double, frameWidth: Double
    ) -> StackPlacement {
        let pixel = options.pixelScale
        let gap: Double =
            switch options.spacing {
            case .points(let points): snapDown(points, pixel)
            case .rowHeights(let multiple): snapDown(multiple * extent.height * size, pixel)
            }
        let rowWidths = rows.map { snapUp($0.claimedWidth * size, pixel) }
        // The stack is as wide as its rows: the frame's width caps it only against rounding (a row
        // at size W / w is W × (1 ± ε) wide), so that a stack that does not fit reports its rows'
        // width and no row starts at negative x (FuzzLayout checks both).
        let widest = rowWidths.max() ?? 0
        let stackWidth = widest > frameWidth * (1 + StackFitter.roundingSlack) ? widest : min(frameWidth, widest)
        var frames: [StackRowFrame] = []
        var y = 0.0
        for (row, claimed) in zip(rows, rowWidths) {
            let own = row.extent ?? extent
            let height = snapUp(own.height * row.weight * size, pixel)
            let width = options.equalWidth ? stackWidth : min(claimed, stackWidth)
            let x = snap(row.alignment.offset(of: width, in: stackWidth), pixel)
            let textWidth = row.width * row.weight * size
            let textX = x + row.alignment.offset(of: textWidth, in: width) + row.leadingOffset * row.weight * size
            frames.append(
                StackRowFrame(
                    x: x, y: y, width: width, height: height, baseline: y + own.ascent * row.weight * size,
                    textX: textX, size: size * row.weight))
            y += height + gap
        }
        let height = frames.last.map { $0.y + $0.height } ?? 0
        return StackPlacement(
            size: size, scale: size / options.maxSize, fits: true, width: stackWidth, height: height, rows: frames)
    }

    private static func snapDown(_ value: Double, _ pixel: Double?) -> Double {
        guard let pixel, value.isFinite else { return value }
        return (value * pixel * (1 + 1e-12)).rounded(.down) / pixel
    }

    private static func snapUp(_ value: Double, _ pixel: Double?) -> Double {
        guard let pixel, value.isFinite else { return value }
        return (value * pixel * (1 - 1e-12)).rounded(.up) / pixel
    }

    private static func snap(_ value: Double, _ pixel: Double?) -> Double {
        guard let pixel, value.isFinite else { return value }
        return (value * pixel).rounded() / pixel
    }
}
