import ArgumentParser
import FontFit
import FontfitCommandLine
import Foundation
import LocalizationCheck

/// `fontfit check`: do the translations fit their labels? Thin over LocalizationCheck.
struct CheckCommand: ParsableCommand {
    static let configuration = CatalogCommands.check

    @Argument(help: "Catalog files.") var catalogs: [String] = []
    @Option(help: "The label spec (YAML or JSON).") var labels: String
    @Option(help: "Only this locale (repeat for several).") var locale: [String] = []
    @Option(help: "Output: text, json, jsonl, junit, sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).")
    var format: Format = .text
    @Option(help: ArgumentHelp(
        "Fail only on failing checks this baseline does not have (new, or changed text or label), and list those fixed since.",
        valueName: "file"))
    var baseline: String?
    @Option(help: ArgumentHelp("Record the failing checks in this baseline file (the run then exits 0 unless a catalog could not be read).", valueName: "file"))
    var writeBaseline: String?
    @Option(help: "Write an HTML report with a picture per failing or shrinking string to this folder.") var report: String?
    @Option(help: "Check a deterministic share of the work: I/N, 1 ≤ I ≤ N.") var shard: String?
    @Option(help: "Also check the source strings pseudo-localized: accented (en-XA), expanded (en-XD) or mirrored (ar-XB); repeat or separate with commas. Replaces the spec's pseudoLocales.")
    var pseudo: [String] = []
    @Option(name: .customLong("text-scale"), help: "Check every label at these text scales (e.g. 1,1.3,2, or Dynamic Type sizes: large,xxxLarge,accessibility3; repeat or separate with commas; 1 is the label's own size). Replaces the spec's textScales.")
    var textScale: [String] = []
    @Option(name: .customLong("font-scaling"), help: "How text scales grow sizes: linear, or android14 (Android 14's non-linear curve). Replaces the spec's fontScaling.")
    var fontScaling: String?
    @Flag(help: "Print where time went (parsing, resolving, measuring) on standard error.") var timings = false

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl, junit, sarif, github }

    func run() throws {
        guard !catalogs.isEmpty else { throw CLIError.usage("no catalogs given") }
        var parsedShard: Shard?
        if let shard {
            guard let value = Shard(parsing: shard) else {
                throw CLIError.usage("invalid --shard '\(shard)': expected I/N with 1 ≤ I ≤ N, e.g. 2/8")
            }
            parsedShard = value
        }
        let spec: LabelSpec
        do {
            spec = try LabelSpec.load(path: labels)
        } catch let error as SpecError {
            throw CLIError.usage(error.message)
        }
        let known: Baseline?
        do {
            known = try baseline.map { path throws(BaselineError) in try Baseline(contentsOf: path) }
        } catch {
            throw CLIError.usage(error.message)
        }
        var checker = Checker(spec: spec, locales: locale, shard: parsedShard, keepFits: report != nil)
        let pseudoNames = pseudo.flatMap { $0.split(separator: ",").map(String.init) }
        if !pseudoNames.isEmpty {
            checker.pseudoLocales = []
            for name in pseudoNames {
                guard let pseudoLocale = PseudoLocale(name: name) else {
                    throw CLIError.usage("invalid --pseudo '\(name)': \(PseudoLocale.expected)")
                }
                if !checker.pseudoLocales.contains(pseudoLocale) { checker.pseudoLocales.append(pseudoLocale) }
            }
        }
        let scaleTexts = textScale.flatMap { $0.split(separator: ",").map(String.init) }
        if !scaleTexts.isEmpty {
            var scales: [TextScale] = []
            for text in scaleTexts {
                guard let scale = TextScale(parsing: text.trimmingCharacters(in: .whitespaces)) else {
                    throw CLIError.usage(
                        "invalid --text-scale '\(text)': expected a number greater than 0 (1.3) or a Dynamic Type size (xxxLarge, accessibility3)")
                }
                if !scales.contains(scale) { scales.append(scale) }
            }
            checker.textScales = scales
        }
        if let fontScaling {
            guard let scaling = FontScaling(rawValue: fontScaling) else {
                throw CLIError.usage("invalid --font-scaling '\(fontScaling)': expected linear or android14")
            }
            checker.fontScaling = scaling
        }
        if isatty(STDERR_FILENO) != 0 { checker.progress = ProgressBar(start: .now).update }
        let configured = checker
        let run = try runBlocking { try await configured.run(catalogs: catalogs) }
        let comparison = known?.compare(run)
        switch format {
        case .text: FileHandle.standardOutput.write(Data(TextReport.render(run, baseline: comparison).utf8))
        case .json: print(JSONReport.document(run, baseline: comparison))
        case .jsonl: try runBlocking { await JSONReport.writeLines(run) { writeAll(STDOUT_FILENO, $0) } }
        case .junit: FileHandle.standardOutput.write(Data(JUnitReport.render(run).utf8))
        case .sarif: print(SARIFReport.document(run, baseline: comparison))
        case .github: FileHandle.standardOutput.write(Data(GitHubReport.render(run, baseline: comparison).utf8))
        }
        if let writeBaseline {
            guard FileManager.default.createFile(atPath: writeBaseline, contents: Data(Baseline(failing: run).rendered().utf8)) else {
                throw CLIError(message: "cannot write the baseline \(writeBaseline)", kind: .file)
            }
        }
        if let report { try HTMLReport.write(run, to: report) }
        // `file:line: message`, as compilers write them, so that editors and CI logs link to the place.
        for error in run.errors { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
        for locale in run.unhyphenatedLocales {
            if let warning = ShapingOptions(language: locale, hyphens: .auto).hyphenationWarning { warn(warning) }
        }
        if timings {
            let t = run.timings
            FileHandle.standardError.write(Data(
                "timings: \(run.checkCount) checks in \(t.total); parsing \(t.parsing), placeholders and rules \(t.resolving), shaping and fitting \(t.measuring) (CPU)\n".utf8))
        }
        // The report is out; the code says how the run went (65 outranks 1: a catalog went unchecked).
        // Every path exits here, the run still alive: the process's end frees its memory at once,
        // where returning would free each of its strings and measurements one by one.
        if !run.errors.isEmpty { terminate(65) }
        if writeBaseline != nil && comparison == nil { terminate(0) }
        terminate((comparison?.newCount ?? run.failed) > 0 ? 1 : 0)
    }
}

/// A progress bar on standard error, shown once a run has lasted a second (only when stderr is a
/// terminal); cleared when the work is done.
struct ProgressBar: Sendable {
    let start: ContinuousClock.Instant

    func update(done: Int, total: Int) {
        guard ContinuousClock.now - start > .seconds(1) else { return }
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let line = done >= total
            ? "\r\u{1B}[K"
            : "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total) texts"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
