import JSONOutput
import ArgumentParser
import FontFit

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show everything a font face exposes (font units).")

    @OptionGroup var fontOptions: FontOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let font = try fontOptions.loadPrimary()
        let info = font.info
        print(json ? Self.json(info).serialized : "", terminator: json ? "\n" : "")
        if !json {
            Self.printHuman(info)
            if font.namedInstance != nil { printTable([("instance", font.styleName)]) }
        }
    }

    static func json(_ info: FontInfo) -> JSON {
        func vertical(_ metrics: RawVerticalMetrics?) -> JSON {
            guard let metrics else { return .null }
            return .object([
                ("ascender", .integer(metrics.ascender)), ("descender", .integer(metrics.descender)),
                ("lineGap", .integer(metrics.lineGap)),
            ])
        }
        func optional(_ value: Int?) -> JSON { value.map { .integer($0) } ?? .null }
        return .object([
            ("source", .string(info.source)), ("faceIndex", .integer(info.faceIndex)),
            ("faceCount", .integer(info.faceCount)), ("familyName", .string(info.familyName)),
            ("styleName", .string(info.styleName)), ("postScriptName", .string(info.postScriptName)),
            ("unitsPerEm", .integer(info.unitsPerEm)), ("glyphCount", .integer(info.glyphCount)),
            ("lineMetrics", .object([
                ("ascent", .number(info.lineMetrics.ascent)), ("descent", .number(info.lineMetrics.descent)),
                ("lineGap", .number(info.lineMetrics.lineGap)),
                ("lineHeight", .number(info.lineMetrics.lineHeight)),
            ])),
            ("useTypoMetrics", .bool(info.useTypoMetrics)),
            ("hhea", vertical(info.hhea)), ("typo", vertical(info.typo)),
            ("win", info.winAscent == nil ? .null : .object([
                ("ascent", optional(info.winAscent)), ("descent", optional(info.winDescent)),
            ])),
            ("capHeight", optional(info.capHeight)), ("xHeight", optional(info.xHeight)),
            ("underlinePosition", .integer(info.underlinePosition)),
            ("underlineThickness", .integer(info.underlineThickness)),
            ("axes", .array(info.axes.map { axis in
                .object([
                    ("tag", .string(axis.tag)), ("name", .string(axis.name)), ("min", .number(axis.minValue)),
                    ("default", .number(axis.defaultValue)), ("max", .number(axis.maxValue)),
                ])
            })),
            ("namedInstances", .array(info.namedInstances.map { instance in
                .object([
                    ("name", .string(instance.name)),
                    ("coordinates", .object(info.axes.map { ($0.tag, .number(instance.coordinates[$0.tag] ?? $0.defaultValue)) })),
                ])
            })),
            ("coordinates", .object(info.coordinates.map { ($0.tag, .number($0.value)) })),
            ("features", .array(info.features.map { .string($0) })),
            ("scripts", .array(info.scripts.map { .string($0) })),
            ("outlineFormat", .string(info.outlineFormat.rawValue)),
            ("hasColorGlyphs", .bool(info.hasColorGlyphs)),
        ])
    }

    static func printHuman(_ info: FontInfo) {
        func units(_ value: Int?) -> String { value.map { "\($0) units" } ?? "not set" }
        func vertical(_ metrics: RawVerticalMetrics?) -> String {
            guard let metrics else { return "no OS/2 table" }
            return "ascender \(metrics.ascender), descender \(metrics.descender), lineGap \(metrics.lineGap)"
        }
        let metrics = info.lineMetrics
        var rows: [(String, String)] = [
            ("file", info.source + (info.faceCount > 1 ? " (face \(info.faceIndex) of \(info.faceCount))" : "")),
            ("family", info.familyName), ("style", info.styleName), ("PostScript name", info.postScriptName),
            ("outlines", info.outlineFormat.rawValue + (info.hasColorGlyphs ? ", with color glyphs" : "")),
            ("unitsPerEm", String(info.unitsPerEm)), ("glyphs", String(info.glyphCount)),
            ("line metrics", "ascent \(formatted(metrics.ascent)), descent \(formatted(metrics.descent)), "
                + "lineGap \(formatted(metrics.lineGap)), lineHeight \(formatted(metrics.lineHeight)) units "
                + "(from \(info.useTypoMetrics ? "OS/2 typo: USE_TYPO_METRICS is set" : "hhea"))"),
            ("hhea", vertical(info.hhea)), ("OS/2 typo", vertical(info.typo)),
            ("OS/2 win", info.winAscent.map { "ascent \($0), descent \(info.winDescent ?? 0)" } ?? "no OS/2 table"),
            ("cap height", units(info.capHeight)), ("x-height", units(info.xHeight)),
            ("underline", "position \(info.underlinePosition), thickness \(info.underlineThickness) units"),
        ]
        rows.append(("axes", info.axes.isEmpty ? "none" : info.axes.map {
            "\($0.tag) \"\($0.name)\" \(formatted($0.minValue))…\(formatted($0.maxValue)) default \(formatted($0.defaultValue))"
        }.joined(separator: "; ")))
        if !info.axes.isEmpty {
            rows.append(("coordinates", info.coordinates.map { "\($0.tag)=\(formatted($0.value))" }.joined(separator: ", ")))
        }
        rows.append(("named instances", info.namedInstances.isEmpty ? "none" : info.namedInstances.enumerated().map {
            "\($0) \($1.name)"
        }.joined(separator: ", ")))
        rows.append(("scripts", info.scripts.isEmpty ? "none" : info.scripts.joined(separator: " ")))
        rows.append(("features", info.features.isEmpty ? "none" : info.features.joined(separator: " ")))
        printTable(rows)
    }
}
