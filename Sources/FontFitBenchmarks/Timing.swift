import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// Median time of one call in nanoseconds: the CPU time of this thread, not wall-clock time.
    /// The machine's 2 cores are shared with fuzzers and builds; wall-clock batches then include
    /// time spent waiting for a core, and a body and its baseline timed a few seconds apart saw
    /// different loads (one run put the wrapped fit below one hb_shape). CPU time leaves waiting
    /// out; what load still changes (caches, frequency) moves both sides of a ratio alike.
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
        let batchTarget = 0.020
        let start = threadSeconds()
        blackHole(try body())
        let first = threadSeconds() - start
        if first > batchTarget {
            let samples = min(15, max(3, Int(1.0 / first)))
            var times: [Double] = []
            for _ in 0..<samples { times.append(try measure(calls: 1, body)) }
            return median(times)
        }
        var calls = 1
        while threadSeconds() - start < batchTarget {
            blackHole(try body())
            calls += 1
        }
        var times: [Double] = []
        for _ in 0..<15 { times.append(try measure(calls: calls, body)) }
        return median(times)
    }

    /// The time of one `subject` call ÷ one `baseline` call, measured in alternating batches (the
    /// median of per-round ratios): both sides of every round see the same load, so the ratio holds
    /// still while the machine's load moves the times themselves. 1 when counting calls.
    ///
    /// Inlined into each caller, with `measure`, so that both bodies are called directly in their
    /// loops: through the generic function they went through a thunk per call, some 17 ns, which
    /// doubled the time of a size-only re-fit and left a 27 µs baseline unchanged.
    @inline(__always)
    static func ratio<A, B>(_ subject: () throws -> A, over baseline: () throws -> B) rethrows -> Double {
        guard !countsCalls else { return 1 }
        // Batches of about 10 ms each (one call for slower bodies), 15 rounds (3 for the slowest).
        @inline(__always) func calls<T>(for body: () throws -> T) rethrows -> (calls: Int, seconds: Double) {
            let start = threadSeconds()
            var calls = 0
            repeat {
                blackHole(try body())
                calls += 1
            } while threadSeconds() - start < 0.010
            return (calls, (threadSeconds() - start) / Double(calls))
        }
        let subjectBatch = try calls(for: subject), baselineBatch = try calls(for: baseline)
        let round = subjectBatch.seconds * Double(subjectBatch.calls) + baselineBatch.seconds * Double(baselineBatch.calls)
        let rounds = round > 0.2 ? 3 : 15
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let base = try measure(calls: baselineBatch.calls, baseline)
            let subjectTime = try measure(calls: subjectBatch.calls, subject)
            ratios.append(subjectTime / base)
        }
        return median(ratios)
    }

    /// Nanoseconds per call of `calls` calls in a row.
    @inline(__always)
    private static func measure<T>(calls: Int, _ body: () throws -> T) rethrows -> Double {
        let start = threadSeconds()
        for _ in 0..<calls { blackHole(try body()) }
        return (threadSeconds() - start) * 1e9 / Double(calls)
    }

    /// This thread's CPU time in seconds.
    static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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

/// Keeps the optimizer from dropping a result nobody reads.
@inline(never) func blackHole<T>(_ value: T) {}
