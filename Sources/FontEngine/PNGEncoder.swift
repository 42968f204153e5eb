internal import CFontFitPNG
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes an ``RGBAImage`` as a PNG file (8-bit RGBA, sRGB) with libpng.
///
/// libpng reports errors by `longjmp`, which must never cross Swift frames. Its low-level write API
/// (`png_create_write_struct`) would need a `setjmp` in the caller, which Swift cannot write, and
/// its error callback may not return (libpng aborts if it does). So this uses libpng's simplified
/// API, `png_image_write_to_memory`: it drives the same writer inside libpng's own `setjmp`
/// (`png_safe_execute`) and returns failure as a value, with a message, instead of jumping.
package enum PNGEncoder {
    /// The largest width or height accepted, in pixels.
    package static let maximumDimension = 65535

    /// The PNG bytes of `image`.
    package static func encode(_ image: RGBAImage) throws(FontFitError) -> Data {
        guard (1...maximumDimension).contains(image.width), (1...maximumDimension).contains(image.height),
            image.pixels.count == image.width * image.height * 4
        else {
            throw .invalidValue(
                name: "image size", value: "\(image.width)×\(image.height) (\(image.pixels.count) bytes)",
                expected: "1…\(maximumDimension) pixels on each side and width × height × 4 bytes")
        }
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        control.width = png_uint_32(image.width)
        control.height = png_uint_32(image.height)
        control.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // Speed over size: zlib's fast level and a simple row filter. A 1200×630 card encodes several
        // times faster, for a file somewhat larger.
        control.flags |= png_uint_32(PNG_IMAGE_FLAG_FAST)
        let rowStride = png_int_32(image.width * 4)
        // A first guess that fits most images; libpng says how much it needs when it does not.
        var capacity = image.pixels.count / 2 + image.height + 1024
        for _ in 0..<2 {
            var output = Data(count: capacity)
            var written = png_alloc_size_t(capacity)
            let succeeded = output.withUnsafeMutableBytes { memory in
                image.pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(
                        &control, memory.baseAddress, &written, 0, pixels.baseAddress, rowStride, nil) != 0
                }
            }
            png_image_free(&control)
            if succeeded {
                output.count = Int(written)
                return output
            }
            guard Int(written) > capacity else { break }
            capacity = Int(written)
            control.warning_or_error = 0
        }
        let message = withUnsafeBytes(of: control.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        throw .outputFailed(
            what: "PNG encoding of a \(image.width)×\(image.height) image",
            reason: "libpng: \(message.isEmpty ? "no message" : message)")
    }
}
