#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
final class Staircase: Sendable {
    private let table: LineTable
    /// What a re-fit reads of a stair: its width and its line count.
    struct Stair {
        /// The unit width its widest line needs (the stair's width bound is frame width ÷ this).
        var width: Double
        var lineCount: Int
        /// The unit width where the layout starts to hold: narrower, the text takes more lines.
        var start: Double
    }

    private struct State {
        /// The layouts at infinite width (the fewest lines: one per paragraph) and at width 0 (every
        /// segment on its own line: the most lines greedy makes); found on first use.
        var ends: (widest: LayoutSummary, narrowest: LayoutSummary)?
        /// The two ends as stairs, what a re-fit reads of them (a layout summary is three times
        /// larger, and a re-fit would copy it on every call).
        var endStairs: (widest: Stair, narrowest: Stair)?
        /// Stairs found so far, by line count − the widest layout's count; a line count of 0 marks
        /// one not found yet (every layout has at least one line), so a lookup tests no optional.
        var stairs: [Stair] = []
        /// Whether a fit has asked before: a text fitted once is best served by the direct search,
        /// and the stairs pay off from the second fit on (a resize slider, many labels).
        var asked = false
        /// Where the last search's width bounds reached their height bounds: a re-fit into a frame
        /// near the last one (a resize slider, a window being dragged) most often crosses there too.
        var lastCrossing: Int?
    }

    // A pthread mutex: ThreadSanitizer follows it (it reported Synchronization.Mutex's futex-based
    // hand-offs as races), and it costs a re-fit about half of what NSLock's dynamic dispatch does.
    // A re-fit takes it once, for its whole search. Mutex and state live behind pointers: a mutex
    // must not move, and a class's stored `var` would cost a dynamic exclusivity check per access.
    nonisolated(unsafe) private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    nonisolated(unsafe) private let state: UnsafeMutablePointer<State>

