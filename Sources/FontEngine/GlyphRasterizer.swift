internal import CFontFitFreeType
internal import CFontFitHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An 8-bit sRGB colour with straight (not premultiplied) alpha.
public struct RGBAColor: Sendable, Hashable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque), not premultiplied.
    public var alpha: UInt8

    /// A colour from its sRGB components; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    /// Fully transparent.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// A glyph and its pen position on the baseline, in a y-down coordinate system (pixels for
/// the rasteriser, points in a scene).
package struct PositionedGlyph: Sendable, Hashable {
    /// The glyph ID in the font.
    package var glyph: UInt32
    /// The pen's x on the baseline, in points.
    package var x: Double
    /// The baseline's y, in points, growing down.
    package var y: Double

    /// A glyph drawn with its origin at (x, y).
    package init(glyph: UInt32, x: Double, y: Double) {
        self.glyph = glyph
        self.x = x
        self.y = y
    }
}

/// An RGBA8 raster: rows top to bottom, 4 bytes per pixel (red, green, blue, alpha), straight alpha,
/// sRGB values composited as stored (no linearisation), the way most UI toolkits blend.
package struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width × height × 4` bytes.
    package var pixels: [UInt8]

    /// An image filled with `fill`. Width and height must be at least 1.
    package init(width: Int, height: Int, fill: RGBAColor = .clear) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for index in stride(from: 0, to: width * height * 4, by: 4) {
                buffer[index] = fill.red
                buffer[index + 1] = fill.green
                buffer[index + 2] = fill.blue
                buffer[index + 3] = fill.alpha
            }
            count = width * height * 4
        }
    }

    /// The colour of the pixel in column `x` and row `y` (row 0 at the top).
    package subscript(x x: Int, y y: Int) -> RGBAColor {
        get {
            let index = (y * width + x) * 4
            return RGBAColor(
                red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
        }
        set {
            let index = (y * width + x) * 4
            pixels[index] = newValue.red
            pixels[index + 1] = newValue.green
            pixels[index + 2] = newValue.blue
            pixels[index + 3] = newValue.alpha
        }
    }

    /// Paints `color` over the pixel at `coverage` (0…1) with source-over compositing; pixels outside
    /// the image are ignored.
    package mutating func blend(x: Int, y: Int, color: RGBAColor, coverage: Double = 1) {
        let alpha = Float(color.alpha) / 255 * Float(min(max(coverage, 0), 1))
        blendPremultiplied(
            x: x, y: y, red: Float(color.red) / 255 * alpha, green: Float(color.green) / 255 * alpha,
            blue: Float(color.blue) / 255 * alpha, alpha: alpha)
    }

    /// Source-over with a premultiplied source colour, every channel 0…1.
    mutating func blendPremultiplied(x: Int, y: Int, red: Float, green: Float, blue: Float, alpha: Float) {
        guard alpha > 0, x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 4
        let destinationAlpha = Float(pixels[index + 3]) / 255
        let keep = destinationAlpha * (1 - alpha)
        let outAlpha = alpha + keep
        func channel(_ source: Float, _ offset: Int) -> UInt8 {
            let value = (source + Float(pixels[index + offset]) / 255 * keep) / outAlpha
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
        let red = channel(red, 0), green = channel(green, 1), blue = channel(blue, 2)
        pixels[index] = red
        pixels[index + 1] = green
        pixels[index + 2] = blue
        pixels[index + 3] = UInt8((min(outAlpha, 1) * 255).rounded())
    }
}

/// Draws glyphs into an ``RGBAImage`` with FreeType.
///
/// Outlines are rasterised unhinted (`FT_LOAD_NO_HINTING`, `FT_RENDER_MODE_NORMAL`, 256 levels of
/// coverage) at the exact size, with the pen's fractional position applied as an
/// `FT_Set_Transform` offset, so the ink lands where the outline says, as in the SVG output. The
/// size is an em size in pixels (FreeType's char size at 72 dpi). Colour glyphs (`FT_LOAD_COLOR`:
/// COLR layers, CBDT/sbix bitmaps) keep their own colours; bitmap strikes are scaled from the
/// nearest strike with an area filter.
package final class GlyphRasterizer: Sendable {
    private let freeType: FreeTypeFace
    package let font: Font

    package init(font: Font) throws(FontFitError) {
        self.freeType = try FreeTypeFace(font: font, purpose: "rendering")
        self.font = font
    }

    /// Draws each glyph with its pen at (`x`, `y`) (baseline, image pixels, y down) at `size` pixels
    /// per em, in `color` (colour glyphs keep their colours and take only its alpha). Sizes that are
    /// not finite and positive, or of 16384 pixels and more, draw nothing; sizes are rounded to
    /// 1/64 pixel, as FreeType takes them.
    package func draw(glyphs: [PositionedGlyph], size: Double, color: RGBAColor, into image: inout RGBAImage) {
        guard size.isFinite, size > 0, size < 16384, !glyphs.isEmpty else { return }
        freeType.withFace { face in draw(glyphs: glyphs, size: size, color: color, into: &image, face: face) }
    }

    private func draw(glyphs: [PositionedGlyph], size: Double, color: RGBAColor, into image: inout RGBAImage, face: FT_Face) {
        let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        // Scale from the loaded bitmap's pixels to image pixels (1 for outlines).
        var bitmapScale = 1.0
        // Corrects the scale FreeType settled on (its 16.16 scale, or a ppem it rounded for a
        // TrueType font that asks for integer ppems) to exactly size / unitsPerEm; nil when exact.
        var correction: FT_Matrix?
        if scalable {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0,
                let metrics = face.pointee.size?.pointee.metrics, face.pointee.units_per_EM > 0,
                metrics.x_scale > 0, metrics.y_scale > 0
            else { return }
            let wanted = size * 64 / Double(face.pointee.units_per_EM) * 65536
            let xRatio = wanted / Double(metrics.x_scale), yRatio = wanted / Double(metrics.y_scale)
            if abs(xRatio - 1) > 1e-4 || abs(yRatio - 1) > 1e-4 {
                correction = FT_Matrix(
                    xx: FT_Fixed((xRatio * 65536).rounded()), xy: 0, yx: 0, yy: FT_Fixed((yRatio * 65536).rounded()))
            }
        } else {
            guard let strike = Self.selectStrike(forPixelSize: size, in: face) else { return }
            bitmapScale = size / strike
        }
        // A pen far off any image is skipped (and never overflows a pixel index).
        for positioned in glyphs where abs(positioned.x) < 1e9 && abs(positioned.y) < 1e9 {
            let originX = positioned.x.rounded(.down), originY = positioned.y.rounded(.down)
            if scalable {
                // The fraction of the pen position, in 26.6 and y up, moves the outline before it is
                // rendered.
                var delta = FT_Vector(
                    x: FT_Pos(((positioned.x - originX) * 64).rounded()),
                    y: FT_Pos(-((positioned.y - originY) * 64).rounded()))
                if var matrix = correction {
                    FT_Set_Transform(face, &matrix, &delta)
                } else {
                    FT_Set_Transform(face, nil, &delta)
                }
            } else {
                FT_Set_Transform(face, nil, nil)
            }
            let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_COLOR)
            guard FT_Load_Glyph(face, positioned.glyph, flags) == 0 else { continue }
            let slot = face.pointee.glyph!
            let loadedBitmap = slot.pointee.format == FT_GLYPH_FORMAT_BITMAP
            if !loadedBitmap {
                guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { continue }
                // FreeType renders an outline's whole box; a damaged glyph can span millions of
                // pixels, far more than the image. A glyph whose box is larger
                // than the image is rendered clipped to the image into a buffer no larger than it.
                var box = FT_BBox()
                FT_Outline_Get_CBox(&slot.pointee.outline, &box)
                let boxWidth = (Double(box.xMax) - Double(box.xMin)) / 64 + 2
                let boxHeight = (Double(box.yMax) - Double(box.yMin)) / 64 + 2
                if boxWidth * boxHeight > Double(image.width) * Double(image.height) {
                    drawClipped(slot: slot, box: box, originX: Int(originX), originY: Int(originY), color: color, into: &image)
                    continue
                }
                guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
            }
            guard let source = SourceBitmap(slot.pointee.bitmap, color: color) else { continue }
            if loadedBitmap {
                // A strike (or an embedded bitmap): FreeType places it at the whole-pixel origin;
                // scale and place it here.
                source.drawScaled(
                    into: &image, scale: bitmapScale,
                    left: positioned.x + Double(slot.pointee.bitmap_left) * bitmapScale,
                    top: positioned.y - Double(slot.pointee.bitmap_top) * bitmapScale)
            } else {
                source.draw(
                    into: &image, left: Int(originX) + Int(slot.pointee.bitmap_left),
                    top: Int(originY) - Int(slot.pointee.bitmap_top))
            }
        }
        FT_Set_Transform(face, nil, nil)
    }

    /// Renders the outline in `slot` (its control box `box`, 26.6, y up, pen at whole pixel
    /// (`originX`, `originY`)) in grey levels, only where it overlaps `image`: the outline is moved so
    /// that the overlap's lower-left corner is at (0, 0) and drawn with `FT_Outline_Get_Bitmap` into a
    /// buffer the overlap's size. Colour layers are not composited here (only huge glyphs get here).
    private func drawClipped(
        slot: FT_GlyphSlot, box: FT_BBox, originX: Int, originY: Int, color: RGBAColor, into image: inout RGBAImage
    ) {
        // The glyph's pixels, y up from the pen; floor/ceil of the 26.6 box, kept in Int range.
        func pixels(_ value: FT_Pos, up: Bool) -> Int {
            let whole = (Double(value) / 64).rounded(up ? .up : .down)
            return Int(checked: min(max(whole, -1e12), 1e12)) ?? 0
        }
        let left = max(pixels(box.xMin, up: false), -originX)
        let right = min(pixels(box.xMax, up: true), image.width - originX)
        let top = min(pixels(box.yMax, up: true), originY)
        let bottom = max(pixels(box.yMin, up: false), originY - image.height)
        guard left < right, bottom < top else { return }
        let width = right - left, rows = top - bottom
        var buffer = [UInt8](repeating: 0, count: width * rows)
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(-left * 64), FT_Pos(-bottom * 64))
        buffer.withUnsafeMutableBufferPointer { pixels in
            // One 8-bit coverage bitmap over the buffer: FreeType renders into it, then it is drawn.
            var bitmap = FT_Bitmap()
            bitmap.width = UInt32(width)
            bitmap.rows = UInt32(rows)
            bitmap.pitch = Int32(width)
            bitmap.buffer = pixels.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            guard FT_Outline_Get_Bitmap(slot.pointee.library, &slot.pointee.outline, &bitmap) == 0 else { return }
            SourceBitmap(bitmap, color: color)?.draw(into: &image, left: originX + left, top: originY - top)
        }
    }

    /// Selects the smallest strike at least `size` pixels per em (else the largest) and returns its
    /// pixels per em.
    private static func selectStrike(forPixelSize size: Double, in face: FT_Face) -> Double? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        let strikes = (0..<count).map { (index: $0, ppem: Double(sizes[$0].y_ppem) / 64) }
        guard let strike = strikes.filter({ $0.ppem >= size }).min(by: { $0.ppem < $1.ppem })
                ?? strikes.max(by: { $0.ppem < $1.ppem }),
            strike.ppem > 0, FT_Select_Size(face, FT_Int(strike.index)) == 0
        else { return nil }
        return strike.ppem
    }
}

/// A FreeType bitmap read in place as premultiplied RGBA, with the text colour applied to coverage
/// bitmaps. Nothing is copied: drawing reads only the source pixels that land on the image, so a
/// huge glyph's bitmap needs no second copy at 16 bytes per pixel.
private struct SourceBitmap {
    let width: Int
    let rows: Int
    private let firstRow: UnsafeMutablePointer<UInt8>
    private let pitch: Int
    private let mode: Int32
    private let levels: Float
    private let opacity: Float
    private let tint: (Float, Float, Float)

    /// Valid while FreeType's glyph slot (or the caller's buffer) holds `bitmap`'s pixels.
    init?(_ bitmap: FT_Bitmap, color: RGBAColor) {
        width = Int(bitmap.width)
        rows = Int(bitmap.rows)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return nil }
        pitch = Int(bitmap.pitch)
        // A negative pitch means the rows are stored bottom-up, starting from the last one.
        firstRow = pitch < 0 ? buffer - pitch * (rows - 1) : buffer
        mode = Int32(bitmap.pixel_mode)
        levels = max(Float(bitmap.num_grays) - 1, 1)
        opacity = Float(color.alpha) / 255
        tint = (Float(color.red) / 255, Float(color.green) / 255, Float(color.blue) / 255)
    }

    /// The premultiplied colour of one source pixel, every channel 0…1.
    @inline(__always)
    func pixel(row: Int, column: Int) -> (Float, Float, Float, Float) {
        let line = firstRow + row * pitch
        switch mode {
        case Int32(FT_PIXEL_MODE_BGRA.rawValue):
            let pixel = line + column * 4
            return (Float(pixel[2]) / 255 * opacity, Float(pixel[1]) / 255 * opacity,
                    Float(pixel[0]) / 255 * opacity, Float(pixel[3]) / 255 * opacity)
        case Int32(FT_PIXEL_MODE_GRAY.rawValue):
            let alpha = min(Float(line[column]) / levels, 1) * opacity
            return (tint.0 * alpha, tint.1 * alpha, tint.2 * alpha, alpha)
        case Int32(FT_PIXEL_MODE_MONO.rawValue):
            let alpha: Float = line[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? opacity : 0
            return (tint.0 * alpha, tint.1 * alpha, tint.2 * alpha, alpha)
        default:
            return (0, 0, 0, 0)
        }
    }

    /// One source pixel per image pixel, the top-left at (`left`, `top`); only the part on the
    /// image is read.
    func draw(into image: inout RGBAImage, left: Int, top: Int) {
        let firstRow = max(0, -top), lastRow = min(rows, image.height - top)
        let firstColumn = max(0, -left), lastColumn = min(width, image.width - left)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        for row in firstRow..<lastRow {
            for column in firstColumn..<lastColumn {
                let (red, green, blue, alpha) = pixel(row: row, column: column)
                image.blendPremultiplied(x: left + column, y: top + row, red: red, green: green, blue: blue, alpha: alpha)
            }
        }
    }

    /// Scaled by `scale` with the top-left at (`left`, `top`) in image pixels (fractional): each image
    /// pixel takes the area-weighted average of the source pixels under it.
    func drawScaled(into image: inout RGBAImage, scale: Double, left: Double, top: Double) {
        guard scale > 0 else { return }
        let right = left + Double(width) * scale, bottom = top + Double(rows) * scale
        // Clamped before converting: a far-off or huge bitmap cannot overflow an index.
        func index(_ value: Double, _ limit: Int) -> Int { Int(checked: min(max(value, -1), Double(limit))) ?? 0 }
        let firstX = max(index(left.rounded(.down), image.width), 0), lastX = index(right.rounded(.up), image.width)
        let firstY = max(index(top.rounded(.down), image.height), 0), lastY = index(bottom.rounded(.up), image.height)
        guard firstX < lastX, firstY < lastY else { return }
        // Each image pixel covers 1 / scale² source pixels: the sum is divided by that area.
        let footprint = Float(scale * scale)
        for y in firstY..<lastY {
            let sourceTop = (Double(y) - top) / scale, sourceBottom = (Double(y + 1) - top) / scale
            let rowSpans = Self.spans(from: sourceTop, to: sourceBottom, count: rows)
            for x in firstX..<lastX {
                let sourceLeft = (Double(x) - left) / scale, sourceRight = (Double(x + 1) - left) / scale
                let columnSpans = Self.spans(from: sourceLeft, to: sourceRight, count: width)
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (row, rowWeight) in rowSpans {
                    for (column, columnWeight) in columnSpans {
                        let weight = rowWeight * columnWeight
                        let source = pixel(row: row, column: column)
                        sum.0 += source.0 * weight
                        sum.1 += source.1 * weight
                        sum.2 += source.2 * weight
                        sum.3 += source.3 * weight
                    }
                }
                image.blendPremultiplied(
                    x: x, y: y, red: sum.0 * footprint, green: sum.1 * footprint, blue: sum.2 * footprint,
                    alpha: min(sum.3 * footprint, 1))
            }
        }
    }

    /// The source pixels overlapping [`start`, `end`) and how much of each is covered.
    private static func spans(from start: Double, to end: Double, count: Int) -> [(Int, Float)] {
        let first = max(Int(checked: min(max(start.rounded(.down), 0), Double(count))) ?? 0, 0)
        let last = Int(checked: min(max(end.rounded(.up), 0), Double(count))) ?? 0
        guard first < last else { return [] }
        return (first..<last).compactMap { index in
            let overlap = min(end, Double(index + 1)) - max(start, Double(index))
            return overlap > 0 ? (index, Float(overlap)) : nil
        }
    }
}
