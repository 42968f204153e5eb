import ArgumentParser
import FontFit
import Foundation

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

    /// Parses and runs a command, turning every failure into one `error: ` line and an exit code
    /// from sysexits.h: 64 bad usage or values, 65 bad font data or text, 66 a file that cannot be
    /// opened, 70 a library failing to write the output.
    static func main() {
        do {
            // `--version` alone and a plain `fit` (the call a script makes per string) skip
            // ArgumentParser's parse, which reflects over the whole command tree.
            if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "--version" {
                print(FontFitVersion.current)
            } else if let (request, json) = FitFastPath.request(CommandLine.arguments.dropFirst()) {
                try FitCommand.run(request, json: json)
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let error as FontFitError {
            fail(error.description, code: error.kind.exitStatus)
        } catch let error as CLIError {
            fail(error.message, code: error.kind.exitStatus)
        } catch {
            if exitCode(for: error) == .success || error is CleanExit {
                exit(withError: error)
            }
            if let suggestion = suggestion(for: CommandLine.arguments.dropFirst().first) {
                fail(suggestion, code: 64)
            }
            // ArgumentParser's own message, kept to the one line the CLI contract promises.
            let message = Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
            fail(message + " (see 'fontfit --help')", code: 64)
        }
    }

    /// For a first argument that is no command, the command it is closest to (by edit distance).
    static func suggestion(for word: String?) -> String? {
        guard let word, !word.hasPrefix("-") else { return nil }
        let names = (configuration.subcommands.map { $0.configuration.commandName ?? "" }) + ["help"]
        guard !names.contains(word) else { return nil }
        let closest = names.min { editDistance(word, $0) < editDistance(word, $1) }!
        let hint = editDistance(word, closest) <= max(2, closest.count / 3) ? ": did you mean '\(closest)'?" : ""
        return "unknown command '\(word)'\(hint) (commands: \(names.dropLast().joined(separator: ", ")))"
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(code)
    }
}

/// A failure found by the CLI itself rather than the library.
struct CLIError: Error {
    let message: String
    let kind: FontFitError.Kind

    static func usage(_ message: String) -> CLIError { CLIError(message: message, kind: .usage) }
}

/// Writes a warning that does not fail the command.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
