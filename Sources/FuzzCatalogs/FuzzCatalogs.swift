// Fuzz target (c): bytes → every catalog reader of `fontfit check`. The first byte picks the format
// (by the extension a catalog of it has), the rest is the file. A reader must return or throw a
// `CatalogError`: no crash, no sanitizer report, no timeout. What it returns is checked against the
// promises of the check contract (`check…` below): every error names the catalog and a line inside
// the file, every string has a line inside the file, and every string's placeholders can be
// replaced. Built and run by scripts/fuzz; in an ordinary build it is a stub that says so.
import Foundation
import LocalizationCheck

/// Where each format's fuzz input claims to live: folder names carry locales (`values-de`,
/// `de.lproj`), and nothing is there, so an Android `@string/` alias finds no `values/` file.
let paths = CatalogReader.extensions.map { ext -> String in
    switch ext {
    case "xml": "/nonexistent-fuzz/res/values-de/strings.xml"
    case "strings", "stringsdict": "/nonexistent-fuzz/de.lproj/Localizable.\(ext)"
    case "po", "pot": "/nonexistent-fuzz/sr@latin.\(ext)"
    default: "/nonexistent-fuzz/de.\(ext)"
    }
}

func promise(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("broken promise: \(message())") }
}

func exercise(_ input: Data) {
    guard let selector = input.first else { return }
    let path = paths[Int(selector) % paths.count]
    let data = input.dropFirst()
    // The line a file ends on: no line a reader names can be past it.
    let lastLine = data.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let contents: CatalogContents
    do throws(CatalogError) {
        contents = try CatalogReader.read(Data(data), path: path, sourceLocale: "en")
    } catch {
        promise(error.catalog == path, "an error names another catalog: \(error)")
        promise(!error.message.isEmpty, "an error without a message")
        if let line = error.line { promise((1...lastLine).contains(line), "an error at line \(line) of \(lastLine): \(error)") }
        return
    }
    for warning in contents.warnings {
        promise(warning.catalog == path, "a warning names another catalog: \(warning)")
    }
    let samples = PlaceholderSamples()
    for string in contents.strings {
        promise(string.catalog == path, "a string of another catalog: \(string)")
        // Only binary property lists have no lines.
        if let line = string.line {
            promise((1...lastLine).contains(line), "\(string.key) at line \(line) of \(lastLine)")
        } else {
            promise(path.hasSuffix(".stringsdict") && data.starts(with: Array("bplist".utf8)), "\(string.key) has no line")
        }
        promise(!string.locale.isEmpty, "\(string.key) has no locale")
        promise(!Placeholders.expand(string.text, syntax: string.syntax, samples: samples).isEmpty, "\(string.key) expands to nothing")
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

// SwiftPM links executables with --defsym main=FuzzCatalogs_main.
@_cdecl("FuzzCatalogs_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        exercise(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }
}
#else
@main enum FuzzCatalogsStub {
    static func main() {
        FileHandle.standardError.write(Data("FuzzCatalogs is a libFuzzer target: run scripts/fuzz FuzzCatalogs SECONDS\n".utf8))
        exit(64)
    }
}
#endif
