import Foundation
import Testing

/// A plain `fontfit fit` is read by a small reader instead of ArgumentParser (it starts faster);
/// the same command with an option only ArgumentParser reads (`--truncation tail`, the default)
/// must print the same bytes and exit with the same status.
@Suite struct FitFastPathTests {
    static let font = CLIRunner.fixture("fonts/Inter-roman.var.ttf")
    static let arabic = CLIRunner.fixture("fonts/NotoSansArabic-Regular.ttf")

    static let commands: [[String]] = [
        ["fit", "The quick brown fox jumps over", "--frame", "300x80", "--size", "40", "--min-scale", "0.5"],
        ["fit", "The quick brown fox jumps over", "--frame", "300x80", "--size", "40", "--json"],
        ["fit", "Einstellungen speichern", "--frame", "120x44", "--size", "17", "--min-scale", "0.8", "--line-limit", "1", "--check"],
        ["fit", "Hello", "--font", font, "--font", arabic, "--frame", "100x40", "--size", "30", "--align", "center", "--bounds", "ink", "--json"],
        ["fit", "مرحبا Hello", "--font", font, "--frame", "200x40", "--size", "30", "--align", "trailing"],
        ["fit", "Hello", "--frame", "abc", "--size", "30"],
        ["fit", "Hello", "--frame", "100x40", "--size", "1e300"],
        ["fit", "Hello", "--frame", "100x40", "--size", "30", "--min-scale", "2"],
        ["fit", "Hello", "--frame", "100x40", "--size", "30", "--line-limit", "0"],
        ["fit", "Hello", "--frame", "100x40", "--size", "30", "--font", "/nonexistent.ttf"],
        ["fit", "\u{10FFFF}x", "--frame", "100x40", "--size", "30", "--json"],
    ]

    @Test(arguments: commands) func fastPathAnswersAsArgumentParserDoes(_ arguments: [String]) throws {
        let fast = try CLIRunner.run(arguments)
        let parsed = try CLIRunner.run(arguments + ["--truncation", "tail"])
        #expect(fast.status == parsed.status, "\(arguments)")
        #expect(fast.stdout == parsed.stdout, "\(arguments)")
        #expect(fast.stderr == parsed.stderr, "\(arguments)")
    }
}
