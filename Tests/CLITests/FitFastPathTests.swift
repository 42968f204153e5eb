import Foundation
import Testing

@testable import fontfit
import FontFitTestSupport

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

    /// Random `fit` command lines, valid and not: the options the fast path reads, in any order,
    /// with values drawn mostly from good ones, else from ones the fit rejects (sizes out of range
    /// or not numbers, a bad frame, wrong case, a missing font file) or ones starting with a dash;
    /// and now and then an option or flag given twice, an option without its value, an option only
    /// ArgumentParser reads, `--name=value`, `-h`, a lone `-`, the text after `--`, no text, two
    /// texts, an empty text or one starting with a dash.
    static let seed: UInt64 = 0xC11F_0001

    static let randomCommands: [[String]] = {
        var generator = SplitMix64(seed: seed)
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        func pick(_ values: [String]) -> String { values.randomElement(using: &generator)! }
        /// Good values, values the fit rejects, and values starting with a dash.
        func value(_ good: [String], _ bad: [String], _ dashed: [String]) -> String {
            let draw = Int.random(in: 0..<100, using: &generator)
            return draw < 75 ? pick(good) : draw < 93 || dashed.isEmpty ? pick(bad) : pick(dashed)
        }
        let dejaVu = CLIRunner.fixture("fonts/DejaVuSans.ttf")
        var commands: [[String]] = []
        for _ in 0..<150 {
            var groups: [[String]] = []
            if chance(96) {
                let frame = value(
                    ["300x80", "100x40", "120x44", "300xinf", "infx60", "2000x30", "40x300"],
                    ["abc", "0x40", "300X80", "x", "", "1e3x", "300x80x2"], ["-3x4"])
                groups.append(["--frame", frame])
            }
            if chance(96) {
                let size = value(
                    ["40", "30", "17", "12.5", "+20", "1e2", "0x10"], ["0", "nan", "inf", "1e300", "abc", "1e-7", ""], ["-5"])
                groups.append(["--size", size])
            }
            if chance(40) {
                groups.append(["--min-scale", value(["0.5", "1", "0.8", "0.1"], ["2", "0", "nan", "x", "1e-9"], ["-1"])])
            }
            if chance(35) {
                groups.append(["--line-limit", value(["1", "2", "3"], ["0", "1.5", "x", "99999999999999999999"], ["-1"])])
            }
            if chance(30) { groups.append(["--align", value(["leading", "center", "trailing"], ["Center", "middle", ""], [])]) }
            if chance(30) { groups.append(["--bounds", value(["line", "ink"], ["lineBox", ""], [])]) }
            for _ in 0..<[0, 0, 0, 1, 1, 2].randomElement(using: &generator)! {
                groups.append(["--font", value([dejaVu, font, arabic], ["/nonexistent.ttf"], ["-"])])
            }
            if chance(30) { groups.append(["--json"]) }
            if chance(20) { groups.append(["--check"]) }
            let texts = [
                "Hello", "The quick brown fox jumps over the lazy dog", "Einstellungen speichern", "مرحبا Hello",
                "Ωμέγα 123", " ", "a\nb", "fit", "\u{10FFFF}x",
            ]
            let text = chance(92) ? pick(texts) : pick(["", "-dash", "-", "--json"])
            if chance(4) { groups.append([pick(["--json", "--check"])]) }
            if chance(4) {
                groups.append([pick(["--size", "--frame", "--min-scale", "--align"]), pick(["30", "100x40", "0.5", "center"])])
            }
            if chance(4) {
                let other = pick(["--line-spacing 2", "--granularity 0.5", "--hinting", "-h", "--frame=300x80"])
                groups.append(other.split(separator: " ").map(String.init))
            }
            if chance(3) { groups.append(["-"]) }
            if chance(3) { groups.append([pick(texts)]) }
            groups.shuffle(using: &generator)
            // An option left without its value, at the end.
            if chance(3) { groups.append([pick(["--frame", "--size", "--font", "--min-scale"])]) }
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<5: groups.append(["--", text])
            case 5..<8: break
            default: groups.insert([text], at: Int.random(in: 0...groups.count, using: &generator))
            }
            commands.append(["fit"] + groups.joined())
        }
        return commands
    }()

    /// The fast path's answer to each random command it takes is ArgumentParser's. A command it
    /// declines is read by ArgumentParser either way, so it is not run.
    @Test(arguments: randomCommands) func randomCommandsAnswerAsArgumentParserDoes(_ arguments: [String]) throws {
        guard FitFastPath.request(arguments[...]) != nil else { return }
        let fast = try CLIRunner.run(arguments)
        // `--truncation tail` right after the subcommand, so that it stays an option whatever
        // follows (after a `--` it would be text).
        let parsed = try CLIRunner.run(["fit", "--truncation", "tail"] + arguments.dropFirst())
        let context = "\(arguments), seed 0x\(String(Self.seed, radix: 16))"
        #expect(fast.status == parsed.status, "\(context)")
        #expect(fast.stdout == parsed.stdout, "\(context)")
        #expect(fast.stderr == parsed.stderr, "\(context)")
    }

    /// The fast path takes a good share of the random commands, among them ones whose values the
    /// fit rejects, and declines a good share.
    @Test func theFastPathTakesManyOfTheRandomCommands() throws {
        let taken = Self.randomCommands.filter { FitFastPath.request($0[...]) != nil }
        let declined = Self.randomCommands.count - taken.count
        #expect(taken.count >= 50 && declined >= 30, "\(taken.count) taken, \(declined) declined, seed 0x\(String(Self.seed, radix: 16))")
        let rejected = try taken.filter { try CLIRunner.run($0).status == 64 }
        #expect(rejected.count >= 10, "\(rejected.count) taken commands rejected, seed 0x\(String(Self.seed, radix: 16))")
    }
}
