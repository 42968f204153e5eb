import JSONOutput
import ArgumentParser
import FontFit
import FontfitCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape",
        abstract: "Shape text with HarfBuzz; the text output is byte-identical to hb-shape's.")

    @OptionGroup var input: TextInput
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments

    @Option(help: "Shape these code points instead of text, e.g. U+0041,U+0301.")
    var unicodes: String?
    @Option(help: "Scale positions to this size (an integer scale, as hb-shape); default: font units.")
    var fontSize: Double?
    @Flag(help: "Print glyph ids instead of names.") var noGlyphNames = false
    @Flag(help: "Leave out offsets and advances.") var noPositions = false
    @Flag(help: "Leave out clusters.") var noClusters = false
    @Flag(help: "Leave out advances.") var noAdvances = false
    @Flag(help: "Print one JSON object.") var json = false
    @Flag(help: ArgumentHelp(
        "Itemize first, as measure and fit do: print each run (bytes, direction, bidi level, script, font) and its glyphs.",
        discussion: "Each run's glyphs are in hb-shape's format for that run shaped alone (clusters from 0)."))
    var itemize = false

    func run() throws {
        let text = try readText()
        if let fontSize { try checkSize(fontSize, option: "--font-size") }
        if itemize { return try printRuns(text) }
        if shaping.letterSpacing != nil || shaping.wordSpacing != nil || shaping.textTransform != nil
            || shaping.typeStyle != nil
        {
            throw CLIError.usage(
                "shape prints HarfBuzz's glyphs as hb-shape does, which has no spacing or case change: measure or fit text with --letter-spacing, --word-spacing and --text-transform")
        }
        let font = try fontOptions.loadPrimary()
        let options = try shaping.options(for: font)
        if json {
            let scale = (fontSize ?? Double(font.face.unitsPerEm)) / Double(font.face.unitsPerEm)
            // Clusters and feature ranges count Unicode scalars, as in hb-shape's output.
            let shaped = try font.shapeAsHBShape(text, options: options)
            let clusters = shaped.glyphs.lazy.map(\.cluster)
            // Streamed glyph by glyph; each glyph's quoted name is looked up once.
            var names: [UInt32: [UInt8]] = [:]
            var out = JSONStreamWriter()
            out.raw("{\"glyphs\":[")
            for (index, (glyph, cluster)) in zip(shaped.glyphs, clusters).enumerated() {
                out.raw(index == 0 ? "{\"glyph\":" : ",{\"glyph\":")
                out.integer(Int(glyph.glyphID))
                if !noGlyphNames {
                    out.raw(",\"name\":")
                    if let name = names[glyph.glyphID] {
                        out.bytes(name)
                    } else {
                        let name = JSONStreamWriter.quoted(font.glyphName(glyph.glyphID))
                        names[glyph.glyphID] = name
                        out.bytes(name)
                    }
                }
                if !noClusters {
                    out.raw(",\"cluster\":")
                    out.integer(cluster)
                }
                if !noPositions && !noAdvances {
                    out.raw(",\"xAdvance\":")
                    out.number(Double(glyph.xAdvance) * scale)
                    out.raw(",\"yAdvance\":")
                    out.number(Double(glyph.yAdvance) * scale)
                }
                if !noPositions {
                    out.raw(",\"xOffset\":")
                    out.number(Double(glyph.xOffset) * scale)
                    out.raw(",\"yOffset\":")
                    out.number(Double(glyph.yOffset) * scale)
                }
                out.raw("}")
            }
            out.raw("]}\n")
            out.flush()
        } else {
            let fields = HBShapeFields(
                glyphNames: !noGlyphNames, positions: !noPositions, clusters: !noClusters,
                advances: !noAdvances)
            print(try font.hbShapeOutput(text, options: options, fontSize: fontSize, fields: fields), terminator: "")
        }
    }

    /// The text itemized into runs over the font stack, each run with its glyphs.
    private func printRuns(_ text: String) throws {
        let fonts = try fontOptions.load(covering: [text])
        let options = try shaping.options(for: fonts.primary)
        // The runs as a measurement itemizes the text; they do not depend on the size.
        let runs = try fonts.measure(text, size: 12, options: options, opticalSizing: false).runs
        if json {
            print(JSON.object([("runs", MeasureCommand.runsJSON(runs)), ("fonts", try OrderedJSONEncoder.encode(fonts))]).serialized)
            return
        }
        let fields = HBShapeFields(glyphNames: !noGlyphNames, positions: !noPositions, clusters: !noClusters, advances: !noAdvances)
        for run in runs {
            let piece = String(decoding: text.utf8.dropFirst(run.range.lowerBound).prefix(run.range.count), as: UTF8.self)
            var runOptions = options
            runOptions.direction = run.direction
            runOptions.script = run.script
            let font = fonts[run.fontIndex]
            let glyphs = try font.hbShapeOutput(piece, options: runOptions, fontSize: fontSize, fields: fields)
            print("bytes \(run.range.lowerBound)..<\(run.range.upperBound)  \(run.direction.rawValue)  level \(run.bidiLevel)  "
                + "\(run.script ?? "Zyyy")  font \(run.fontIndex) (\(font.face.source))  "
                + glyphs.withoutSurroundingNewlines)
        }
    }

    private func readText() throws -> String {
        guard let unicodes else { return try input.read() }
        if input.text != nil || input.textFile != nil {
            throw CLIError.usage("give the text, --text-file or --unicodes, not several")
        }
        var text = ""
        for item in unicodes.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let digits = item.uppercased().replacingAll("U+", with: "").replacingAll("0X", with: "")
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw CLIError.usage("invalid --unicodes item '\(item)' (expected U+XXXX)")
            }
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}
