import ArgumentParser

/// `fontfit fit` with the plain options a script passes when it calls fontfit once per string,
/// read without ArgumentParser: its parse reflects over every option of the command tree and cost
/// three quarters of such a process's instructions (28 of 38 million, callgrind), more than
/// loading the font, shaping and fitting together.
///
/// Only what this reader fully understands takes the fast path: the text as one positional
/// argument and `--frame`, `--size`, `--min-scale`, `--line-limit`, `--font` (repeatable),
/// `--align`, `--bounds`, `--json` and `--check`, each at most once (but `--font`), values in their
/// own argument. Anything else — another option, `--opt=value`, a value that is not a number, a
/// missing required option, help — returns nil, and ArgumentParser parses the whole command line
/// as before, with its messages. The command it builds is the one ArgumentParser would: every
/// property set, the others to their declared defaults.
enum FitFastPath {
    static func command(_ arguments: ArraySlice<String>) -> FitCommand? {
        guard arguments.first == "fit" else { return nil }
        var text: String?
        var frame: String?, size: String?, minScale: String?, lineLimit: String?, align: String?, bounds: String?
        var fonts: [String] = []
        var json = false, check = false
        var rest = arguments.dropFirst().makeIterator()
        // The value of an option given once, in its own argument; false for anything else.
        func take(_ slot: inout String?) -> Bool {
            guard slot == nil, let value = rest.next(), !value.hasPrefix("-") else { return false }
            slot = value
            return true
        }
        while let argument = rest.next() {
            switch argument {
            case "--json":
                guard !json else { return nil }
                json = true
            case "--check":
                guard !check else { return nil }
                check = true
            case "--font":
                guard let value = rest.next(), !value.hasPrefix("-") else { return nil }
                fonts.append(value)
            case "--frame": guard take(&frame) else { return nil }
            case "--size": guard take(&size) else { return nil }
            case "--min-scale": guard take(&minScale) else { return nil }
            case "--line-limit": guard take(&lineLimit) else { return nil }
            case "--align": guard take(&align) else { return nil }
            case "--bounds": guard take(&bounds) else { return nil }
            default:
                guard text == nil, !argument.hasPrefix("-") else { return nil }
                text = argument
            }
        }
        // Values ArgumentParser would reject are left to it, for its messages.
        guard let text, !text.isEmpty, let frame, let size = size.flatMap(Double.init) else { return nil }
        let scale = minScale.map { Double($0) } ?? 1
        let limit = lineLimit.map { Int($0) }
        let alignment = align.map { FittingArguments.Alignment(rawValue: $0) }
        let bound = bounds.map { FittingArguments.Bounds(rawValue: $0) }
        guard let scale, limit != .some(nil), alignment != .some(nil), bound != .some(nil) else { return nil }

        // Groups are filled in whole and then assigned: reading a property of a group that was
        // never parsed nor assigned is ArgumentParser's configuration failure.
        var input = TextInput()
        input.text = text
        input.textFile = nil
        var fontOptions = FontOptions()
        fontOptions.font = fonts
        fontOptions.faceIndex = nil
        fontOptions.variations = ""
        fontOptions.namedInstance = nil
        fontOptions.systemFallback = false
        var shaping = ShapingArguments()
        shaping.features = ""
        shaping.direction = nil
        shaping.script = nil
        shaping.language = nil
        shaping.lineBreak = .normal
        shaping.monospacedDigits = false
        var fitting = FittingArguments()
        fitting.frame = frame
        fitting.size = size
        fitting.minScale = scale
        fitting.bounds = bound ?? nil
        fitting.align = alignment ?? nil
        fitting.check = check
        var fit = FitArguments()
        fit.input = input
        fit.fontOptions = fontOptions
        fit.shaping = shaping
        fit.fitting = fitting
        fit.lineLimit = limit ?? nil
        fit.lineSpacing = 0
        fit.truncation = .tail
        fit.granularity = nil
        fit.presetSizes = nil
        fit.inlineImage = []
        fit.hinting = false
        fit.opticalSize = nil
        var command = FitCommand()
        command.arguments = fit
        command.json = json
        return command
    }
}
