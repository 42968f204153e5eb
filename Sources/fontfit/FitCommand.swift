import JSONOutput
import ArgumentParser
import FontFit
import FontfitCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `fit` and `render fit` take.
struct FitArguments: ParsableArguments {
    @OptionGroup var input: TextInput
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @OptionGroup var fitting: FittingArguments
    @Option(help: "Maximum number of lines (default: unlimited; 1 = one line).") var lineLimit: Int?
    @Option(parsing: .unconditional, help: "Extra space between lines, in points.") var lineSpacing: Double = 0
    @Option(help: ArgumentHelp(
        "Line box height (CSS line-height): normal (the fonts' metrics), a multiple of the size (1.5) or points (24pt).",
        valueName: "height"))
    var lineHeight: String?
    @Option(help: "Truncation when nothing fits: tail, head, middle or none.") var truncation: Truncation = .tail
    @Option(parsing: .unconditional, help: "Round the size down to a multiple of this many points, e.g. 0.5.") var granularity: Double?
    @Option(help: "Only these sizes, comma-separated: the largest that fits is chosen.") var presetSizes: String?
    @Option(help: ArgumentHelp(
        "An image in the text, ASPECT × the line height wide (repeat; ':cap' for cap height); {} marks each.",
        valueName: "aspect[:cap]"))
    var inlineImage: [String] = []
    @Flag(help: "Whole pixel sizes with FreeType's hinted advances.") var hinting = false
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Set the font's opsz axis to the size at every candidate, as automatic optical sizing does.",
        discussion: "On by default for a font with an opsz axis that --variations does not set."))
    var opticalSize: Bool?
    @Option(help: "How lines break at the fitted size (CSS text-wrap-style): greedy, balance or pretty; the size is greedy's.")
    var wrap: TextWrap = .greedy
    @Option(help: ArgumentHelp(
        "Scale the lines after breaking them (CSS text-fit), e.g. grow, shrink, 'grow per-line 200%'.",
        valueName: "value"))
    var textFit: String?
    @Option(help: ArgumentHelp(
        "Let a one-line label take away letter-spacing before it shrinks (SwiftUI's allowsTightening): alone, Apple's rule (the text at most 5% wider than the line); =0.05em or =3% for another limit.",
        valueName: "limit"))
    var allowTightening: String?

    enum Truncation: String, ExpressibleByArgument, CaseIterable {
        case tail, head, middle, none
        var mode: TruncationMode {
            switch self {
            case .tail: .tail
            case .head: .head
            case .middle: .middle
            case .none: .none
            }
        }
    }

    func validate() throws {
        if granularity != nil && presetSizes != nil {
            throw ValidationError("give --granularity or --preset-sizes, not both")
        }
        if hinting && opticalSize == true {
            throw ValidationError("give --hinting or --optical-size, not both")
        }
    }

    struct Fitted {
        let request: FontFit.FitRequest
        /// The fonts the text was measured in, primary first.
        let fonts: FontStack
        let report: FitReport
        var result: FitResult { report.result }
        let frame: FrameSize
        /// For a text that does not fit: the largest size at which it would, with no lower bound
        /// (nil when even the smallest size fontfit computes with is too large).
        let fitSize: Double?
        /// How the text was set and its lines broken, scaled and tightened.
        var style: StyleDescription
    }

    /// The options as plain values, which ``FitInvocation`` fits.
    var request: FitInvocation {
        FitInvocation(
            text: input.text, textFile: input.textFile, fonts: fontOptions.names, shaping: shaping.selection,
            frame: fitting.frame, size: fitting.size, style: shaping.typeStyle, minScale: fitting.minScale, bounds: fitting.boundsValue,
            alignment: fitting.alignValue, check: fitting.check, lineLimit: lineLimit, lineSpacing: lineSpacing,
            lineHeight: lineHeight, truncation: truncation.mode, granularity: granularity, presetSizes: presetSizes, inlineImage: inlineImage,
            hinting: hinting, opticalSize: opticalSize, wrap: wrap, textFit: textFit, tightening: allowTightening)
    }

    func fit() throws -> Fitted { try request.fit() }
}

