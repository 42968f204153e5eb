import FontFit
import Foundation

/// Peak memory (the kernel's high-water mark of resident memory, VmHWM) of the 1 MB cases, each in
/// a process of its own: this program run again with `--peak-memory CASE`, so that no case sees the
/// memory another one left behind.
enum PeakMemory {
    static let cases: [(key: String, label: String)] = [
        ("setUp", "set-up only (font loaded, 1 MB of text built)"),
        ("shape", "hb_shape of 1 MB"),
        ("measure", "measure 1 MB (one line, ink included)"),
        ("fit", "fit 1 MB (wrapped, 400 pt wide)"),
    ]
    static let characters = 1_000_000

    /// The child's side: runs one case, then prints its peak resident memory in kilobytes.
    static func run(case name: String, font: Font, paragraph: String) throws {
        let text = Scaling.text(repeating: paragraph, characters: characters)
        let fonts = FontStack(font)
        switch name {
        case "setUp": blackHole(text)
        case "shape": blackHole(font.shapedGlyphCount(text))
        case "measure": blackHole(try fonts.measure(text, size: 12))
        case "fit":
            blackHole(try fonts.fit(
                text, options: FitOptions(frame: FrameSize(width: 400, height: Double(characters)), maxSize: 100, minimumScaleFactor: 0.01)))
        default: throw CocoaError(.featureUnsupported)
        }
        print(highWaterKilobytes() ?? -1)
    }

    /// VmHWM from /proc/self/status, in kilobytes.
    static func highWaterKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    /// The parent's side: every case in a child process, in megabytes.
    static func record() throws -> Record {
        var members: [(key: String, record: Record)] = []
        var setUp = 0.0
        for (key, label) in cases {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            child.arguments = ["--peak-memory", key]
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            guard child.terminationStatus == 0,
                let kilobytes = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
                kilobytes > 0
            else { throw CocoaError(.executableLoad) }
            let megabytes = kilobytes / 1024
            if key == "setUp" { setUp = megabytes }
            members.append((key, .figure(
                (megabytes * 10).rounded() / 10, label: label + " (MB)",
                note: key == "setUp" ? "" : String(format: "%.1f MB over the set-up", megabytes - setUp))))
        }
        return .group(title: "peak memory (VmHWM of a child process per case, MB):", members)
    }
}
