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
        var lines: UnplacedLayout?
    }

    /// How many layouts are kept: a slider moving back and forth crosses a few; more would make
    /// every look-up longer for little.
    private static let capacity = 4

    private let table: LineTable
    // A pthread mutex, as the staircase's. The entries live behind pointers, so that a look-up
    // reads a summary in place instead of copying an entry (and retaining its lines) per test,
    // and a class's stored `var` would cost a dynamic exclusivity check per access.
    nonisolated(unsafe) private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    nonisolated(unsafe) private let entries: UnsafeMutablePointer<Entry>
    /// How many entries are kept, and the one a new layout replaces when all slots are taken.
    nonisolated(unsafe) private let slots: UnsafeMutablePointer<(count: Int, next: Int)>

    init(_ table: LineTable) {
        self.table = table
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        entries = .allocate(capacity: Self.capacity)
        slots = .allocate(capacity: 1)
        slots.initialize(to: (0, 0))
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        entries.deinitialize(count: slots.pointee.count)
        entries.deallocate()
        slots.deallocate()
    }

    /// The summary of the greedy layout at `limit` (no slack): a kept one, or one pass, kept.
    func summary(atLimit limit: Double) -> LayoutSummary {
        let known = locked { index(atLimit: limit).map { entries[$0].summary } }
        if let known { return known }
        let summary = table.summary(atWidth: limit)
        keep(summary, lines: nil)
        return summary
    }

    /// The unplaced lines of the greedy layout at `limit` (no slack): kept ones, or one pass that
    /// records them, kept. `expected` is the layout's line count, to record them into an array
    /// that size.
    func unplacedLines(atLimit limit: Double, expected: Int) -> UnplacedLayout {
        let known = locked { index(atLimit: limit).flatMap { entries[$0].lines } }
        if let known { return known }
        let (summary, lines) = table.unplacedLayout(atLimit: limit, expected: expected)
        keep(summary, lines: lines)
        return lines
    }

    /// The slot of the kept layout that greedy breaking gives at `limit`, if any; under the lock.
    private func index(atLimit limit: Double) -> Int? {
        for index in 0..<slots.pointee.count where entries[index].summary.holds(atLimit: limit) { return index }
        return nil
    }

    /// Keeps a layout found outside the lock: as a new entry, or as the lines of the one kept for
    /// the same interval (the same layout: another thread may have kept it meanwhile).
    private func keep(_ summary: LayoutSummary, lines: UnplacedLayout?) {
        locked {
            if let index = index(atLimit: summary.lowerWidth) {
                if entries[index].lines == nil { entries[index].lines = lines }
                return
            }
            let entry = Entry(summary: summary, lines: lines)
            if slots.pointee.count < Self.capacity {
                (entries + slots.pointee.count).initialize(to: entry)
                slots.pointee.count += 1
            } else {
                entries[slots.pointee.next] = entry
                slots.pointee.next = (slots.pointee.next + 1) % Self.capacity
            }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

extension LayoutSummary {
    /// Whether greedy breaking with no slack gives this layout at `limit`.
    func holds(atLimit limit: Double) -> Bool { lowerWidth <= limit && limit < upperWidth }
}
