internal import CFontFitHarfBuzz
import Glibc

/// A compiled HarfBuzz shape plan: the lookups of one face for one direction, script, language
/// and list of features, at the font's variation coordinates.
final class ShapePlan: @unchecked Sendable {
    // @unchecked: a plan is immutable once made; HarfBuzz shares its cached plans between threads.
    let handle: OpaquePointer
    /// The features as HarfBuzz takes them, converted once.
    let features: [hb_feature_t]

    init(font: OpaquePointer, properties: hb_segment_properties_t, features: [hb_feature_t]) {
        var properties = properties
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(font, &coordinateCount)
        handle = hb_shape_plan_create_cached2(
            hb_font_get_face(font), &properties, features, UInt32(features.count), coordinates, coordinateCount, nil)!
        self.features = features
    }

    deinit {
        hb_shape_plan_destroy(handle)
    }

    /// Shapes `buffer`, whose segment properties are the plan's, with `font`, the font it was made for.
    func execute(font: OpaquePointer, buffer: OpaquePointer) {
        hb_shape_plan_execute(handle, font, buffer, features, UInt32(features.count))
    }
}

/// The shape plans a font has shaped with. `hb_shape` finds its plan in the face's cache on every
/// call, and builds the cache key first (the feature-variation indices of GSUB and GPOS among it):
/// 650 of the 38,400 instructions of shaping a 30-character label. Found here, a plan costs a
/// comparison of the segment properties and the features.
final class ShapePlans: @unchecked Sendable {
    // @unchecked: `entries` is read and written only with the mutex held (a pthread mutex, as the
    // other memos on a font: ThreadSanitizer follows it).
    private var entries: [(properties: hb_segment_properties_t, features: [FontFeature], plan: ShapePlan)] = []
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// A font meets a few directions, scripts and languages; a program that meets more (every
    /// language of a catalog) makes the oldest plan again from HarfBuzz's face cache.
    private static let capacity = 16

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The plan for `properties` and `features` in `font`, made the first time it is asked for.
    func plan(font: OpaquePointer, properties: hb_segment_properties_t, features: [FontFeature]) -> ShapePlan {
        pthread_mutex_lock(mutex)
        var known: ShapePlan?
        // By index: `first(where:)` copied each entry it tried, a retain and release of its features
        // and its plan.
        for index in entries.indices
        where Self.same(entries[index].properties, properties) && entries[index].features == features {
            known = entries[index].plan
            break
        }
        pthread_mutex_unlock(mutex)
        if let known { return known }
        let plan = ShapePlan(font: font, properties: properties, features: features.map(\.hbFeature))
        pthread_mutex_lock(mutex)
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append((properties, features, plan))
        pthread_mutex_unlock(mutex)
        return plan
    }

    /// `hb_segment_properties_equal` without the call: languages are interned pointers.
    private static func same(_ lhs: hb_segment_properties_t, _ rhs: hb_segment_properties_t) -> Bool {
        lhs.direction == rhs.direction && lhs.script == rhs.script && lhs.language == rhs.language
    }
}
