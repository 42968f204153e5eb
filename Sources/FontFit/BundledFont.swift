import Foundation

/// The font shipped inside the package, used when no font is named.
public enum BundledFont {
    /// DejaVu Sans (Bitstream Vera license), chosen for its wide Latin, Greek and Cyrillic coverage.
    public static var path: String {
        Bundle.module.path(forResource: "DejaVuSans", ofType: "ttf")!
    }
}
