/// Everything that can go wrong between a font file and a measurement.
///
/// Each case carries what was wrong and with what (path, option, value), so that a one-line message
/// is enough for a user to fix it. ``kind`` groups the cases the way a command-line tool reports them.
public enum FontFitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The path names a directory or another non-regular file.
    case notAFile(path: String)
    /// The file exists but could not be read (permissions, I/O).
    case unreadableFile(path: String, reason: String)
    /// The bytes are not a font FreeType and HarfBuzz can use: not an sfnt, truncated, or missing a
    /// required table.
    case invalidFontData(source: String, reason: String)
    /// A face index past the end of a collection (`faceCount` faces, numbered from 0).
    case faceIndexOutOfRange(index: Int, faceCount: Int, source: String)
    /// A feature that `hb_feature_from_string` rejects.
    case invalidFeature(String)
    /// A variation that `hb_variation_from_string` rejects.
    case invalidVariation(String)
    /// A well-formed variation whose axis the font does not have; `available` lists the font's axes.
    case unknownAxis(tag: String, available: [String])
    /// A named instance (index or name) the font does not have.
    case unknownNamedInstance(String, available: [String])
    /// A direction other than ltr, rtl, ttb, btt.
    case invalidDirection(String)
    /// A script tag `hb_script_from_string` does not know.
    case invalidScript(String)
    /// A point size outside 10⁻⁶ … 10⁹ pt: zero, negative, NaN, infinite, or out of range.
    case invalidSize(Double)
    /// Text that is not valid UTF-8 (or UTF-16 for ICU).
    case undecodableText(source: String)
    /// Any other value out of its range: a frame, a scale factor, a line limit.
    case invalidValue(name: String, value: String, expected: String)
    /// A library fontfit relies on failed to write its output (libpng encoding a picture): not the
    /// caller's values, so not a usage error.
    case outputFailed(what: String, reason: String)

    /// How a caller should classify the failure.
    public enum Kind: Sendable {
        /// A value given by the caller is wrong (a CLI exits 64, EX_USAGE).
        case usage
        /// The font or text data is unusable (a CLI exits 65, EX_DATAERR).
        case data
        /// A file is missing or cannot be opened (a CLI exits 66, EX_NOINPUT).
        case file
        /// Writing the result failed inside a library (a CLI exits 70, EX_SOFTWARE).
        case output

        /// The status a command-line tool exits with for this kind (sysexits.h), as `fontfit` and
        /// `fontfit batch` report it.
        public var exitStatus: Int32 {
            switch self {
            case .usage: 64
            case .data: 65
            case .file: 66
            case .output: 70
            }
        }
    }

    /// How a caller should classify the failure: see ``Kind``.
    public var kind: Kind {
        switch self {
        case .fileNotFound, .notAFile, .unreadableFile: .file
        case .invalidFontData, .undecodableText: .data
        case .faceIndexOutOfRange, .invalidFeature, .invalidVariation, .unknownAxis,
             .unknownNamedInstance, .invalidDirection, .invalidScript, .invalidSize, .invalidValue: .usage
        case .outputFailed: .output
        }
    }

    /// A value as an error message quotes it: whole up to 80 characters, else its start and its
    /// length, so that one bad megabyte of markup is still a one-line message.
    static func excerpt(_ value: String) -> String {
        guard value.count > 80 else { return value }
        return "\(value.prefix(60))… (\(value.count) characters)"
    }

    /// The one-line message: what was wrong, and with what.
    public var message: String { description }

    /// The one-line message (``message``).
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "no such file: \(path)"
        case .notAFile(let path):
            "not a regular file: \(path)"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        case .invalidFontData(let source, let reason):
            "invalid font data in \(source): \(reason)"
        case .faceIndexOutOfRange(let index, let count, let source):
            "face index \(index) is out of range: \(source) has \(count) face\(count == 1 ? "" : "s") (0…\(count - 1))"
        case .invalidFeature(let text):
            "invalid feature '\(Self.excerpt(text))' (HarfBuzz syntax, e.g. tnum, -liga, ss01, kern[3:5]=0)"
        case .invalidVariation(let text):
            "invalid variation '\(Self.excerpt(text))' (HarfBuzz syntax, e.g. wght=700)"
        case .unknownAxis(let tag, let available):
            available.isEmpty
                ? "unknown axis '\(tag)': the font has no variation axes"
                : "unknown axis '\(tag)': the font's axes are \(available.joined(separator: ", "))"
        case .unknownNamedInstance(let name, let available):
            available.isEmpty
                ? "unknown named instance '\(name)': the font has no named instances"
                : "unknown named instance '\(name)': the font has \(available.joined(separator: ", "))"
        case .invalidDirection(let text):
            "invalid direction '\(Self.excerpt(text))' (expected ltr, rtl, ttb or btt)"
        case .invalidScript(let text):
            "invalid script '\(Self.excerpt(text))' (expected an ISO 15924 tag such as Latn, Arab)"
        case .invalidSize(let size):
            "invalid size \(size): a size must be a number of points in \(Limits.describe(Limits.sizes))"
        case .undecodableText(let source):
            "text in \(source) is not valid UTF-8"
        case .invalidValue(let name, let value, let expected):
            "invalid \(name) \(Self.excerpt(value)): expected \(expected)"
        case .outputFailed(let what, let reason):
            "\(what) failed: \(reason)"
        }
    }
}
