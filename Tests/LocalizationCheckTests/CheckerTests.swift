import FontFit
import Testing

@testable import LocalizationCheck

@Suite struct CheckerTests {
    static let catalogs = Fixture.expected.keys.filter { !$0.hasPrefix("bad/") }.sorted().map { Fixture.path("catalogs/" + $0) }

    /// The checker measures on all cores; each check must equal the same text measured alone, one
    /// after another, in a font loaded for it (also run under the thread sanitizer by scripts/test).
    @Test func checksMeasuredConcurrentlyEqualSequentialOnes() async throws {
        let spec = try LabelSpec.load(path: Fixture.path("labels.yaml"))
        let run = try await Checker(spec: spec).run(catalogs: Self.catalogs)
        #expect(run.errors.isEmpty)
        #expect(run.checks.count > 1000)
        var fonts: [FontStackReference: FontStack] = [:]
        for check in run.checks.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let reference = check.settings.font
            let font = try fonts[reference] ?? reference.load(variations: check.settings.variations)
            fonts[reference] = font
            var timings = CheckTimings()
            let alone = try Checker.measure(
                Checker.Job(text: check.measurement.text, locale: check.locale, settings: check.settings, label: 0),
                font: font, keepFit: false, timings: &timings)
            #expect(alone.size == check.measurement.size, "\(check.key) \(check.locale)")
            #expect(alone.verdict == check.measurement.verdict)
            #expect(alone.lines == check.measurement.lines)
            #expect(alone.missing == check.measurement.missing)
        }
    }

    /// `--locale` keeps only its locales (given in any spelling the contract canonicalises).
    @Test func localeFilter() async throws {
        let spec = try LabelSpec.load(path: Fixture.path("labels.yaml"))
        let whole = try await Checker(spec: spec).run(catalogs: Self.catalogs).checks
        let some = try await Checker(spec: spec, locales: ["JA", "de"]).run(catalogs: Self.catalogs).checks
        #expect(Set(some.map(\.locale)) == ["ja", "de"])
        #expect(some.count == whole.filter { $0.locale == "ja" || $0.locale == "de" }.count)
    }

    /// Shards partition the checks (library level; the CLI test compares the JSON Lines).
    @Test func shardsPartitionTheChecks() async throws {
        let spec = try LabelSpec.load(path: Fixture.path("labels.yaml"))
        let whole = try await Checker(spec: spec).run(catalogs: Self.catalogs).checks.map { $0.identity }
        var union: [[String]] = []
        for index in 1...4 {
            union += try await Checker(spec: spec, shard: Shard(index: index, count: 4)).run(catalogs: Self.catalogs).checks.map { $0.identity }
        }
        #expect(union.count == whole.count)
        #expect(Set(union) == Set(whole))
    }
}
