import JSONOutput
import ArgumentParser
import FontFit
import FontfitCommandLine

/// What `measure` and `render measure` take.
struct MeasureArguments: ParsableArguments {
    @OptionGroup var input: TextInput
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @Option(parsing: .unconditional, help: "Font size in points (the em size; default: the --type-style's size, else 12).") var size: Double?
    @Option(help: ArgumentHelp(
        "Line box height (CSS line-height): normal (the fonts' metrics), a multiple of the size (1.5) or points (24pt); the metrics printed are the box's.",
        valueName: "height"))
    var lineHeight: String?
    @Option(help: ArgumentHelp(
        "An image in the line, as wide as ASPECT × its height (repeat for several; ':cap' makes it cap-height tall).",
        discussion: "Each {} in the text marks where the next image goes.", valueName: "aspect[:cap]"))
    var inlineImage: [String] = []
    @Flag(help: "Keep the font's opsz axis where it is instead of setting it to --size (automatic optical sizing).")
    var noOpticalSize = false

    struct Measured {
        let text: String
        let fonts: FontStack
        let shaping: ShapingOptions
        /// The text as one line; nil when it has line breaks (then ``block`` has its lines).
        let measurement: LineMeasurement?
        let block: BlockMeasurement?
        let images: [InlineImage]
        /// The line height the lines' boxes have.
        var lineHeight: LineHeight = .normal
    }

    func measure() throws -> Measured {
        var text = try input.read()
        let style = try shaping.selection.platformStyle()
        let size = self.size ?? style?.size ?? 12
        try checkSize(size, option: "--size")
        let images = try inlineImage.map(Self.parseImage)
        if !images.isEmpty {
            text = text.replacingAll("{}", with: String(InlineImage.placeholder))
        }
        let fonts = FitInvocation.weighted(try fontOptions.load(covering: [text]), style: style, names: fontOptions.names)
        let shaping = try shaping.options(for: fonts.primary)
        let lineHeight = try lineHeight.map { text throws(FontFitError) in try LineHeight(parsing: text, name: "--line-height") }
            ?? style?.lineHeight ?? .normal
        if text.contains(where: \.isNewline) {
            let block = try fonts.measureLines(
                text, size: size, options: shaping, images: images, opticalSizing: !noOpticalSize, lineHeight: lineHeight)
            FontOptions.warnMissing(block.missing, in: fonts)
            return Measured(
                text: text, fonts: fonts, shaping: shaping, measurement: nil, block: block, images: images,
                lineHeight: lineHeight)
        }
        let measurement = try fonts.measure(
            text, size: size, options: shaping, images: images, opticalSizing: !noOpticalSize, lineHeight: lineHeight)
        FontOptions.warnMissing(measurement.missing, in: fonts)
        return Measured(
            text: text, fonts: fonts, shaping: shaping, measurement: measurement, block: nil, images: images,
            lineHeight: lineHeight)
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
        abstract: "Measure text at a point size: advance width, line metrics, ink bounds; each line of text with line breaks.")

