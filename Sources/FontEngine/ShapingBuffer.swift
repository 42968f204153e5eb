internal import CFontFitHarfBuzz
import Glibc

/// A HarfBuzz buffer kept by one thread and reused by each shaping on it: creating and destroying
/// a buffer, and growing its arrays again, would cost about as much as the rest of a one-line fit
/// beyond `hb_shape` itself (bench: singleLineFitPerShape).
///
/// A shaping that starts while the thread's buffer is in use (none does today) makes a buffer of
/// its own instead of clearing the outer one. A buffer that held a long text is not kept: its
/// arrays would stay that large for as long as the thread lives.
final class ShapingBuffer {
    let handle: OpaquePointer
    private var inUse = false

    private init() {
        handle = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(handle)
    }

    /// Texts longer than this (UTF-8 bytes) are shaped in a buffer that is dropped afterwards.
    private static let largestKeptText = 1 << 16

    /// The key of each thread's buffer; the thread's exit releases it.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { stored in
            if let stored { Unmanaged<ShapingBuffer>.fromOpaque(stored).release() }
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// Runs `body` with this thread's buffer, empty and with default properties, for a text of
    /// `length` UTF-8 bytes; with a buffer of its own when the text is long or the thread's buffer
    /// is in use. Inlined: it runs once per shaping, and a call would cost the caller a copy of
    /// what its closure captures.
    @inline(__always)
    static func withThreadBuffer<T>(length: Int, _ body: (OpaquePointer) -> T) -> T {
        guard length <= largestKeptText else { return withOwnBuffer(body) }
        return threadBuffer()._withUnsafeGuaranteedRef { buffer in
            guard !buffer.inUse else { return withOwnBuffer(body) }
            buffer.inUse = true
            defer {
                hb_buffer_clear_contents(buffer.handle)
                buffer.inUse = false
            }
            return body(buffer.handle)
        }
    }

    /// This thread's buffer, made and stored on first use. Read without retaining: thread-local
    /// storage holds it for the thread's lifetime.
    @inline(__always)
    private static func threadBuffer() -> Unmanaged<ShapingBuffer> {
        if let stored = pthread_getspecific(key) { return Unmanaged.fromOpaque(stored) }
        let buffer = Unmanaged.passRetained(ShapingBuffer())
        pthread_setspecific(key, buffer.toOpaque())
        return buffer
    }

    /// `body` with a buffer made for it alone, alive until `body` returns (a handle read from an
    /// object does not keep the object alive).
    private static func withOwnBuffer<T>(_ body: (OpaquePointer) -> T) -> T {
        let buffer = ShapingBuffer()
        return withExtendedLifetime(buffer) { body(buffer.handle) }
    }
}
