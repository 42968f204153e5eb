import Glibc

/// A few values a font remembers (its measurements of "…" and "‐"), each found by a key
/// searched in order, the oldest dropped when the memo is full. A list rather than a dictionary:
/// hashing shaping options costs more than searching a few entries in order. A value is made
/// without the mutex held: two threads may both make one, and keep the same.
final class FontMemo<Key, Value>: @unchecked Sendable {
    // @unchecked: `entries` is read and written only with the mutex held. A pthread mutex, as the
    // staircase's: ThreadSanitizer follows it.
    private var entries: [(key: Key, value: Value)] = []
    private let capacity: Int
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(capacity: Int) {
        self.capacity = capacity
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The value of the first entry whose key `matches`, else `make()`'s, then remembered.
    func value(where matches: (Key) -> Bool, orMake make: () -> (key: Key, value: Value)) -> Value {
        pthread_mutex_lock(mutex)
        var known: Value?
        // By index: `first(where:)` copied each entry it tried, a retain and release of what it holds.
        for index in entries.indices where matches(entries[index].key) {
            known = entries[index].value
            break
        }
        pthread_mutex_unlock(mutex)
        if let known { return known }
        let made = make()
        pthread_mutex_lock(mutex)
        if entries.count >= capacity { entries.removeFirst() }
        entries.append(made)
        pthread_mutex_unlock(mutex)
        return made.value
    }
}
