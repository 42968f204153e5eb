import Foundation

/// How the benchmark times a body: the median of several batches, or — with FONTFIT_BENCH_CALLS in
/// the environment — a fixed number of calls and no clock, for instruction counts.
enum Timing {
    /// With FONTFIT_BENCH_CALLS=N1,N2,… in the environment, the k-th timed body runs exactly Nk times
    /// (0 when the list is shorter) and no time is taken: a fixed amount of work, for instruction
    /// counts (valgrind --tool=callgrind), e.g. 0,1000 for the single-line fit alone.
    static let fixedCalls: [Int]? = ProcessInfo.processInfo.environment["FONTFIT_BENCH_CALLS"].map { list in
        list.split(separator: ",").map { Int($0) ?? 0 }
    }
    /// Whether this run counts calls rather than timing them (work outside timed bodies that only
    /// reports figures is then skipped: under valgrind it would take minutes).
    static var countsCalls: Bool { fixedCalls != nil }

    nonisolated(unsafe) static var timedBodies = 0

    /// Median time of one call in nanoseconds.
    ///
    /// A body that takes under 20 ms is run in batches of about 20 ms, 15 of them; a slower one (the
    /// 1 MB cases, the peers' loops) once per sample, as many samples as fit in about a second but
    /// at least 3, so that the whole benchmark stays within a few minutes.
    static func time<T>(_ body: () throws -> T) rethrows -> Double {
        if let counts = fixedCalls {
            let calls = timedBodies < counts.count ? counts[timedBodies] : 0
            timedBodies += 1
            for _ in 0..<calls { blackHole(try body()) }
            return 1
        }
        let batchTarget = Duration.milliseconds(20)
        let start = ContinuousClock.now
        blackHole(try body())
        let first = ContinuousClock.now - start
        if first > batchTarget {
            let samples = min(15, max(3, Int(1.0 / first.seconds)))
            var times: [Double] = []
            for _ in 0..<samples { times.append(try measure(calls: 1, body)) }
            return median(times)
        }
        var calls = 1
        while ContinuousClock.now - start < batchTarget {
            blackHole(try body())
            calls += 1
        }
        var times: [Double] = []
        for _ in 0..<15 { times.append(try measure(calls: calls, body)) }
        return median(times)
    }

    /// Nanoseconds per call of `calls` calls in a row.
    private static func measure<T>(calls: Int, _ body: () throws -> T) rethrows -> Double {
        let start = ContinuousClock.now
        for _ in 0..<calls { blackHole(try body()) }
        return (ContinuousClock.now - start).seconds * 1e9 / Double(calls)
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Nanoseconds as people read them.
    static func text(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case 1e9...: String(format: "%.2f s", nanoseconds / 1e9)
        case 1e6...: String(format: "%.2f ms", nanoseconds / 1e6)
        case 1e3...: String(format: "%.2f µs", nanoseconds / 1e3)
        default: String(format: "%.1f ns", nanoseconds)
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Keeps the optimizer from dropping a result nobody reads.
@inline(never) func blackHole<T>(_ value: T) {}
