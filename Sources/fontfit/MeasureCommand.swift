import ArgumentParser
import FontFit

/// What `measure` and `render measure` take.
struct MeasureArguments: ParsableArguments {
    @OptionGroup var input: TextInput
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @Option(help: "Font size in points (the em size).") var size: Double = 12
    @Option(help: ArgumentHelp(
        "An image in the line, as wide as ASPECT × its height (repeat for several; ':cap' makes it cap-height tall).",
        discussion: "Each {} in the text marks where the next image goes.", valueName: "aspect[:cap]"))
    var inlineImage: [String] = []

    struct Measured {
        let text: String
        let font: Font
        let shaping: ShapingOptions
        let measurement: InlineMeasurement
        let images: [InlineImage]
    }

    func measure() throws -> Measured {
        var text = try input.read()
        try checkSize(size, option: "--size")
        let images = try inlineImage.map(Self.parseImage)
        if !images.isEmpty {
            text = text.replacingOccurrences(of: "{}", with: String(InlineImage.placeholder))
        }
        let font = try fontOptions.load()
        let shaping = try shaping.options(for: font, path: fontOptions.fontPath)
        let measurement = try font.measure(text, size: size, images: images, options: shaping)
        if !measurement.line.missing.isEmpty {
            warn("\(fontOptions.fontPath) has no glyph for "
                + measurement.line.missing.map(codePointLabel).joined(separator: ", "))
        }
        return Measured(text: text, font: font, shaping: shaping, measurement: measurement, images: images)
    }

    static func parseImage(_ text: String) throws -> InlineImage {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard let aspect = parts.first.flatMap({ Double($0) }), aspect.isFinite, aspect > 0,
              parts.count == 1 || parts[1] == "cap" || parts[1] == "line"
        else {
            throw CLIError.usage("invalid --inline-image '\(text)': expected an aspect ratio > 0, optionally with :cap, e.g. 0.75 or 1:cap")
        }
        return InlineImage(aspectRatio: aspect, height: parts.count == 2 && parts[1] == "cap" ? .capHeight : .lineHeight)
    }
}

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure one line of text at a point size: advance width, line metrics, ink bounds.")

    @OptionGroup var arguments: MeasureArguments
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let measured = try arguments.measure()
        if json {
            print(Self.json(measured.measurement, hasImages: !measured.images.isEmpty).serialized)
        } else {
            Self.printHuman(measured.measurement, font: measured.font)
        }
    }

    static func json(_ measured: InlineMeasurement, hasImages: Bool) -> JSONValue {
        let measurement = measured.line
        let metrics = measurement.metrics
        let ink = measurement.ink ?? Box(x: 0, y: metrics.ascent, width: 0, height: 0)
        func box(_ box: Box) -> JSONValue {
            .object([("x", .number(box.x)), ("y", .number(box.y)), ("width", .number(box.width)), ("height", .number(box.height))])
        }
        var members: [(String, JSONValue)] = [
            ("size", .number(measurement.size)), ("unitsPerEm", .integer(measurement.unitsPerEm)),
            ("width", .number(measurement.width)), ("ascent", .number(metrics.ascent)),
            ("descent", .number(metrics.descent)), ("lineGap", .number(metrics.lineGap)),
            ("lineHeight", .number(metrics.lineHeight)), ("ink", box(ink)),
            ("glyphCount", .integer(measurement.glyphCount)),
            ("missing", .array(measurement.missing.map { .string(codePointLabel($0)) })),
        ]
        if hasImages { members.append(("images", .array(measured.images.map(box)))) }
        return .object(members)
    }

    static func printHuman(_ measured: InlineMeasurement, font: Font) {
        let measurement = measured.line
        let info = font.info
        let metrics = measurement.metrics
        func pt(_ value: Double) -> String { formatted(value) + " pt" }
        var rows: [(String, String)] = [
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
        ]
        for (index, image) in measured.images.enumerated() {
            rows.append(("image \(index + 1)", "x \(formatted(image.x))  y \(formatted(image.y))  width \(formatted(image.width))  height \(formatted(image.height)) pt"))
        }
        printTable(rows)
    }
}
