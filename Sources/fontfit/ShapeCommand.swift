import ArgumentParser
import FontFit

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

    func run() throws {
        let text = try readText()
        if let fontSize { try checkSize(fontSize, option: "--font-size") }
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

    private func readText() throws -> String {
        guard let unicodes else { return try input.read() }
        if input.text != nil || input.textFile != nil {
            throw CLIError.usage("give the text, --text-file or --unicodes, not several")
        }
        var text = ""
        for item in unicodes.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let digits = item.uppercased().replacingOccurrences(of: "U+", with: "").replacingOccurrences(of: "0X", with: "")
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw CLIError.usage("invalid --unicodes item '\(item)' (expected U+XXXX)")
            }
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}
