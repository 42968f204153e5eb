import JSONOutput
import ArgumentParser
import FontFit
import FontfitCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `stack` and `render stack` take.
struct StackArguments: ParsableArguments {
    @Argument(help: "The rows, one argument each.") var rows: [String] = []
    @Option(help: "Split this text into one word per row, all at one size.") var words: String?
    @Option(help: "Hidden template for row i (repeat; the i-th --template goes with the i-th row; empty for none).")
    var template: [String] = []
    @Option(help: "Relative size of row i (repeat; default 1).") var weight: [Double] = []
    @Option(help: "Alignment per row, comma-separated (e.g. leading,center,trailing); default: --align for every row.")
    var rowAlign: String?
    @Option(help: "Space between rows: points, or a multiple of the row height with an 'x' suffix (0.1x).")
    var spacing: String = "0"
    @Flag(help: "Give every row frame the widest row's width, text aligned inside.") var equalWidth = false
    @Option(parsing: .unconditional, help: "Snap sizes and frames to this many device pixels per point (2 for @2x).") var pixelScale: Double?
    @Option(help: ArgumentHelp(
        "Line box height (CSS line-height): normal (the fonts' metrics) or a multiple of the size (1.5).",
        valueName: "height"))
    var lineHeight: String?
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @OptionGroup var fitting: FittingArguments
    @OptionGroup var unbroken: UnbrokenLineArguments

    func validate() throws {
        try unbroken.refuse(in: "stack", lines: "each row is one line, which never breaks", hyphens: shaping.hyphens)
    }

    struct Fitted {
        let stack: StackResult
        let frame: FrameSize
        let fonts: FontStack
        let shaping: ShapingOptions
        /// The line height the rows or lines were set with.
        var lineHeight: LineHeight = .normal
    }

    func fit() throws -> Fitted {
        let maxSize = try fitting.maxSize(shaping)
        let frame = try fitting.parsedFrame(size: maxSize)
        let fonts = try fontOptions.load(covering: rows + template + (words.map { [$0] } ?? []))
        let shaping = try shaping.options(for: fonts.primary)
        let spacing = try StackCommand.parseSpacingValue(spacing)
        let alignment = fitting.alignValue
        var options = StackOptions(
            frame: frame, maxSize: maxSize, minimumScaleFactor: fitting.minScale, spacing: spacing, equalWidth: equalWidth,
            bounds: fitting.boundsValue, pixelScale: pixelScale)
        options.lineHeight = try lineHeight.map { text throws(FontFitError) in try LineHeight(parsing: text, name: "--line-height") }
            ?? (try self.shaping.selection.platformStyle())?.lineHeight ?? .normal
        let stack: StackResult
        if let words = words {
            guard rows.isEmpty else { throw CLIError.usage("give rows or --words, not both") }
            stack = try fonts.wordsToFit(words, options: options, alignment: alignment, shaping: shaping)
        } else {
            guard !rows.isEmpty else { throw CLIError.usage("missing rows: give at least one row, or --words") }
            guard template.count <= rows.count, weight.count <= rows.count else {
                throw CLIError.usage("more --template or --weight values than rows (\(rows.count))")
            }
            let alignments = try rowAlign.map { list in
                try list.split(separator: ",").map { item -> LineAlignment in
                    guard let value = FittingArguments.Alignment(rawValue: item.withoutSurroundingWhitespace) else {
                        throw CLIError.usage("invalid --row-align item '\(item)': expected leading, center or trailing")
                    }
                    return value.value
                }
            } ?? []
            guard alignments.isEmpty || alignments.count == rows.count else {
                throw CLIError.usage("--row-align has \(alignments.count) values for \(rows.count) rows: give one per row")
            }
            let stackRows = rows.enumerated().map { index, text in
                StackRowText(
                    text,
                    template: index < template.count && !template[index].isEmpty ? template[index] : nil,
                    weight: index < weight.count ? weight[index] : 1,
                    alignment: index < alignments.count ? alignments[index] : alignment)
            }
            stack = try fonts.stack(stackRows, options: options, shaping: shaping)
        }
        FontOptions.warnMissing(stack.missing, in: fonts)
        return Fitted(stack: stack, frame: frame, fonts: fonts, shaping: shaping, lineHeight: options.lineHeight)
    }
}

struct StackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Fit rows of single-line text to a frame at one shared size (e.g. a clock: \"01:\" \"12:34\" \".56\").")

    @OptionGroup var arguments: StackArguments
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let fitted = try arguments.fit()
        if json {
            var json = try OrderedJSONEncoder.encode(fitted.stack)
            if case .object(var members) = json {
                members.append(("style", styleJSON(StyleDescription(fitted.shaping, lineHeight: fitted.lineHeight))))
                json = .object(members)
            }
            print(json.serialized)
        } else {
            Self.printHuman(fitted.stack, maxSize: fitted.stack.size / fitted.stack.scale)
        }
        arguments.fitting.exitIfChecked(fits: fitted.stack.fits)
    }

    static func parseSpacingValue(_ text: String) throws -> RowSpacing {
        let relative = text.hasSuffix("x")
        guard let value = Double(relative ? String(text.dropLast()) : text), value.isFinite, value >= 0 else {
            throw CLIError.usage("invalid --spacing '\(text)': expected points (4) or a multiple of the row height (0.1x)")
        }
        return relative ? .rowHeights(value) : .points(value)
    }

    static func printHuman(_ result: StackResult, maxSize: Double) {
        printTable([
            ("size", "\(formatted(result.size, digits: 4)) pt (scale \(formatted(result.scale, digits: 4)) of \(formatted(maxSize)) pt)"),
            ("fits", result.fits ? "yes" : "no"),
            ("stack", "\(formatted(result.width)) × \(formatted(result.height)) pt"),
        ])
        print("rows")
        for row in result.rows {
            let frame = row.frame
            print("  x \(formatted(frame.x).leftPadded(8))  y \(formatted(frame.y).leftPadded(8))  "
                + "width \(formatted(frame.width).leftPadded(8))  height \(formatted(frame.height).leftPadded(8))  "
                + "baseline \(formatted(row.baseline).leftPadded(8))  \(row.text)")
        }
    }
}
