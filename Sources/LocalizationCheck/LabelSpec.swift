import JSONOutput
import FontFit
import Foundation
import Yams

/// A font file and the face in it. A font stack is a list of these, loaded as the engine's
/// ``FontStack`` (see ``FontStackReference/load(variations:)``), falling back font by font.
package struct FontReference: Sendable, Hashable, Comparable {
    package var file: String
    package var index: Int

    package init(file: String, index: Int = 0) {
        self.file = file
        self.index = index
    }

    package static func < (lhs: FontReference, rhs: FontReference) -> Bool {
        (lhs.file, lhs.index) < (rhs.file, rhs.index)
    }
}

/// Fonts tried in order for each character, as the spec names them.
package struct FontStackReference: Sendable, Hashable {
    package var fonts: [FontReference]

    /// The primary font: its metrics make every line box, and the variations apply to it.
    package var primary: FontReference { fonts[0] }

    /// The engine's font stack: each file's face loaded, the primary one at `variations`; the
    /// file name `bundled` is fontfit's own default font.
    package func load(variations: [String: Double]) throws(FontFitError) -> FontStack {
        var loaded: [Font] = []
        for (index, reference) in fonts.enumerated() {
            let face = reference.file == BundledFont.source
                ? try BundledFont.face() : try FontFace(contentsOf: reference.file, index: reference.index)
            let axes = index == 0 ? variations.sorted { $0.key < $1.key }.map { FontVariation(tag: $0.key, value: $0.value) } : []
            loaded.append(try Font(face: face, variations: axes))
        }
        return try FontStack(loaded)
    }
}

/// Every setting a rule, the defaults or a locale override may set; nil = not set here.
package struct LabelSettings: Sendable, Hashable {
    package var font: FontStackReference?
    package var size: Double?
    package var minimumScaleFactor: Double?
    package var frame: FrameSize?
    /// `.some(nil)` = explicitly unlimited.
    package var lineLimit: Int??
    package var features: [String]?
    package var variations: [String: Double]?
    package var lineSpacing: Double?
    package var bounds: FitBounds?
    package var truncation: TruncationMode?
    package var allowTruncation: Bool?
    package var failOnMissingGlyphs: Bool?
    package var textScales: [TextScale]?
    package var fontScaling: FontScaling?
    package var textStyle: AppleTextStyle?
    package var letterSpacing: TextSpacing?
    package var wordSpacing: TextSpacing?
    package var lineHeight: LineHeight?
    package var platformStyle: PlatformTextStyle?
    package var textTransform: TextTransform?
    package var hyphens: Hyphens?
    package var wrap: TextWrap?
    package var textFit: TextFit?
    /// `allowTightening`: `.some(nil)` when the spec says false.
    package var tightening: Tightening??

    package init() {}

    /// `other`'s values where it sets them, these elsewhere.
    func overlaid(with other: LabelSettings) -> LabelSettings {
        var result = self
        if let font = other.font { result.font = font }
        if let size = other.size { result.size = size }
        if let value = other.minimumScaleFactor { result.minimumScaleFactor = value }
        if let frame = other.frame { result.frame = frame }
        if let lineLimit = other.lineLimit { result.lineLimit = lineLimit }
        if let features = other.features { result.features = features }
        if let variations = other.variations { result.variations = variations }
        if let spacing = other.lineSpacing { result.lineSpacing = spacing }
        if let bounds = other.bounds { result.bounds = bounds }
        if let truncation = other.truncation { result.truncation = truncation }
        if let allow = other.allowTruncation { result.allowTruncation = allow }
        if let fail = other.failOnMissingGlyphs { result.failOnMissingGlyphs = fail }
        if let scales = other.textScales { result.textScales = scales }
        if let scaling = other.fontScaling { result.fontScaling = scaling }
        if let style = other.textStyle { result.textStyle = style }
        if let spacing = other.letterSpacing { result.letterSpacing = spacing }
        if let spacing = other.wordSpacing { result.wordSpacing = spacing }
        if let height = other.lineHeight { result.lineHeight = height }
        if let style = other.platformStyle { result.platformStyle = style }
        if let transform = other.textTransform { result.textTransform = transform }
        if let hyphens = other.hyphens { result.hyphens = hyphens }
        if let wrap = other.wrap { result.wrap = wrap }
        if let textFit = other.textFit { result.textFit = textFit }
        if let tightening = other.tightening { result.tightening = tightening }
        return result
    }
}

