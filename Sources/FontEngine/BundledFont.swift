internal import CFontFitBundledFont
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The font compiled into fontfit, used when no font is named: DejaVu Sans (Bitstream Vera license),
/// chosen for its wide Latin, Greek and Cyrillic coverage. Its bytes are part of the binary, so a
/// copied `fontfit` executable runs with no file beside it.
public enum BundledFont {
    /// What messages and JSON call the bundled font instead of a path.
    public static let source = "bundled"

    /// The face, read from the bytes in the binary.
    public static func face() throws(FontFitError) -> FontFace {
        var length = 0
        let bytes = cfontfit_bundled_font(&length)!
        // The bytes live as long as the program: read in place, never copied.
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes), count: length, deallocator: .none)
        return try FontFace(data: data, index: 0, source: source, bytesLiveForever: true)
    }

    /// DejaVu's license, which travels with the font.
    public static var license: String {
        var length = 0
        let bytes = cfontfit_bundled_font_license(&length)!
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
}
