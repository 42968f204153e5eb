internal import CFontFitHarfBuzz

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

extension Font {
    /// The plan for `properties` and `features` in this font, made the first time it is asked for.
    /// `hb_shape` finds its plan in the face's cache on every call, and builds the cache key first
    /// (the feature-variation indices of GSUB and GPOS among it): 650 of the 38,400 instructions
    /// of shaping a 30-character label. Found here, a plan costs a comparison of the segment
    /// properties and the features.
    func shapePlan(for properties: hb_segment_properties_t, features: [FontFeature]) -> ShapePlan {
        shapePlans.value(where: { Self.same($0.properties, properties) && $0.features == features }) {
            ((properties, features), ShapePlan(font: handle, properties: properties, features: features.map(\.hbFeature)))
        }
    }

    /// `hb_segment_properties_equal` without the call: languages are interned pointers.
    private static func same(_ lhs: hb_segment_properties_t, _ rhs: hb_segment_properties_t) -> Bool {
        lhs.direction == rhs.direction && lhs.script == rhs.script && lhs.language == rhs.language
    }
}