/// What `fit` (and every command that fits) asks for, as plain values, with the fit itself. The
/// `fit` fast path (``FitFastPath``) fills it without building ArgumentParser's structs, whose
/// generic metadata would cost a short process more than the fit (bench-cli: fitOverHBShape).
struct FitInvocation {
    var text: String?
    var textFile: String?
    var fonts: FontNames
    var shaping: ShapingSelection
    var frame: String
    /// Nil takes the --style's size.
    var size: Double?
    var style: String?
    var minScale: Double = 1
    var bounds: FitBounds = .lineBox
    var alignment: LineAlignment = .leading
    var check = false
    var lineLimit: Int?
    var lineSpacing = 0.0
    var lineHeight: String?
    var truncation: TruncationMode = .tail
    var granularity: Double?
    var presetSizes: String?
    var inlineImage: [String] = []
    var hinting = false
    var opticalSize: Bool?
    var wrap: TextWrap = .greedy
    /// The CSS text-fit value, as given.
    var textFit: String?
    /// The tightening limit, as given (`apple` for the flag alone).
    var tightening: String?

    /// With --check, a result that does not fit ends the command with exit status 1.
    func exitIfChecked(fits: Bool) {
        if check && !fits { terminate(1) }
    }

    /// `fonts` at the style's weight: the primary font's `wght` axis when it has one and
    /// --variations leaves it alone; a warning when the face cannot change weight.
    static func weighted(_ fonts: FontStack, style: PlatformTextStyle?, names: FontNames) -> FontStack {
        guard let style, !names.variations.contains("wght") else { return fonts }
        if let weighted = fonts.weighted(style.weight) { return weighted }
        if style.weight != 400 {
            warn("\(fonts.primary.face.source) has no wght axis: \(style.name) is weight \(style.weight), give a face of that weight with --font")
        }
        return fonts
    }

