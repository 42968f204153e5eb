import FontFit
import Foundation
import Testing

/// The CLI prints what the library encodes: a result encoded by Foundation's JSONEncoder has the
/// members and values of the same command's `--json` output, which adds only what the command
/// knows (fonts it resolved, runs, `fitSize`).
@Suite struct LibraryJSONTests {
    static let font = CLIRunner.fixture("fonts/Inter-roman.var.ttf")

    static func encoded(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
    }

    static func expectSame(_ library: Any, _ cli: Any, _ path: String = "") {
        switch (library, cli) {
        case (let library as [String: Any], let cli as [String: Any]):
            for (key, value) in library {
                guard let other = cli[key] else {
                    Issue.record("\(path).\(key) is in the library's encoding but not in the CLI's output")
                    continue
                }
                expectSame(value, other, "\(path).\(key)")
            }
        case (let library as [Any], let cli as [Any]):
            #expect(library.count == cli.count, "\(path)")
            for (index, (a, b)) in zip(library, cli).enumerated() { expectSame(a, b, "\(path)[\(index)]") }
        case (let library as NSNumber, let cli as NSNumber):
            #expect(library.doubleValue == cli.doubleValue, "\(path)")
        case (let library as String, let cli as String):
            #expect(library == cli, "\(path)")
        default:
            #expect(library is NSNull && cli is NSNull, "\(path): \(library) vs \(cli)")
        }
    }

    @Test func fitPrintsTheLibrarysEncoding() throws {
        let text = "Einstellungen speichern und schließen"
        let font = try Font(face: FontFace(contentsOf: Self.font))
        let result = try FontStack(font).fit(
            text, options: FitOptions(frame: FrameSize(width: 120, height: 44), maxSize: 30, minimumScaleFactor: 0.5, lineLimit: 2))
        let cli = try CLIRunner.json(["fit", text, "--font", Self.font, "--frame", "120x44", "--size", "30", "--min-scale", "0.5", "--line-limit", "2"])
        Self.expectSame(try Self.encoded(result), cli)
        #expect(Set(cli.keys).subtracting(["missing", "fonts", "fitSize", "neededScale", "style"]) == Set((try Self.encoded(result) as! [String: Any]).keys))
    }

    @Test func stackRubyAndMeasurePrintTheLibrarysEncoding() throws {
        let font = try Font(face: FontFace(contentsOf: Self.font))
        let stack = try FontStack(font).stack(
            [StackRowText("01:"), StackRowText("12:34"), StackRowText(".56", alignment: .trailing)],
            options: StackOptions(frame: FrameSize(width: 250, height: 250), maxSize: 300, minimumScaleFactor: 0.01, equalWidth: true))
        let stackCLI = try CLIRunner.json([
            "stack", "01:", "12:34", ".56", "--font", Self.font, "--frame", "250x250", "--size", "300", "--min-scale", "0.01",
            "--equal-width", "--row-align", "leading,leading,trailing",
        ])
        Self.expectSame(try Self.encoded(stack), stackCLI)

        let japanese = CLIRunner.fixture("fonts/ipaexg.ttf")
        let ruby = try FontStack(Font(face: FontFace(contentsOf: japanese))).ruby(
            RubyText.parse("今日[こんにち]は"), options: RubyOptions(frame: FrameSize(width: 200, height: 80), maxSize: 60, minimumScaleFactor: 0.1))
        let rubyCLI = try CLIRunner.json(["ruby", "今日[こんにち]は", "--font", japanese, "--frame", "200x80", "--size", "60", "--min-scale", "0.1"])
        Self.expectSame(try Self.encoded(ruby), rubyCLI)

        let measurement = try FontStack(font).measure("Hamburg", size: 48)
        let measureCLI = try CLIRunner.json(["measure", "Hamburg", "--font", Self.font, "--size", "48"])
        Self.expectSame(try Self.encoded(measurement), measureCLI)
    }
}
