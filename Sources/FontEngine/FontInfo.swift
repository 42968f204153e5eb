internal import CFontFitHarfBuzz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A variation axis of a face (`fvar`).
public struct VariationAxis: Sendable, Hashable, CustomStringConvertible {
    /// The four-character axis tag, such as `wght` or `opsz`.
    public let tag: String
    /// The axis name from the `name` table, such as "Weight".
    public let name: String
    /// The smallest value the axis takes, in the axis's own units.
    public let minValue: Double
    /// The value of the default instance.
    public let defaultValue: Double
    /// The largest value the axis takes.
    public let maxValue: Double

    public var description: String {
        "\(tag) (\(minValue.shortDescription)…\(maxValue.shortDescription), default \(defaultValue.shortDescription))"
    }

    static func all(of face: FontFace) -> [VariationAxis] {
        var count = hb_ot_var_get_axis_count(face.handle)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face.handle, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            VariationAxis(
                tag: HBTag.string(info.tag), name: face.name(info.name_id) ?? HBTag.string(info.tag),
                minValue: Double(info.min_value), defaultValue: Double(info.default_value),
                maxValue: Double(info.max_value))
        }
    }
}

/// A named instance of a variable face (`fvar`), such as "Bold".
public struct NamedInstance: Sendable, Hashable {
    /// The instance's name from the `name` table, such as "Semi Bold".
    public let name: String
    /// The instance's value for each axis, by axis tag.
    public let coordinates: [String: Double]

    static func all(of face: FontFace, axes: [VariationAxis]) -> [NamedInstance] {
        let count = hb_ot_var_get_named_instance_count(face.handle)
        return (0..<count).map { index in
            var coordinateCount = UInt32(axes.count)
            var values = [Float](repeating: 0, count: axes.count)
            _ = hb_ot_var_named_instance_get_design_coords(face.handle, index, &coordinateCount, &values)
            let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face.handle, index)
            return NamedInstance(
                name: face.name(nameID) ?? "instance \(index)",
                coordinates: Dictionary(
                    uniqueKeysWithValues: zip(axes.map(\.tag), values.map(Double.init))))
        }
    }
}

/// The vertical metrics of a line, in whatever unit they were scaled to.
public struct LineMetrics: Sendable, Hashable {
    /// Distance from the top of the line box to the baseline.
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the line box (positive).
    public var descent: Double
    /// Extra space the font asks for between one line's descent and the next line's ascent.
    public var lineGap: Double
    /// ascent + descent + lineGap.
    public var lineHeight: Double { ascent + descent + lineGap }

    /// Line metrics from their three parts (descent positive).
    public init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }

    /// The metrics multiplied by `factor`: font units to points is `size / unitsPerEm`.
    public func scaled(by factor: Double) -> LineMetrics {
        LineMetrics(ascent: ascent * factor, descent: descent * factor, lineGap: lineGap * factor)
    }
}

/// Ascender, descender and line gap as one table stores them (font units, descender negative).
public struct RawVerticalMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the top of the line box.
    public let ascender: Int
    /// Distance from the baseline to the bottom of the line box: negative below it.
    public let descender: Int
    /// The gap the table asks for between lines.
    public let lineGap: Int
}

/// How glyph outlines are stored.
public enum OutlineFormat: String, Sendable {
    /// Quadratic outlines in a `glyf` table.
    case trueType = "TrueType"
    /// Cubic outlines in a `CFF ` table.
    case cff = "CFF"
    /// Cubic outlines in a `CFF2` table (variable).
    case cff2 = "CFF2"
    /// No outlines: a bitmap-only or colour-bitmap font.
    case none = "none"
}

/// Everything a face exposes, read at a font's variation coordinates. Font units throughout.
public struct FontInfo: Sendable {
    /// Where the face came from: a file path, "bundled", or a caller's name for in-memory data.
    public let source: String
    /// The face's index in its file (0 unless the file is a collection).
    public let faceIndex: Int
    /// How many faces the file holds.
    public let faceCount: Int
    /// The family name (`name` ID 16, else 1), such as "Inter".
    public let familyName: String
    /// The style name of the font's named instance, or of the face (`name` ID 17, else 2).
    public let styleName: String
    /// The PostScript name (`name` ID 6).
    public let postScriptName: String
    /// Font units per em (`head.unitsPerEm`); sizes divide by it.
    public let unitsPerEm: Int
    /// The number of glyphs (`maxp.numGlyphs`).
    public let glyphCount: Int
    /// The line metrics fontfit uses: HarfBuzz's horizontal font extents, which are the OS/2 typo
    /// metrics when fsSelection's USE_TYPO_METRICS bit is set and hhea's otherwise (variations
    /// applied through MVAR); descent is positive.
    public let lineMetrics: LineMetrics
    /// Ascender, descender and line gap as `hhea` stores them.
    public let hhea: RawVerticalMetrics
    /// `OS/2`'s sTypoAscender, sTypoDescender and sTypoLineGap; nil without an `OS/2` table.
    public let typo: RawVerticalMetrics?
    /// usWinAscent and usWinDescent (both positive, as stored).
    public let winAscent: Int?
    /// usWinDescent (positive, as stored); nil without an `OS/2` table.
    public let winDescent: Int?
    /// fsSelection's USE_TYPO_METRICS bit: the typo metrics are the line metrics.
    public let useTypoMetrics: Bool
    /// The height of capital letters (`OS/2` sCapHeight, or measured on "H").
    public let capHeight: Int?
    /// The height of lowercase letters (`OS/2` sxHeight, or measured on "x").
    public let xHeight: Int?
    /// Where an underline goes (`post`), negative below the baseline.
    public let underlinePosition: Int
    /// How thick an underline is (`post`).
    public let underlineThickness: Int
    /// The variation axes (`fvar`), empty for a static font.
    public let axes: [VariationAxis]
    /// The named instances (`fvar`), such as "Bold".
    public let namedInstances: [NamedInstance]
    /// The axis values this information was read at.
    public let coordinates: [FontVariation]
    /// GSUB and GPOS feature tags, sorted and unique.
    public let features: [String]
    /// GSUB and GPOS script tags, sorted and unique.
    public let scripts: [String]
    /// How the glyph outlines are stored.
    public let outlineFormat: OutlineFormat
    /// True when the face has a COLR, CBDT, sbix or SVG table.
    public let hasColorGlyphs: Bool
}