    func fit() throws -> FitArguments.Fitted {
        var text = try TextInput.read(text: self.text, textFile: textFile)
        let images = try inlineImage.map(MeasureArguments.parseImage)
        if !images.isEmpty {
            text = text.replacingAll("{}", with: String(InlineImage.placeholder))
        }
        let platformStyle = try shaping.platformStyle()
        let size = try FittingArguments.maxSize(self.size, style: platformStyle)
        let frame = try FittingArguments.parseFrame(self.frame, size: size)
        let presets = try presetSizes.map { list throws(FontFitError) in try FitOptions.presetSizes(parsing: list) }
        let fonts = try Self.weighted(self.fonts.load(covering: [text]), style: platformStyle, names: self.fonts)
        var options = FitOptions(
            frame: frame, maxSize: size, minimumScaleFactor: minScale, lineLimit: lineLimit, bounds: bounds,
            lineSpacing: lineSpacing, alignment: alignment, truncation: truncation, granularity: granularity,
            presetSizes: presets, widths: try WidthModel.requested(hinting: hinting, opticalSize: opticalSize))
        if let lineHeight {
            options.lineHeight = try LineHeight(parsing: lineHeight, name: "--line-height")
        } else if let platformStyle {
            options.lineHeight = platformStyle.lineHeight
        }
        options.wrap = wrap
        options.textFit = try textFit.map { value throws(FontFitError) in try TextFit(parsing: value, name: "--text-fit") }
        options.tightening = try tightening.map { value throws(FontFitError) in
            try Tightening(parsing: value, name: "--allow-tightening")
        }
        let request = FontFit.FitRequest(
            text, options: options,
            shaping: try self.shaping.options(for: fonts.primary), images: images)
        let report = try request.report(in: fonts)
        FontOptions.warnMissing(report.missing, in: fonts)
        return FitArguments.Fitted(
            request: request, fonts: fonts, report: report, frame: frame, fitSize: report.result.fits ? nil : report.neededSize,
            style: StyleDescription(request.shaping, fit: options))
    }
}

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Find the largest size, up to --size, at which the text fits the frame (wrapped or on one line).")

    @OptionGroup var arguments: FitArguments
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws { try Self.run(arguments.request, json: json) }

    static func run(_ request: FitInvocation, json: Bool) throws {
        let fitted = try request.fit()
        // What only the fitter's measurement has is asked of it only when the text needs it: a
        // plain label answered in closed form is not measured again.
        let shaping = fitted.request.shaping
        let report = fitted.report
        let columns = shaping.direction.map { !$0.isHorizontal } ?? false
            ? report.prepared.columns(of: fitted.result, in: fitted.frame) : nil
        if json {
            let images = request.inlineImage.isEmpty ? nil : report.prepared.imageBoxes(in: fitted.result)
            var json = try Self.json(
                fitted.result, images: images, columns: columns, missing: report.missing, fonts: fitted.fonts)
            if case .object(var members) = json {
                // A transformed line says which part of the text as given it shows.
                if shaping.textTransform != .none, columns == nil, case let prepared = report.prepared,
                    let source = prepared.sourceText,
                    let index = members.firstIndex(where: { $0.0 == "lines" }), case .array(let lines) = members[index].1
                {
                    let bytes = Array(source.utf8)
                    let ranges = prepared.sourceRanges(of: fitted.result)
                    members[index].1 = .array(zip(lines, ranges).map { line, range in
                        guard case .object(var fields) = line else { return line }
                        fields.append(("sourceText", .string(String(decoding: bytes[range], as: UTF8.self))))
                        return .object(fields)
                    })
                }
                members.append(("style", styleJSON(fitted.style)))
                if fitted.request.shaping.hyphenationUnavailable { members.append(("hyphenationUnavailable", .bool(true))) }
                json = .object(members)
            }
            if !fitted.result.fits, case .object(var members) = json {
                members.append(("fitSize", fitted.fitSize.map { .number($0) } ?? .null))
                members.append(("neededScale", fitted.fitSize.map { .number($0 / fitted.result.size * fitted.result.scale) } ?? .null))
                json = .object(members)
            }
            print(json.serialized)
        } else {
            printHuman(
                fitted.result, columns: columns, frame: fitted.frame, maxSize: fitted.result.size / fitted.result.scale,
                fitSize: fitted.fitSize)
        }
        request.exitIfChecked(fits: fitted.result.fits)
    }

    /// The library's encoding of the fit, with what the command knows: the characters no font has,
    /// the fonts, and the inline images' boxes. With `columns` (vertical text), `lines` are the
    /// columns in the frame and width and height are the frame's (across, down).
    static func json(
        _ result: FitResult, images: [LayoutRect]? = nil, columns: [PlacedText]? = nil, missing: [Unicode.Scalar], fonts: FontStack
    ) throws -> JSON {
        guard case .object(var members) = try OrderedJSONEncoder.encode(result) else { return .null }
        if let columns {
            members = try members.compactMap { key, value in
                switch key {
                case "width": ("width", .number(result.height))
                case "height": ("height", .number(result.width))
                case "lines": ("lines", try OrderedJSONEncoder.encode(columns))
                default: (key, value)
                }
            }
            members.insert(("vertical", .bool(true)), at: members.firstIndex { $0.0 == "lines" } ?? members.endIndex)
        }
        members += [("missing", missingJSON(missing)), ("fonts", try OrderedJSONEncoder.encode(fonts))]
        if let images { members.append(("images", try OrderedJSONEncoder.encode(images))) }
        return .object(members)
    }

    static func printHuman(_ result: FitResult, columns: [PlacedText]?, frame: FrameSize, maxSize: Double, fitSize: Double?) {
        let wouldFit = fitSize.map {
            "; it fits at \(formatted($0, digits: 4)) pt (scale \(formatted($0 / maxSize, digits: 4)), a lower --min-scale allows it)"
        } ?? "; it fits at no size"
        printTable([
            ("size", "\(formatted(result.size, digits: 4)) pt (scale \(formatted(result.scale, digits: 4)) of \(formatted(maxSize)) pt)"),
            ("fits", result.fits ? "yes" : "no" + (result.truncated ? ", truncated" : "") + wouldFit),
            ("frame", "\(formatted(frame.width)) × \(formatted(frame.height)) pt"),
        ] + (result.tightening == 0 ? [] : [
            ("tightened", "by \(formatted(result.tightening, digits: 4)) em of letter-spacing"),
        ]) + [
            ("used", columns == nil
                ? "\(formatted(result.width)) × \(formatted(result.height)) pt"
                : "\(formatted(result.height)) × \(formatted(result.width)) pt"),
        ])
        if let columns {
            print("columns (right to left)")
            for column in columns {
                let box = column.frame
                print("  x \(formatted(box.x).leftPadded(8))  y \(formatted(box.y).leftPadded(8))  "
                    + "width \(formatted(box.width).leftPadded(8))  height \(formatted(box.height).leftPadded(8))  \(column.text)")
            }
            return
        }
        print("lines")
        for (index, line) in result.lines.enumerated() {
            // A text-fitted line is drawn at its own size.
            let size = result.lineScales.isEmpty ? "" : "size \(formatted(result.lineSize(index), digits: 4).leftPadded(8))  "
            print("  x \(formatted(line.x).leftPadded(8))  y \(formatted(line.y).leftPadded(8))  "
                + "width \(formatted(line.width).leftPadded(8))  baseline \(formatted(line.baseline).leftPadded(8))  \(size)\(line.text)")
        }
    }
}