/// Settings with every value decided: what one check is measured with.
package struct ResolvedSettings: Sendable, Hashable {
    package var font: FontStackReference
    package var size: Double
    package var minimumScaleFactor: Double
    package var frame: FrameSize
    package var lineLimit: Int?
    package var features: [String]
    package var variations: [String: Double]
    package var lineSpacing: Double
    package var bounds: FitBounds
    package var truncation: TruncationMode
    package var allowTruncation: Bool
    package var failOnMissingGlyphs: Bool
    /// A catalog length limit (characters), recorded only.
    package var lengthLimit: Int?
    /// The text scales the label is checked at; `size` is already scaled by `textScale`, one of them.
    package var textScales: [TextScale]
    package var fontScaling: FontScaling
    /// The Apple text style whose Dynamic Type sizes the label follows (body when the spec names none).
    package var textStyle: AppleTextStyle
    package var textScale: TextScale
    package var letterSpacing: TextSpacing = .zero
    package var wordSpacing: TextSpacing = .zero
    package var lineHeight: LineHeight = .normal
    /// The platform style the label names (`typeStyle`), whose values fill in what the spec leaves out.
    package var platformStyle: PlatformTextStyle?
    /// The style's weight, when the spec sets no `wght` variation.
    package var styleWeight: Int?
    package var textTransform: TextTransform = .none
    package var hyphens: Hyphens = .manual
    package var wrap: TextWrap = .greedy
    /// CSS `text-fit`; nil: lines at the fitted size.
    package var textFit: TextFit?
    /// How far a one-line label may tighten before it shrinks; nil never tightens.
    package var tightening: Tightening?
}

extension ResolvedSettings {
    /// How the label's text is set, as JSON results' `style` member says it.
    package var style: StyleDescription {
        StyleDescription(
            ShapingOptions(
                letterSpacing: letterSpacing, wordSpacing: wordSpacing, textTransform: textTransform, hyphens: hyphens),
            lineHeight: lineHeight, wrap: wrap, textFit: textFit, tightening: tightening)
    }
}

/// One rule of the spec: which keys it matches, what it sets.
package struct LabelRule: Sendable {
    package var name: String
    package var keys: [String]
    package var regex: String?
    package var catalogs: [String]
    package var context: String?
    package var settings: LabelSettings
    package var locales: [String: LabelSettings]
    let compiledRegex: NSRegularExpressionBox?

    /// Whether the rule applies to a string (contract: globs are fnmatch, case-sensitive; a regex is a
    /// search; a rule with keys and regex matches either; catalogs and context narrow it).
    package func matches(key: String, catalog: String, context: String) -> Bool {
        if !catalogs.isEmpty, !catalogs.contains(where: { Glob.matches($0, catalog) }) { return false }
        if let pattern = self.context {
            guard !context.isEmpty, Glob.matches(pattern, context) else { return false }
        }
        if keys.isEmpty && compiledRegex == nil { return true }
        if keys.contains(where: { Glob.matches($0, key) }) { return true }
        return compiledRegex?.search(key) ?? false
    }
}

/// NSRegularExpression is immutable once made and safe to use from any thread (Foundation documents
/// it as thread-safe), which the compiler cannot see on Linux.
final class NSRegularExpressionBox: @unchecked Sendable {
    let regex: NSRegularExpression

    init(_ pattern: String) throws {
        regex = try NSRegularExpression(pattern: pattern)
    }

