import Foundation
import Testing

/// Clean pictures (issue 10): `render --style clean --background transparent` draws only the text,
/// read back by an independent decoder (scripts/png-to-rgba).
@Suite struct CleanRenderTests {
    /// Only the text colour (at any coverage) and transparency appear, and every inked pixel lies in
    /// a line box the JSON reports, moved by the padding and the vertical alignment.
    @Test func transparentCardHoldsOnlyTheTextInsideItsLines() throws {
        let fitArguments = ["Ship text that fits", "--frame", "520x235", "--size", "80", "--min-scale", "0.1", "--align", "center"]
        let json = try CLIRunner.json(["fit"] + fitArguments)
        let lines = (json["lines"] as! [[String: Any]]).map { line in ["x", "y", "width"].map { (line[$0] as! NSNumber).doubleValue } }
        let size = (json["size"] as! NSNumber).doubleValue
        let used = (json["height"] as! NSNumber).doubleValue
        let lineHeight = used / Double(lines.count)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-clean-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("card.png").path
        let padding = 40.0
        let rendered = try CLIRunner.run(["render", "fit"] + fitArguments + [
            "--style", "clean", "--background", "transparent", "--color", "#1d4ed8", "--canvas", "600x315",
            "--padding", String(padding), "--valign", "center", "--png-scale", "1", "-o", png,
        ])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let image = try decodePNG(png)
        #expect(image.width == 600 && image.height == 315)
        let top = padding + (235 - used) / 2  // centred in the frame's height
        var inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let index = (y * image.width + x) * 4
                let (red, green, blue, alpha) = (image.pixels[index], image.pixels[index + 1], image.pixels[index + 2], image.pixels[index + 3])
                if alpha == 0 { continue }
                // Only the text colour, at whatever coverage.
                #expect((red, green, blue) == (0x1d, 0x4e, 0xd8), "pixel (\(x), \(y)) is \(red),\(green),\(blue)")
                if (red, green, blue) != (0x1d, 0x4e, 0xd8) { return }
                inked += 1
                let px = Double(x) + 0.5 - padding, py = Double(y) + 0.5 - top
                let inside = lines.contains { line in
                    px >= line[0] - 1 && px <= line[0] + line[2] + 1 && py >= line[1] - 1 && py <= line[1] + lineHeight + 1
                }
                #expect(inside, "ink at (\(px), \(py)) outside the lines at \(size) pt")
                if !inside { return }
            }
        }
        #expect(inked > 2000)
    }
}
