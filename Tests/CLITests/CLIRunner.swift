import Foundation

/// Runs the built `fontfit` binary, as a user or another tool would.
struct CLIRunner {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The repository's Fixtures folder, found from this file's path.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ relativePath: String) -> String {
        fixtures.appendingPathComponent(relativePath).path
    }

    /// The binary SwiftPM built beside the test bundle.
    static let executable: URL = {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            let url = directory.appendingPathComponent("fontfit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("fontfit binary not found near \(Bundle.main.bundleURL.path)")
    }()

    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read before waiting, so a large output cannot fill the pipe and stall the child.
        let stdoutData = readAll(out.fileHandleForReading)
        let stderrData = readAll(err.fileHandleForReading)
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// `fontfit batch`'s answers to `requests` (JSON Lines), one object for each line it prints.
    static func batchAnswers(_ requests: String) throws -> [[String: Any]] {
        try run(["batch"], stdin: Data(requests.utf8)).stdout.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CLIFailure(message: "not a JSON object: \(line)")
            }
            return object
        }
    }

    /// A new folder named after `name` and this process, removed after `body` returns.
    static func withTemporaryDirectory<T>(_ name: String, _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontfit-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// `fontfit check --format jsonl` of the fixture `catalogs` against a spec written in
    /// `directory` as `name`, whose defaults set DejaVu Sans as `font` and then `defaults` (the
    /// members of a YAML flow mapping): what it printed on standard error, and each check's JSON
    /// object by its text.
    static func checksByText(
        defaults: String, catalogs: [String], in directory: URL, name: String
    ) throws -> (stderr: String, checks: [String: [String: Any]]) {
        let spec = directory.appendingPathComponent("labels-\(name).yaml")
        try """
            version: 1
            sourceLocale: en
            fonts: {latin: [{file: \(fixture("fonts/DejaVuSans.ttf"))}]}
            defaults: {font: latin, \(defaults)}
            """.write(to: spec, atomically: true, encoding: .utf8)
        let output = try run(["check"] + catalogs.map(fixture) + ["--labels", spec.path, "--format", "jsonl"])
        var checks: [String: [String: Any]] = [:]
        for line in output.stdout.split(separator: "\n") {
            guard let check = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let text = check["text"] as? String
            else { throw CLIFailure(message: "not a check: \(line)") }
            checks[text] = check
        }
        return (output.stderr, checks)
    }

    /// Runs a command that must succeed and print one JSON object; `arguments` starts with the
    /// subcommand, and `--json` goes right after it so that a final `-- TEXT` stays last.
    static func json(_ arguments: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        let output = try run([arguments[0], "--json"] + arguments.dropFirst(), environment: environment)
        guard output.status == 0 else {
            throw CLIFailure(message: "fontfit \(arguments) failed (\(output.status)): \(output.stderr)")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        else { throw CLIFailure(message: "not a JSON object: \(output.stdout)") }
        return object
    }
}

/// Everything `handle` yields until the end of the file, read with POSIX `read` and read again when
/// a signal interrupts it. Foundation's `readDataToEndOfFile` traps on EINTR, and with many tests
/// starting processes at once, a child's SIGCHLD interrupted it once in a full run.
func readAll(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Reads a golden file written by scripts/make-goldens.
func loadGolden(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: CLIRunner.fixtures.appendingPathComponent("goldens/\(name)"))
    return try JSONSerialization.jsonObject(with: data) as! [String: Any]
}

/// A PNG read back by an independent decoder (scripts/png-to-rgba, python3's zlib only): its size
/// and its RGBA pixels, row by row.
func decodePNG(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    let decoder = Process()
    decoder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    decoder.arguments = ["python3", CLIRunner.fixtures.deletingLastPathComponent().appendingPathComponent("scripts/png-to-rgba").path, path]
    let out = Pipe(), err = Pipe()
    decoder.standardOutput = out
    decoder.standardError = err
    try decoder.run()
    let pixels = [UInt8](readAll(out.fileHandleForReading))
    let header = String(decoding: readAll(err.fileHandleForReading), as: UTF8.self)
    decoder.waitUntilExit()
    let size = header.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard decoder.terminationStatus == 0, size.count >= 2 else {
        throw CLIFailure(message: "python3 could not decode \(path): \(header)")
    }
    return (size[0], size[1], pixels)
}
