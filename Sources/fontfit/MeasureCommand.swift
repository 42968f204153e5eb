import ArgumentParser
import FontFit

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure one line of text at a point size: advance width, line metrics, ink bounds.")

    @OptionGroup var input: TextInput
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @Option(help: "Font size in points (the em size).") var size: Double = 12
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let text = try input.read()
        try checkSize(size, option: "--size")
        let font = try fontOptions.load()
        let measurement = try font.measure(text, size: size, options: try shaping.options())
        if !measurement.missing.isEmpty {
            warn("\(fontOptions.fontPath) has no glyph for "
                + measurement.missing.map(codePointLabel).joined(separator: ", "))
        }
        if json {
            print(Self.json(measurement).serialized)
        } else {
            Self.printHuman(measurement, font: font)
        }
    }

    static func json(_ measurement: LineMeasurement) -> JSONValue {
        let metrics = measurement.metrics
        let ink = measurement.ink ?? Box(x: 0, y: metrics.ascent, width: 0, height: 0)
        return .object([
            ("size", .number(measurement.size)), ("unitsPerEm", .integer(measurement.unitsPerEm)),
            ("width", .number(measurement.width)), ("ascent", .number(metrics.ascent)),
            ("descent", .number(metrics.descent)), ("lineGap", .number(metrics.lineGap)),
            ("lineHeight", .number(metrics.lineHeight)),
            ("ink", .object([("x", .number(ink.x)), ("y", .number(ink.y)),
                             ("width", .number(ink.width)), ("height", .number(ink.height))])),
            ("glyphCount", .integer(measurement.glyphCount)),
            ("missing", .array(measurement.missing.map { .string(codePointLabel($0)) })),
        ])
    }

    static func printHuman(_ measurement: LineMeasurement, font: Font) {
        let info = font.info
        let metrics = measurement.metrics
        func pt(_ value: Double) -> String { formatted(value) + " pt" }
        printTable([
            ("font", "\(info.familyName) \(info.styleName) ("
                + (font.face.source == BundledFont.path ? "bundled" : font.face.source) + ")"),
            ("size", "\(pt(measurement.size)) (unitsPerEm \(measurement.unitsPerEm))"),
            ("width", pt(measurement.width)),
            ("ascent", pt(metrics.ascent)), ("descent", pt(metrics.descent)),
            ("line gap", pt(metrics.lineGap)), ("line height", pt(metrics.lineHeight)),
            ("ink", measurement.ink.map {
                "x \(formatted($0.x))  y \(formatted($0.y))  width \(formatted($0.width))  height \(formatted($0.height)) pt (from the line box's top-left)"
            } ?? "none"),
            ("glyphs", String(measurement.glyphCount)),
            ("missing", measurement.missing.isEmpty ? "none" : measurement.missing.map(codePointLabel).joined(separator: " ")),
        ])
    }
}
