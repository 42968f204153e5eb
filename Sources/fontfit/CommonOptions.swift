import ArgumentParser
import JSONOutput
import FontFit
import FontfitCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fonts to use, shared by every command.
struct FontOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A font file (.ttf, .otf, .ttc, .otc) or a family and style that fontconfig resolves ('DejaVu Sans', 'Noto Sans:bold'); repeat for a fallback stack, primary first. Default: the bundled DejaVu Sans.",
        valueName: "path-or-name"))
    var font: [String] = []

    @Option(help: "Face index in a collection (of the primary font).")
    var faceIndex: Int?

    @Option(help: "Variation axis values of the primary font, comma-separated, e.g. wght=700,wdth=90.")
    var variations: String = ""

    @Option(help: "Start the primary font from this named instance (index or name, see `fontfit info`).")
    var namedInstance: String?

    @Flag(help: "Append fontconfig's fallback fonts for characters no font in the stack has, as a browser does.")
    var systemFallback = false

    /// The options as plain values, which ``FontNames`` loads.
    var names: FontNames {
        FontNames(
            font: font, faceIndex: faceIndex, variations: variations, namedInstance: namedInstance,
            systemFallback: systemFallback)
    }

    func load(covering texts: [String] = []) throws -> FontStack { try names.load(covering: texts) }

    func loadPrimary() throws -> Font { try names.loadPrimary() }

    /// Warns on standard error about characters no font in the stack has.
    static func warnMissing(_ missing: [Unicode.Scalar], in stack: FontStack) {
        guard !missing.isEmpty else { return }
        let fonts = stack.fonts.map { $0.face.source }.joined(separator: ", ")
        warn("no font (\(fonts)) has a glyph for " + missing.map(\.codePointLabel).joined(separator: ", "))
    }
}

/// The fonts a command asked for, as its options spell them: what ``FontOptions`` parses, loadable
/// without building ArgumentParser's structs (the `fit` fast path, ``FitFastPath``).
struct FontNames {
    var font: [String] = []
    var faceIndex: Int?
    var variations = ""
    var namedInstance: String?
    var systemFallback = false

    /// The library's description of the same fonts.
    func selection() throws -> FontSelection {
        if font.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw CLIError.usage("--font is empty: give a font file's path or a font name (is a shell variable unset?)")
        }
        return FontSelection(
            fonts: font, faceIndex: faceIndex, variations: try FontVariation.list(variations),
            namedInstance: namedInstance, systemFallback: systemFallback)
    }

    /// The stack (see ``FontSelection/load(covering:warn:)``), warning on standard error about axis
    /// values the font clamps.
    func load(covering texts: [String] = []) throws -> FontStack {
        try selection().load(covering: texts, warn: warn)
    }

    /// The primary font alone.
    func loadPrimary() throws -> Font {
        var primary = try selection()
        primary.fonts = Array(primary.fonts.prefix(1))
        primary.systemFallback = false
        return try primary.load(warn: warn).primary
    }
}

/// The `style` member of JSON results (``StyleDescription``).
func styleJSON(_ style: StyleDescription) -> JSON {
    .object(style.members.map { ("\($0.name)", JSON.string($0.value)) })
}

/// The line-breaking options of `fit` that `stack` and `ruby` accept only to refuse them with a
/// reason: their texts are single lines, which never break (without these, the parser would answer
/// `--wrap` with "did you mean '--words'?").
struct UnbrokenLineArguments: ParsableArguments {
    @Option(help: .hidden) var wrap: String?
    @Option(help: .hidden) var textFit: String?

    /// Refuses --wrap, --text-fit and --hyphens auto for `command`, whose texts `lines` describes
    /// ("each row is one line, which never breaks").
    func refuse(in command: String, lines: String, hyphens: Hyphens) throws {
        let asked = [("--wrap", wrap != nil), ("--text-fit", textFit != nil), ("--hyphens auto", hyphens == .auto)]
        if let (option, _) = asked.first(where: \.1) {
            throw ValidationError("\(command) does not take \(option): \(lines) (fit wraps and hyphenates text)")
        }
    }
}

/// The `missing` member of JSON results.
func missingJSON(_ missing: [Unicode.Scalar]) -> JSON {
    .array(missing.map { .string($0.codePointLabel) })
}

/// Shaping settings, spelled as hb-shape spells them.
struct ShapingArguments: ParsableArguments {
    // Unconditional, so that "--features -liga" reads "-liga" as the value, not as an option.
    @Option(parsing: .unconditional, help: "OpenType features, comma-separated, HarfBuzz syntax: tnum,-liga,kern[3:5]=0.")
    var features: String = ""

    @Option(help: "Text direction: ltr, rtl, ttb or btt (default: guessed from the text).")
    var direction: String?

    @Option(help: "ISO 15924 script tag, e.g. Latn, Arab (default: guessed from the text).")
    var script: String?

    @Option(help: "BCP 47 language tag, e.g. tr, ja (default: the process locale, as hb-shape).")
    var language: String?

    @Option(help: "How strictly lines break (CSS line-break): strict, normal, loose or anywhere.")
    var lineBreak: LineBreakStyle = .normal

    @Option(help: "Breaks inside words (CSS hyphens): none, manual (soft hyphens only) or auto (also the hyphenation points of --language's dictionary, from Debian's hyphen-* packages).")
    var hyphens: Hyphens = .manual

    @Flag(help: "Tabular digits (tnum), so a value keeps its width as its digits change; warns if the font has none.")
    var monospacedDigits = false

