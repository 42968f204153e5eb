import FontFit
import Foundation
import Synchronization

/// How a string fared in its label (contract: "Verdict").
package enum Verdict: String, Sendable, CaseIterable, Comparable {
    case fits, shrinks, truncated, overflows

    /// Worse verdicts sort later.
    var rank: Int {
        switch self {
        case .fits: 0
        case .shrinks: 1
        case .truncated: 2
        case .overflows: 3
        }
    }

    package static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
}

/// What one text measured in one label gave.
package struct Measurement: Sendable {
    package var text: String
    package var verdict: Verdict
    package var size: Double
    package var scale: Double
    /// The largest size that fits with no lower bound, ÷ the size; nil when nothing fits at all.
    package var neededScale: Double?
    package var lines: [String]
    /// `U+XXXX` of the characters the font lacks.
    package var missing: [String]
    /// The fit itself, kept only for the HTML report.
    package var fit: FitResult?
    /// The letter-spacing a one-line label gave up before shrinking, in em
    /// (``/TextFitting/FitResult/tightening``).
    package var tightening: Double = 0
}

extension Measurement {
    /// What stands in a job's place where it could not be measured (see ``Checker/JobResults``).
    static let unmeasured = Measurement(
        text: "", verdict: .overflows, size: 0, scale: 0, neededScale: nil, lines: [], missing: [], fit: nil)
}

/// One check: a string of a catalog in its label, with the source-locale string's result beside it.
package struct CheckResult: Sendable {
    package var catalog: String
    package var locale: String
    package var context: String
    package var key: String
    package var branch: String
    package var flags: [String]
    /// The 1-based line of the string's value in its catalog.
    package var line: Int?
    package var rule: String?
    package var settings: ResolvedSettings
    package var measurement: Measurement
    package var source: Measurement?
    /// Why the check failed; nil when it passed.
    package var failure: FailureKind?

    package var failed: Bool { failure != nil }

    /// `catalog:line`, or the catalog alone where it has no lines: where an editor opens the string.
    package var location: String { line.map { "\(catalog):\($0)" } ?? catalog }

    /// The sort key that makes outputs deterministic: catalog, locale, context, key, branch.
    var identity: [String] { [catalog, locale, context, key, branch] }

    /// Whether this check comes before `other` in identity order (without building arrays).
    func precedes(_ other: CheckResult) -> Bool {
        identityPrecedes(
            (catalog, locale, context, key, branch), (other.catalog, other.locale, other.context, other.key, other.branch))
    }
}

/// Why a check failed, as a kind a report can name.
package enum FailureKind: String, Sendable, CaseIterable {
    case overflows, truncated
    case missingGlyphs = "missing-glyphs"

    /// The reason a text measured in a label fails it, the first that holds: it overflows, it is
    /// truncated where the label does not allow it, or its fonts lack some of its characters where
    /// the label asks for them all; nil when it passes.
    init?(_ measurement: Measurement, in settings: ResolvedSettings) {
        if measurement.verdict == .overflows {
            self = .overflows
        } else if measurement.verdict == .truncated && !settings.allowTruncation {
            self = .truncated
        } else if !measurement.missing.isEmpty && settings.failOnMissingGlyphs {
            self = .missingGlyphs
        } else {
            return nil
        }
    }
}

/// Where time went, summed over all tasks (CPU time, not wall time, for measuring).
package struct CheckTimings: Sendable {
    package var parsing: Duration = .zero
    /// Placeholders replaced, rules matched, labels resolved, texts deduplicated.
    package var resolving: Duration = .zero
    /// Shaping and fitting: one step per text (``FontFit/FitRequest/report(in:)``).
    package var measuring: Duration = .zero
    package var total: Duration = .zero
}

/// Everything a run found.
package struct CheckRun: Sendable {
    /// The checks, by index into the run's strings, labels and measurements.
    let table: CheckTable
    package var errors: [CatalogError]
    package var warnings: [CatalogError]
    package var untranslated: Int
    package var timings: CheckTimings
    /// The fonts the checks were measured in, each loaded once, for whatever draws the checks later
    /// (the HTML report).
    package var fonts: [Checker.FontKey: FontStack] = [:]
    /// Locales whose labels asked for `hyphens: auto` and were checked as `manual`, having no
    /// hyphenation dictionary.
    package var unhyphenatedLocales: [String] = []

    /// Every check as a ``CheckResult``, made on first use and kept: the reports that read whole
    /// checks use it, while JSON Lines encodes from ``table`` without copying each check's strings
    /// and label (bench: scripts/bench-check's checkPerShape).
    package var checks: [CheckResult] { table.results }

    package var checkCount: Int { table.checks.count }

    package var failed: Int { table.failedCount }
}

