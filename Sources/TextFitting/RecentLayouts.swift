#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last few greedy layouts re-fits of one text met, each with the interval of widths it holds
/// for and, once a result's lines were read, its lines. A resize slider or a window being dragged
/// meets the same few layouts again and again: a re-fit that finds its width in one of them knows
/// the layout, and the lines it lays out when read, without a pass over the text.
final class RecentLayouts: Sendable {
    private struct Entry {
        var summary: LayoutSummary
        /// The layout's lines, unplaced (see ``LineBoxPlacement``), once a result read them.
        var lines: [UnplacedLine]?
    }

    /// How many layouts are kept: a slider moving back and forth crosses a few; more would make
    /// every look-up longer for little.
    private static let capacity = 4

    private let table: LineTable
    /// The text's line height and ascent in em, read once.
    let lineHeight: Double
    let ascent: Double
    // A pthread mutex, as the staircase's; entries and the next slot to replace live behind a
    // pointer (a class's stored `var` costs a dynamic exclusivity check per access).
    nonisolated(unsafe) private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    nonisolated(unsafe) private let entries: UnsafeMutablePointer<(kept: [Entry], next: Int)>

    init(_ table: LineTable) {
        self.table = table
        lineHeight = table.text.lineHeight
        ascent = table.text.ascent
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        entries = .allocate(capacity: 1)
        entries.initialize(to: ([], 0))
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        entries.deinitialize(count: 1)
        entries.deallocate()
    }

    /// The summary of the greedy layout at `limit` (no slack): a kept one, or one pass, kept.
    func summary(atLimit limit: Double) -> LayoutSummary {
        if let known = kept(atLimit: limit) { return known.summary }
        let summary = table.summary(atWidth: limit)
        keep(summary, lines: nil)
        return summary
    }

    /// The unplaced lines of the greedy layout at `limit` (no slack): kept ones, or one pass that
    /// records them, kept. `expected` is the layout's line count, to record them into an array
    /// that size.
    func unplacedLines(atLimit limit: Double, expected: Int) -> [UnplacedLine] {
        if let known = kept(atLimit: limit)?.lines { return known }
        var laid: [LaidLine] = []
        laid.reserveCapacity(expected)
        let summary = table.greedy(width: limit, slack: 1, emergency: false, record: true, lines: &laid)
        let lines = LineBoxPlacement.unplacedLines(laid, table)
        keep(summary, lines: lines)
        return lines
    }

    /// The kept layout that greedy breaking gives at `limit`, if any.
    private func kept(atLimit limit: Double) -> Entry? {
        withEntries { entries in entries.kept.first { $0.summary.holds(atLimit: limit) } }
    }

    /// Keeps a layout found outside the lock: as a new entry, or as the lines of the one kept for
    /// the same interval (the same layout: another thread may have kept it meanwhile).
    private func keep(_ summary: LayoutSummary, lines: [UnplacedLine]?) {
        withEntries { entries in
            if let index = entries.kept.firstIndex(where: { $0.summary.holds(atLimit: summary.lowerWidth) }) {
                if entries.kept[index].lines == nil { entries.kept[index].lines = lines }
                return
            }
            if entries.kept.count < Self.capacity {
                entries.kept.append(Entry(summary: summary, lines: lines))
            } else {
                entries.kept[entries.next] = Entry(summary: summary, lines: lines)
                entries.next = (entries.next + 1) % Self.capacity
            }
        }
    }

    private func withEntries<T>(_ body: (inout (kept: [Entry], next: Int)) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&entries.pointee)
    }
}

extension LayoutSummary {
    /// Whether greedy breaking with no slack gives this layout at `limit`.
    func holds(atLimit limit: Double) -> Bool { lowerWidth <= limit && limit < upperWidth }
}
