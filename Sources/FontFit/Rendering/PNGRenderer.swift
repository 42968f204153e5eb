#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Draws a ``RenderScene`` into pixels at its ``RenderScene/pixelScale`` and encodes them as PNG.
///
/// Glyphs are rasterised by FreeType (unhinted, antialiased, subpixel
/// positioned). Rectangle and line strokes are pixel-aligned bands, without antialiasing, as wide as
/// strokeWidth × pixelScale rounded (at least one device pixel): inside a rectangle's edges for
/// ``RenderScene/StrokePosition/inside`` (a 1 pt frame at @2x covers the two device pixels just
/// inside its box), centred on them for ``RenderScene/StrokePosition/centered``. A band or fill
/// covers the device pixels whose centres fall in it. A slanted line is antialiased.
package enum PNGRenderer {
    /// The largest image side, in device pixels.
    package static let maximumDimension = 32768
    /// The largest image, in device pixels (256 MB of RGBA).
    package static let maximumPixelCount = 1 << 26

    /// The image size in device pixels: the canvas size × pixelScale, rounded up.
    package static func pixelSize(of scene: RenderScene) -> (width: Int, height: Int) {
        func device(_ points: Double) -> Int {
            let pixels = points * scene.pixelScale
            guard pixels.isFinite, pixels > 0 else { return 0 }
            // Forgive the floating-point error of a product such as 0.1 × 30.
            return Int(min((pixels * 1e6).rounded() / 1e6, 1e9).rounded(.up))
        }
        return (device(scene.width), device(scene.height))
    }

    /// The scene's pixels, as the PNG holds them.
    package static func rasterize(_ scene: RenderScene) throws(FontFitError) -> RGBAImage {
        guard scene.pixelScale.isFinite, scene.pixelScale > 0 else {
            throw .invalidValue(name: "pixel scale", value: "\(scene.pixelScale)", expected: "a finite number above 0")
        }
        let (width, height) = pixelSize(of: scene)
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height),
            width * height <= maximumPixelCount
        else {
            throw .invalidValue(
                name: "canvas", value: "\(scene.width)×\(scene.height) pt at \(scene.pixelScale)x",
                expected: "1…\(maximumDimension) device pixels on each side and at most "
                    + "\(maximumPixelCount) pixels in all")
        }
        var canvas = Canvas(image: RGBAImage(width: width, height: height, fill: scene.background),
                            scale: scene.pixelScale)
        var rasterizers: [ObjectIdentifier: GlyphRasterizer] = [:]
        for element in scene.elements {
            switch element {
            case .rect(let rect):
                canvas.draw(rect)
            case .line(let line):
                canvas.draw(line)
            case .text(let text):
                let key = ObjectIdentifier(text.font)
                let rasterizer: GlyphRasterizer
                if let known = rasterizers[key] {
                    rasterizer = known
                } else {
                    rasterizer = try GlyphRasterizer(font: text.font)
                    rasterizers[key] = rasterizer
                }
                let glyphs = text.glyphs.map {
                    PositionedGlyph(glyph: $0.glyph, x: $0.x * scene.pixelScale, y: $0.y * scene.pixelScale)
                }
                rasterizer.draw(
                    glyphs: glyphs, size: text.size * scene.pixelScale, color: text.color, into: &canvas.image)
            }
        }
        return canvas.image
    }

    /// The scene as PNG bytes (8-bit RGBA).
    package static func render(_ scene: RenderScene) throws(FontFitError) -> Data {
        try PNGEncoder.encode(try rasterize(scene))
    }
}

/// Pixel-aligned strokes and fills in device pixels.
private struct Canvas {
    var image: RGBAImage
    let scale: Double

    /// A device coordinate as a pixel index, kept far enough from Int's limits that scene values
    /// far off the canvas cannot overflow (the canvas is at most 32768 pixels wide).
    private func pixelIndex(_ position: Double) -> Int {
        Int(min(max(position, -1e7), 1e7))
    }

    /// The first device pixel whose centre is at or after `position`.
    private func firstPixel(from position: Double) -> Int {
        pixelIndex((position - 0.5).rounded(.up))
    }

    /// The device pixels whose centres lie in [`start`, `end`).
    private func pixels(from start: Double, to end: Double) -> Range<Int> {
        let first = firstPixel(from: start)
        return first..<max(first, firstPixel(from: end))
    }

    /// The device pixels a stroke of `width` pixels centred on `edge` covers.
    private func band(_ edge: Double, width: Int) -> Range<Int> {
        let start = firstPixel(from: edge - Double(width) / 2)
        return start..<(start + width)
    }

    /// A stroke width in whole device pixels, at least 1.
    private func strokePixels(_ width: Double) -> Int {
        max(1, pixelIndex((width * scale).rounded()))
    }