extension Checker.Job {
    /// A job with settings of its own.
    init(text: String, locale: String, settings: ResolvedSettings, label: Int) {
        self.init(text: text, locale: locale, label: label, shared: Checker.SharedSettings(settings, locale: locale))
    }
}

/// Every string a run reads, in the arrays its catalogs were read into: joined into one array,
/// every string would be copied on one core (scripts/bench-check's coreScaling).
struct CatalogStrings: Sendable {
    /// One array per catalog read, then the pseudo-locales' strings.
    let parts: [[CatalogString]]

    /// The index of a part's string: the part in the high 32 bits, the offset in the low.
    static func index(part: Int, offset: Int) -> Int { part << 32 | offset }

    subscript(index: Int) -> CatalogString { parts[index >> 32][index & 0xFFFF_FFFF] }

    /// `body` of a string, read in place through a pointer: a copy, even one passed to a closure,
    /// retains and releases each of its fields.
    func withString<T>(_ index: Int, _ body: (UnsafePointer<CatalogString>) throws -> T) rethrows -> T {
        try parts[index >> 32].withUnsafeBufferPointer { try body($0.baseAddress! + (index & 0xFFFF_FFFF)) }
    }
}

/// A run's checks as indices into what the plan read and resolved and what the workers measured.
final class CheckTable: Sendable {
    let strings: CatalogStrings
    /// Each label's settings, by label id.
    let labels: [ResolvedSettings]
    let ruleNames: [String]
    let measurements: Checker.JobResults
    /// The jobs the measurements are of. Kept with the run, which is freed at the process's end
    /// all at once: freed when the run is made, their texts would be released one by one on one
    /// core (scripts/bench-check's coreScaling).
    let jobs: Checker.JobList
    /// The checks whose text was measured, in the order the plan made them.
    let checks: [Checker.Pending]
    let failedCount: Int
    /// Keep the fits of failing or shrinking checks (the HTML report draws them).
    let keepFits: Bool
    private let made = Mutex<[CheckResult]?>(nil)

    init(
        strings: CatalogStrings, labels: [ResolvedSettings], ruleNames: [String], measurements: Checker.JobResults,
        jobs: Checker.JobList, checks: [Checker.Pending], keepFits: Bool
    ) {
        self.strings = strings
        self.labels = labels
        self.ruleNames = ruleNames
        self.measurements = measurements
        self.jobs = jobs
        self.checks = checks
        self.keepFits = keepFits
        failedCount = checks.reduce(into: 0) { count, check in if check.failure != nil { count += 1 } }
    }

    var results: [CheckResult] {
        made.withLock { made in
            if let made { return made }
            let results = checks.indices.map(result)
            made = results
            return results
        }
    }

    /// Check `index` as a ``CheckResult``.
    func result(_ index: Int) -> CheckResult {
        let check = checks[index]
        let string = strings[check.string]
        var measurement = measurement(check.job)!
        if !(keepFits && (check.failure != nil || measurement.verdict != .fits)) { measurement.fit = nil }
        var source = check.sourceJob.flatMap(self.measurement)
        source?.fit = nil
        return CheckResult(
            catalog: string.catalog, locale: string.locale, context: string.context, key: string.key, branch: check.branch,
            flags: string.flags, line: string.line, rule: check.rule.map { ruleNames[$0] }, settings: labels[check.label],
            measurement: measurement, source: source, failure: check.failure)
    }

    /// A job's measurement; nil when measuring it failed.
    func measurement(_ job: Int) -> Measurement? {
        if case .success(let measurement) = measurements[job] { measurement } else { nil }
    }

    /// Whether check `lhs` comes before check `rhs` in identity order (catalog, locale, context, key, branch).
    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        let left = checks[lhs], right = checks[rhs]
        let a = strings[left.string], b = strings[right.string]
        return identityPrecedes(
            (a.catalog, a.locale, a.context, a.key, left.branch), (b.catalog, b.locale, b.context, b.key, right.branch))
    }

    /// The checks' indices in identity order. A run makes its checks in catalog order, which is
    /// most often identity order already: then nothing is sorted.
    var identityOrder: [Int] {
        let order = Array(checks.indices)
        for index in checks.indices.dropFirst() where precedes(index, index - 1) {
            return order.sorted(by: precedes)
        }
        return order
    }
}

/// Identity order: catalog, locale, context, key, branch.
func identityPrecedes(
    _ lhs: (String, String, String, String, String), _ rhs: (String, String, String, String, String)
) -> Bool {
    if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
    if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
    if lhs.2 != rhs.2 { return lhs.2 < rhs.2 }
    if lhs.3 != rhs.3 { return lhs.3 < rhs.3 }
    return lhs.4 < rhs.4
}