    // Unconditional, so that a negative length ("-0.5") is read as the value.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Space after every character cluster (CSS letter-spacing): points (1.5, fixed as the size changes, like SwiftUI's tracking) or em (0.05em, scales with the size); turns off liga, clig and calt.",
        valueName: "length"))
    var letterSpacing: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Space added to every space and no-break space (CSS word-spacing): points (2) or em (0.1em).",
        valueName: "length"))
    var wordSpacing: String?

    @Option(help: "Change of case before shaping (CSS text-transform), in --language: none, uppercase, lowercase or capitalize.")
    var textTransform: TextTransform?

    @Option(help: ArgumentHelp(
        "A platform text style (material3.bodyMedium, material3.labelLarge, material2.button, …): its size, line height, letter-spacing, weight and case, each unless given on its own.",
        valueName: "name"))
    var typeStyle: String?

    /// The options as plain values, which ``ShapingSelection`` turns into shaping options.
    var selection: ShapingSelection {
        ShapingSelection(
            features: features, direction: direction, script: script, language: language, lineBreak: lineBreak,
            monospacedDigits: monospacedDigits, letterSpacing: letterSpacing, wordSpacing: wordSpacing,
            textTransform: textTransform, style: typeStyle, hyphens: hyphens)
    }

    func options(for font: Font) throws -> ShapingOptions { try selection.options(for: font) }
}

/// Shaping settings as plain values (see ``FontSelection``).
struct ShapingSelection {
    var features = ""
    var direction: String?
    var script: String?
    var language: String?
    var lineBreak: LineBreakStyle = .normal
    var monospacedDigits = false
    var letterSpacing: String?
    var wordSpacing: String?
    var textTransform: TextTransform?
    var style: String?
    var hyphens: Hyphens = .manual

    /// The platform style named by --style, if any.
    func platformStyle() throws -> PlatformTextStyle? {
        try style.map { name throws(FontFitError) in try PlatformTextStyle.named(name) }
    }

    /// The shaping options for `font`; with --monospaced-digits, `tnum` is added, and a font without
    /// it gets a warning (its digits keep their own widths).
    func options(for font: Font) throws -> ShapingOptions {
        let style = try platformStyle()
        var options = try ShapingOptions(
            features: FontFeature.list(features),
            direction: direction.map { text throws(FontFitError) in try TextDirection(parsing: text) },
            script: script, language: language, lineBreak: lineBreak,
            letterSpacing: letterSpacing.map { text throws(FontFitError) in
                try TextSpacing(parsing: text, name: "--letter-spacing")
            } ?? style?.letterSpacing ?? .zero,
            wordSpacing: wordSpacing.map { text throws(FontFitError) in
                try TextSpacing(parsing: text, name: "--word-spacing")
            } ?? .zero,
            textTransform: textTransform ?? style?.textTransform ?? .none,
            hyphens: hyphens
        ).validated()
        if monospacedDigits {
            if !font.info.features.contains("tnum") {
                warn("\(font.face.source) has no 'tnum' feature: digits keep their own widths")
            }
            options.features.append(try FontFeature("tnum"))
        }
        if let warning = options.hyphenationWarning { warn(warning) }
        return options
    }

}

/// The text to work on: an argument, or a UTF-8 file (`-` for standard input).
struct TextInput: ParsableArguments {
    @Argument(help: "The text.")
    var text: String?

    @Option(help: "Read the text from a UTF-8 file ('-' for standard input); one final newline is dropped.")
    var textFile: String?

    func read() throws -> String { try Self.read(text: text, textFile: textFile) }

    /// The text given as an argument or read from `textFile`, exactly one of them.
    static func read(text: String?, textFile: String?) throws -> String {
        switch (text, textFile) {
        case (let text?, nil): return text
        case (nil, let path?): return try Self.readFile(path)
        case (.some, .some): throw CLIError.usage("give the text as an argument or with --text-file, not both")
        case (nil, nil): throw CLIError.usage("missing text: give it as an argument or with --text-file")
        }
    }

    private static func readFile(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = readStandardInput()
        } else {
            var status = stat()
            guard stat(path, &status) == 0 else { throw FontFitError.fileNotFound(path: path) }
            guard status.st_mode & S_IFMT != S_IFDIR else { throw FontFitError.notAFile(path: path) }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw FontFitError.unreadableFile(path: path, reason: "permission denied or I/O error")
            }
            data = contents
        }
        guard var text = String(validating: data, as: UTF8.self) else {
            throw FontFitError.undecodableText(source: path == "-" ? "standard input" : path)
        }
        if text.last?.isNewline == true { text.removeLast() }
        return text
    }
}

/// Everything on standard input, read to its end (retried when a signal interrupts a read).
private func readStandardInput() -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return data }
        data.append(contentsOf: chunk[..<count])
    }
}

/// Rejects a size option outside the library's range (`Limits.sizes`), naming the option.
func checkSize(_ value: Double, option: String) throws {
    do { try Font.checkSize(value) } catch {
        throw CLIError.usage("invalid \(option) \(value): \(error.description.drop { $0 != ":" }.dropFirst(2))")
    }
}

extension LineBreakStyle: ExpressibleByArgument {}
extension TextTransform: ExpressibleByArgument {}
extension Hyphens: ExpressibleByArgument {}

extension Double {
    /// "900" for whole numbers, "37.25" otherwise.
    var formattedShort: String { rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self) }
}
