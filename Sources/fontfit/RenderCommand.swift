import ArgumentParser
import FontFit
import FontfitCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a measure, fit, stack or ruby result as SVG or PNG: frame, line boxes, baselines and glyphs.",
        discussion: "Takes the same arguments as the command it draws, plus -o FILE (.svg or .png).",
        subcommands: [RenderMeasure.self, RenderFit.self, RenderStack.self, RenderRuby.self])
}

/// Where the picture goes.
struct RenderOutput: ParsableArguments {
    @Option(name: [.short, .long], help: "Output file: .svg (vector glyph outlines) or .png (rasterised by FreeType).")
    var output: String
    @Option(parsing: .unconditional, help: "PNG pixels per point.") var pngScale: Double = 2
    @Option(help: "debug (frame, line boxes and baselines drawn) or clean (only the text).")
    var style: RenderStyle.Look = .debug
    @Option(help: "Text colour: #rgb, #rrggbb or #rrggbbaa.") var color: String = "#000000"
    @Option(help: "Background: #rgb, #rrggbb, #rrggbbaa or transparent.") var background: String = "#ffffff"
    @Option(help: "The canvas, WIDTHxHEIGHT in points (default: the frame, plus the padding or the debug margin).")
    var canvas: String?
    @Option(help: "Where a clean picture puts the text in the frame's height: top, center or bottom.")
    var valign: RenderStyle.VerticalAlignment = .top
    @Option(parsing: .unconditional, help: "Points between the canvas's edges and the frame (clean pictures).")
    var padding: Double = 0

    /// The style these options describe.
    func renderStyle() throws -> RenderStyle {
        guard let textColor = RGBAColor(parsing: color) else {
            throw CLIError.usage("invalid --color '\(color)': expected #rgb, #rrggbb or #rrggbbaa")
        }
        guard let backgroundColor = RGBAColor(parsing: background) else {
            throw CLIError.usage("invalid --background '\(background)': expected #rgb, #rrggbb, #rrggbbaa or transparent")
        }
        guard padding.isFinite, padding >= 0, padding <= 1e6 else {
            throw CLIError.usage("invalid --padding \(padding): expected points in 0…1000000")
        }
        var canvasSize: FrameSize?
        if let canvas {
            let parts = canvas.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                width > 0, height > 0, width <= 1e6, height <= 1e6
            else { throw CLIError.usage("invalid --canvas '\(canvas)': expected WIDTHxHEIGHT in points, e.g. 1200x630") }
            canvasSize = FrameSize(width: width, height: height)
        }
        return RenderStyle(
            look: style, textColor: textColor, background: backgroundColor, canvas: canvasSize,
            verticalAlignment: valign, padding: padding)
    }

    func write(_ scene: RenderScene) throws {
        var scene = scene
        scene.pixelScale = pngScale
        let data: Data
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "svg": data = Data(scene.svg().utf8)
        case "png":
            guard pngScale.isFinite, pngScale > 0, pngScale <= 16 else {
                throw CLIError.usage("invalid --png-scale \(pngScale): expected a number in (0, 16]")
            }
            data = try scene.png()
        default: throw CLIError.usage("invalid --output '\(output)': the file name must end in .svg or .png")
        }
        guard FileManager.default.createFile(atPath: output, contents: data) else {
            throw CLIError(message: "cannot write \(output)", kind: .file)
        }
    }
}

struct RenderMeasure: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "measure", abstract: "Draw a measured line.")
    @OptionGroup var arguments: MeasureArguments
    @OptionGroup var output: RenderOutput

    func run() throws {
        // The paragraph `measure` measured: its fonts are at the size's opsz unless --no-optical-size.
        let measured = try arguments.measure()
        guard let measurement = measured.measurement else {
            throw CLIError.usage("render measure draws one line, and the text has a line break: use render fit to draw several lines")
        }
        try output.write(RenderScene.measurement(measurement, style: output.renderStyle()))
    }
}

struct RenderFit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fit", abstract: "Draw a fitted text in its frame.")
    @OptionGroup var arguments: FitArguments
    @OptionGroup var output: RenderOutput

    func run() throws {
        let fitted = try arguments.fit()
        try output.write(RenderScene.fit(fitted.result, frame: fitted.frame, text: fitted.report.prepared, style: output.renderStyle()))
    }
}

struct RenderStack: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stack", abstract: "Draw a shared-size stack of rows.")
    @OptionGroup var arguments: StackArguments
    @OptionGroup var output: RenderOutput

    func run() throws {
        let fitted = try arguments.fit()
        try output.write(RenderScene.stack(fitted.stack, frame: fitted.frame, style: output.renderStyle()))
    }
}

struct RenderRuby: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ruby", abstract: "Draw base text with its ruby.")
    @OptionGroup var arguments: RubyArguments
    @OptionGroup var output: RenderOutput

    func run() throws {
        let fitted = try arguments.fit()
        try output.write(RenderScene.ruby(fitted.ruby, frame: fitted.frame, style: output.renderStyle()))
    }
}

extension RenderStyle.Look: ExpressibleByArgument {}
extension RenderStyle.VerticalAlignment: ExpressibleByArgument {}
