/// fontfit's version, in one place: `fontfit --version` prints it and `scripts/install` reports it.
public enum FontFitVersion {
    /// The release this source tree is (semantic versioning).
    public static let current = "0.6.0"
}