    private func clamped(_ range: Range<Int>, to limit: Int) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), limit), upper = min(max(range.upperBound, 0), limit)
        return lower..<max(lower, upper)
    }

    mutating func draw(_ rect: RenderScene.Rect) {
        let box = rect.box
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return }
        let x0 = box.x * scale, y0 = box.y * scale
        let x1 = (box.x + max(box.width, 0)) * scale, y1 = (box.y + max(box.height, 0)) * scale
        if let fill = rect.fill {
            let columns = clamped(pixels(from: x0, to: x1), to: image.width)
            for y in clamped(pixels(from: y0, to: y1), to: image.height) {
                for x in columns { image.blend(x: x, y: y, color: fill) }
            }
        }
        guard let stroke = rect.stroke, rect.strokeWidth > 0, rect.strokeWidth.isFinite else { return }
        let width = strokePixels(rect.strokeWidth)
        let left: Range<Int>, right: Range<Int>, top: Range<Int>, bottom: Range<Int>
        switch rect.strokePosition {
        case .centered:
            (left, right) = (band(x0, width: width), band(x1, width: width))
            (top, bottom) = (band(y0, width: width), band(y1, width: width))
        case .inside:
            let firstX = firstPixel(from: x0), endX = max(firstX, firstPixel(from: x1))
            let firstY = firstPixel(from: y0), endY = max(firstY, firstPixel(from: y1))
            // A box narrower than two strokes is filled by them.
            (left, right) = (firstX..<min(firstX + width, endX), max(endX - width, firstX)..<endX)
            (top, bottom) = (firstY..<min(firstY + width, endY), max(endY - width, firstY)..<endY)
        }
        guard !left.isEmpty, !top.isEmpty else { return }
        let dash = Dash(rect.dash, scale: scale)
        let visibleLeft = clamped(left, to: image.width), visibleRight = clamped(right, to: image.width)
        // Each pixel is painted once, even where the bands meet or overlap. Dashes are measured from
        // the outer corner of each band.
        for y in clamped(top.lowerBound..<bottom.upperBound, to: image.height) {
            if top.contains(y) || bottom.contains(y) {
                for x in clamped(left.lowerBound..<right.upperBound, to: image.width)
                where dash.isOn(Double(x - left.lowerBound) + 0.5) {
                    image.blend(x: x, y: y, color: stroke)
                }
            } else if dash.isOn(Double(y - top.lowerBound) + 0.5) {
                for x in visibleLeft { image.blend(x: x, y: y, color: stroke) }
                for x in visibleRight where !left.contains(x) { image.blend(x: x, y: y, color: stroke) }
            }
        }
    }

    mutating func draw(_ line: RenderScene.Line) {
        guard [line.x1, line.y1, line.x2, line.y2, line.width].allSatisfy(\.isFinite), line.width > 0 else {
            return
        }
        let x1 = line.x1 * scale, y1 = line.y1 * scale, x2 = line.x2 * scale, y2 = line.y2 * scale
        let width = strokePixels(line.width)
        let dash = Dash(line.dash, scale: scale)
        if y1 == y2 {
            let start = min(x1, x2), first = firstPixel(from: start)
            for y in clamped(band(y1, width: width), to: image.height) {
                for x in clamped(pixels(from: start, to: max(x1, x2)), to: image.width)
                where dash.isOn(Double(x - first) + 0.5) {
                    image.blend(x: x, y: y, color: line.color)
                }
            }
        } else if x1 == x2 {
            let start = min(y1, y2), first = firstPixel(from: start)
            for y in clamped(pixels(from: start, to: max(y1, y2)), to: image.height)
            where dash.isOn(Double(y - first) + 0.5) {
                for x in clamped(band(x1, width: width), to: image.width) {
                    image.blend(x: x, y: y, color: line.color)
                }
            }
        } else {
            // Coverage falls off over one pixel at the stroke's sides; ends are butt.
            let half = Double(width) / 2
            let dx = x2 - x1, dy = y2 - y1, length = (dx * dx + dy * dy).squareRoot()
            let columns = clamped(
                pixelIndex((min(x1, x2) - half - 1).rounded(.down))..<pixelIndex((max(x1, x2) + half + 1).rounded(.up)),
                to: image.width)
            let rows = clamped(
                pixelIndex((min(y1, y2) - half - 1).rounded(.down))..<pixelIndex((max(y1, y2) + half + 1).rounded(.up)),
                to: image.height)
            for y in rows {
                for x in columns {
                    let px = Double(x) + 0.5 - x1, py = Double(y) + 0.5 - y1
                    let along = (px * dx + py * dy) / length
                    guard along >= 0, along <= length, dash.isOn(along) else { continue }
                    let across = abs(px * dy - py * dx) / length
                    let coverage = min(max(half + 0.5 - across, 0), 1)
                    if coverage > 0 { image.blend(x: x, y: y, color: line.color, coverage: coverage) }
                }
            }
        }
    }
}

/// A dash pattern in device pixels: which points along a stroke are painted.
private struct Dash {
    /// On and off lengths, alternating, starting with on; empty for a solid stroke.
    private let lengths: [Double]
    private let period: Double

    init(_ pattern: [Double], scale: Double) {
        var lengths = pattern.map { $0 * scale }
        // Like SVG: a negative or non-finite length, or an all-zero pattern, means solid; an odd
        // count repeats.
        if lengths.contains(where: { !$0.isFinite || $0 < 0 }) { lengths = [] }
        if lengths.count % 2 == 1 { lengths += lengths }
        let period = lengths.reduce(0, +)
        self.lengths = period > 0 ? lengths : []
        self.period = period
    }

    func isOn(_ distance: Double) -> Bool {
        guard !lengths.isEmpty else { return true }
        var position = distance.truncatingRemainder(dividingBy: period)
        if position < 0 { position += period }
        for (index, length) in lengths.enumerated() {
            if position < length { return index % 2 == 0 }
            position -= length
        }
        return true
    }
}