    private func withState<T>(_ body: (inout State) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state.pointee)
    }

    /// Nil when widths may shrink as lines grow (reshaped lines, hyphens): counts are then not
    /// ordered by width and there is no staircase. Costs nothing until used.
    init?(_ table: LineTable) {
        let table = table.using(.lineBox)
        guard table.hasMonotoneWidths else { return nil }
        self.table = table
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// True from the second time a fit asks: the first fit of a text searches directly.
    func isWorthUsing() -> Bool {
        withState { state in
            defer { state.asked = true }
            return state.asked
        }
    }

    /// The widest and narrowest layouts.
    var ends: (widest: LayoutSummary, narrowest: LayoutSummary) { withState { endLayouts(&$0) } }

    private func endLayouts(_ state: inout State) -> (widest: LayoutSummary, narrowest: LayoutSummary) {
        if let ends = state.ends { return ends }
        var none: [LaidLine] = []
        let ends = (
            table.greedy(width: .infinity, slack: 1, emergency: false, record: false, lines: &none),
            table.greedy(width: 0, slack: 1, emergency: false, record: false, lines: &none))
        state.ends = ends
        return ends
    }

    private func endStairs(_ state: inout State) -> (widest: Stair, narrowest: Stair) {
        if let stairs = state.endStairs { return stairs }
        let (widest, narrowest) = endLayouts(&state)
        let stairs = (Stair(widest), Stair(narrowest))
        state.endStairs = stairs
        return stairs
    }

    /// The stair for at most `lines` lines: the greedy layout at the narrowest width where the
    /// text takes no more. Nil when the bisection stops making progress (widths so extreme that the
    /// midpoint of two layouts' intervals is one of their ends): the caller then searches plainly.
    func stair(lines: Int) -> Stair? {
        withState { state in
            let ends = endStairs(&state)
            return stair(lines: lines, ends: ends, &state)
        }
    }

    private func stair(lines: Int, ends: (widest: Stair, narrowest: Stair), _ state: inout State) -> Stair? {
        if lines >= ends.narrowest.lineCount { return ends.narrowest }
        if lines <= ends.widest.lineCount { return ends.widest }
        let slot = lines - ends.widest.lineCount
        if state.stairs.isEmpty {
            state.stairs = [Stair](
                repeating: Stair(width: 0, lineCount: 0, start: 0),
                count: ends.narrowest.lineCount - ends.widest.lineCount + 1)
        } else if state.stairs[slot].lineCount > 0 {
            return state.stairs[slot]
        }
        let (widest, narrowest) = endLayouts(&state)
        // `over` takes more lines than allowed, `within` at most that many; narrow the gap between
        // their intervals until they touch: `within` then starts exactly where counts drop to `lines`.
        var over = narrowest, within = widest
        var none: [LaidLine] = []
        while over.upperWidth < within.lowerWidth {
            let middle = over.upperWidth + (within.lowerWidth - over.upperWidth) / 2
            let layout = table.greedy(width: middle, slack: 1, emergency: false, record: false, lines: &none)
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
        state.stairs[slot] = found
        return found
    }

    /// The exact largest size in range for `options` (line-box bounds, a finite width, lines at
    /// least `lineHeight` tall, spacing that does not shrink), or nil when nothing fits or a stair
    /// cannot be found; see ``FitProblem/staircaseSize(_:)``. The whole search holds the lock once.
    func bestSize(_ options: NormalizedOptions, lineHeight: Double) -> Double? {
        guard options.bounds == .lineBox, options.frameWidth.isFinite, options.frameWidth > 0,
            lineHeight > 0, options.lineSpacing >= 0
        else { return nil }
        return withState { state -> Double? in
            let ends = endStairs(&state)
            let fewest = ends.widest.lineCount
            let most = min(options.lineLimit, ends.narrowest.lineCount)
            guard fewest <= most else { return nil }
            // The best size with at most k lines: min(maxSize, width bound, height bound) of stair k.
            func best(_ stair: Stair) -> Double {
                min(options.maxSize, options.size(forUnitWidth: stair.width),
                    options.heightBound(lines: stair.lineCount, lineHeight: lineHeight))
            }
            // The last two stairs read, kept: a re-fit near the last frame reads the same two stairs
            // to find the crossing and then to size it.
            var newer = (lines: -1, stair: ends.widest), older = (lines: -1, stair: ends.widest)
            func lookup(_ lines: Int) -> Stair? {
                if newer.lines == lines { return newer.stair }
                if older.lines == lines { return older.stair }
                guard let found = stair(lines: lines, ends: ends, &state) else { return nil }
                older = newer
                newer = (lines, found)
                return found
            }
            // Width bounds grow with k, height bounds fall: find the first k whose width bound
            // reaches its height bound (or `most` if none does); the best is there or just before.
            // Nil when a stair cannot be found.
            func crosses(_ lines: Int) -> Bool? {
                guard let stair = lookup(lines) else { return nil }
                return options.size(forUnitWidth: stair.width)
                    >= options.heightBound(lines: stair.lineCount, lineHeight: lineHeight)
            }
            var low = fewest, high = most
            // Try where the last search crossed first: two stairs settle it when it crosses there
            // again, and otherwise they narrow the bisection that follows. The crossing found is
            // the same either way, since which side of it a count lies on never changes.
            if let hint = state.lastCrossing, fewest <= hint, hint <= most {
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
            state.lastCrossing = low
            guard let last = lookup(low) else { return nil }
            var size = best(last)
            if low > fewest {
                guard let before = lookup(low - 1) else { return nil }
                size = max(size, best(before))
            }
            return size >= options.minSize ? size : nil
        }
    }
}

extension FitProblem {
    /// The exact largest size in range, from the staircase: the same answer as ``exactSize()``
    /// (each stair's bound is computed as ``feasibleTop(_:)`` computes it), in O(log lines) stored
    /// values once the stairs it visits are known. Nil when the staircase does not apply (ink
    /// bounds, an unbounded or zero width, spacing that shrinks) or nothing fits.
    func staircaseSize(_ staircase: Staircase) -> Double? {
        staircase.bestSize(options, lineHeight: text.lineHeight)
    }
}

extension Staircase.Stair {
    init(_ layout: LayoutSummary) {
        self.init(width: max(layout.maxWidth, layout.lowerWidth), lineCount: layout.lineCount, start: layout.lowerWidth)
    }
}
