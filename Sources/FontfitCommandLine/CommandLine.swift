import ArgumentParser
import FontFit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What the two executables share: `fontfit`, which runs every command but `check` and `batch`
// without linking Foundation, and `fontfit-check`, which `fontfit` hands those two to (see
// CatalogCommands).

/// A failure found by the CLI itself rather than the library.
package struct CLIError: Error {
    package let message: String
    package let kind: FontFitError.Kind

    package init(message: String, kind: FontFitError.Kind) {
        self.message = message
        self.kind = kind
    }

    package static func usage(_ message: String) -> CLIError { CLIError(message: message, kind: .usage) }
}

/// Writes a warning that does not fail the command.
package func warn(_ message: String) {
    writeStandardError("warning: \(message)\n")
}

/// Writes `text` to standard error at once (unbuffered, as a progress line needs).
package func writeStandardError(_ text: String) {
    writeAll(STDERR_FILENO, Array(text.utf8))
}

/// Writes `bytes` to a descriptor, unbuffered, after whatever `print` has buffered.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    fflush(nil)
    bytes.withUnsafeBytes { bytes in
        var start = 0
        while start < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + start, bytes.count - start)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a closed pipe: nothing more can be written
            start += written
        }
    }
}

extension ParsableCommand {
    /// Runs `body` (which parses and runs a command), turning every failure into one `error: `
    /// line and an exit code from sysexits.h: 64 bad usage or values, 65 bad font data or text, 66
    /// a file that cannot be opened, 70 a library failing to write the output.
    package static func runReportingErrors(_ body: () throws -> Void) {
        do {
            try body()
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
    package static func suggestion(for word: String?) -> String? {
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
        writeStandardError("error: \(message)\n")
        terminate(code)
    }
}

/// C's exit, which ParsableCommand's own `exit(withError:)` hides inside its extensions.
package func terminate(_ code: Int32) -> Never { exit(code) }