    func search(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}

/// A bad label spec: exit 64, naming the key or value.
package struct SpecError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// The label spec (contract `check.md`): font stacks, placeholder samples, defaults and rules.
package struct LabelSpec: Sendable {
    package var sourceLocale = "en"
    package var fonts: [String: FontStackReference] = [:]
    package var samples = PlaceholderSamples()
    package var defaults = LabelSettings()
    package var defaultLocales: [String: LabelSettings] = [:]
    package var rules: [LabelRule] = []
    /// Pseudo-locales checked from the source-language strings (`pseudoLocales`).
    package var pseudoLocales: [PseudoLocale] = []
    /// Where relative font paths are found: the spec file's folder.
    package var baseDirectory: String

    /// What a setting is when nobody sets it.
    static let fallback: ResolvedSettings = ResolvedSettings(
        font: FontStackReference(fonts: [FontReference(file: BundledFont.source)]), size: 17, minimumScaleFactor: 1,
        frame: FrameSize(), lineLimit: nil, features: [], variations: [:], lineSpacing: 0, bounds: .lineBox,
        truncation: .tail, allowTruncation: false, failOnMissingGlyphs: true, lengthLimit: nil, textScales: [.unscaled],
        fontScaling: .linear, textStyle: .body, textScale: .unscaled)

    package init(baseDirectory: String = ".") {
        self.baseDirectory = baseDirectory
    }

    /// Reads a spec file (YAML, or JSON, which YAML reads too).
    package static func load(path: String) throws -> LabelSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FontFitError.fileNotFound(path: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(message: "\(path): not UTF-8")
        }
        // Kept relative when the spec's path is, so that reports name fonts as the user would.
        let base = (path as NSString).deletingLastPathComponent
        return try parse(text, source: path, baseDirectory: base)
    }

    package static func parse(_ text: String, source: String = "spec", baseDirectory: String = ".") throws(SpecError)
        -> LabelSpec
    {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw SpecError(message: "\(source): not valid YAML or JSON: \(error)")
        }
        var reader = SpecReader(source: source, baseDirectory: baseDirectory)
        guard let root else { return LabelSpec(baseDirectory: baseDirectory) }
        return try reader.spec(root)
    }

    /// The rule that decides a string: the first that matches.
    package func rule(key: String, catalog: String, context: String) -> Int? {
        rules.firstIndex { $0.matches(key: key, catalog: catalog, context: context) }
    }

    /// defaults → the rule → `defaults.locales[L]` → `rule.locales[L]`, then the catalog's size limit
    /// (its width, height and line count replace the frame's and the line limit); the size is the
    /// one `textScale` gives under the label's `fontScaling` (or `fontScaling`, given).
    package func resolve(
        rule: Int?, locale: String, limit: SizeLimit?, textScale: TextScale = .unscaled, fontScaling: FontScaling? = nil
    ) -> ResolvedSettings {
        var settings = defaults
        if let rule { settings = settings.overlaid(with: rules[rule].settings) }
        let candidates = Locales.overrideCandidates(locale)
        if let key = candidates.first(where: { defaultLocales[$0] != nil }) {
            settings = settings.overlaid(with: defaultLocales[key]!)
        }
        if let rule, let key = candidates.first(where: { rules[rule].locales[$0] != nil }) {
            settings = settings.overlaid(with: rules[rule].locales[key]!)
        }
        let fallback = Self.fallback
        var frame = settings.frame ?? fallback.frame
        if let width = limit?.width { frame.width = width }
        if let height = limit?.height { frame.height = height }
        let scaling = fontScaling ?? settings.fontScaling ?? fallback.fontScaling
        let style = settings.textStyle ?? fallback.textStyle
        let platform = settings.platformStyle
        let size = settings.size ?? platform?.size ?? fallback.size
        var resolved = ResolvedSettings(
            font: settings.font ?? fallback.font, size: textScale.size(size, scaling: scaling, style: style),
            minimumScaleFactor: settings.minimumScaleFactor ?? fallback.minimumScaleFactor, frame: frame,
            lineLimit: limit?.lines ?? settings.lineLimit ?? fallback.lineLimit, features: settings.features ?? fallback.features,
            variations: settings.variations ?? fallback.variations,
            lineSpacing: settings.lineSpacing ?? fallback.lineSpacing, bounds: settings.bounds ?? fallback.bounds,
            truncation: settings.truncation ?? fallback.truncation,
            allowTruncation: settings.allowTruncation ?? fallback.allowTruncation,
            failOnMissingGlyphs: settings.failOnMissingGlyphs ?? fallback.failOnMissingGlyphs,
            lengthLimit: limit?.length, textScales: settings.textScales ?? fallback.textScales, fontScaling: scaling,
            textStyle: style, textScale: textScale)
        resolved.letterSpacing = settings.letterSpacing ?? platform?.letterSpacing ?? fallback.letterSpacing
        resolved.wordSpacing = settings.wordSpacing ?? fallback.wordSpacing
        resolved.lineHeight = settings.lineHeight ?? platform?.lineHeight ?? fallback.lineHeight
        resolved.textTransform = settings.textTransform ?? platform?.textTransform ?? fallback.textTransform
        resolved.platformStyle = platform
        if let platform, resolved.variations["wght"] == nil { resolved.styleWeight = platform.weight }
        resolved.hyphens = settings.hyphens ?? fallback.hyphens
        resolved.wrap = settings.wrap ?? fallback.wrap
        resolved.textFit = settings.textFit ?? fallback.textFit
        resolved.tightening = settings.tightening ?? fallback.tightening
        return resolved
    }
}

