import JSONOutput
import ArgumentParser
import FontFit

/// What `ruby` and `render ruby` take.
struct RubyArguments: ParsableArguments {
    @Argument(help: "Markup: text[ruby]; a | starts a base explicitly (私の|名前[なまえ]).") var markup: String
    @Option(parsing: .unconditional, help: "Ruby size ÷ base size.") var ratio: Double = 0.5
    @Option(parsing: .unconditional, help: "Points between the ruby line and the base line.") var rubySpacing: Double = 0
    @Option(help: ArgumentHelp(
        "Line box height (CSS line-height): normal (the fonts' metrics) or a multiple of the size (1.5).",
        valueName: "height"))
    var lineHeight: String?
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var shaping: ShapingArguments
    @OptionGroup var fitting: FittingArguments
    @OptionGroup var unbroken: UnbrokenLineArguments

    func validate() throws {
        try unbroken.refuse(in: "ruby", lines: "the base text and its ruby are one line each, which never break", hyphens: shaping.hyphens)
        // Ruby boxes are line boxes placed side by side: nothing to align or measure by ink.
        if fitting.align != nil { throw ValidationError("ruby does not take --align: each segment is as wide as the wider of its base and ruby, ruby centred") }
        if fitting.bounds != nil { throw ValidationError("ruby does not take --bounds: ruby fits line boxes") }
    }

    struct Fitted {
        let ruby: RubyResult
        let frame: FrameSize
        let fonts: FontStack
        let shaping: ShapingOptions
        /// The line height the rows or lines were set with.
        var lineHeight: LineHeight = .normal
    }

    func fit() throws -> Fitted {
        let maxSize = try fitting.maxSize(shaping)
        let frame = try fitting.parsedFrame(size: maxSize)
        let segments = try RubyText.parse(markup)
        let fonts = try fontOptions.load(covering: segments.map { $0.base + ($0.ruby ?? "") })
        let shaping = try shaping.options(for: fonts.primary)
        var options = RubyOptions(
            frame: frame, maxSize: maxSize, minimumScaleFactor: fitting.minScale, ratio: ratio, spacing: rubySpacing)
        options.lineHeight = try lineHeight.map { text throws(FontFitError) in try LineHeight(parsing: text, name: "--line-height") }
            ?? (try self.shaping.selection.platformStyle())?.lineHeight ?? .normal
        let fitted = try fonts.ruby(segments, options: options, shaping: shaping)
        FontOptions.warnMissing(fitted.missing, in: fonts)
        return Fitted(ruby: fitted, frame: frame, fonts: fonts, shaping: shaping, lineHeight: options.lineHeight)
    }
}

struct RubyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ruby",
        abstract: "Fit base text with ruby (furigana) to a frame: 今日[こんにち]は, ruby at half size by default.")

    @OptionGroup var arguments: RubyArguments
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let fitted = try arguments.fit()
        if json {
            var json = try OrderedJSONEncoder.encode(fitted.ruby)
            if case .object(var members) = json {
                members.append(("style", styleJSON(StyleDescription(fitted.shaping, lineHeight: fitted.lineHeight))))
                json = .object(members)
            }
            print(json.serialized)
        } else {
            Self.printHuman(fitted.ruby, maxSize: fitted.ruby.size / fitted.ruby.scale)
        }
        arguments.fitting.exitIfChecked(fits: fitted.ruby.fits)
    }

    static func printHuman(_ result: RubyResult, maxSize: Double) {
        printTable([
            ("size", "\(formatted(result.size, digits: 4)) pt base, \(formatted(result.rubySize, digits: 4)) pt ruby (scale \(formatted(result.scale, digits: 4)) of \(formatted(maxSize)) pt)"),
            ("fits", result.fits ? "yes" : "no"),
            ("used", "\(formatted(result.width)) × \(formatted(result.height)) pt"),
        ])
        print("segments")
        for (base, ruby) in result.segments {
            let annotation = ruby.map { "  ruby \($0.text) at x \(formatted($0.penStart))" } ?? ""
            print("  x \(formatted(base.frame.x).leftPadded(8))  width \(formatted(base.frame.width).leftPadded(8))  \(base.text)\(annotation)")
        }
    }
}
