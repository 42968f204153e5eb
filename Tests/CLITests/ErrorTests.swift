import Foundation
import Testing

/// Every bad input gets one `error: ` line naming what was wrong, and a sysexits code; never a crash.
@Suite struct ErrorTests {
    struct BadInput: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let status: Int32
        /// Words the message must contain, so it says what was wrong and with what.
        let mentions: [String]
        var testDescription: String { name }
    }

    static let dejaVu = CLIRunner.fixture("fonts/DejaVuSans.ttf")
    static let inter = CLIRunner.fixture("fonts/Inter-roman.var.ttf")

    static let cases: [BadInput] = [
        BadInput(name: "missing font file", arguments: ["measure", "x", "--font", "/nonexistent/font.ttf"],
                 status: 66, mentions: ["/nonexistent/font.ttf"]),
        BadInput(name: "font is a directory", arguments: ["info", "--font", CLIRunner.fixture("fonts")],
                 status: 66, mentions: ["not a regular file"]),
        BadInput(name: "not a font", arguments: ["measure", "x", "--font", CLIRunner.fixture("fonts/NotAFont.ttf")],
                 status: 65, mentions: ["NotAFont.ttf", "not a font"]),
        BadInput(name: "truncated font", arguments: ["shape", "x", "--font", CLIRunner.fixture("fonts/Truncated.ttf")],
                 status: 65, mentions: ["Truncated.ttf", "truncated"]),
        BadInput(name: "face index out of range",
                 arguments: ["info", "--font", CLIRunner.fixture("fonts/Collection.ttc"), "--face-index", "5"],
                 status: 64, mentions: ["face index 5", "2 faces"]),
        BadInput(name: "negative face index", arguments: ["info", "--font", dejaVu, "--face-index=-1"],
                 status: 64, mentions: ["face index -1"]),
        BadInput(name: "malformed feature", arguments: ["measure", "x", "--font", dejaVu, "--features", "kern[3:"],
                 status: 64, mentions: ["kern[3:"]),
        BadInput(name: "empty feature in list", arguments: ["shape", "x", "--font", dejaVu, "--features", "kern,,liga"],
                 status: 64, mentions: ["feature"]),
        BadInput(name: "malformed variation", arguments: ["measure", "x", "--font", inter, "--variations", "wght"],
                 status: 64, mentions: ["'wght'"]),
        BadInput(name: "non-numeric variation", arguments: ["measure", "x", "--font", inter, "--variations", "wght=bold"],
                 status: 64, mentions: ["wght=bold"]),
        BadInput(name: "unknown axis says which axes exist",
                 arguments: ["measure", "x", "--font", inter, "--variations", "wgth=700"],
                 status: 64, mentions: ["wgth", "wght (100…900, default 400)"]),
        BadInput(name: "axis on a static font", arguments: ["measure", "x", "--font", dejaVu, "--variations", "wght=700"],
                 status: 64, mentions: ["wght", "no variation axes"]),
        BadInput(name: "unknown named instance",
                 arguments: ["info", "--font", inter, "--named-instance", "Heavy"], status: 64, mentions: ["Heavy", "Bold"]),
        BadInput(name: "zero size", arguments: ["measure", "x", "--size", "0"], status: 64, mentions: ["--size"]),
        BadInput(name: "negative size", arguments: ["measure", "x", "--size=-3"], status: 64, mentions: ["--size"]),
        BadInput(name: "NaN size", arguments: ["measure", "x", "--size", "nan"], status: 64, mentions: ["--size", "nan"]),
        BadInput(name: "infinite size", arguments: ["measure", "x", "--size", "inf"], status: 64, mentions: ["--size", "inf"]),
        BadInput(name: "non-numeric size", arguments: ["measure", "x", "--size", "big"], status: 64, mentions: ["big"]),
        BadInput(name: "zero font size for shape", arguments: ["shape", "x", "--font-size", "0"], status: 64,
                 mentions: ["--font-size"]),
        BadInput(name: "bad direction", arguments: ["shape", "x", "--direction", "sideways"], status: 64,
                 mentions: ["sideways"]),
        BadInput(name: "bad script", arguments: ["shape", "x", "--script", "Qq"], status: 64, mentions: ["Qq"]),
        BadInput(name: "missing text", arguments: ["measure"], status: 64, mentions: ["text"]),
        // An unset shell variable: fontconfig would match it to its default font in silence.
        BadInput(name: "empty font for fit", arguments: ["fit", "x", "--font", "", "--frame", "100x50", "--size", "20"],
                 status: 64, mentions: ["--font", "empty"]),
        BadInput(name: "blank fallback font", arguments: ["measure", "x", "--font", dejaVu, "--font", " "],
                 status: 64, mentions: ["--font", "empty"]),
        BadInput(name: "text and text file", arguments: ["measure", "x", "--text-file", "-"], status: 64,
                 mentions: ["not both"]),
        BadInput(name: "missing text file", arguments: ["measure", "--text-file", "/nonexistent/text.txt"],
                 status: 66, mentions: ["/nonexistent/text.txt"]),
        BadInput(name: "text file that is not UTF-8",
                 arguments: ["measure", "--text-file", CLIRunner.fixture("fonts/DejaVuSans.ttf")],
                 status: 65, mentions: ["UTF-8"]),
        BadInput(name: "bad --unicodes", arguments: ["shape", "--unicodes", "U+ZZZZ"], status: 64, mentions: ["U+ZZZZ"]),
        BadInput(name: "unknown option", arguments: ["measure", "x", "--colour", "red"], status: 64, mentions: ["--colour"]),
        BadInput(name: "unknown command", arguments: ["mesure", "x"], status: 64, mentions: ["mesure"]),
        // Issue 11: sizes outside Limits.sizes. 1.7976931348623157e308 (Double's max) gave
        // "fits": true with a null (infinite) height; 1e308 returned no lines.
        BadInput(name: "largest double size", arguments: ["fit", "", "--frame", "175x169", "--size", "1.7976931348623157e308"],
                 status: 64, mentions: ["--size", "1.7976931348623157e+308", "1e-06…1000000000"]),
        BadInput(name: "size 1e308", arguments: ["fit", "", "--frame", "175x169", "--size", "1e308"],
                 status: 64, mentions: ["--size", "1e+308"]),
        BadInput(name: "subnormal size", arguments: ["measure", "x", "--size", "5e-324"], status: 64,
                 mentions: ["--size", "5e-324"]),
        BadInput(name: "smallest fit size below the limit",
                 arguments: ["fit", "x", "--frame", "100x100", "--size", "100", "--min-scale", "1e-300"],
                 status: 64, mentions: ["minimum scale factor", "1e-300"]),
        // Issue 11: --hinting converted 1e300 to Int (a trap) and 1e10 to FreeType's 26.6 ("Not
        // enough bits"); above FreeType's 65,535-pixel limit hinted widths stop growing, so
        // 1e6 reported 429,530 pt for a true fit of 171,812 pt and 1e15 climbed pixel by pixel.
        BadInput(name: "hinted size 1e300", arguments: ["fit", "Hinted", "--frame", "200x100", "--size", "1e300", "--min-scale", "1", "--hinting"],
                 status: 64, mentions: ["--size"]),
        BadInput(name: "hinted size above FreeType's pixel limit",
                 arguments: ["fit", "quick brown", "--frame", "100x1e15", "--size", "1e6", "--min-scale", "1e-6", "--hinting"],
                 status: 64, mentions: ["hinted", "65535"]),
        // Found by FuzzLayout: hinted (horizontal) advances applied to vertical text gave a
        // negative width.
        BadInput(name: "hinted vertical text",
                 arguments: ["fit", "ofeff", "--direction", "ttb", "--hinting", "--frame", "1x1", "--size", "12", "--min-scale", "1e-6"],
                 status: 64, mentions: ["hinted", "ttb"]),
        BadInput(name: "huge line spacing", arguments: ["fit", "a b", "--frame", "10x100", "--size", "10", "--line-spacing", "1e300"],
                 status: 64, mentions: ["line spacing", "1e+300"]),
    ]

    @Test(arguments: cases)
    func badInputGetsOneErrorLineAndItsExitCode(_ bad: BadInput) throws {
        let output = try CLIRunner.run(bad.arguments)
        #expect(output.status == bad.status, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("error: "), "\(output.stderr)")
        #expect(!output.stderr.contains("Fatal error") && !output.stderr.contains("Stack dump"))
        for word in bad.mentions {
            #expect(output.stderr.contains(word), "message should mention \(word): \(output.stderr)")
        }
        #expect(output.stdout.isEmpty)
    }

    @Test func nonUTF8StandardInputIsRejected() throws {
        let output = try CLIRunner.run(["measure", "--text-file", "-"], stdin: Data([0x48, 0xFF, 0xFE, 0x69]))
        #expect(output.status == 65)
        #expect(output.stderr == "error: text in standard input is not valid UTF-8\n")
    }

    @Test func textFromStandardInputDropsOneFinalNewline() throws {
        let piped = try CLIRunner.run(["measure", "--json", "--text-file", "-"], stdin: Data("Hello\n".utf8))
        let direct = try CLIRunner.run(["measure", "--json", "Hello"])
        #expect(piped.status == 0)
        #expect(piped.stdout == direct.stdout)
    }

    @Test func helpExitsZero() throws {
        let output = try CLIRunner.run(["measure", "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("--size"))
    }
}

extension ErrorTests {
    /// A bad value of any length is quoted by its start and its length: one line of a readable size.
    @Test func longBadValueIsQuotedByItsStart() throws {
        let markup = String(repeating: "今日[こんにち]は", count: 2_000) + "["
        let output = try CLIRunner.run(["ruby", markup, "--frame", "300x100", "--size", "100"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: invalid ruby markup 今日[こんにち]は"))
        #expect(output.stderr.contains("(\(markup.count) characters)") && output.stderr.count < 300, "\(output.stderr.prefix(400))")
    }

    @Test func hugeFontSizeIsAnErrorNotATrap() throws {
        let output = try CLIRunner.run(["shape", "x", "--font-size", "1e300"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: "))
    }
}
