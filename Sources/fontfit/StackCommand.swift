import ArgumentParser
import FontFit

struct StackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Fit rows of single-line text to a frame at one shared size (e.g. a clock: \"01:\" \"12:34\" \".56\").")

    @Argument(help: "The rows, one argument each.") var rows: [String] = []
    @Option(help: "Split this text into one word per row (seed 001's words to fit).") var words: String?
    @Option(help: "Hidden template for row i (repeat; the i-th --template goes with the i-th row; empty for none).")
    var template: [String] = []
    @Option(help: "Relative size of row i (repeat; default 1).") var weight: [Double] = []
    @Option(help: "Space between rows: points, or a multiple of the row height with an 'x' suffix (0.1x).")
    var spacing: String = "0"
    @Flag(help: "Give every row frame the widest row's width, text aligned inside.") var equalWidth = false
    @Option(help: "Snap sizes and frames to this many device pixels per point (2 for @2x).") var pixelScale: Double?
    @Flag(help: "Turn on tabular digits (tnum), so a value keeps its width as its digits change.")
    var monospacedDigits = false
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @OptionGroup var fitting: FittingArguments
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let fitted = try Self.fit(self)
        if json {
            print(Self.json(fitted).serialized)
        } else {
            Self.printHuman(fitted, maxSize: fitting.size)
        }
    }

    /// Lays the stack out; `render stack` draws the same result.
    static func fit(_ command: StackCommand) throws -> (stack: FittedStack, font: Font, shaping: ShapingOptions) {
        let frame = try command.fitting.parsedFrame()
        let font = try command.fontOptions.load()
        let shaping = try monospacedDigitsOptions(
            try command.shaping.options(), enabled: command.monospacedDigits, font: font, fontPath: command.fontOptions.fontPath)
        let spacing = try parseSpacing(command.spacing)
        let alignment = command.fitting.align.value
        let stack: FittedStack
        if let words = command.words {
            guard command.rows.isEmpty else { throw CLIError.usage("give rows or --words, not both") }
            stack = try font.wordsToFit(
                words, in: frame, maxSize: command.fitting.size, minimumScaleFactor: command.fitting.minScale,
                spacing: spacing, alignment: alignment, bounds: command.fitting.bounds.value,
                pixelScale: command.pixelScale, shaping: shaping)
        } else {
            guard !command.rows.isEmpty else { throw CLIError.usage("missing rows: give at least one row, or --words") }
            guard command.template.count <= command.rows.count, command.weight.count <= command.rows.count else {
                throw CLIError.usage("more --template or --weight values than rows (\(command.rows.count))")
            }
            let rows = command.rows.enumerated().map { index, text in
                StackRowText(
                    text,
                    template: index < command.template.count && !command.template[index].isEmpty ? command.template[index] : nil,
                    weight: index < command.weight.count ? command.weight[index] : 1,
                    alignment: alignment)
            }
            stack = try font.stack(
                rows, in: frame, maxSize: command.fitting.size, minimumScaleFactor: command.fitting.minScale,
                spacing: spacing, equalWidth: command.equalWidth, bounds: command.fitting.bounds.value,
                pixelScale: command.pixelScale, shaping: shaping)
        }
        return (stack, font, shaping)
    }

    static func parseSpacing(_ text: String) throws -> RowSpacing {
        let relative = text.hasSuffix("x")
        guard let value = Double(relative ? String(text.dropLast()) : text), value.isFinite, value >= 0 else {
            throw CLIError.usage("invalid --spacing '\(text)': expected points (4) or a multiple of the row height (0.1x)")
        }
        return relative ? .rowHeights(value) : .points(value)
    }

    static func json(_ fitted: (stack: FittedStack, font: Font, shaping: ShapingOptions)) -> JSONValue {
        let result = fitted.stack.result
        return .object([
            ("size", .number(result.size)), ("scale", .number(result.scale)), ("fits", .bool(result.fits)),
            ("width", .number(result.width)), ("height", .number(result.height)),
            ("rows", .array(zip(fitted.stack.rows, result.rows).map { row, frame in
                .object([
                    ("text", .string(row.text)), ("x", .number(frame.x)), ("y", .number(frame.y)),
                    ("width", .number(frame.width)), ("height", .number(frame.height)),
                    ("baseline", .number(frame.baseline)), ("size", .number(frame.size)),
                ])
            })),
        ])
    }

    static func printHuman(_ fitted: (stack: FittedStack, font: Font, shaping: ShapingOptions), maxSize: Double) {
        let result = fitted.stack.result
        printTable([
            ("size", "\(formatted(result.size, digits: 4)) pt (scale \(formatted(result.scale, digits: 4)) of \(formatted(maxSize)) pt)"),
            ("fits", result.fits ? "yes" : "no"),
            ("stack", "\(formatted(result.width)) × \(formatted(result.height)) pt"),
        ])
        print("rows")
        for (row, frame) in zip(fitted.stack.rows, result.rows) {
            print("  x \(formatted(frame.x).leftPadded(8))  y \(formatted(frame.y).leftPadded(8))  "
                + "width \(formatted(frame.width).leftPadded(8))  height \(formatted(frame.height).leftPadded(8))  "
                + "baseline \(formatted(frame.baseline).leftPadded(8))  \(row.text)")
        }
    }
}

/// Adds `tnum` when asked, warning when the font has no such feature (the digits then keep their
/// proportional widths).
func monospacedDigitsOptions(_ options: ShapingOptions, enabled: Bool, font: Font, fontPath: String) throws -> ShapingOptions {
    guard enabled else { return options }
    if !font.info.features.contains("tnum") {
        warn("\(fontPath) has no 'tnum' feature: digits keep their own widths")
    }
    var options = options
    options.features.append(try FontFeature("tnum"))
    return options
}