/// Walks the YAML nodes, checking every key and value and naming the bad one.
private struct SpecReader {
    let source: String
    let baseDirectory: String
    var fonts: [String: FontStackReference] = [:]
    var fontNodes: [(String, Node)] = []

    static let settingKeys: Set<String> = [
        "font", "size", "minimumScaleFactor", "frame", "lineLimit", "features", "variations", "lineSpacing",
        "bounds", "truncation", "allowTruncation", "failOnMissingGlyphs", "textScales", "fontScaling", "textStyle",
        "letterSpacing", "wordSpacing", "lineHeight", "textTransform", "typeStyle", "hyphens", "wrap",
        "textFit", "allowTightening",
    ]

    static func isNull(_ node: Node) -> Bool { node.tag.rawValue == Tag.Name.null.rawValue }

    func fail(_ message: String, _ node: Node?) -> SpecError {
        let place = node?.mark.map { ":\($0.line)" } ?? ""
        return SpecError(message: "\(source)\(place): \(message)")
    }

    func mapping(_ node: Node, _ what: String) throws(SpecError) -> [(String, Node)] {
        guard let mapping = node.mapping else { throw fail("\(what) must be a mapping", node) }
        var pairs: [(String, Node)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw fail("\(what): keys must be strings", key) }
            pairs.append((name, value))
        }
        return pairs
    }

    func checkKeys(_ pairs: [(String, Node)], allowed: Set<String>, in what: String, node: Node) throws(SpecError) {
        let unknown = pairs.map(\.0).filter { !allowed.contains($0) }
        if !unknown.isEmpty {
            throw fail(
                "unknown key\(unknown.count > 1 ? "s" : "") \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in \(what)"
                    + " (allowed: \(allowed.sorted().joined(separator: ", ")))", node)
        }
    }

    func string(_ node: Node, _ what: String) throws(SpecError) -> String {
        guard let scalar = node.scalar, !Self.isNull(node) else { throw fail("\(what) must be a string", node) }
        return scalar.string
    }

    /// The string `node` holds, read by `parse`; an error naming `what` and what was expected when it
    /// is not a string or `parse` refuses it.
    func parsed<Value>(
        _ node: Node, _ what: String, expected: String, _ parse: (String) -> Value?
    ) throws(SpecError) -> Value {
        let text = try string(node, what)
        guard let value = parse(text) else { throw fail("invalid \(what) '\(text)': expected \(expected)", node) }
        return value
    }

    func number(_ node: Node, _ what: String) throws(SpecError) -> Double {
        guard let scalar = node.scalar, let value = Double(scalar.string.trimmingCharacters(in: .whitespaces)),
            value.isFinite
        else { throw fail("invalid \(what) '\(node.scalar?.string ?? "…")': expected a number", node) }
        return value
    }

    func bool(_ node: Node, _ what: String) throws(SpecError) -> Bool {
        guard let value = node.bool else {
            throw fail("invalid \(what) '\(node.scalar?.string ?? "…")': expected true or false", node)
        }
        return value
    }

    func stringList(_ node: Node, _ what: String) throws(SpecError) -> [String] {
        if node.scalar != nil { return [try string(node, what)] }
        guard let sequence = node.sequence else { throw fail("\(what) must be a list of strings", node) }
        var list: [String] = []
        for item in sequence { list.append(try string(item, what)) }
        return list
    }

    mutating func spec(_ root: Node) throws(SpecError) -> LabelSpec {
        var spec = LabelSpec(baseDirectory: baseDirectory)
        let pairs = try mapping(root, "the spec")
        try checkKeys(
            pairs, allowed: ["version", "sourceLocale", "fonts", "placeholders", "defaults", "rules", "pseudoLocales"],
            in: "the spec",
            node: root)
        let table = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        if let version = table["version"], version.int != 1 {
            throw fail("unsupported version '\(version.scalar?.string ?? "…")': expected 1", version)
        }
        if let node = table["sourceLocale"] { spec.sourceLocale = Locales.canonical(try string(node, "sourceLocale")) }
        if let node = table["fonts"] {
            // Names first, so that a stack can be referred to from anywhere.
            let named = try mapping(node, "fonts")
            for (name, value) in named { fontNodes.append((name, value)) }
            for (name, value) in named { fonts[name] = try stack(value, "fonts.\(name)", allowNames: false) }
            spec.fonts = fonts
        }
        if let node = table["placeholders"] { spec.samples = try samples(node) }
        if let node = table["pseudoLocales"] {
            for name in try stringList(node, "pseudoLocales") {
                guard let pseudo = PseudoLocale(name: name) else {
                    throw fail("invalid pseudoLocales '\(name)': \(PseudoLocale.expected)", node)
                }
                if !spec.pseudoLocales.contains(pseudo) { spec.pseudoLocales.append(pseudo) }
            }
        }
        if let node = table["defaults"] {
            (spec.defaults, spec.defaultLocales) = try settings(node, "defaults", allowLocales: true, extra: [])
        }
        if let node = table["rules"] {
            guard let sequence = node.sequence else { throw fail("rules must be a list", node) }
            for (index, item) in sequence.enumerated() { spec.rules.append(try rule(item, index: index)) }
        }
        return spec
    }

    func samples(_ node: Node) throws(SpecError) -> PlaceholderSamples {
        var samples = PlaceholderSamples()
        let pairs = try mapping(node, "placeholders")
        try checkKeys(
            pairs, allowed: ["string", "integer", "float", "char", "date", "named"], in: "placeholders", node: node)
        for (key, value) in pairs {
            switch key {
            case "string": samples.string = try string(value, "placeholders.string")
            case "integer": samples.integer = try string(value, "placeholders.integer")
            case "float": samples.float = try string(value, "placeholders.float")
            case "char": samples.char = try string(value, "placeholders.char")
            case "date": samples.date = try string(value, "placeholders.date")
            default:
                for (name, sample) in try mapping(value, "placeholders.named") {
                    samples.named[name.lowercased()] = try string(sample, "placeholders.named.\(name)")
                }
            }
        }
        return samples
    }

    func stack(_ node: Node, _ what: String, allowNames: Bool) throws(SpecError) -> FontStackReference {
        if let scalar = node.scalar {
            let text = scalar.string
            if allowNames, let named = fonts[text] { return named }
            let lower = text.lowercased()
            if text.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lower.hasSuffix($0) }) {
                return FontStackReference(fonts: [FontReference(file: path(text))])
            }
            throw fail(
                "unknown font '\(text)' in \(what): not a stack in 'fonts' (\(fonts.keys.sorted().joined(separator: ", "))) nor a font file path",
                node)
        }
        guard let sequence = node.sequence, sequence.count > 0 else {
            throw fail("\(what) must be a stack name, a file path or a non-empty list of {file, index}", node)
        }
        var references: [FontReference] = []
        for item in sequence {
            if item.scalar != nil {
                references.append(contentsOf: try stack(item, what, allowNames: allowNames).fonts)
                continue
            }
            let pairs = try mapping(item, what)
            try checkKeys(pairs, allowed: ["file", "index"], in: what, node: item)
            guard let file = pairs.first(where: { $0.0 == "file" })?.1 else { throw fail("\(what): a font needs 'file'", item) }
            var index = 0
            if let indexNode = pairs.first(where: { $0.0 == "index" })?.1 {
                guard let value = indexNode.int, value >= 0 else {
                    throw fail("invalid index '\(indexNode.scalar?.string ?? "…")' in \(what): expected an integer ≥ 0", indexNode)
                }
                index = value
            }
            let name = try string(file, "\(what).file")
            guard !name.allSatisfy(\.isWhitespace) else { throw fail("\(what).file is empty: expected a font file's path", file) }
            references.append(FontReference(file: path(name), index: index))
        }
        return FontStackReference(fonts: references)
    }

    func path(_ file: String) -> String {
        file.hasPrefix("/") || baseDirectory.isEmpty ? file : (baseDirectory as NSString).appendingPathComponent(file)
    }

    func settings(_ node: Node, _ what: String, allowLocales: Bool, extra: Set<String>) throws(SpecError)
        -> (LabelSettings, [String: LabelSettings])
    {
        let pairs = try mapping(node, what)
        try checkKeys(
            pairs, allowed: Self.settingKeys.union(allowLocales ? ["locales"] : []).union(extra), in: what, node: node)
        var settings = LabelSettings()
        var locales: [String: LabelSettings] = [:]
        for (key, value) in pairs {
            let name = "\(what).\(key)"
            switch key {
            case "font": settings.font = try stack(value, name, allowNames: true)
            case "size":
                let size = try number(value, name)
                guard size > 0 else { throw fail("invalid \(name) '\(value.scalar?.string ?? "")': a size must be greater than 0", value) }
                settings.size = size
            case "minimumScaleFactor":
                let factor = try number(value, name)
                guard factor > 0, factor <= 1 else {
                    throw fail("invalid \(name) '\(value.scalar?.string ?? "")': expected a number in (0, 1]", value)
                }
                settings.minimumScaleFactor = factor
            case "frame": settings.frame = try frame(value, name)
            case "lineLimit":
                if Self.isNull(value) {
                    settings.lineLimit = .some(nil)
                } else {
                    guard let limit = value.int, limit >= 1 else {
                        throw fail("invalid \(name) '\(value.scalar?.string ?? "…")': expected an integer ≥ 1 or null", value)
                    }
                    settings.lineLimit = limit
                }
            case "features":
                let features = try stringList(value, name)
                for feature in features {
                    do { _ = try FontFeature(feature) } catch { throw fail("invalid feature '\(feature)' in \(name)", value) }
                }
                settings.features = features
            case "variations":
                var variations: [String: Double] = [:]
                for (tag, axis) in try mapping(value, name) {
                    guard tag.utf8.count <= 4, !tag.isEmpty else { throw fail("invalid axis tag '\(tag)' in \(name)", value) }
                    variations[tag] = try number(axis, "\(name).\(tag)")
                }
                settings.variations = variations
            case "letterSpacing", "wordSpacing":
                let spacing = try parsed(value, name, expected: "points (1.5) or em (0.05em), or normal") {
                    try? TextSpacing(parsing: $0, name: name)
                }
                if key == "letterSpacing" { settings.letterSpacing = spacing } else { settings.wordSpacing = spacing }
            case "typeStyle":
                settings.platformStyle = try parsed(
                    value, name, expected: "one of " + PlatformTextStyle.all.map(\.name).joined(separator: ", ")
                ) { try? PlatformTextStyle.named($0) }
            case "textTransform":
                settings.textTransform = try parsed(
                    value, name, expected: "none, uppercase, lowercase or capitalize", TextTransform.init(rawValue:))
            case "lineHeight":
                settings.lineHeight = try parsed(
                    value, name, expected: "normal, a multiple of the size (1.5) or points (24pt)"
                ) { try? LineHeight(parsing: $0, name: name) }
            case "hyphens":
                settings.hyphens = try parsed(value, name, expected: "none, manual or auto", Hyphens.init(rawValue:))
            case "wrap":
                settings.wrap = try parsed(value, name, expected: "greedy, balance or pretty", TextWrap.init(rawValue:))
            case "textFit":
                settings.textFit = try parsed(
                    value, name,
                    expected: "grow or shrink, then consistent, per-line or per-line-all, then a percentage",
                    TextFit.init(parsing:))
            case "allowTightening":
                if let allowed = value.bool {
                    settings.tightening = .some(allowed ? .apple : nil)
                } else {
                    settings.tightening = try parsed(
                        value, name, expected: "true, false, a share such as 5% or em such as 0.05em"
                    ) { try? Tightening(parsing: $0, name: name) }
                }
            case "lineSpacing":
                let spacing = try number(value, name)
                guard spacing >= 0 else { throw fail("invalid \(name) '\(spacing)': expected a number ≥ 0", value) }
                settings.lineSpacing = spacing
            case "bounds":
                switch try string(value, name) {
                case "line": settings.bounds = .lineBox
                case "ink": settings.bounds = .ink
                case let other: throw fail("invalid \(name) '\(other)': expected line or ink", value)
                }
            case "truncation":
                switch try string(value, name) {
                case "tail": settings.truncation = .tail
                case "head": settings.truncation = .head
                case "middle": settings.truncation = .middle
                case "none": settings.truncation = TruncationMode.none
                case let other: throw fail("invalid \(name) '\(other)': expected tail, head, middle or none", value)
                }
            case "allowTruncation": settings.allowTruncation = try bool(value, name)
            case "failOnMissingGlyphs": settings.failOnMissingGlyphs = try bool(value, name)
            case "textScales":
                var scales: [TextScale] = []
                for item in value.sequence ?? [value] {
                    let text = item.scalar?.string ?? ""
                    guard let scale = TextScale(parsing: text) else {
                        throw fail(
                            "invalid \(name) '\(text)': expected a scale greater than 0 (1.3) or a Dynamic Type size (xSmall … xxxLarge, accessibility1 … accessibility5)",
                            item)
                    }
                    if !scales.contains(scale) { scales.append(scale) }
                }
                guard !scales.isEmpty else { throw fail("\(name) must list at least one scale, e.g. [1, 1.3, 2]", value) }
                settings.textScales = scales
            case "textStyle":
                let text = try string(value, name)
                guard let style = AppleTextStyle(name: text) else {
                    throw fail(
                        "invalid \(name) '\(text)': expected one of \(AppleTextStyle.allCases.map(\.rawValue).joined(separator: ", "))",
                        value)
                }
                settings.textStyle = style
            case "fontScaling":
                let text = try string(value, name)
                guard let scaling = FontScaling(rawValue: text) else {
                    throw fail("invalid \(name) '\(text)': expected linear or android14", value)
                }
                settings.fontScaling = scaling
            case "locales":
                for (locale, override) in try mapping(value, name) {
                    locales[Locales.canonical(locale)] = try self.settings(
                        override, "\(name).\(locale)", allowLocales: false, extra: []
                    ).0
                }
            default: break
            }
        }
        return (settings, locales)
    }

    func frame(_ node: Node, _ what: String) throws(SpecError) -> FrameSize {
        let text = try string(node, what)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        func side(_ part: Substring) -> Double? {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed == "inf" { return .infinity }
            return Double(trimmed).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }
        guard parts.count == 2, let width = side(parts[0]), let height = side(parts[1]) else {
            throw fail("invalid \(what) '\(text)': expected WIDTHxHEIGHT with sizes > 0 or inf, e.g. 343x60", node)
        }
        return FrameSize(width: width, height: height)
    }

    func rule(_ node: Node, index: Int) throws(SpecError) -> LabelRule {
        let what = "rules[\(index)]"
        let ruleKeys: Set<String> = ["name", "keys", "regex", "catalogs", "context"]
        let (settings, locales) = try self.settings(node, what, allowLocales: true, extra: ruleKeys)
        let table = Dictionary(try mapping(node, what), uniquingKeysWith: { first, _ in first })
        let name = try table["name"].map { node throws(SpecError) in try string(node, "\(what).name") } ?? "rule \(index + 1)"
        var compiled: NSRegularExpressionBox?
        var regex: String?
        if let node = table["regex"] {
            let pattern = try string(node, "\(what).regex")
            do { compiled = try NSRegularExpressionBox(pattern) } catch {
                throw fail("invalid regex '\(pattern)' in \(what)", node)
            }
            regex = pattern
        }
        return LabelRule(
            name: name, keys: try table["keys"].map { node throws(SpecError) in try stringList(node, "\(what).keys") } ?? [],
            regex: regex,
            catalogs: try table["catalogs"].map { node throws(SpecError) in try stringList(node, "\(what).catalogs") } ?? [],
            context: try table["context"].map { node throws(SpecError) in try string(node, "\(what).context") },
            settings: settings, locales: locales, compiledRegex: compiled)
    }
}
