import Glibc

/// What fitting needs of a short text it measures again and again: "…" for every line it
/// truncates, "‐" for every soft hyphen it breaks at.
package struct ShortTextMeasurement: Sendable {
    /// The advance in em.
    package let advance: Double
    /// The ink in em, nil when the text draws none.
    package let ink: EmBounds?
    /// Some character has no glyph in any font of the stack.
    package let isMissing: Bool
}

/// Short texts' measurements, remembered by the font that draws them, per shaping options.
/// Shaping "…" cost 11k instructions, as much as a one-line fit of a short label; `fontfit check`
/// shaped it again for each of the 8,540 strings of 20,000 that did not fit. A few entries per
/// font are kept: a font meets the same one or two texts with the same options.
final class ShortTextMemo: @unchecked Sendable {
    // @unchecked: `entries` is read and written only with the mutex held. A pthread mutex, as the
    // staircase's (ThreadSanitizer follows it). A list searched in order rather than a dictionary:
    // hashing the options cost more than shaping would save (1.6k instructions a look-up).
    private var entries: [(text: String, options: ShapingOptions, measurement: ShortTextMeasurement)] = []
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private static let capacity = 8

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The remembered measurement of `text` with `options`, or `measure()`'s, then remembered.
    /// Measured without the mutex held: two threads may both measure, and keep the same value.
    func measurement(
        of text: String, options: ShapingOptions, measure: () -> ShortTextMeasurement
    ) -> ShortTextMeasurement {
        pthread_mutex_lock(mutex)
        let known = entries.first { $0.text == text && $0.options == options }?.measurement
        pthread_mutex_unlock(mutex)
        if let known { return known }
        let measured = measure()
        pthread_mutex_lock(mutex)
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append((text, options, measured))
        pthread_mutex_unlock(mutex)
        return measured
    }
}

extension FontStack {
    /// `text`, a short text such as "…", shaped in this stack with `options` and measured. When
    /// the primary font has every character, the stack's other fonts play no part (fallback picks
    /// the first font that has a cluster's characters), and the primary font remembers the
    /// measurement.
    package func measureShortText(_ text: String, options: ShapingOptions) -> ShortTextMeasurement {
        func measure() -> ShortTextMeasurement {
            let shaped = ShapedParagraph(text, fonts: self, options: options)
            return ShortTextMeasurement(advance: shaped.advance(), ink: shaped.inkBounds(), isMissing: !shaped.missing.isEmpty)
        }
        guard text.unicodeScalars.allSatisfy({ primary.glyph(for: $0) != nil }) else { return measure() }
        return primary.shortTexts.measurement(of: text, options: options, measure: measure)
    }
}
