import Foundation
import JSONOutput

/// The failing checks a project accepts for now (`--write-baseline`), so that a later run fails only
/// on checks that are new or changed since (`--baseline`) and reports the ones fixed.
///
/// A check is known to the baseline when its identity (catalog, locale, context, key, branch) and
/// its fingerprint (the text and every label setting it was measured with) are both there: editing
/// a failing string or its label makes it a new failure, to be looked at again.
package struct Baseline: Sendable, Equatable {
    package struct Entry: Sendable, Hashable {
        package var catalog: String
        package var locale: String
        package var context: String
        package var key: String
        package var branch: String
        /// How the check failed when it was recorded (for people reading the file).
        package var verdict: String
        /// ``StableHash`` of the text and the label settings, hexadecimal.
        package var fingerprint: String

        var identity: [String] { [catalog, locale, context, key, branch] }

        /// Identity order, the fingerprint last: the file's order.
        static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            lhs.identity != rhs.identity
                ? lhs.identity.lexicographicallyPrecedes(rhs.identity) : lhs.fingerprint < rhs.fingerprint
        }
    }

    /// Sorted by identity.
    package private(set) var entries: [Entry]

    /// The failing checks of `run`.
    package init(failing run: CheckRun) {
        entries = run.checks.filter(\.failed).map(Self.entry).sorted(by: Entry.precedes)
    }

    /// The failing check's entry.
    static func entry(_ check: CheckResult) -> Entry {
        Entry(
            catalog: check.catalog, locale: check.locale, context: check.context, key: check.key, branch: check.branch,
            verdict: (check.failure ?? .overflows).rawValue, fingerprint: fingerprint(check))
    }

    /// The text and every setting that decides the verdict, hashed: `FNV-1a` over their canonical
    /// text, stable across runs, machines and versions of Swift.
    static func fingerprint(_ check: CheckResult) -> String {
        let settings = check.settings
        let parts = [
            check.measurement.text,
            settings.font.fonts.map { "\($0.file)#\($0.index)" }.joined(separator: ","),
            "\(settings.size)", "\(settings.minimumScaleFactor)", "\(settings.frame.width)x\(settings.frame.height)",
            settings.lineLimit.map(String.init) ?? "-", settings.features.joined(separator: ","),
            settings.variations.keys.sorted().map { "\($0)=\(settings.variations[$0]!)" }.joined(separator: ","),
            "\(settings.lineSpacing)", "\(settings.bounds)", "\(settings.truncation)", "\(settings.allowTruncation)",
            "\(settings.failOnMissingGlyphs)",
        ]
        // Hyphenation is hashed only when it is not the default, so that baselines recorded before
        // it existed keep their fingerprints.
        let hyphens = settings.hyphens == .manual ? [] : ["hyphens=\(settings.hyphens.rawValue)"]
        let wrap = settings.wrap == .greedy ? [] : ["wrap=\(settings.wrap.rawValue)"]
        return String(StableHash.fnv1a(parts + hyphens + wrap), radix: 16)
    }

    /// The file: one JSON object whose `failures` list one entry a line, sorted, so that a change to
    /// the baseline reads as a diff of the checks that changed.
    package func rendered() -> String {
        var output = "{\"version\":1,\"failures\":[\n"
        for (index, entry) in entries.enumerated() {
            let object = JSON.object([
                ("catalog", .string(entry.catalog)), ("locale", .string(entry.locale)),
                ("context", .string(entry.context)), ("key", .string(entry.key)), ("branch", .string(entry.branch)),
                ("verdict", .string(entry.verdict)), ("fingerprint", .string(entry.fingerprint)),
            ])
            output += object.serialized + (index + 1 < entries.count ? ",\n" : "\n")
        }
        return output + "]}\n"
    }

    /// A baseline file as ``rendered()`` writes it.
    package init(contentsOf path: String) throws(BaselineError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BaselineError(message: "cannot read the baseline \(path)")
        }
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            document["version"] as? Int == 1, let failures = document["failures"] as? [[String: Any]]
        else {
            throw BaselineError(message: "\(path) is not a fontfit check baseline (version 1): write one with --write-baseline")
        }
        var entries: [Entry] = []
        for (index, failure) in failures.enumerated() {
            let fields = ["catalog", "locale", "context", "key", "branch", "verdict", "fingerprint"].map { failure[$0] as? String }
            guard fields.allSatisfy({ $0 != nil }) else {
                throw BaselineError(message: "\(path): failure \(index + 1) lacks a field of catalog, locale, context, key, branch, verdict, fingerprint")
            }
            let value = fields.map { $0! }
            entries.append(Entry(
                catalog: value[0], locale: value[1], context: value[2], key: value[3], branch: value[4], verdict: value[5],
                fingerprint: value[6]))
        }
        self.entries = entries.sorted(by: Entry.precedes)
    }

    /// How `run`'s failing checks stand against the baseline.
    package func compare(_ run: CheckRun) -> BaselineComparison {
        // The verdict is left out: the same text in the same label is the same known failure, even
        // if a later fontfit words its verdict differently.
        let recorded = Set(entries.map { $0.identity + [$0.fingerprint] })
        var isNew = [Bool](repeating: false, count: run.checks.count)
        var stillFailing = Set<[String]>()
        for (index, check) in run.checks.enumerated() where check.failed {
            let entry = Self.entry(check)
            stillFailing.insert(entry.identity)
            isNew[index] = !recorded.contains(entry.identity + [entry.fingerprint])
        }
        return BaselineComparison(
            isNew: isNew, fixed: entries.filter { !stillFailing.contains($0.identity) })
    }
}

/// A run's failing checks against a baseline.
package struct BaselineComparison: Sendable {
    /// Per check of the run (in its order): whether it fails and the baseline does not have it
    /// with this text and these settings.
    package var isNew: [Bool]
    /// Baseline entries whose check no longer fails (or no longer exists).
    package var fixed: [Baseline.Entry]

    package var newCount: Int { isNew.lazy.filter { $0 }.count }

    /// Failing checks the baseline has, unchanged.
    package func knownCount(in run: CheckRun) -> Int { run.failed - newCount }
}

package struct BaselineError: Error, Sendable {
    package var message: String
}

/// FNV-1a over parts separated by a byte no UTF-8 text contains: stable across runs and machines, for
/// shards and fingerprints.
package enum StableHash {
    package static func fnv1a(_ parts: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (position, part) in parts.enumerated() {
            if position > 0 { hash = (hash ^ 0x1F) &* 0x100_0000_01b3 }
            for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return hash
    }
}
