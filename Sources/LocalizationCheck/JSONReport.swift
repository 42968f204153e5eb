import JSONOutput
import Foundation

/// `--format json` (one object: checks, summary, errors) and `jsonl` (one check per line, so shards
/// concatenate), with the fields of the contract.
package enum JSONReport {
    /// Writes a run's checks from its table. Each encoder holds its own copy of what many checks
    /// share (their label's members, their catalog's name), so that encoders on several cores do
    /// not contend for the same reference counts (scripts/bench-check's coreScaling).
    struct CheckEncoder {
        let table: CheckTable
        let sources: SourceObjects
        private var labels: [LabelMembers]
        /// The catalog of the last check written, and its name as a JSON string.
        private var catalogName: String?
        private var catalog: [UInt8] = []

        init(_ table: CheckTable, sources: SourceObjects) {
            self.table = table
            self.sources = sources
            labels = table.labels.map(LabelMembers.init)
        }

        /// Check `index` of the table as a JSON object.
        mutating func write(_ index: Int, to json: inout JSONBytes) {
            let check = table.checks[index]
            let label = labels[check.label]
            table.strings.withString(check.string) { string in
                if string.pointee.catalog != catalogName {
                    catalogName = string.pointee.catalog
                    var name = JSONBytes()
                    name.string(string.pointee.catalog)
                    catalog = name.bytes
                }
                table.measurements.withMeasurement(check.job) { measurement in
                    json.beginObject()
                    json.key("catalog")
                    json.encoded(catalog)
                    json.key("line")
                    if let line = string.pointee.line { json.integer(line) } else { json.null() }
                    json.member("locale", string.pointee.locale)
                    json.member("context", string.pointee.context)
                    json.member("key", string.pointee.key)
                    json.member("branch", check.branch)
                    writeMembers(of: measurement, to: &json)
                    json.member("flags", string.pointee.flags)
                    json.member("rule", check.rule.map { table.ruleNames[$0] })
                    json.key("font")
                    json.encoded(label.font)
                    json.key("fonts")
                    json.encoded(label.fonts)
                    json.member("failed", check.failure != nil)
                    if label.tightens { json.member("tightening", measurement.pointee.tightening) }
                    if let style = label.style {
                        json.key("style")
                        json.encoded(style)
                    }
                    if let length = label.lengthLimit { json.member("lengthLimit", length) }
                }
            }
            json.key("source")
            if let sourceJob = check.sourceJob, let source = sources.objects[sourceJob] {
                json.encoded(source)
            } else {
                json.null()
            }
            json.endObject()
        }
    }

    /// Each source text's `source` object, encoded once: a key's source text is the source of its
    /// string in every locale's catalog, so each is written once per locale checked
    /// (scripts/bench-check: 20 times).
    struct SourceObjects: Sendable {
        /// By job; nil for jobs that are no check's source, or could not be measured.
        let objects: [[UInt8]?]

        init(_ table: CheckTable) {
            var objects = [[UInt8]?](repeating: nil, count: table.measurements.count)
            for check in table.checks {
                guard let job = check.sourceJob, objects[job] == nil, table.measurements.error(job) == nil else { continue }
                var json = JSONBytes()
                table.measurements.withMeasurement(job) { source in
                    json.beginObject()
                    writeMembers(of: source, to: &json)
                    json.endObject()
                }
                objects[job] = json.bytes
            }
            self.objects = objects
        }
    }

    /// The members a check's label decides, encoded once per label: a run's checks share a few
    /// labels, and encoding the font stack and style for each check cost a tenth of its JSON Lines
    /// output (scripts/bench-check).
    struct LabelMembers: Sendable {
        var font: [UInt8]
        var fonts: [UInt8]
        /// Nil for the default style, which is left out.
        var style: [UInt8]?
        var tightens: Bool
        var lengthLimit: Int?

        init(_ settings: ResolvedSettings) {
            var font = JSONBytes()
            font.string(fontLabel(settings.font))
            self.font = font.bytes
            var fonts = JSONBytes()
            fonts.beginArray()
            for member in settings.font.fonts { fonts.string(fontLabel(FontStackReference(fonts: [member]))) }
            fonts.endArray()
            self.fonts = fonts.bytes
            let description = settings.style
            if description.isDefault {
                style = nil
            } else {
                var style = JSONBytes()
                style.beginObject()
                for member in description.members { style.member(member.name, member.value) }
                style.endObject()
                self.style = style.bytes
            }
            tightens = settings.tightening != nil
            lengthLimit = settings.lengthLimit
        }
    }

    /// A measurement's members, inside an object being written.
    private static func writeMembers(of measurement: UnsafePointer<Measurement>, to json: inout JSONBytes) {
        json.member("text", measurement.pointee.text)
        json.member("verdict", measurement.pointee.verdict.rawValue)
        json.member("size", measurement.pointee.size)
        json.member("scale", measurement.pointee.scale)
        json.member("neededScale", measurement.pointee.neededScale)
        json.member("lines", measurement.pointee.lines)
        json.member("missing", measurement.pointee.missing)
    }

    /// The primary font of the stack, `path` or `path#index` (see ``FontStackReference/primary``).
    package static func fontLabel(_ stack: FontStackReference) -> String {
        let font = stack.primary
        return font.index == 0 ? font.file : "\(font.file)#\(font.index)"
    }

    package static func error(_ error: CatalogError) -> JSON {
        .object([("catalog", .string(error.catalog)), ("line", error.line.map(JSON.integer) ?? .null), ("message", .string(error.message))])
    }

    package static func summary(_ run: CheckRun, worst: Int = 10) -> JSON {
        // Counted and ranked from the run's table: making every check's `CheckResult` and sorting
        // them all to name the few worst would cost more than writing the checks.
        let table = run.table
        var byVerdict: [Verdict: Int] = [:]
        var byLocale: [String: (checks: Int, failed: Int)] = [:]
        var ranks: [Ranking.Rank] = []
        ranks.reserveCapacity(table.checks.count)
        for check in table.checks {
            let rank = table.measurements.withMeasurement(check.job) { measurement in
                Ranking.Rank(
                    failed: check.failure != nil, verdict: measurement.pointee.verdict, neededScale: measurement.pointee.neededScale)
            }
            ranks.append(rank)
            byVerdict[rank.verdict, default: 0] += 1
            let locale = table.strings[check.string].locale
            byLocale[locale, default: (0, 0)].checks += 1
            if rank.failed { byLocale[locale, default: (0, 0)].failed += 1 }
        }
        let worstChecks = Ranking.first(worst, of: table.checks.indices) { lhs, rhs in
            Ranking.ranksBefore(ranks[lhs], ranks[rhs]) { table.precedes(lhs, rhs) }
        }.map(table.result)
        return .object([
            ("checks", .integer(run.checkCount)), ("failed", .integer(run.failed)),
            ("byVerdict", .object(Verdict.allCases.map { ($0.rawValue, .integer(byVerdict[$0] ?? 0)) })),
            ("byLocale", .object(byLocale.keys.sorted().map { locale in
                (locale, .object([("checks", .integer(byLocale[locale]!.checks)), ("failed", .integer(byLocale[locale]!.failed))]))
            })),
            ("worst", .array(worstChecks.map { check in
                .object([
                    ("catalog", .string(check.catalog)), ("line", check.line.map(JSON.integer) ?? .null),
                    ("locale", .string(check.locale)), ("context", .string(check.context)),
                    ("key", .string(check.key)), ("branch", .string(check.branch)),
                    ("verdict", .string(check.measurement.verdict.rawValue)),
                    ("neededScale", .optional(check.measurement.neededScale)),
                ])
            })),
            ("untranslated", .integer(run.untranslated)),
        ])
    }

    package static func document(_ run: CheckRun, baseline: BaselineComparison? = nil) -> String {
        var json = JSONBytes(reservingCapacity: run.checkCount * 600)
        json.beginObject()
        json.key("checks")
        json.beginArray()
        var encoder = CheckEncoder(run.table, sources: SourceObjects(run.table))
        for check in run.table.identityOrder { encoder.write(check, to: &json) }
        json.endArray()
        json.key("summary")
        json.value(summary(run))
        json.key("errors")
        json.value(.array(run.errors.map(error)))
        if let baseline {
            json.key("baseline")
            json.value(baselineSummary(run, baseline))
        }
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `baseline`: how many failing checks the baseline knows, the new ones (identity and line) and
    /// the baseline's failures that are fixed.
    package static func baselineSummary(_ run: CheckRun, _ baseline: BaselineComparison) -> JSON {
        func identity(catalog: String, locale: String, context: String, key: String, branch: String) -> [(String, JSON)] {
            [("catalog", .string(catalog)), ("locale", .string(locale)), ("context", .string(context)), ("key", .string(key)),
             ("branch", .string(branch))]
        }
        let new = run.checks.indices.filter { baseline.isNew[$0] }.map { run.checks[$0] }.sorted { $0.precedes($1) }
        return .object([
            ("known", .integer(baseline.knownCount(in: run))),
            ("new", .array(new.map { check in
                .object(identity(catalog: check.catalog, locale: check.locale, context: check.context, key: check.key, branch: check.branch)
                    + [("line", check.line.map(JSON.integer) ?? .null)])
            })),
            ("fixed", .array(baseline.fixed.map { entry in
                .object(identity(catalog: entry.catalog, locale: entry.locale, context: entry.context, key: entry.key, branch: entry.branch)
                    + [("verdict", .string(entry.verdict))])
            })),
        ])
    }

    /// One check per line, in identity order, encoded on all cores a slice at a time and handed to
    /// `write` in order.
    package static func writeLines(_ run: CheckRun, to write: ([UInt8]) -> Void) async {
        let table = run.table
        let checks = table.identityOrder
        let sources = SourceObjects(table)
        let sliceSize = 2048
        let slices = stride(from: 0, to: checks.count, by: sliceSize).map { $0..<min(checks.count, $0 + sliceSize) }
        var encoded = [[UInt8]?](repeating: nil, count: slices.count)
        var next = 0
        await withTaskGroup(of: (Int, [UInt8]).self) { group in
            func addSlice(_ index: Int) {
                let range = slices[index]
                group.addTask {
                    var encoder = CheckEncoder(table, sources: sources)
                    var json = JSONBytes(reservingCapacity: range.count * 600)
                    for check in checks[range] {
                        encoder.write(check, to: &json)
                        json.append(0x0A)
                    }
                    return (index, json.bytes)
                }
            }
            // A few slices ahead of the writer, so that memory stays bounded.
            let ahead = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
            for index in 0..<min(ahead, slices.count) { addSlice(index) }
            var added = min(ahead, slices.count)
            for await (index, bytes) in group {
                encoded[index] = bytes
                while next < slices.count, let ready = encoded[next] {
                    write(ready)
                    encoded[next] = nil
                    next += 1
                }
                if added < slices.count {
                    addSlice(added)
                    added += 1
                }
            }
        }
    }

    /// One check per line, in identity order.
    package static func lines(_ run: CheckRun) -> String {
        var json = JSONBytes()
        var encoder = CheckEncoder(run.table, sources: SourceObjects(run.table))
        for check in run.table.identityOrder {
            encoder.write(check, to: &json)
            json.append(0x0A)
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

/// Orders checks: by identity for machine outputs, worst first for people.
enum Ranking {
    /// `checks` in identity order. A run assembles its checks in catalog order, which is most often
    /// identity order already: then they are returned as they are, not copied and sorted
    /// (bench-check: checkPerShape).
    static func sorted(_ checks: [CheckResult]) -> [CheckResult] {
        var isSorted = true
        for index in checks.indices.dropFirst() where checks[index].precedes(checks[index - 1]) {
            isSorted = false
            break
        }
        return isSorted ? checks : checks.sorted { $0.precedes($1) }
    }

    /// Failing first, then by verdict (overflows, truncated, shrinks, fits), then by needed scale
    /// (smallest first), then by identity.
    static func worst(_ checks: [CheckResult]) -> [CheckResult] {
        checks.sorted { lhs, rhs in ranksBefore(Rank(lhs), Rank(rhs)) { lhs.precedes(rhs) } }
    }

    /// What ranks a check among the worst, besides its identity.
    struct Rank {
        var failed: Bool
        var verdict: Verdict
        var neededScale: Double?

        init(failed: Bool, verdict: Verdict, neededScale: Double?) {
            self.failed = failed
            self.verdict = verdict
            self.neededScale = neededScale
        }

        init(_ check: CheckResult) {
            self.init(failed: check.failed, verdict: check.measurement.verdict, neededScale: check.measurement.neededScale)
        }
    }

    /// Whether a check ranks before another, worst first (see ``worst(_:)``); `identityPrecedes`
    /// breaks the ties.
    static func ranksBefore(_ lhs: Rank, _ rhs: Rank, identityPrecedes: () -> Bool) -> Bool {
        if lhs.failed != rhs.failed { return lhs.failed }
        if lhs.verdict != rhs.verdict { return lhs.verdict > rhs.verdict }
        let left = lhs.neededScale ?? 0, right = rhs.neededScale ?? 0
        if left != right { return left < right }
        return identityPrecedes()
    }

    /// The first `count` of `indices` in the order `precedes` gives, without sorting them all.
    static func first(_ count: Int, of indices: Range<Int>, by precedes: (Int, Int) -> Bool) -> [Int] {
        var first: [Int] = []
        guard count > 0 else { return first }
        for index in indices where first.count < count || precedes(index, first[first.count - 1]) {
            let position = first.firstIndex { precedes(index, $0) } ?? first.count
            first.insert(index, at: position)
            if first.count > count { first.removeLast() }
        }
        return first
    }
}
