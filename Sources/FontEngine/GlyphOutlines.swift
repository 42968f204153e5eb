internal import CFontFitHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A glyph's outline as HarfBuzz draws it: font units, y growing up, at the font's variation
/// coordinates.
///
/// TrueType (`glyf`) outlines come as lines and quadratic curves, with the implied on-curve points
/// between two off-curve points made explicit; CFF and CFF2 outlines come as lines and cubic curves.
/// Every contour starts with ``Element/moveTo(x:y:)`` and ends with ``Element/close``.
package struct GlyphOutline: Sendable, Hashable {
    /// One drawing instruction of an outline, in font units with y up.
    package enum Element: Sendable, Hashable {
        /// Starts a new contour at a point.
        case moveTo(x: Double, y: Double)
        /// A straight segment to a point.
        case lineTo(x: Double, y: Double)
        /// A quadratic Bézier segment (TrueType) through one control point.
        case quadTo(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic Bézier segment (CFF) through two control points.
        case cubicTo(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        /// Closes the current contour.
        case close
    }

    /// The contours, in FreeType's order.
    package let elements: [Element]

    package init(elements: [Element]) {
        self.elements = elements
    }

    /// Whether the glyph draws nothing (a space, or a glyph that only has a bitmap).
    package var isEmpty: Bool { elements.isEmpty }

    /// The box of every point of the outline, on-curve and control points alike (what a `glyf`
    /// header stores), in font units; nil for an empty outline.
    package var controlBox: (xMin: Double, yMin: Double, xMax: Double, yMax: Double)? {
        var xMin = Double.infinity, yMin = Double.infinity
        var xMax = -Double.infinity, yMax = -Double.infinity
        func add(_ x: Double, _ y: Double) {
            xMin = min(xMin, x)
            yMin = min(yMin, y)
            xMax = max(xMax, x)
            yMax = max(yMax, y)
        }
        for element in elements {
            switch element {
            case .moveTo(let x, let y), .lineTo(let x, let y):
                add(x, y)
            case .quadTo(let cx, let cy, let x, let y):
                add(cx, cy)
                add(x, y)
            case .cubicTo(let c1x, let c1y, let c2x, let c2y, let x, let y):
                add(c1x, c1y)
                add(c2x, c2y)
                add(x, y)
            case .close:
                break
            }
        }
        return xMin <= xMax ? (xMin, yMin, xMax, yMax) : nil
    }
}

extension Font {
    /// The outline of `glyph` in font units, y up, variations applied (`hb_font_get_glyph_shape`).
    /// Empty for a glyph with no outline, or one that exists only as a bitmap (CBDT, sbix).
    package func glyphOutline(_ glyph: UInt32) -> GlyphOutline {
        // The sink lives for this call only; HarfBuzz calls back synchronously, on this thread.
        let sink = OutlineSink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        hb_font_get_glyph_shape(handle, glyph, OutlineSink.funcs.handle, context.toOpaque())
        return GlyphOutline(elements: sink.elements)
    }

    /// The PNG image of a colour bitmap glyph (`CBDT` or `sbix`), or nil when the glyph has none.
    /// Its placement and size in font units are `glyphBounds(_:)`'s.
    public func glyphPNG(_ glyph: UInt32) -> Data? {
        guard let blob = hb_ot_color_glyph_reference_png(handle, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Data(bytes: bytes, count: Int(length))
    }
}

/// Collects the elements HarfBuzz draws for one glyph; reached from the C callbacks through
/// `draw_data`.
private final class OutlineSink {
    var elements: [GlyphOutline.Element] = []

    static func from(_ data: UnsafeMutableRawPointer?) -> OutlineSink {
        Unmanaged<OutlineSink>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The one set of draw callbacks, made immutable once and shared by every call.
    static let funcs: DrawFuncs = {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(
            funcs, { _, data, _, x, y, _ in from(data).elements.append(.moveTo(x: Double(x), y: Double(y))) },
            nil, nil)
        hb_draw_funcs_set_line_to_func(
            funcs, { _, data, _, x, y, _ in from(data).elements.append(.lineTo(x: Double(x), y: Double(y))) },
            nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            funcs,
            { _, data, _, cx, cy, x, y, _ in
                from(data).elements.append(.quadTo(cx: Double(cx), cy: Double(cy), x: Double(x), y: Double(y)))
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            funcs,
            { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                from(data).elements.append(
                    .cubicTo(
                        c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y),
                        x: Double(x), y: Double(y)))
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in from(data).elements.append(.close) }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return DrawFuncs(handle: funcs)
    }()
}

/// Holds the shared `hb_draw_funcs_t` for the life of the process (never destroyed).
private final class DrawFuncs: @unchecked Sendable {
    // @unchecked: the funcs object is made immutable before it is stored, and HarfBuzz documents
    // immutable objects as safe to use from any number of threads. Its callbacks capture nothing;
    // each call's state travels in its own `draw_data`.
    let handle: OpaquePointer

    init(handle: OpaquePointer) {
        self.handle = handle
    }
}
