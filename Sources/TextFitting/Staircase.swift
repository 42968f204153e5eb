#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The widths at which a text breaks into 1, 2, … lines, found once and kept: the staircase that
/// turns a re-fit into a search over a few stored numbers.
///
/// With widths that never shrink as a line gains segments, greedy line counts only fall as the unit
/// width grows. For each line count k, the stair is the greedy layout at the narrowest unit width
/// where the text takes at most k lines. At size s a frame W wide is W/s em wide, so k lines fit
/// whenever s ≤ W / (that width), and their height caps s too: the best size is the best over k of
/// min(maxSize, W / width_k, height bound of stair k). The first bound grows with k and the second
/// falls, so a binary search over k finds it. Stairs are found on demand (a bisection over layouts,
/// each probe reporting the exact interval of widths its layout holds for) and remembered.
package final class Staircase: Sendable {
    private let table: LineTable
    /// The text's line height and ascent in em, read once: the search reads the height at every
    /// stair, and a re-fit places its lines by both.
    let lineHeight: Double
    let ascent: Double
    /// What a re-fit reads of a stair: its width and its line count.
    struct Stair {
        /// The unit width its widest line needs (the stair's width bound is frame width ÷ this).
        var width: Double
        var lineCount: Int
        /// The unit width where the layout starts to hold: narrower, the text takes more lines.
        var start: Double
        /// The layout's widest line and where it stops holding: with `start` and `lineCount`, what
        /// a re-fit needs to know of its layout without laying it out again.
        var maxWidth: Double
        var end: Double

        /// The layout's summary, when the greedy layout at `limit` is this stair's.
        func summary(atLimit limit: Double) -> LayoutSummary? {
            let summary = LayoutSummary(lineCount: lineCount, maxWidth: maxWidth, lowerWidth: start, upperWidth: end)
            return summary.holds(atLimit: limit) ? summary : nil
        }
    }

    /// The layouts at infinite width (the fewest lines: one per paragraph) and at width 0 (every
    /// segment on its own line: the most lines greedy makes), and room for the stairs between:
    /// found once, on first use, and never changed after.
    private struct Ends {
        var widest: LayoutSummary
        var narrowest: LayoutSummary
        /// The two ends as stairs, what a search reads of them.
        var widestStair: Stair
        var narrowestStair: Stair
        /// The stairs between, by line count − the widest layout's count, each written once.
        var stairs: UnsafeMutablePointer<Stair>
        /// Per slot of `stairs`, its line count once it is written, 0 before (every layout has a
        /// line). Stored with release ordering after the stair: a search that reads a count with
        /// acquire ordering may read its stair without the lock.
        var written: UnsafeMutablePointer<Atomic<Int>>
        var slotCount: Int
        /// Per stair, by its own line count − the widest layout's count (so the ends too), its
        /// lines unplaced once a result read them: what a re-fit that lands on a stair reads
        /// without a lock. Each slot is written once (see ``WrittenOnce``); its state is 2 once it
        /// is.
        var lines: UnsafeMutablePointer<UnplacedLayout>
        var linesState: UnsafeMutablePointer<Atomic<Int>>
    }

    // Searches read stairs without a lock; finding the ends or a new stair takes the mutex, so that
    // each is found once. A pthread mutex: ThreadSanitizer follows it (it reported
    // Synchronization.Mutex's futex-based hand-offs as races). The ends live behind a pointer,
    // initialized once `hasEnds` is published: a class's stored `var` would cost a dynamic
    // exclusivity check per access.
    nonisolated(unsafe) private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    nonisolated(unsafe) private let ends: UnsafeMutablePointer<Ends>
    private let hasEnds = Atomic<Bool>(false)
    /// Whether a fit has asked before: a text fitted once is best served by the direct search, and
    /// the stairs pay off from the second fit on (a resize slider, many labels).
    private let asked = Atomic<Bool>(false)
    /// Where the last search's width bounds reached their height bounds: a re-fit into a frame near
    /// the last one (a resize slider, a window being dragged) most often crosses there too. Only a
    /// hint: any value gives the same answer.
    private let lastCrossing = Atomic<Int>(0)
    /// The layouts re-fits met last, with their lines once read.
    let recentLayouts: RecentLayouts

    /// Nil when widths may shrink as lines grow (reshaped lines, hyphens): counts are then not
    /// ordered by width and there is no staircase; nil too when line boxes differ from line to
    /// line, since a stair's height is then not its line count's. Costs nothing until used.
    init?(_ table: LineTable) {
        let table = table.using(.lineBox)
        guard table.hasMonotoneWidths, !table.hasVariableLineBoxes else { return nil }
        self.table = table
        lineHeight = table.text.lineHeight
        ascent = table.text.ascent
        recentLayouts = RecentLayouts(table)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        ends = .allocate(capacity: 1)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        if hasEnds.load(ordering: .acquiring) {
            let known = ends.pointee
            known.stairs.deallocate()
            known.written.deinitialize(count: known.slotCount)
            known.written.deallocate()
            for slot in 0..<known.slotCount where known.linesState[slot].load(ordering: .acquiring) == 2 {
                (known.lines + slot).deinitialize(count: 1)
            }
            known.lines.deallocate()
            known.linesState.deinitialize(count: known.slotCount)
            known.linesState.deallocate()
        }
        ends.deallocate()
    }

    /// True from the second time a fit asks: the first fit of a text searches directly.
    func isWorthUsing() -> Bool {
        asked.exchange(true, ordering: .relaxed)
    }

    /// The widest and narrowest layouts.
    var endLayouts: (widest: LayoutSummary, narrowest: LayoutSummary) {
        let known = knownEnds()
        return (known.pointee.widest, known.pointee.narrowest)
    }

    @inline(__always)
    private func knownEnds() -> UnsafeMutablePointer<Ends> {
        hasEnds.load(ordering: .acquiring) ? ends : findEnds()
    }

    @inline(never)
    private func findEnds() -> UnsafeMutablePointer<Ends> {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if hasEnds.load(ordering: .acquiring) { return ends }
        let widest = table.summary(atWidth: .infinity)
        let narrowest = table.summary(atWidth: 0)
        let slotCount = max(0, narrowest.lineCount - widest.lineCount + 1)
        let written = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: slotCount)
        let linesState = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: slotCount)
        for slot in 0..<slotCount {
            (written + slot).initialize(to: Atomic(0))
            (linesState + slot).initialize(to: Atomic(0))
        }
        ends.initialize(to: Ends(
            widest: widest, narrowest: narrowest, widestStair: Stair(widest), narrowestStair: Stair(narrowest),
            stairs: .allocate(capacity: slotCount), written: written, slotCount: slotCount,
            lines: .allocate(capacity: slotCount), linesState: linesState))
        hasEnds.store(true, ordering: .releasing)
        return ends
    }

    /// The stair for at most `lines` lines: the greedy layout at the narrowest width where the
    /// text takes no more. Nil when the bisection stops making progress (widths so extreme that the
    /// midpoint of two layouts' intervals is one of their ends): the caller then searches plainly.
    func stair(lines: Int) -> Stair? {
        stair(lines: lines, knownEnds())
    }

    /// A stair already written, read without the lock, or ``findStair(lines:_:)``.
    @inline(__always)
    private func stair(lines: Int, _ ends: UnsafeMutablePointer<Ends>) -> Stair? {
        if lines >= ends.pointee.narrowestStair.lineCount { return ends.pointee.narrowestStair }
        // Cannot overflow: both counts are positive.
        let slot = lines &- ends.pointee.widestStair.lineCount
        if slot <= 0 { return ends.pointee.widestStair }
        if ends.pointee.written[slot].load(ordering: .acquiring) > 0 { return ends.pointee.stairs[slot] }
        return findStair(lines: lines, ends)
    }

    /// Finds a stair between the ends by bisecting over layouts, and writes it.
    @inline(never)
    private func findStair(lines: Int, _ ends: UnsafeMutablePointer<Ends>) -> Stair? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let known = ends.pointee
        let slot = lines - known.widestStair.lineCount
        // Another thread may have written it while this one waited for the lock.
        if known.written[slot].load(ordering: .acquiring) > 0 { return known.stairs[slot] }
        // `over` takes more lines than allowed, `within` at most that many; narrow the gap between
        // their intervals until they touch: `within` then starts exactly where counts drop to `lines`.
        var over = known.narrowest, within = known.widest
        while over.upperWidth < within.lowerWidth {
            let middle = over.upperWidth + (within.lowerWidth - over.upperWidth) / 2
            let layout = table.summary(atWidth: middle)
            // Each probe must move one end: its layout is a new one between the two.
            if layout.lineCount <= lines {
                guard layout.lowerWidth < within.lowerWidth else { return nil }
                within = layout
            } else {
                guard layout.upperWidth > over.upperWidth else { return nil }
                over = layout
            }
        }
        let found = Stair(within)
        (known.stairs + slot).initialize(to: found)
        known.written[slot].store(found.lineCount, ordering: .releasing)
        return found
    }

    /// The text the lines are read from.
    var source: String { table.text.text }

    /// The unplaced lines of the layout of the stair of `lineCount` lines, which greedy breaking
    /// gives at `limit` (no slack): laid out by the first result that reads them, and kept.
    func unplacedLines(ofStairWith lineCount: Int, atLimit limit: Double) -> UnplacedLayout {
        let ends = knownEnds()
        let slot = lineCount - ends.pointee.widestStair.lineCount
        let lines = ends.pointee.lines
        return WrittenOnce.value(
            ends.pointee.linesState[slot], read: { lines[slot] }, write: { (lines + slot).initialize(to: $0) },
            make: { table.unplacedLayout(atLimit: limit, expected: lineCount).lines })
    }

    /// The size a fit picks for `bounds` with line-box bounds: ``bestSize(_:)`` rounded as the full
    /// fit rounds it (only rounding can leave it a hair below the range's top).
    package func fittedSize(_ bounds: SizeBounds) -> Double? {
        guard let (size, _) = search(bounds) else { return nil }
        return size >= bounds.maxSize * (1 - TextFitter.fitTolerance) ? bounds.maxSize : size
    }

    /// The exact largest size in range for `bounds` with line-box bounds (a finite width, lines at
    /// least `lineHeight` tall, spacing that does not shrink), or nil when nothing fits or a stair
    /// cannot be found; see ``FitProblem/staircaseSize(_:)``.
    func bestSize(_ bounds: SizeBounds) -> Double? {
        search(bounds)?.size
    }

    /// ``bestSize(_:)`` and the stairs it was read from: the layout at that size is most often one
    /// of them, and a re-fit then knows it without laying it out.
    func bestSizeAndStairs(_ bounds: SizeBounds) -> (size: Double, stairs: (Stair, Stair?))? {
        search(bounds)
    }

    /// Whether a fit has asked before: a re-fit then reads the stairs (see ``isWorthUsing()``).
    func wasAsked() -> Bool {
        asked.load(ordering: .relaxed)
    }

    /// Both sizes' search, written once and inlined into each: a re-fit is so short that one call
    /// more shows in it (bench: refitSizesPerShape, shapesPerRefit).
    /// The size, and the stairs where the width bounds reach the height bounds (the answer is
    /// that stair's or the one before, nil when there is none before).
    @inline(__always)
    private func search(_ bounds: SizeBounds) -> (size: Double, stairs: (Stair, Stair?))? {
        // Two comparisons reject NaN and ∞ alike.
        guard bounds.frameWidth > 0, bounds.frameWidth < .infinity, lineHeight > 0, bounds.lineSpacing >= 0 else {
            return nil
        }
        let ends = knownEnds()
        let fewest = ends.pointee.widestStair.lineCount
        let most = min(bounds.lineLimit, ends.pointee.narrowestStair.lineCount)
        guard fewest <= most else { return nil }
        let lineHeight = lineHeight
        // A stair's two bounds on the size, the last two kept: the search ends on the stairs it
        // tested last (the crossing and the one before), so they are not computed twice.
        var newer = (lines: 0, width: 0.0, height: 0.0, stair: ends.pointee.widestStair), older = newer
        @inline(__always) func sizeBounds(_ lines: Int) -> (width: Double, height: Double, stair: Stair)? {
            if newer.lines == lines { return (newer.width, newer.height, newer.stair) }
            if older.lines == lines { return (older.width, older.height, older.stair) }
            guard let stair = stair(lines: lines, ends) else { return nil }
            let width = SizeBounds.size(forUnitWidth: stair.width, frameWidth: bounds.frameWidth)
            let height = SizeBounds.heightBound(
                lines: stair.lineCount, lineHeight: lineHeight, frameHeight: bounds.frameHeight,
                lineSpacing: bounds.lineSpacing)
            older = newer
            newer = (lines, width, height, stair)
            return (width, height, stair)
        }
        // Width bounds grow with k, height bounds fall: find the first k whose width bound reaches
        // its height bound (or `most` if none does); the best is there or just before. Nil when a
        // stair cannot be found.
        @inline(__always) func crosses(_ lines: Int) -> Bool? {
            guard let bound = sizeBounds(lines) else { return nil }
            return bound.width >= bound.height
        }
        var low = fewest, high = most
        // Try where the last search crossed first: two stairs settle it when it crosses there
        // again, and otherwise they narrow the bisection that follows. The crossing found is the
        // same either way, since which side of it a count lies on never changes.
        let hint = lastCrossing.load(ordering: .relaxed)
        if fewest <= hint, hint <= most {
            var crossesByHint = true
            if hint < most {
                guard let crossing = crosses(hint) else { return nil }
                crossesByHint = crossing
            }
            if crossesByHint {
                high = hint
                if hint > low {
                    guard let crossing = crosses(hint - 1) else { return nil }
                    if crossing { high = hint - 1 } else { low = hint }
                }
            } else {
                low = hint + 1
            }
        }
        while low < high {
            let middle = low + (high - low) / 2
            guard let crossing = crosses(middle) else { return nil }
            if crossing {
                high = middle
            } else {
                low = middle + 1
            }
        }
        if hint != low { lastCrossing.store(low, ordering: .relaxed) }
        // The best size with at most k lines: min(maxSize, width bound, height bound) of stair k.
        guard let last = sizeBounds(low) else { return nil }
        var size = min(bounds.maxSize, last.width, last.height)
        var stairBefore: Stair?
        if low > fewest {
            guard let before = sizeBounds(low - 1) else { return nil }
            size = max(size, min(bounds.maxSize, before.width, before.height))
            stairBefore = before.stair
        }
        return size >= bounds.minSize ? (size, (last.stair, stairBefore)) : nil
    }
}

