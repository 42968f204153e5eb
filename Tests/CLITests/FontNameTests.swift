import Foundation
import Testing

/// Fonts named by family and style (issue 7), resolved by fontconfig to the file `fc-match` names.
/// fontconfig reads a configuration that lists only the fixture fonts, so the test sees no system
/// font and gives the same answer on every machine.
@Suite struct FontNameTests {
    static let configuration: [String: String] = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-fontconfig-\(getpid())")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("fonts.conf")
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(CLIRunner.fixture("fonts"))</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
            """
        try! xml.write(to: file, atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": file.path]
    }()

    static func fcMatch(_ name: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{file}:%{index}", name]
        process.environment = ProcessInfo.processInfo.environment.merging(configuration) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = readAll(pipe.fileHandleForReading)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: ["DejaVu Sans", "IPAexGothic", "Noto Sans Arabic", "Inter:bold", "Cantarell"])
    func aFamilyResolvesToTheFileFcMatchNames(_ name: String) throws {
        let output = try CLIRunner.run(["measure", "--json", "--font", name, "Hi"], environment: Self.configuration)
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let font = try #require((json["fonts"] as? [[String: Any]])?.first)
        let expected = try Self.fcMatch(name).split(separator: ":")
        #expect(font["file"] as? String == String(expected[0]))
        #expect(font["faceIndex"] as? Int == (Int(expected[1]) ?? 0) & 0xFFFF)
    }

    @Test func aStyleSelectsTheNamedInstance() throws {
        let bold = try CLIRunner.json(["measure", "--font", "Inter:bold", "Hamburg"] , environment: Self.configuration)
        let regular = try CLIRunner.json(["measure", "--font", "Inter", "Hamburg"], environment: Self.configuration)
        #expect((bold["width"] as! NSNumber).doubleValue > (regular["width"] as! NSNumber).doubleValue)
    }

    @Test func anUnknownFamilyIsAnErrorNotASubstitute() throws {
        let output = try CLIRunner.run(["measure", "--font", "No Such Family", "Hi"], environment: Self.configuration)
        #expect(output.status == 66)
        #expect(output.stderr.contains("No Such Family"))
    }

    @Test func systemFallbackAddsFontconfigsChoiceForMissingCharacters() throws {
        let arguments = ["measure", "--font", "Inter", "Tokyo 東京"]
        let without = try CLIRunner.json(arguments, environment: Self.configuration)
        #expect(without["missing"] as? [String] == ["U+6771", "U+4EAC"])
        let with = try CLIRunner.json(arguments + ["--system-fallback"], environment: Self.configuration)
        #expect((with["missing"] as? [String])?.isEmpty == true)
        let files = (with["fonts"] as! [[String: Any]]).map { $0["file"] as! String }
        #expect(files.count == 2 && files[1] == CLIRunner.fixture("fonts/ipaexg.ttf"))
    }
}
