/// fontfit's version: the one place it is written (`fontfit --version` prints it).
public enum FontFitVersion {
    public static let current = "0.6.0"
}