    @OptionGroup var arguments: MeasureArguments
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let measured = try arguments.measure()
        if json {
            var json = try Self.json(measured)
            if case .object(var members) = json {
                members.append(("style", styleJSON(StyleDescription(measured.shaping, lineHeight: measured.lineHeight))))
                json = .object(members)
            }
            print(json.serialized)
        } else {
            Self.printHuman(measured)
        }
    }

    /// The library's encoding of the measurement, with the fonts, the runs and the images' boxes;
    /// for text with line breaks, the block's, each line with its runs and images.
    static func json(_ measured: MeasureArguments.Measured) throws -> JSON {
        guard let measurement = measured.measurement else { return try blockJSON(measured.block!, images: !measured.images.isEmpty) }
        guard case .object(var members) = try OrderedJSONEncoder.encode(measurement) else { return .null }
        members += [("fonts", try OrderedJSONEncoder.encode(measurement.fonts)), ("runs", runsJSON(measurement.runs))]
        if !measured.images.isEmpty { members.append(("images", try OrderedJSONEncoder.encode(measurement.images))) }
        return .object(members)
    }

    /// A block's encoding, each line with its runs (offsets into the line's text) and, when the
    /// text has images, their boxes (in the line's box), then the fonts.
    static func blockJSON(_ block: BlockMeasurement, images: Bool) throws -> JSON {
        guard case .object(var members) = try OrderedJSONEncoder.encode(block),
            let index = members.firstIndex(where: { $0.0 == "lines" }), case .array(let lines) = members[index].1
        else { return .null }
        members[index].1 = .array(try zip(lines, block.lines).map { json, line in
            guard case .object(var fields) = json else { return json }
            fields.append(("runs", runsJSON(line.runs)))
            if images { fields.append(("images", try OrderedJSONEncoder.encode(line.images))) }
            return .object(fields)
        })
        if let first = block.lines.first { members.append(("fonts", try OrderedJSONEncoder.encode(first.fonts))) }
        return .object(members)
    }

    /// Each run of the paragraph: its UTF-8 range, direction, bidi level, script and font.
    static func runsJSON(_ runs: [TextRun]) -> JSON {
        .array(runs.map { run in
            .object([
                ("start", .integer(run.range.lowerBound)), ("end", .integer(run.range.upperBound)),
                ("direction", .string(run.direction.rawValue)), ("level", .integer(Int(run.bidiLevel))),
                ("script", run.script.map { .string($0) } ?? .null), ("font", .integer(run.fontIndex)),
            ])
        })
    }

    static func printHuman(_ measured: MeasureArguments.Measured) {
        guard let measurement = measured.measurement else { return printHuman(block: measured.block!, fonts: measured.fonts) }
        let metrics = measurement.metrics
        func pt(_ value: Double) -> String { formatted(value) + " pt" }
        var rows: [(String, String)] = []
        for (index, font) in measured.fonts.fonts.enumerated() {
            let info = font.info
            rows.append((index == 0 ? "font" : "fallback", "\(info.familyName) \(font.styleName) (\(font.face.source))"))
        }
        rows += [
            ("size", "\(pt(measurement.size)) (unitsPerEm \(measurement.unitsPerEm))"),
            (measurement.isVertical ? "column" : "width", pt(measurement.width)),
        ]
        if measurement.isVertical { rows.append(("advance", pt(measurement.advance) + " (down the column)")) }
        rows += [
            ("ascent", pt(metrics.ascent)), ("descent", pt(metrics.descent)),
            ("line gap", pt(metrics.lineGap)), ("line height", pt(metrics.lineHeight)),
            ("ink", measurement.ink.map {
                "x \(formatted($0.x))  y \(formatted($0.y))  width \(formatted($0.width))  height \(formatted($0.height)) pt (from the line box's top-left)"
            } ?? "none"),
            ("glyphs", String(measurement.glyphCount)),
            ("missing", measurement.missing.isEmpty ? "none" : measurement.missing.map(\.codePointLabel).joined(separator: " ")),
        ]
        if measurement.runs.count > 1 {
            for run in measurement.runs {
                rows.append(("run", "bytes \(run.range.lowerBound)..<\(run.range.upperBound)  \(run.direction.rawValue)  \(run.script ?? "Zyyy")  font \(run.fontIndex)"))
            }
        }
        for (index, image) in measurement.images.enumerated() {
            rows.append(("image \(index + 1)", "x \(formatted(image.x))  y \(formatted(image.y))  width \(formatted(image.width))  height \(formatted(image.height)) pt"))
        }
        printTable(rows)
    }

    /// The block's size, then a row per line: its box's top, baseline, width and height, and text.
    static func printHuman(block: BlockMeasurement, fonts: FontStack) {
        func pt(_ value: Double) -> String { formatted(value) + " pt" }
        var rows: [(String, String)] = []
        for (index, font) in fonts.fonts.enumerated() {
            rows.append((index == 0 ? "font" : "fallback", "\(font.info.familyName) \(font.styleName) (\(font.face.source))"))
        }
        rows += [
            ("size", pt(block.size)), ("width", pt(block.width) + " (the widest line)"),
            ("height", pt(block.height) + " (\(block.lines.count) line boxes)"),
        ]
        rows.append(("missing", block.missing.isEmpty ? "none" : block.missing.map(\.codePointLabel).joined(separator: " ")))
        printTable(rows)
        print("lines")
        for (index, line) in block.lines.enumerated() {
            print("  y \(formatted(block.tops[index]).leftPadded(8))  baseline \(formatted(block.baseline(ofLine: index)).leftPadded(8))  "
                + "width \(formatted(line.width).leftPadded(8))  height \(formatted(line.metrics.lineHeight).leftPadded(8))  \(line.text)")
        }
    }
}
