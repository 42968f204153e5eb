import FontFit
import Foundation
import LocalizationCheck

/// scripts/bench-check's baseline: one raw `hb_shape` of every distinct text that `fontfit check`
/// would measure with the same spec and catalogs (read and resolved by the checker itself), each in
/// its label's primary font with its language and features, on one thread. Its CPU time is what
/// `checkPerShape` divides check's CPU time by.
///
///   FontFitBenchmarks --check-baseline --labels SPEC [--text-scale LIST] [--rounds N] CATALOG…
///
/// Prints one JSON object: the distinct texts (check's jobs), the distinct shapings among them (text,
/// font, variations, language, features: labels that differ only in frame or size shape alike), their
/// characters, and the CPU seconds of shaping them all: the median of N rounds (5) and the first.
/// Beside them, check's own measuring of the same jobs (shaped and fitted as a run does, nothing
/// read or written): its CPU seconds on one thread, and its wall seconds on two threads with the
/// fonts shared and with fonts loaded per thread (medians of N rounds).
enum CheckBaseline {
    static func run(_ arguments: [String]) throws {
        var labels: String?
        var textScales: [TextScale]?
        var rounds = 5
        var catalogs: [String] = []
        var index = 0
        func value() -> String {
            index += 1
            guard index < arguments.count else { fail("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--labels": labels = value()
            case "--text-scale":
                textScales = value().split(separator: ",").map { text in
                    guard let scale = TextScale(parsing: String(text)) else { fail("invalid --text-scale \(text)") }
                    return scale
                }
            case "--rounds": rounds = max(1, Int(value()) ?? 0)
            default: catalogs.append(arguments[index])
            }
            index += 1
        }
        guard let labels, !catalogs.isEmpty else {
            fail("usage: FontFitBenchmarks --check-baseline --labels SPEC [--text-scale LIST] [--rounds N] CATALOG…")
        }
        var checker = Checker(spec: try LabelSpec.load(path: labels))
        checker.textScales = textScales
        let configured = checker, paths = catalogs
        let texts = try runBlocking { await configured.distinctTexts(catalogs: paths) }

        struct Shaping: Hashable {
            var text: String
            var font: Checker.FontKey
            var locale: String
            var features: [String]
        }
        var fonts: [Checker.FontKey: Font] = [:]
        var seen = Set<Shaping>()
        var shapings: [(text: String, font: Font, options: ShapingOptions)] = []
        var characters = 0
        for text in texts {
            let key = Checker.FontKey(fonts: text.settings.font, variations: text.settings.variations)
            guard seen.insert(Shaping(text: text.text, font: key, locale: text.locale, features: text.settings.features)).inserted
            else { continue }
            if fonts[key] == nil { fonts[key] = try key.fonts.load(variations: key.variations).primary }
            let features = try text.settings.features.map { feature throws(FontFitError) in try FontFeature(feature) }
            shapings.append((text.text, fonts[key]!, ShapingOptions(features: features, language: text.locale)))
            characters += text.text.count
        }

        var times: [Double] = []
        for _ in 0..<rounds {
            let start = Timing.threadSeconds()
            var glyphs = 0
            for shaping in shapings { glyphs &+= shaping.font.shapedGlyphCount(shaping.text, options: shaping.options) }
            times.append(Timing.threadSeconds() - start)
            blackHole(glyphs)
        }
        // Check's own measuring of the same jobs, one after another on this thread: the shaping and
        // fitting part of checkPerShape, without catalogs, planning or output.
        var stacks: [Checker.FontKey: FontStack] = [:]
        for text in texts where stacks[Checker.FontKey(text.settings)] == nil {
            stacks[Checker.FontKey(text.settings)] = try Checker.FontKey(text.settings).load()
        }
        let jobs = texts.map { ($0, stacks[Checker.FontKey($0.settings)]!) }
        var measuring: [Double] = []
        for _ in 0..<rounds {
            let start = Timing.threadSeconds()
            var sizes = 0.0
            for (text, stack) in jobs { sizes += (try? text.measured(in: stack).size) ?? 0 }
            measuring.append(Timing.threadSeconds() - start)
            blackHole(sizes)
        }
        // The same on two threads, half the jobs each (interleaved, as check's chunks mix label
        // kinds): the wall time, for how measuring alone scales to two cores (check's coreScaling
        // also holds its serial steps). Then again with fonts loaded once per thread: what sharing
        // one stack's objects between the threads costs (their reference counts are written by both).
        let twoThreads = measuredOnTwoThreads([jobs, jobs], rounds: rounds)
        let ownStacks = try (0..<2).map { _ in
            try Dictionary(uniqueKeysWithValues: stacks.keys.map { key in (key, try key.load()) })
        }
        let twoThreadsOwnFonts = measuredOnTwoThreads(
            (0..<2).map { half in texts.map { ($0, ownStacks[half][Checker.FontKey($0.settings)]!) } }, rounds: rounds)
        print("""
            {"distinctTexts":\(texts.count),"distinctShapings":\(shapings.count),"characters":\(characters),\
            "shapeSeconds":\(times.sorted()[times.count / 2]),"firstRoundSeconds":\(times[0]),"rounds":\(rounds),\
            "measureSeconds":\(measuring.sorted()[measuring.count / 2]),\
            "measureTwoThreadsWallSeconds":\(twoThreads.sorted()[twoThreads.count / 2]),\
            "measureTwoThreadsOwnFontsWallSeconds":\(twoThreadsOwnFonts.sorted()[twoThreadsOwnFonts.count / 2])}
            """)
    }

    /// The wall seconds of each of `rounds` rounds in which thread `t` of two, on a thread of its
    /// own, measures every other job of `jobsOfThread[t]` from the `t`-th.
    static func measuredOnTwoThreads(
        _ jobsOfThread: [[(Checker.DistinctText, FontStack)]], rounds: Int
    ) -> [Double] {
        (0..<rounds).map { _ in
            let start = ContinuousClock.now
            let done = DispatchSemaphore(value: 0)
            for half in 0..<2 {
                let jobs = jobsOfThread[half]
                Thread {
                    var sizes = 0.0
                    for index in stride(from: half, to: jobs.count, by: 2) {
                        sizes += (try? jobs[index].0.measured(in: jobs[index].1).size) ?? 0
                    }
                    blackHole(sizes)
                    done.signal()
                }.start()
            }
            done.wait()
            done.wait()
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(64)
    }
}
