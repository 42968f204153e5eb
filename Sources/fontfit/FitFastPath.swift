
/// `fontfit fit` with the plain options a script passes when it calls fontfit once per string,
/// read without ArgumentParser: its parse reflects over every option of the command tree, which
/// costs such a process more than loading the font, shaping and fitting together
/// (bench-cli: fitOverHBShape).
///
/// Only what this reader fully understands takes the fast path: the text as one positional
/// argument and `--frame`, `--size`, `--min-scale`, `--line-limit`, `--font` (repeatable),
/// `--align`, `--bounds`, `--json` and `--check`, each at most once (but `--font`), values in their
/// own argument. Anything else — another option, `--opt=value`, a value that is not a number, a
/// missing required option, help — returns nil, and ArgumentParser parses the whole command line,
/// with its messages. The request it builds is the one ArgumentParser's would give
/// (``FitArguments/request``); it builds no ArgumentParser struct, so that none of their generic
/// metadata is instantiated at start-up (bench-cli: fitOverHBShape).
enum FitFastPath {
    static func request(_ arguments: ArraySlice<String>) -> (request: FitInvocation, json: Bool)? {
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

        let request = FitInvocation(
            text: text, textFile: nil, fonts: FontNames(font: fonts), shaping: ShapingSelection(), frame: frame,
            size: size, minScale: scale, bounds: (bound ?? nil)?.value ?? .lineBox,
            alignment: (alignment ?? nil)?.value ?? .leading, check: check, lineLimit: limit ?? nil)
        return (request, json)
    }
}
