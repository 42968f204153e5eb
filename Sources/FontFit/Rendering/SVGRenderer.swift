#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a ``RenderScene`` as an SVG document in points.
///
/// Each inked glyph is one `<path>` whose data is the glyph's outline in font units
/// (``/FontEngine/Font/glyphOutline(_:)``), placed by `transform="translate(x y) scale(k -k)"` with
/// k = size / unitsPerEm, so the path data stays on the font's own grid. A colour bitmap glyph
/// (CBDT, sbix), which has no outline, is embedded as its PNG in an `<image>` at its bitmap box.
/// The output depends only on the scene: numbers are written with fixed, trimmed precision.
package enum SVGRenderer {
    /// The SVG document of `scene`: a self-contained UTF-8 string.
    package static func render(_ scene: RenderScene) -> String {
        var writer = SVGWriter()
        return writer.document(scene)
    }
}

private struct SVGWriter {
    /// Path data per font and glyph: a glyph used many times is converted once.
    private var pathCache: [GlyphKey: String] = [:]
    private var imageCache: [GlyphKey: String?] = [:]

    private struct GlyphKey: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
    }

    mutating func document(_ scene: RenderScene) -> String {
        let width = number(scene.width), height = number(scene.height)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">

            """
        if let title = scene.title {
            out += "<title>\(escape(title))</title>\n"
        }
        if scene.background.alpha > 0 {
            out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\"\(paint("fill", scene.background))/>\n"
        }
        for element in scene.elements {
            switch element {
            case .rect(let rect): out += self.rect(rect)
            case .line(let line): out += self.line(line)
            case .text(let text): out += self.text(text)
            }
        }
        out += "</svg>\n"
        return out
    }

    private func rect(_ rect: RenderScene.Rect) -> String {
        let box = rect.box
        let width = max(box.width, 0), height = max(box.height, 0)
        var out = ""
        if let fill = rect.fill {
            out += "<rect \(geometry(x: box.x, y: box.y, width: width, height: height))\(paint("fill", fill))/>\n"
        }
        if let stroke = rect.stroke, rect.strokeWidth > 0 {
            // An inside stroke is a centred one on the box inset by half its width (at most to the
            // box's centre line).
            let inset = rect.strokePosition == .inside ? rect.strokeWidth / 2 : 0
            let insetX = min(inset, width / 2), insetY = min(inset, height / 2)
            let edges = geometry(
                x: box.x + insetX, y: box.y + insetY, width: width - 2 * insetX, height: height - 2 * insetY)
            out += "<rect \(edges) fill=\"none\"\(paint("stroke", stroke)) "
                + "stroke-width=\"\(number(rect.strokeWidth))\"\(dash(rect.dash))/>\n"
        }
        return out
    }

    private func geometry(x: Double, y: Double, width: Double, height: Double) -> String {
        "x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\""
    }

    private func line(_ line: RenderScene.Line) -> String {
        "<line x1=\"\(number(line.x1))\" y1=\"\(number(line.y1))\" x2=\"\(number(line.x2))\" "
            + "y2=\"\(number(line.y2))\"\(paint("stroke", line.color)) stroke-width=\"\(number(line.width))\""
            + "\(dash(line.dash))/>\n"
    }

    private mutating func text(_ text: RenderScene.Text) -> String {
        guard text.size.isFinite, text.size > 0 else { return "" }
        let font = ObjectIdentifier(text.font)
        let scale = text.size / Double(text.font.face.unitsPerEm)
        var body = ""
        for positioned in text.glyphs {
            let key = GlyphKey(font: font, glyph: positioned.glyph)
            let data = pathCache[key] ?? {
                let data = pathData(text.font.glyphOutline(positioned.glyph))
                pathCache[key] = data
                return data
            }()
            if !data.isEmpty {
                body += "<path transform=\"translate(\(number(positioned.x)) \(number(positioned.y))) "
                    + "scale(\(number(scale, decimals: 8)) \(number(-scale, decimals: 8)))\" d=\"\(data)\"/>\n"
            } else if let image = bitmapImage(key, font: text.font), let bounds = text.font.glyphBounds(positioned.glyph) {
                let x = positioned.x + Double(bounds.xMin) * scale, y = positioned.y - Double(bounds.yMax) * scale
                body += "<image x=\"\(number(x))\" y=\"\(number(y))\" "
                    + "width=\"\(number(Double(bounds.xMax - bounds.xMin) * scale))\" "
                    + "height=\"\(number(Double(bounds.yMax - bounds.yMin) * scale))\" "
                    + "preserveAspectRatio=\"none\"\(opacity(text.color)) xlink:href=\"\(image)\"/>\n"
            }
        }
        guard !body.isEmpty else { return "" }
        return "<g\(paint("fill", text.color))>\n\(body)</g>\n"
    }

    private mutating func bitmapImage(_ key: GlyphKey, font: Font) -> String? {
        if let known = imageCache[key] { return known }
        let image = font.glyphPNG(key.glyph).map { "data:image/png;base64," + $0.base64EncodedString() }
        imageCache[key] = image
        return image
    }

    /// SVG path data for an outline in font units (y up, as stored): the transform flips it.
    private func pathData(_ outline: GlyphOutline) -> String {
        var data = ""
        for element in outline.elements {
            switch element {
            case .moveTo(let x, let y):
                data += "M\(unit(x)) \(unit(y))"
            case .lineTo(let x, let y):
                data += "L\(unit(x)) \(unit(y))"
            case .quadTo(let cx, let cy, let x, let y):
                data += "Q\(unit(cx)) \(unit(cy)) \(unit(x)) \(unit(y))"
            case .cubicTo(let c1x, let c1y, let c2x, let c2y, let x, let y):
                data += "C\(unit(c1x)) \(unit(c1y)) \(unit(c2x)) \(unit(c2y)) \(unit(x)) \(unit(y))"
            case .close:
                data += "Z"
            }
        }
        return data
    }

    private func unit(_ value: Double) -> String { number(value, decimals: 2) }

    /// ` fill="#rrggbb"` (or stroke), with an opacity attribute when the colour is translucent.
    private func paint(_ attribute: String, _ color: RGBAColor) -> String {
        var out = " \(attribute)=\"\(color.hexString)\""
        if color.alpha < 255 { out += " \(attribute)-opacity=\"\(number(Double(color.alpha) / 255, decimals: 4))\"" }
        return out
    }

    private func opacity(_ color: RGBAColor) -> String {
        color.alpha < 255 ? " opacity=\"\(number(Double(color.alpha) / 255, decimals: 4))\"" : ""
    }

    private func dash(_ pattern: [Double]) -> String {
        // As in the PNG: a negative or non-finite length, or no positive one, means a solid stroke.
        guard pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), pattern.contains(where: { $0 > 0 }) else { return "" }
        return " stroke-dasharray=\"\(pattern.map { number($0) }.joined(separator: " "))\""
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no way to write other control characters, even escaped.
            case _ where character.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }):
                break
            default: out.append(character)
            }
        }
        return out
    }
}

/// A number rounded to `decimals` places and written without trailing zeros, exponent or "-0",
/// identically on every platform and locale.
private func number(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let scaled = (abs(value) * factor).rounded()
    guard scaled < 9e15 else { return wholeNumberString(value) }
    let units = Int64(scaled)
    guard units != 0 else { return "0" }
    let whole = units / Int64(factor), fraction = units % Int64(factor)
    var out = (value < 0 ? "-" : "") + String(whole)
    if fraction != 0 {
        var digits = String(fraction)
        digits = String(repeating: "0", count: decimals - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        out += "." + digits
    }
    return out
}