/// The options every fitting command shares.
struct FittingArguments: ParsableArguments {
    @Option(help: "The frame, WIDTHxHEIGHT in points; either may be inf, e.g. 300x600 or 300xinf.")
    var frame: String
    @Option(parsing: .unconditional, help: "The largest font size in points (default: the --type-style's size).") var size: Double?
    @Option(parsing: .unconditional, help: "The smallest scale allowed, in (0, 1]: the size never goes below size × min-scale.")
    var minScale: Double = 1
    @Option(help: "What must fit: line (advance widths and line boxes) or ink (the tight ink box).")
    var bounds: Bounds?
    @Option(help: "Alignment of lines: leading, center or trailing (default leading).") var align: Alignment?

    @Flag(help: "Exit 1 when the text does not fit (for scripts and CI); the result is printed all the same.")
    var check = false

    var boundsValue: FitBounds { (bounds ?? .line).value }

    /// With --check, a result that does not fit ends the command with exit status 1.
    func exitIfChecked(fits: Bool) {
        if check && !fits { terminate(1) }
    }
    var alignValue: LineAlignment { (align ?? .leading).value }

    enum Bounds: String, ExpressibleByArgument, CaseIterable {
        case line, ink
        var value: FitBounds { self == .line ? .lineBox : .ink }
    }

    enum Alignment: String, ExpressibleByArgument, CaseIterable {
        case leading, center, trailing
        var value: LineAlignment {
            switch self {
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            }
        }
    }

    /// --size, else the --type-style's size.
    static func maxSize(_ size: Double?, style: PlatformTextStyle?) throws -> Double {
        guard let size = size ?? style?.size else { throw CLIError.usage("missing --size (or a --type-style, whose size it takes)") }
        return size
    }

    /// --size, else the size of the style `shaping` names.
    func maxSize(_ shaping: ShapingArguments) throws -> Double {
        try Self.maxSize(size, style: try shaping.selection.platformStyle())
    }

    func parsedFrame(size: Double) throws -> FrameSize { try Self.parseFrame(frame, size: size) }

    /// `frame` (WIDTHxHEIGHT) as a frame, after checking `size`.
    static func parseFrame(_ frame: String, size: Double) throws -> FrameSize {
        try checkSize(size, option: "--size")
        let parts = frame.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        func side(_ text: Substring) -> Double? {
            text == "inf" ? .infinity : Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }
        guard parts.count == 2, let width = side(parts[0]), let height = side(parts[1]) else {
            throw CLIError.usage("invalid --frame '\(frame)': expected WIDTHxHEIGHT with sizes > 0 or inf, e.g. 300x600")
        }
        return FrameSize(width: width, height: height)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension TextWrap: ExpressibleByArgument {}