extension Font {
    /// Line metrics in font units, read from HarfBuzz (see ``FontInfo/lineMetrics`` for the rule);
    /// ``unitLineMetrics`` keeps them.
    static func readUnitLineMetrics(_ handle: OpaquePointer) -> LineMetrics {
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(handle, &extents)
        return LineMetrics(
            ascent: Double(extents.ascender), descent: Double(-extents.descender),
            lineGap: Double(extents.line_gap))
    }

    /// Reads everything the face exposes.
    public var info: FontInfo {
        let os2 = BigEndianTable(face.tableData("OS/2"))
        let hhea = BigEndianTable(face.tableData("hhea"))
        let axes = VariationAxis.all(of: face)
        let hasTypo = os2.count >= 78
        return FontInfo(
            source: face.source, faceIndex: face.index, faceCount: face.faceCount,
            familyName: face.name(16) ?? face.name(1) ?? "",
            styleName: face.name(17) ?? face.name(2) ?? "",
            postScriptName: face.name(6) ?? "",
            unitsPerEm: face.unitsPerEm, glyphCount: face.glyphCount,
            lineMetrics: unitLineMetrics,
            hhea: RawVerticalMetrics(
                ascender: hhea.int16(at: 4), descender: hhea.int16(at: 6), lineGap: hhea.int16(at: 8)),
            typo: hasTypo
                ? RawVerticalMetrics(
                    ascender: os2.int16(at: 68), descender: os2.int16(at: 70), lineGap: os2.int16(at: 72))
                : nil,
            winAscent: hasTypo ? os2.uint16(at: 74) : nil,
            winDescent: hasTypo ? os2.uint16(at: 76) : nil,
            useTypoMetrics: os2.count >= 64 && os2.uint16(at: 62) & 0x80 != 0,
            capHeight: capHeight,
            xHeight: metric(HB_OT_METRICS_TAG_X_HEIGHT),
            underlinePosition: metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? 0,
            underlineThickness: metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0,
            axes: axes,
            namedInstances: NamedInstance.all(of: face, axes: axes),
            coordinates: coordinates,
            features: face.layoutTags(featureTags: true),
            scripts: face.layoutTags(featureTags: false),
            outlineFormat: face.hasTable("glyf")
                ? .trueType : face.hasTable("CFF ") ? .cff : face.hasTable("CFF2") ? .cff2 : .none,
            hasColorGlyphs: hasColorGlyphs)
    }

    /// Whether the face has colour glyphs (COLR, CBDT, sbix or SVG tables).
    public var hasColorGlyphs: Bool { ["COLR", "CBDT", "sbix", "SVG "].contains { face.hasTable($0) } }

    /// The cap height in font units (OS/2 sCapHeight, MVAR applied), nil when the font does not set
    /// it; cheaper than reading the whole ``info``.
    public var capHeight: Int? { metric(HB_OT_METRICS_TAG_CAP_HEIGHT) }

    /// A metric from `hb_ot_metrics_get_position` (MVAR applied), nil when the font does not set it.
    private func metric(_ tag: hb_ot_metrics_tag_t) -> Int? {
        var position: hb_position_t = 0
        return hb_ot_metrics_get_position(handle, tag, &position) != 0 ? Int(position) : nil
    }
}

extension FontFace {
    /// The face's variation axes (`fvar`), in order; empty for a static font.
    public var variationAxes: [VariationAxis] { VariationAxis.all(of: self) }

    /// A `name` table entry in HarfBuzz's default language (English when present).
    func name(_ id: UInt32) -> String? {
        var length: UInt32 = 0
        length = hb_ot_name_get_utf8(handle, id, nil, &length, nil)
        guard length > 0 else { return nil }
        var size = length + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        _ = hb_ot_name_get_utf8(handle, id, nil, &size, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The feature or script tags of GSUB and GPOS together, sorted and unique.
    func layoutTags(featureTags: Bool) -> [String] {
        var tags = Set<String>()
        for table in ["GSUB", "GPOS"].map(HBTag.make) {
            var total: UInt32 = 0
            total =
                featureTags
                ? hb_ot_layout_table_get_feature_tags(handle, table, 0, nil, nil)
                : hb_ot_layout_table_get_script_tags(handle, table, 0, nil, nil)
            guard total > 0 else { continue }
            var count = total
            var values = [hb_tag_t](repeating: 0, count: Int(total))
            _ =
                featureTags
                ? hb_ot_layout_table_get_feature_tags(handle, table, 0, &count, &values)
                : hb_ot_layout_table_get_script_tags(handle, table, 0, &count, &values)
            tags.formUnion(values.prefix(Int(count)).map(HBTag.string))
        }
        return tags.sorted()
    }
}

/// Reads big-endian integers from a font table; out-of-range reads give 0.
struct BigEndianTable {
    let bytes: [UInt8]
    init(_ data: Data) { bytes = [UInt8](data) }
    var count: Int { bytes.count }

    func uint16(at offset: Int) -> Int {
        guard offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int {
        Int(Int16(truncatingIfNeeded: uint16(at: offset)))
    }
}
