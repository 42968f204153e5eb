import ArgumentParser
import FontFit
import FontfitCommandLine

@main
struct Fontfit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontfit",
        abstract: "Measure text in real font files and find the size at which it fits a frame.",
        discussion: "Units are points (1 pt = 1 px at 1x); a font size is the em size.",
        version: FontFitVersion.current,
        subcommands: [
            InfoCommand.self, ShapeCommand.self, MeasureCommand.self, FitCommand.self, StackCommand.self, RubyCommand.self,
            RenderCommand.self, CheckCommand.self, BatchCommand.self,
        ])

    /// Parses and runs a command; failures as ``runReportingErrors(_:)`` reports them.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if CatalogCommands.handles(arguments) { CatalogCommands.exec() }
        runReportingErrors {
            // `--version` alone and a plain `fit` (the call a script makes per string) skip
            // ArgumentParser's parse, which reflects over the whole command tree.
            if arguments.count == 1 && arguments.first == "--version" {
                print(FontFitVersion.current)
            } else if let (request, json) = FitFastPath.request(arguments) {
                try FitCommand.run(request, json: json)
            } else {
                var command = try parseAsRoot(Array(arguments).map(Self.withOptionalValue))
                try command.run()
            }
        }
    }

    /// `--allow-tightening` alone as `--allow-tightening=apple`: an option whose value may be left
    /// out, which ArgumentParser has no form for. A value goes after `=`, so that the text after
    /// the flag is never taken for one.
    static func withOptionalValue(_ argument: String) -> String {
        argument == "--allow-tightening" ? "--allow-tightening=apple" : argument
    }
}

/// `check` and `batch` as the command tree lists them (`fontfit --help`, suggestions): `main`
/// hands any command line for them to `fontfit-check` before parsing, so these never run.
struct CheckCommand: ParsableCommand {
    static let configuration = CatalogCommands.check
}

struct BatchCommand: ParsableCommand {
    static let configuration = CatalogCommands.batch
}