/// A deterministic 1/N of the checks: shard I (1-based) keeps the checks whose identity hashes to I − 1
/// modulo N (FNV-1a, stable across runs and machines).
package struct Shard: Sendable, Hashable {
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N` with 1 ≤ I ≤ N.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    func contains(_ identity: [String]) -> Bool {
        Int(StableHash.fnv1a(identity) % UInt64(count)) == index - 1
    }
}

/// Runs `check`: reads catalogs, resolves each string's label, measures every distinct text once, on
/// all cores.
package struct Checker: Sendable {
    package var spec: LabelSpec
    /// Only these locales (canonical); empty = all.
    package var locales: Set<String>
    package var shard: Shard?
    /// Keep each failing or shrinking fit, for the HTML report.
    package var keepFits: Bool
    /// Told (measured, total) as distinct texts are measured, from one task at a time.
    package var progress: (@Sendable (Int, Int) -> Void)?
    /// The pseudo-locales checked besides the catalogs' own (`--pseudo`; the spec's `pseudoLocales`).
    package var pseudoLocales: [PseudoLocale]
    /// Text scales for every label, in place of the spec's `textScales` (`--text-scale`).
    package var textScales: [TextScale]?
    /// The font scaling of every label, in place of the spec's `fontScaling` (`--font-scaling`).
    package var fontScaling: FontScaling?

    package init(spec: LabelSpec, locales: [String] = [], shard: Shard? = nil, keepFits: Bool = false) {
        self.spec = spec
        self.locales = Set(locales.map(Locales.canonical))
        self.shard = shard
        self.keepFits = keepFits
        self.pseudoLocales = spec.pseudoLocales
    }

    /// One distinct thing to measure: text, language and settings.
    struct Job: Sendable {
        var text: String
        var locale: String
        /// Stands for (locale, settings): equal ids mean equal labels.
        var label: Int
        /// The label's settings, one copy shared by its jobs: a copy per job is a dozen
        /// reference-counted fields copied again wherever the job is (scripts/bench-check).
        let shared: SharedSettings

        var settings: ResolvedSettings { shared.settings }
    }

    /// A label's settings, held once for all its jobs, with the fit request they make (its
    /// features parsed, its options built) once rather than for every text.
    final class SharedSettings: Sendable {
        let settings: ResolvedSettings
        let request: Result<FitRequest, FontFitError>

        init(_ settings: ResolvedSettings, locale: String) {
            self.settings = settings
            request = Result { () throws(FontFitError) in try Checker.request(for: settings, locale: locale) }
        }
    }

    /// The distinct jobs, in the arrays the deduplicating tasks made them in (joined into one array,
    /// every job would be copied on one core); job `j` is part `p`'s job `j - offsets[p]`.
    struct JobList: Sendable {
        let parts: [[Job]]
        let offsets: [Int]
        let count: Int

        init(parts: [[Job]]) {
            self.parts = parts
            var offsets: [Int] = []
            var count = 0
            for part in parts {
                offsets.append(count)
                count += part.count
            }
            self.offsets = offsets
            self.count = count
        }

        subscript(job: Int) -> Job {
            var part = parts.count - 1
            while offsets[part] > job { part -= 1 }
            return parts[part][job - offsets[part]]
        }
    }

    /// One deduplicating task's jobs, found by text and label: open addressing over the hashes the
    /// expanding tasks made, where a `Dictionary` would hash every key again. Texts are told apart
    /// by their bytes: two spellings of one canonical string are measured separately (rare), and
    /// hashing skips the normalisation `String`'s own hashing does.
    struct JobIndex {
        private(set) var jobs: [Job] = []
        /// Each job's key hash (``key(hash:label:)``).
        private var keys: [Int] = []
        /// Each slot's job + 1; 0 is an empty slot.
        private var slots: [Int32]

        init(capacity: Int) {
            slots = [Int32](repeating: 0, count: Self.size(for: capacity))
            jobs.reserveCapacity(capacity)
            keys.reserveCapacity(capacity)
        }

        /// A table size, a power of 2, at most half full with `count` jobs.
        private static func size(for count: Int) -> Int {
            var size = 16
            while size < 2 * count { size *= 2 }
            return size
        }

        /// The hash of a text (``Checker/textHash(_:)``) in a label.
        static func key(hash: Int, label: Int) -> Int { hash ^ (label &* 0x5851_F42D_4C95_7F2D) }

        /// The job of `text` in `label` (`key` from ``key(hash:label:)``), made by `make` if the
        /// index has none.
        mutating func job(key: Int, label: Int, text: String, make: () -> Job) -> Int {
            let mask = slots.count - 1
            var slot = key & mask
            while slots[slot] != 0 {
                let job = Int(slots[slot]) - 1
                if keys[job] == key, jobs[job].label == label, jobs[job].text.hasSameUTF8(as: text) { return job }
                slot = (slot + 1) & mask
            }
            jobs.append(make())
            keys.append(key)
            slots[slot] = Int32(jobs.count)
            if 2 * jobs.count > slots.count { grow() }
            return jobs.count - 1
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: 2 * slots.count)
            let mask = slots.count - 1
            for (job, key) in keys.enumerated() {
                var slot = key & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(job + 1)
            }
        }
    }

    /// What decides a check's settings.
    struct LabelKey: Hashable {
        var rule: Int?
        var locale: String
        var limit: SizeLimit?
        var textScale: TextScale
    }

    /// A font stack at a set of variation values: what is loaded once per run.
    package struct FontKey: Hashable, Sendable {
        package var fonts: FontStackReference
        package var variations: [String: Double]
        /// A platform style's weight, set on the primary font's `wght` axis where it has one.
        package var weight: Int?

        package init(fonts: FontStackReference, variations: [String: Double], weight: Int? = nil) {
            self.fonts = fonts
            self.variations = variations
            self.weight = weight
        }

        /// The key of the fonts a check with `settings` is measured in.
        package init(_ settings: ResolvedSettings) {
            self.init(fonts: settings.font, variations: settings.variations, weight: settings.styleWeight)
        }

        /// The stack this key names, loaded.
        package func load() throws -> FontStack {
            let stack = try fonts.load(variations: variations)
            return weight.flatMap { stack.weighted($0) } ?? stack
        }
    }

    /// A check, by index: its string, branch, rule and label, and the jobs that measure it.
    struct Pending: Sendable {
        var string: Int
        var branch: String
        var rule: Int?
        var label: Int
        var job: Int
        var sourceJob: Int?
        /// Why the check failed, once its text is measured.
        var failure: FailureKind?
    }

    /// What a run measures, before any font is loaded: the distinct jobs and the checks that read them.
    struct Plan: Sendable {
        var strings: CatalogStrings
        /// Each label's settings, by label id.
        var labels: [ResolvedSettings]
        var jobs: JobList
        var pending: [Pending]
        var errors: [CatalogError]
        var warnings: [CatalogError]
        var untranslated: Int
        var timings: CheckTimings
        /// Locales whose labels ask for `hyphens: auto` with no dictionary for them.
        var unhyphenatedLocales: [String] = []
    }

    /// One distinct text a run measures, in its label's settings and language (what `run` shapes
    /// and fits once, however many checks read it).
    package struct DistinctText: Sendable {
        /// The job that measures it, as a run holds it.
        let job: Job
        package var text: String { job.text }
        package var locale: String { job.locale }
        package var settings: ResolvedSettings { job.settings }
    }

    /// The distinct texts `run(catalogs:)` would measure, read and resolved as it reads and resolves
    /// them (scripts/bench-check prices a run against one `hb_shape` of each).
    package func distinctTexts(catalogs: [String]) async -> [DistinctText] {
        await plan(catalogs: catalogs).jobs.parts.joined().map(DistinctText.init)
    }

    package func run(catalogs: [String]) async throws -> CheckRun {
        let start = ContinuousClock.now
        var plan = await self.plan(catalogs: catalogs)
        let jobs = plan.jobs
        var timings = plan.timings

        // 3. Load each font once; a label's jobs are measured in its font.
        var fonts: [FontKey: FontStack] = [:]
        var labelFonts: [FontStack] = []
        for settings in plan.labels {
            let key = FontKey(settings)
            if fonts[key] == nil { fonts[key] = try key.load() }
            labelFonts.append(fonts[key]!)
        }

        // 4. Measure every distinct job, on all cores.
        let (measurements, jobTimings) = await measure(jobs, labelFonts: labelFonts)
        timings.measuring = jobTimings.measuring

        // 5. The checks whose text was measured, with their verdicts.
        var checks = plan.pending
        plan.pending = []
        var unmeasured = false
        for index in checks.indices {
            let job = checks[index].job
            if let error = measurements.error(job) {
                let string = plan.strings[checks[index].string]
                plan.errors.append(CatalogError(catalog: string.catalog, line: string.line, message: "\(string.key): \(error)"))
                unmeasured = true
            } else {
                checks[index].failure = measurements.failure(job)
            }
        }
        if unmeasured { checks.removeAll { measurements.error($0.job) != nil } }
        let table = CheckTable(
            strings: plan.strings, labels: plan.labels, ruleNames: spec.rules.map(\.name), measurements: measurements,
            jobs: jobs, checks: checks, keepFits: keepFits)
        timings.total = ContinuousClock.now - start
        return CheckRun(
            table: table, errors: plan.errors, warnings: plan.warnings, untranslated: plan.untranslated, timings: timings,
            fonts: fonts, unhyphenatedLocales: plan.unhyphenatedLocales)
    }

    /// Steps 1 and 2 of a run: reads the catalogs and resolves every check's label and text.
    func plan(catalogs: [String]) async -> Plan {
        // 1. Read every catalog (in parallel); a bad one is listed, the others go on.
        let parsingStart = ContinuousClock.now
        let read = await withTaskGroup(of: (Int, Result<CatalogContents, CatalogError>).self) { group in
            for (index, path) in catalogs.enumerated() {
                let sourceLocale = spec.sourceLocale
                group.addTask {
                    do throws(CatalogError) {
                        return (index, .success(try CatalogReader.read(path: path, sourceLocale: sourceLocale)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<CatalogContents, CatalogError>?](repeating: nil, count: catalogs.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
        var parts: [[CatalogString]] = []
        var errors: [CatalogError] = []
        var warnings: [CatalogError] = []
        var untranslated = 0
        for result in read {
            switch result {
            case .success(let contents):
                parts.append(contents.strings)
                warnings += contents.warnings
                untranslated += contents.untranslated
            case .failure(let error): errors.append(error)
            }
        }
        parts.append(pseudoStrings(from: parts.joined()))
        let strings = CatalogStrings(parts: parts)
        var timings = CheckTimings()
        timings.parsing = ContinuousClock.now - parsingStart

        // 2. Expand placeholders, resolve labels, keep this shard's checks; texts are deduplicated.
        let resolvingStart = ContinuousClock.now
        let sourceLocale = spec.sourceLocale
        var sourceStrings: [String: [CatalogString]] = [:]
        for string in parts.joined() where string.locale == sourceLocale {
            sourceStrings[string.key + "\u{1F}" + string.context, default: []].append(string)
        }
        // Rules, placeholders, source texts and the hashes of the texts on all cores, a slice of
        // a catalog's strings per task…
        let sources = sourceStrings
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let sliceSize = max(256, parts.reduce(0) { $0 + $1.count } / (workers * 4) + 1)
        let slices = await withTaskGroup(of: (Int, Int, ExpandedSlice).self) { group in
            for (number, part) in parts.enumerated() {
                for start in stride(from: 0, to: part.count, by: sliceSize) {
                    let range = start..<min(part.count, start + sliceSize)
                    group.addTask { (number, start, self.expand(part, number, range, sourceStrings: sources)) }
                }
            }
            var slices: [(Int, Int, ExpandedSlice)] = []
            for await slice in group { slices.append(slice) }
            return slices.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        }
        // … each slice's labels given the run's ids (a run has a few labels)…
        var labelIDs: [LabelKey: Int] = [:]
        var labelKeys: [LabelKey] = []
        var labels: [ResolvedSettings] = []
        let sliceLabels = slices.map { slice in
            slice.labels.map { key in
                if let known = labelIDs[key] { return known }
                labelKeys.append(key)
                labels.append(spec.resolve(
                    rule: key.rule, locale: key.locale, limit: key.limit, textScale: key.textScale, fontScaling: fontScaling))
                labelIDs[key] = labels.count - 1
                return labels.count - 1
            }
        }
        // … then the texts deduplicated on all cores, each task keeping the texts whose hash falls
        // to it: one dictionary of every text, filled on one core, would take longer than the
        // expanding (scripts/bench-check's coreScaling).
        let deduplicated = await Self.deduplicate(
            slices, sliceLabels: sliceLabels, labels: labels.indices.map { SharedSettings(labels[$0], locale: labelKeys[$0].locale) },
            locales: labelKeys.map(\.locale), partitions: workers)
        var pending: [Pending] = []
        pending.reserveCapacity(slices.reduce(0) { $0 + $1.items.count })
        for (number, slice) in slices.enumerated() {
            for item in slice.items {
                let slot = 2 * pending.count
                pending.append(Pending(
                    string: item.string, branch: item.branch, rule: item.rule, label: sliceLabels[number][item.label],
                    job: deduplicated.slotJobs[slot], sourceJob: item.sourceText == nil ? nil : deduplicated.slotJobs[slot + 1]))
            }
        }
        let jobs = deduplicated.jobs

        // A locale whose labels ask for automatic hyphenation without a dictionary is checked as
        // `manual`; the command says so once per locale.
        let unhyphenated = Set(labelKeys.indices.compactMap { id -> String? in
            let locale = labelKeys[id].locale
            return ShapingOptions(language: locale, hyphens: labels[id].hyphens).hyphenationUnavailable ? locale : nil
        })
        timings.resolving = ContinuousClock.now - resolvingStart
        return Plan(
            strings: strings, labels: labels, jobs: jobs, pending: pending, errors: errors, warnings: warnings,
            untranslated: untranslated, timings: timings, unhyphenatedLocales: unhyphenated.sorted())
    }

    /// One check before its label is resolved: which string, its branch, rule and measured text.
    struct Expanded: Sendable {
        var string: Int
        var branch: String
        var rule: Int?
        var text: String
        var sourceText: String?
        /// The label of the text and of the source text, by index into their slice's `labels`.
        var label: Int
        var sourceLabel: Int
        /// ``Checker/textHash(_:)`` of `text` and of `sourceText`.
        var textHash: Int
        var sourceTextHash: Int
    }

    /// The checks of a slice of the strings, and the labels they name.
    struct ExpandedSlice: Sendable {
        var items: [Expanded] = []
        var labels: [LabelKey] = []
    }

    /// The distinct jobs, and the job of each check's text (slot 2 i) and source text (2 i + 1).
    struct Deduplicated: Sendable {
        var jobs: JobList
        var slotJobs: [Int]
    }

    /// A hash of a text's UTF-8 bytes, for ``JobIndex``: made where the text is made, on all cores.
    static func textHash(_ text: String) -> Int {
        var hasher = Hasher()
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }

    /// Deduplicates the checks' texts and source texts in `partitions` tasks, each keeping the keys
    /// whose hash falls to it; a partition's jobs are in catalog order.
    private static func deduplicate(
        _ slices: [ExpandedSlice], sliceLabels: [[Int]], labels: [SharedSettings], locales: [String], partitions: Int
    ) async -> Deduplicated {
        let slotCount = 2 * slices.reduce(0) { $0 + $1.items.count }
        let parts = await withTaskGroup(of: (Int, [Job], [(slot: Int, job: Int)]).self) { group in
            for partition in 0..<partitions {
                group.addTask {
                    let expected = slotCount / partitions + slotCount / (8 * partitions)
                    var index = JobIndex(capacity: expected)
                    var slotJobs: [(slot: Int, job: Int)] = []
                    slotJobs.reserveCapacity(expected)
                    // The partition is read from the key's high bits and the index's slot from its
                    // low ones, so that a partition's keys spread over all of its index's slots.
                    func job(_ text: @autoclosure () -> String, hash: Int, label: Int) -> Int? {
                        let key = JobIndex.key(hash: hash, label: label)
                        guard Int((UInt(bitPattern: key) >> 32) % UInt(partitions)) == partition else { return nil }
                        let text = text()
                        return index.job(key: key, label: label, text: text) {
                            Job(text: text, locale: locales[label], label: label, shared: labels[label])
                        }
                    }
                    var slot = 0
                    // Items read in place: every task reads every item, and copying one out
                    // retains and releases its strings.
                    for (number, slice) in slices.enumerated() {
                        let ids = sliceLabels[number]
                        slice.items.withUnsafeBufferPointer { items in
                            for item in items.indices {
                                if let found = job(items[item].text, hash: items[item].textHash, label: ids[items[item].label]) {
                                    slotJobs.append((slot, found))
                                }
                                if items[item].sourceText != nil, let found = job(
                                    items[item].sourceText!, hash: items[item].sourceTextHash, label: ids[items[item].sourceLabel])
                                {
                                    slotJobs.append((slot + 1, found))
                                }
                                slot += 2
                            }
                        }
                    }
                    return (partition, index.jobs, slotJobs)
                }
            }
            var parts: [(Int, [Job], [(slot: Int, job: Int)])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }
        }
        let jobs = JobList(parts: parts.map(\.1))
        var slotJobs = [Int](repeating: -1, count: slotCount)
        for (partition, _, partSlots) in parts {
            let offset = jobs.offsets[partition]
            for (slot, job) in partSlots { slotJobs[slot] = offset + job }
        }
        return Deduplicated(jobs: jobs, slotJobs: slotJobs)
    }

    /// The source-language strings again in each pseudo-locale, to be transformed when their
    /// placeholders are replaced: the source locale's strings, and the source text a catalog keeps
    /// beside each translation (gettext `msgid`, XLIFF `<source>`), as that catalog's checks.
    func pseudoStrings(from strings: some Sequence<CatalogString>) -> [CatalogString] {
        guard !pseudoLocales.isEmpty else { return [] }
        var made: [CatalogString] = []
        for string in strings where string.pseudo == nil {
            guard let text = string.locale == spec.sourceLocale ? string.text : string.sourceText else { continue }
            for pseudo in pseudoLocales {
                var copy = string
                copy.locale = pseudo.locale
                copy.text = text
                copy.sourceText = text
                copy.flags = []
                copy.pseudo = pseudo
                made.append(copy)
            }
        }
        return made
    }

    /// The label's own size alone: one array for every string of a run without text scales.
    static let unscaled: [TextScale] = [.unscaled]

    /// Whether any label sets `textScales`, or the command line does: if not, every check is at 1.
    var checksTextScales: Bool {
        textScales != nil || spec.defaults.textScales != nil || spec.defaultLocales.values.contains { $0.textScales != nil }
            || spec.rules.contains { $0.settings.textScales != nil || $0.locales.values.contains { $0.textScales != nil } }
    }

    /// Matches rules, replaces placeholders and finds source texts for `strings[range]`, part `part`
    /// of the run's ``CatalogStrings``, keeping this shard's checks of the chosen locales.
    private func expand(
        _ strings: [CatalogString], _ part: Int, _ range: Range<Int>, sourceStrings: [String: [CatalogString]]
    ) -> ExpandedSlice {
        // A key's strings (plural forms, variations) are read one after another: the rule of the
        // last key is kept. A dictionary of every key's rule would cost more than matching the
        // rules, since most keys come once (scripts/bench-check).
        var lastRule: (catalog: String, context: String, key: String, rule: Int?)?
        // Scales depend on the rule and the locale only, which change seldom from one string to the next.
        let scaled = checksTextScales
        var lastScales: (rule: Int?, locale: String, scales: [TextScale])?
        // Keys compared by bytes, as rules match them: `==` takes canonically equivalent keys for one.
        func same(_ a: String, _ b: String) -> Bool { a.hasSameUTF8(as: b) }
        var expanded = ExpandedSlice()
        // A slice most often names a few labels, found by comparing them: hashing each check's key
        // twice cost as much as the rest of this function's bookkeeping (scripts/bench-check).
        // Past a few (a size limit per string), a dictionary finds them.
        var labelIDs: [LabelKey: Int] = [:]
        let fewLabels = 16
        func label(rule: Int?, locale: String, limit: SizeLimit?, textScale: TextScale) -> Int {
            let key = LabelKey(rule: rule, locale: locale, limit: limit, textScale: textScale)
            if expanded.labels.count <= fewLabels {
                if let known = expanded.labels.lastIndex(of: key) { return known }
            } else if let known = labelIDs[key] {
                return known
            }
            expanded.labels.append(key)
            if expanded.labels.count == fewLabels + 1 {
                for (id, key) in expanded.labels.enumerated() { labelIDs[key] = id }
            } else if expanded.labels.count > fewLabels {
                labelIDs[key] = expanded.labels.count - 1
            }
            return expanded.labels.count - 1
        }
        for index in range {
            let string = strings[index]
            guard locales.isEmpty || locales.contains(string.locale) else { continue }
            let rule: Int?
            if let last = lastRule, same(last.key, string.key), same(last.context, string.context),
                same(last.catalog, string.catalog)
            {
                rule = last.rule
            } else {
                rule = spec.rule(key: string.key, catalog: string.catalog, context: string.context)
                lastRule = (string.catalog, string.context, string.key, rule)
            }
            var scales = Self.unscaled
            if let textScales {
                scales = textScales
            } else if scaled {
                if let last = lastScales, last.rule == rule, same(last.locale, string.locale) {
                    scales = last.scales
                } else {
                    scales = spec.resolve(rule: rule, locale: string.locale, limit: nil).textScales
                    lastScales = (rule, string.locale, scales)
                }
            }
            let expansions = string.pseudo.map { $0.expand(string.text, syntax: string.syntax, samples: spec.samples) }
                ?? Placeholders.expand(string.text, syntax: string.syntax, samples: spec.samples)
            for expansion in expansions {
                var source: String??
                for scale in scales {
                    var parts = string.branch + expansion.branch
                    if let part = scale.branchPart { parts.append(part) }
                    let branch = parts.joined(separator: ",")
                    if let shard, !shard.contains([string.catalog, string.locale, string.context, string.key, branch]) {
                        continue
                    }
                    if source == nil {
                        source = string.locale == spec.sourceLocale
                            ? .some(nil) : sourceText(for: string, expansion: expansion, in: sourceStrings)
                    }
                    let sourceText = source!
                    expanded.items.append(Expanded(
                        string: CatalogStrings.index(part: part, offset: index), branch: branch, rule: rule,
                        text: expansion.text, sourceText: sourceText,
                        label: label(rule: rule, locale: string.locale, limit: string.limit, textScale: scale),
                        sourceLabel: sourceText == nil
                            ? -1 : label(rule: rule, locale: spec.sourceLocale, limit: string.limit, textScale: scale),
                        textHash: Self.textHash(expansion.text), sourceTextHash: sourceText.map(Self.textHash) ?? 0))
                }
            }
        }
        return expanded
    }

    /// The source-language text beside a string: its own (gettext msgid, XLIFF source), else the
    /// source locale's string with the same key, context and branch (or the first of that key).
    private func sourceText(for string: CatalogString, expansion: ExpandedText, in sources: [String: [CatalogString]])
        -> String?
    {
        let raw: String
        let syntax: PlaceholderSyntax
        if let own = string.sourceText {
            raw = own
            syntax = string.syntax
        } else if let candidates = sources[string.key + "\u{1F}" + string.context] {
            let match = candidates.first { $0.branch == string.branch }
                ?? candidates.first { $0.branch.last?.hasSuffix("=other") ?? false } ?? candidates[0]
            raw = match.text
            syntax = match.syntax
        } else {
            return nil
        }
        let expanded = Placeholders.expand(raw, syntax: syntax, samples: spec.samples)
        return (expanded.first { $0.branch == expansion.branch } ?? expanded.last)?.text
    }

    /// Measures `jobs`, each in its label's font, on all cores, with the verdict's failure in its label.
    private func measure(_ jobs: JobList, labelFonts: [FontStack]) async -> (JobResults, CheckTimings) {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        // Chunks of a few milliseconds each: when the last ones run, a core with none left waits
        // for the others to finish theirs (scripts/bench-check's coreScaling).
        let chunkSize = max(64, jobs.count / (workers * 32) + 1)
        let keep = keepFits
        return await withTaskGroup(of: (Int, JobResults.Chunk, CheckTimings).self) { group in
            var started = 0
            var next = 0
            func addChunk() {
                guard next < jobs.count else { return }
                let range = next..<min(jobs.count, next + chunkSize)
                next = range.upperBound
                started += 1
                group.addTask {
                    var timings = CheckTimings()
                    var chunk = JobResults.Chunk()
                    chunk.measurements.reserveCapacity(range.count)
                    chunk.errors.reserveCapacity(range.count)
                    chunk.failures.reserveCapacity(range.count)
                    for index in range {
                        let job = jobs[index]
                        do throws(FontFitError) {
                            let measurement = try Self.measure(job, font: labelFonts[job.label], keepFit: keep, timings: &timings)
                            chunk.failures.append(FailureKind(measurement, in: job.shared.settings))
                            chunk.measurements.append(measurement)
                            chunk.errors.append(nil)
                        } catch {
                            chunk.failures.append(nil)
                            chunk.measurements.append(.unmeasured)
                            chunk.errors.append(error)
                        }
                    }
                    return (range.lowerBound / chunkSize, chunk, timings)
                }
            }
            for _ in 0..<(workers * 2) { addChunk() }
            var chunks = [JobResults.Chunk](repeating: .init(), count: (jobs.count + chunkSize - 1) / chunkSize)
            var timings = CheckTimings()
            var done = 0
            for await (index, chunk, chunkTimings) in group {
                chunks[index] = chunk
                done += chunk.measurements.count
                progress?(done, jobs.count)
                timings.measuring += chunkTimings.measuring
                addChunk()
            }
            return (JobResults(chunkSize: chunkSize, chunks: chunks), timings)
        }
    }

    /// Every job's measurement, kept in the chunks the workers measured them in: gathering them
    /// into one array would copy and release each measurement, a dozen reference-counted fields,
    /// twice over (bench-check: checkPerShape).
    struct JobResults: Sendable {
        /// The jobs one task measured, in order.
        struct Chunk: Sendable {
            /// Each job's measurement; ``Measurement/unmeasured`` where it has an error instead.
            var measurements: [Measurement] = []
            var errors: [FontFitError?] = []
            /// Why each job's text fails its label (``FailureKind``), found where it was measured.
            var failures: [FailureKind?] = []
        }

        let chunkSize: Int
        let chunks: [Chunk]

        /// How many jobs there are.
        var count: Int { chunks.reduce(0) { $0 + $1.measurements.count } }

        subscript(job: Int) -> Result<Measurement, FontFitError> {
            if let error = error(job) { return .failure(error) }
            return .success(chunks[job / chunkSize].measurements[job % chunkSize])
        }

        /// `body` of a measured job's measurement, read in place through a pointer: a copy, even
        /// one passed to a closure, retains and releases each of its reference-counted fields.
        func withMeasurement<T>(_ job: Int, _ body: (UnsafePointer<Measurement>) throws -> T) rethrows -> T {
            precondition(error(job) == nil, "a job that could not be measured")
            return try chunks[job / chunkSize].measurements.withUnsafeBufferPointer { try body($0.baseAddress! + job % chunkSize) }
        }

        /// Why the job could not be measured; nil when it was.
        func error(_ job: Int) -> FontFitError? {
            chunks[job / chunkSize].errors[job % chunkSize]
        }

        /// Why the job's measured text fails its label; nil when it passes.
        func failure(_ job: Int) -> FailureKind? {
            chunks[job / chunkSize].failures[job % chunkSize]
        }
    }
}

extension String {
    /// Whether both strings are the same UTF-8 bytes (`==` takes canonically equivalent spellings
    /// for one). Compared in place with `memcmp`, not stepped byte by byte by `utf8.elementsEqual`:
    /// the check's job keys are compared this way for every string (scripts/bench-check).
    fileprivate func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var text = self, other = other
        return text.withUTF8 { bytes in
            other.withUTF8 { otherBytes in
                bytes.isEmpty || memcmp(bytes.baseAddress!, otherBytes.baseAddress!, bytes.count) == 0
            }
        }
    }
}
