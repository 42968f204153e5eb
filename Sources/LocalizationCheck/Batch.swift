import JSONOutput
import FontFit
import Foundation

/// `fontfit batch`: one JSON request per line (`{"command":"fit","text":…,"font":…,"frame":[w,h],
/// "size":…}` with the CLI's options by their long names), one JSON result per line, fonts cached
/// across requests. A bad request gives `{"error":{"code":…,"message":…}}` on its line.
package final class BatchRunner {
    private var fonts: [FontSelection: FontStack] = [:]

    package init() {}

    /// The answer to one line of input (without the newline).
    package func respond(to line: String) -> String {
        do {
            var answer = JSONBytes(reservingCapacity: 256)
            try handle(line, answer: &answer)
            return String(decoding: answer.bytes, as: UTF8.self)
        } catch let error as FontFitError {
            return Self.error(code: error.kind.exitStatus, message: error.description)
        } catch let error as BatchError {
            return Self.error(code: error.code, message: error.message)
        } catch {
            return Self.error(code: 65, message: "\(error)")
        }
    }

    struct BatchError: Error {
        var code: Int32 = 64
        var message: String
    }

    static func error(code: Int32, message: String) -> String {
        JSON.object([("error", .object([("code", .integer(Int(code))), ("message", .string(message))]))]).serialized
    }

    static let optionNames: Set<String> = [
        "command", "text", "font", "faceindex", "variations", "features", "direction", "script", "language", "frame",
        "size", "minscale", "linelimit", "bounds", "truncation", "align", "linespacing", "id", "granularity",
        "presetsizes", "hinting", "opticalsize", "monospaceddigits", "namedinstance", "letterspacing", "wordspacing",
        "lineheight", "texttransform", "typestyle", "hyphens", "wrap",
        "textfit", "allowtightening",
    ]

    private func handle(_ line: String, answer: inout JSONBytes) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
            let raw = object as? [String: Any]
        else { throw BatchError(message: "a request must be one JSON object per line") }
        // Long option names, with or without dashes: "min-scale", "minScale". Read in sorted order,
        // not the dictionary's (which changes from run to run), so that the same bad request always
        // gets the same error.
        var request: [String: Any] = [:]
        var spelling: [String: String] = [:]
        var unknown: [String] = []
        for name in raw.keys.sorted() {
            // By scalars, not Foundation's replacingOccurrences: every option name of every request
            // passes here (scripts/bench-check, batch per request).
            let normalized = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != "-" })).lowercased()
            guard Self.optionNames.contains(normalized) else {
                unknown.append("'\(name)'")
                continue
            }
            if let first = spelling[normalized] {
                throw BatchError(message: "option '\(first)' given twice (also as '\(name)')")
            }
            spelling[normalized] = name
            request[normalized] = raw[name]
        }
        if !unknown.isEmpty {
            throw BatchError(message: "unknown option\(unknown.count > 1 ? "s" : "") \(unknown.joined(separator: ", "))")
        }
        guard let text = request["text"] as? String else { throw BatchError(message: "missing \"text\" (a string)") }
        let style = try (request["typestyle"] as? String).map { name throws(FontFitError) in try PlatformTextStyle.named(name) }
        if request["typestyle"] != nil && style == nil { throw BatchError(message: "\"type-style\" must be a style's name") }
        var font = try self.font(request)
        if let style, request["variations"] == nil { font = font.weighted(style.weight) ?? font }
        let shaping = try shapingOptions(request, style: style)
        let command = request["command"] as? String ?? "fit"
        let id = request["id"].map { id in (id as? String).map(JSON.string) ?? .number((id as? NSNumber)?.doubleValue ?? 0) }
        switch command {
        case "measure":
            let size = try number(request, "size") ?? style?.size ?? 12
            // Optical sizing unless turned off, as in the `measure` command. Unlike the command, a line
            // break is measured (as zero width), not refused: tools ask batch which glyphs the
            // strings of a catalog lack, labels of several lines among them.
            let opticalSizing = try optionalFlag(request, "opticalsize") ?? true
            let height = try lineHeight(request) ?? style?.lineHeight ?? .normal
            let measured = try font.measure(
                text, size: size, options: shaping, opticalSizing: opticalSizing, lineHeight: height)
            guard case .object(var members) = try OrderedJSONEncoder.encode(measured)
            else { throw BatchError(message: "measure gave no result") }
            if let id { members.insert(("id", id), at: 0) }
            members.append(("style", .object(
                StyleDescription(shaping, lineHeight: height).members.map { ("\($0.name)", JSON.string($0.value)) })))
            answer.value(.object(members))
        case "fit":
            guard let size = try number(request, "size") ?? style?.size else {
                throw BatchError(message: "missing \"size\" (or a \"type-style\", whose size it takes)")
            }
            let lineLimit = try number(request, "linelimit").map { value -> Int in
                guard value == value.rounded(), value >= 1 else { throw BatchError(message: "invalid line-limit \(value)") }
                return Int(value)
            }
            let bounds: FitBounds = try choice(request, "bounds", ["line": .lineBox, "ink": .ink]) ?? .lineBox
            var presets: [Double]?
            if let list = request["presetsizes"] as? String {
                presets = try FitOptions.presetSizes(parsing: list)
            } else if let list = request["presetsizes"] as? [NSNumber] {
                presets = list.map(\.doubleValue)
            }
            // Optical sizing left out is automatic (on for a font with an opsz axis), as in `fit`.
            let widths = try WidthModel.requested(
                hinting: try flag(request, "hinting"), opticalSize: try optionalFlag(request, "opticalsize"))
            var options = FitOptions(
                frame: try frame(request), maxSize: size, minimumScaleFactor: try number(request, "minscale") ?? 1, lineLimit: lineLimit,
                bounds: bounds, lineSpacing: try number(request, "linespacing") ?? 0,
                alignment: try choice(request, "align", ["leading": .leading, "center": .center, "trailing": .trailing]) ?? .leading,
                truncation: try choice(request, "truncation", ["tail": .tail, "head": .head, "middle": .middle, "none": TruncationMode.none]) ?? .tail,
                granularity: try number(request, "granularity"), presetSizes: presets, widths: widths)
            if let height = try lineHeight(request) ?? style?.lineHeight { options.lineHeight = height }
            options.wrap = try choice(request, "wrap", ["greedy": TextWrap.greedy, "balance": .balance, "pretty": .pretty]) ?? .greedy
            if let value = request["textfit"] {
                guard let text = value as? String else { throw BatchError(message: "\"text-fit\" must be a string such as \"grow per-line\"") }
                options.textFit = try TextFit(parsing: text, name: "text-fit")
            }
            switch request["allowtightening"] {
            case nil, false as Bool: break
            case true as Bool: options.tightening = .apple
            case let text as String: options.tightening = try Tightening(parsing: text, name: "allow-tightening")
            case let number as NSNumber: options.tightening = try Tightening(parsing: "\(number.doubleValue)em", name: "allow-tightening")
            default: throw BatchError(message: "\"allow-tightening\" must be true, a share such as \"5%\" or em such as \"0.05em\"")
            }
            let fit = FitRequest(text, options: options, shaping: shaping)
            let result = try fit.report(in: font).result
            Self.write(
                result, id: id, style: StyleDescription(shaping, fit: options),
                hyphenationUnavailable: shaping.hyphenationUnavailable, to: &answer)
        default: throw BatchError(message: "unknown command '\(command)': expected fit or measure")
        }
    }

    /// A fit's answer: the request's id, then the members of the result's Codable encoding, in its
    /// order (the tests hold the two to the same bytes), written value by value, not through
    /// `OrderedJSONEncoder`, whose tree of values, then serialized, costs as much as the fit it
    /// reports (scripts/bench-check, batch per request).
    /// `style` adds the `style` member and `hyphenationUnavailable` adds
    /// `"hyphenationUnavailable": true` at the end, as `fit --json` does (`hyphens` was auto and no
    /// dictionary covers the request's language).
    static func write(
        _ result: FitResult, id: JSON?, style: StyleDescription? = nil, hyphenationUnavailable: Bool = false,
        to answer: inout JSONBytes
    ) {
        answer.beginObject()
        if let id {
            answer.key("id")
            answer.value(id)
        }
        answer.member("size", result.size)
        answer.member("scale", result.scale)
        answer.member("fits", result.fits)
        answer.member("truncated", result.truncated)
        answer.member("width", result.width)
        answer.member("height", result.height)
        answer.key("lines")
        answer.beginArray()
        for (index, line) in result.lines.enumerated() {
            answer.beginObject()
            answer.member("text", line.text)
            answer.member("x", line.x)
            answer.member("y", line.y)
            answer.member("width", line.width)
            answer.member("height", line.height)
            answer.member("baseline", line.baseline)
            if line.isHyphenated { answer.member("hyphenated", true) }
            if !result.lineScales.isEmpty {
                answer.member("size", result.lineSize(index))
                answer.member("scale", result.lineScales[index])
            }
            answer.endObject()
        }
        answer.endArray()
        if result.tightening != 0 { answer.member("tightening", result.tightening) }
        if let style {
            answer.key("style")
            answer.beginObject()
            for member in style.members { answer.member(member.name, member.value) }
            answer.endObject()
        }
        if hyphenationUnavailable { answer.member("hyphenationUnavailable", true) }
        answer.endObject()
    }

    /// The request's `line-height`: a number (a multiple of the size) or a string as the CLI takes it.
    private func lineHeight(_ request: [String: Any]) throws -> LineHeight? {
        switch request["lineheight"] {
        case nil: return nil
        case let number as NSNumber: return .multiple(number.doubleValue)
        case let text as String: return try LineHeight(parsing: text, name: "line-height")
        default: throw BatchError(message: "\"line-height\" must be a multiple of the size or a string such as \"24pt\"")
        }
    }

    private func number(_ request: [String: Any], _ name: String) throws -> Double? {
        guard let value = request[name] else { return nil }
        guard let number = value as? NSNumber else { throw BatchError(message: "\"\(name)\" must be a number") }
        return number.doubleValue
    }

    private func flag(_ request: [String: Any], _ name: String) throws -> Bool {
        try optionalFlag(request, name) ?? false
    }

    /// The request's flag `name`, or nil when it leaves it out (the default then decides).
    private func optionalFlag(_ request: [String: Any], _ name: String) throws -> Bool? {
        guard let value = request[name] else { return nil }
        guard let flag = value as? Bool else { throw BatchError(message: "\"\(name)\" must be true or false") }
        return flag
    }

    private func choice<T>(_ request: [String: Any], _ name: String, _ values: [String: T]) throws -> T? {
        guard let value = request[name] else { return nil }
        guard let text = value as? String, let chosen = values[text] else {
            throw BatchError(message: "invalid \(name) '\(value)': expected \(values.keys.sorted().joined(separator: ", "))")
        }
        return chosen
    }

    private func frame(_ request: [String: Any]) throws -> FrameSize {
        func side(_ value: Any) -> Double? {
            if let text = value as? String { return text == "inf" ? .infinity : Double(text) }
            return (value as? NSNumber)?.doubleValue
        }
        if let pair = request["frame"] as? [Any], pair.count == 2, let width = side(pair[0]), let height = side(pair[1]) {
            return FrameSize(width: width, height: height)
        }
        if let text = request["frame"] as? String {
            let parts = text.lowercased().split(separator: "x")
            if parts.count == 2, let width = side(String(parts[0])), let height = side(String(parts[1])) {
                return FrameSize(width: width, height: height)
            }
        }
        throw BatchError(message: "missing or invalid \"frame\": expected [width, height] (numbers or \"inf\") or \"WxH\"")
    }

    private func shapingOptions(_ request: [String: Any], style: PlatformTextStyle?) throws -> ShapingOptions {
        var features: [FontFeature] = []
        if let list = request["features"] as? String {
            features = try FontFeature.list(list)
        } else if let list = request["features"] as? [String] {
            for feature in list { features.append(try FontFeature(feature)) }
        }
        if try flag(request, "monospaceddigits") { features.append(try FontFeature("tnum")) }
        let direction = try (request["direction"] as? String).map { text throws(FontFitError) in try TextDirection(parsing: text) }
        func spacing(_ key: String, _ name: String) throws -> TextSpacing {
            switch request[key] {
            case nil: return key == "letterspacing" ? style?.letterSpacing ?? .zero : .zero
            case let number as NSNumber: return .points(number.doubleValue)
            case let text as String: return try TextSpacing(parsing: text, name: name)
            default: throw BatchError(message: "\"\(name)\" must be a number of points or a string such as \"0.05em\"")
            }
        }
        func transform() throws -> TextTransform {
            guard let value = request["texttransform"] else { return style?.textTransform ?? .none }
            guard let name = value as? String, let transform = TextTransform(rawValue: name) else {
                throw BatchError(message: "\"text-transform\" must be none, uppercase, lowercase or capitalize")
            }
            return transform
        }
        return try ShapingOptions(
            features: features, direction: direction, script: request["script"] as? String,
            language: request["language"] as? String, letterSpacing: spacing("letterspacing", "letter-spacing"),
            wordSpacing: spacing("wordspacing", "word-spacing"),
            textTransform: try transform(),
            hyphens: try choice(request, "hyphens", ["none": Hyphens.none, "manual": .manual, "auto": .auto]) ?? .manual
        ).validated()
    }

    /// The request's font stack (`"font"`: a file or a font name, or a list of them, primary
    /// first), loaded once per selection for the whole stream.
    private func font(_ request: [String: Any]) throws -> FontStack {
        let names = (request["font"] as? [String]) ?? [request["font"] as? String ?? BundledFont.source]
        guard !names.isEmpty else { throw BatchError(message: "\"font\" lists no file") }
        var variations: [FontVariation] = []
        if let list = request["variations"] as? String {
            variations = try FontVariation.list(list)
        } else if let table = request["variations"] as? [String: Any] {
            for (tag, value) in table.sorted(by: { $0.key < $1.key }) {
                guard let number = value as? NSNumber else { throw BatchError(message: "variation '\(tag)' must be a number") }
                variations.append(FontVariation(tag: tag, value: number.doubleValue))
            }
        }
        var namedInstance: String?
        if let value = request["namedinstance"] {
            guard let name = (value as? String) ?? (value as? NSNumber).map({ "\($0.intValue)" }) else {
                throw BatchError(message: "\"named-instance\" must be a name or an index")
            }
            namedInstance = name
        }
        let selection = FontSelection(
            fonts: names, faceIndex: (request["faceindex"] as? NSNumber)?.intValue, variations: variations,
            namedInstance: namedInstance)
        if let stack = fonts[selection] { return stack }
        let stack = try selection.load()
        fonts[selection] = stack
        return stack
    }
}
