import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fontfit check` and `fontfit batch` run in a second executable, `fontfit-check`, installed
/// beside `fontfit`, which `fontfit` replaces itself with (exec, arguments unchanged) when the
/// command line names one of them.
///
/// They read catalogs, label specs and requests with Foundation (its JSON, Yams over it, and
/// FoundationXML over libxml2, which loads ICU): linked into `fontfit`, those cost every process
/// their loading, relocation and initialisation, more than a whole `fit` of a label takes
/// (bench-cli: versionOverHBShape, fitOverHBShape). The other commands use FoundationEssentials only.
package enum CatalogCommands {
    package static let executableName = "fontfit-check"

    package static let check = CommandConfiguration(
        commandName: "check",
        abstract: "Check localization catalogs against label sizes in real fonts (exit 1 when any check fails).",
        discussion: """
            Catalogs: .po, Android strings.xml, .xcstrings, .strings, .stringsdict, .xlf/.xliff, .json.
            Exit codes: 0 all pass, 1 a check failed, 64 bad spec or usage, 65 a catalog could not be read
            (the others are still checked and reported), 66 a missing file.
            """)

    package static let batch = CommandConfiguration(
        commandName: "batch",
        abstract: "Answer fit and measure requests, one JSON object per line on standard input, one result per line.",
        discussion: """
            A request: {"command":"fit","text":"Save","font":"F.ttf","frame":[120,44],"size":17,"min-scale":0.8,"line-limit":1}
            with the CLI's options by their long names. A bad request gets {"error":{"code":64,"message":…}} and the
            stream goes on.
            """)

    /// Whether the command line is for `check` or `batch`: either as the command, or after `help`.
    package static func handles(_ arguments: ArraySlice<String>) -> Bool {
        let names = [check.commandName, batch.commandName]
        guard let first = arguments.first else { return false }
        if names.contains(first) { return true }
        return first == "help" && arguments.dropFirst().first.map(names.contains) == true
    }

    /// Replaces this process with `fontfit-check` from the folder this executable is in, with the
    /// same arguments; exits 70 with one error line when it cannot be run.
    package static func exec() -> Never {
        let path = directoryOfExecutable() + "/" + executableName
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(path, arguments)
        let reason = String(cString: strerror(errno))
        writeStandardError("error: cannot run \(path), which runs fontfit check and fontfit batch: \(reason)\n")
        terminate(70)
    }

    /// The folder of the running executable (through symbolic links: where it is installed).
    private static func directoryOfExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        var path = CommandLine.arguments[0]
        #if os(Linux)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 { path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #else
        if realpath(path, &buffer) != nil { path = String(cString: buffer) }
        #endif
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
