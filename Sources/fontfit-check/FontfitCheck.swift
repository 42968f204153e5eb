import ArgumentParser
import FontfitCommandLine

/// `fontfit check` and `fontfit batch`: the executable `fontfit` replaces itself with for them
/// (``CatalogCommands``), named `fontfit` in its usage and messages as the user typed it.
@main
struct FontfitCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontfit", subcommands: [CheckCommand.self, BatchCommand.self])

    static func main() {
        runReportingErrors {
            var command = try parseAsRoot()
            try command.run()
        }
    }
}
