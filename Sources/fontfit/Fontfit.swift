import ArgumentParser
import FontFit
import Foundation

@main
struct Fontfit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fontfit",
        abstract: "Measure text in real font files and find the size at which it fits a frame.",
        discussion: "Units are points (1 pt = 1 px at 1x); a font size is the em size.",
        subcommands: [
            InfoCommand.self, ShapeCommand.self, MeasureCommand.self, FitCommand.self, StackCommand.self, RubyCommand.self,
            RenderCommand.self, CheckCommand.self, BatchCommand.self,
        ])

    /// Parses and runs a command, turning every failure into one `error: ` line and an exit code
    /// from sysexits.h: 64 bad usage or values, 65 bad font data or text, 66 a file that cannot be
    /// opened.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as FontEngineError {
            fail(error.description, code: exitCode(for: error.kind))
        } catch let error as CLIError {
            fail(error.message, code: exitCode(for: error.kind))
        } catch {
            if exitCode(for: error) == .success || error is CleanExit {
                exit(withError: error)
            }
            // ArgumentParser's own message, kept to the one line the CLI contract promises.
            let message = Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
            fail(message + " (see 'fontfit --help')", code: 64)
        }
    }

    private static func exitCode(for kind: FontEngineError.Kind) -> Int32 {
        switch kind {
        case .usage: 64
        case .data: 65
        case .file: 66
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(code)
    }
}

/// A failure found by the CLI itself rather than the library.
struct CLIError: Error {
    let message: String
    let kind: FontEngineError.Kind

    static func usage(_ message: String) -> CLIError { CLIError(message: message, kind: .usage) }
}

/// Writes a warning that does not fail the command.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
