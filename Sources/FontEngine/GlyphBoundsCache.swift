internal import CFontFitHarfBuzz
import Synchronization

/// Each glyph's outline bounds in one font (one HarfBuzz font: one variation instance at one
/// scale), read from HarfBuzz the first time any thread asks and kept without a lock, so that the
/// ink of a measured line is a pass over its glyphs (bench: scaling.text.*.measurePerShape).
///
/// Glyphs are kept in pages of ``pageSize``, allocated when a glyph of the page is first asked for:
/// a font made for one measurement (an optical size) pays for the pages its text touches, not for
/// every glyph of the face. Each slot holds one glyph's bounds packed in a word (``Packed``), so a
/// reader sees a whole value or 0 (not read yet), never half of one. Two threads that read the
/// same glyph at once both ask HarfBuzz and store the same word; a page two threads allocate at
/// once is installed by one of them (compare and exchange) and the other's freed.
///
/// Not copyable: the pages are owned, and freed once, by ``deallocate()`` (the font's deinit).
struct GlyphBoundsCache: ~Copyable {
    static let pageShift = 7
    static let pageSize = 1 << pageShift
    /// Per page, the address of its slots, 0 until allocated.
    private let pages: UnsafeMutablePointer<Atomic<UInt>>
    private let pageCount: Int

    init(glyphCount: Int) {
        pageCount = max(0, (glyphCount + Self.pageSize - 1) >> Self.pageShift)
        pages = .allocate(capacity: max(pageCount, 1))
        for page in 0..<pageCount { (pages + page).initialize(to: Atomic(0)) }
    }

    func deallocate() {
        for page in 0..<pageCount {
            let address = pages[page].load(ordering: .acquiring)
            if let slots = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: address) {
                slots.deinitialize(count: Self.pageSize)
                slots.deallocate()
            }
        }
        pages.deinitialize(count: pageCount)
        pages.deallocate()
    }

    /// The bounds of `glyph` in `font`, as ``Font/uncachedGlyphBounds(_:in:)`` reads them.
    @inline(__always)
    func bounds(of glyph: UInt32, in font: OpaquePointer) -> GlyphBounds? {
        let page = Int(glyph >> UInt32(Self.pageShift))
        guard page < pageCount else { return Font.uncachedGlyphBounds(glyph, in: font) }
        var address = pages[page].load(ordering: .acquiring)
        if address == 0 { address = install(page: page) }
        let slot = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: address).unsafelyUnwrapped
            + Int(glyph & UInt32(Self.pageSize - 1))
        let word = slot.pointee.load(ordering: .relaxed)
        if word != 0 { return Packed.bounds(word) ?? (word == Packed.unpackable ? Font.uncachedGlyphBounds(glyph, in: font) : nil) }
        let bounds = Font.uncachedGlyphBounds(glyph, in: font)
        slot.pointee.store(Packed.word(bounds), ordering: .relaxed)
        return bounds
    }

    /// Allocates `page`'s slots, all 0, and installs them unless another thread did first; returns
    /// the installed page's address.
    @inline(never)
    private func install(page: Int) -> UInt {
        let slots = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: Self.pageSize)
        for slot in 0..<Self.pageSize { (slots + slot).initialize(to: Atomic(0)) }
        let address = UInt(bitPattern: slots)
        let (exchanged, original) = pages[page].compareExchange(
            expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if exchanged { return address }
        slots.deinitialize(count: Self.pageSize)
        slots.deallocate()
        return original
    }

    /// A glyph's bounds in one word: xMin, yMin, xMax, yMax as 16-bit two's complement, from the
    /// low bits up. Bounds are never all 0 (a glyph whose extents are empty has none), so 0 says
    /// "not read yet"; xMin > xMax never happens either, which leaves two words free: no bounds (a
    /// glyph without ink), and bounds that do not fit in 16 bits (read from HarfBuzz every time).
    enum Packed {
        static let noBounds: UInt64 = 1
        static let unpackable: UInt64 = 2

        static func word(_ bounds: GlyphBounds?) -> UInt64 {
            guard let bounds else { return noBounds }
            let fields = [bounds.xMin, bounds.yMin, bounds.xMax, bounds.yMax]
            guard fields.allSatisfy({ Int(Int16.min)...Int(Int16.max) ~= $0 }) else { return unpackable }
            var word: UInt64 = 0
            for (index, field) in fields.enumerated() {
                word |= UInt64(UInt16(bitPattern: Int16(field))) << (16 * index)
            }
            return word
        }

        /// The bounds a word holds; nil for ``noBounds`` and ``unpackable``.
        @inline(__always)
        static func bounds(_ word: UInt64) -> GlyphBounds? {
            let xMin = Int(Int16(truncatingIfNeeded: word)), xMax = Int(Int16(truncatingIfNeeded: word >> 32))
            guard xMin <= xMax else { return nil }
            return GlyphBounds(
                xMin: xMin, yMin: Int(Int16(truncatingIfNeeded: word >> 16)), xMax: xMax,
                yMax: Int(Int16(truncatingIfNeeded: word >> 48)))
        }
    }
}