extension FitProblem {
    /// The exact largest size in range, from the staircase: the same answer as ``exactSize()``
    /// (each stair's bound is computed as ``feasibleTop(_:)`` computes it), in O(log lines) stored
    /// values once the stairs it visits are known. Nil when the staircase does not apply (ink
    /// bounds, an unbounded or zero width, spacing that shrinks) or nothing fits.
    func staircaseSize(_ staircase: Staircase) -> Double? {
        options.bounds == .lineBox ? staircase.bestSize(options.sizeBounds) : nil
    }
}

extension Staircase.Stair {
    init(_ layout: LayoutSummary) {
        self.init(
            width: max(layout.maxWidth, layout.lowerWidth), lineCount: layout.lineCount, start: layout.lowerWidth,
            maxWidth: layout.maxWidth, end: layout.upperWidth)
    }
}

/// A value computed once, when first asked for, by whichever thread asks first, and kept without
/// a lock. `state` is 0 until then, 1 while the first thread to compute it stores it, 2 once it is
/// stored (with release ordering, so a reader that loads 2 with acquire ordering sees the value).
/// A thread that finds it not stored yet computes it itself and does not wait: every thread
/// computes the same value. (Synchronization's `AtomicLazyReference` does this for a class
/// reference, but its `load()` reaches this module unspecialized, and every re-fit reads it;
/// bench: refitSizesPerShape.)
enum WrittenOnce {
    @inline(__always)
    static func value<T>(
        _ state: borrowing Atomic<Int>, read: () -> T, write: (T) -> Void, make: () -> T
    ) -> T {
        if state.load(ordering: .acquiring) == 2 { return read() }
        let value = make()
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            write(value)
            state.store(2, ordering: .releasing)
        }
        return value
    }
}
