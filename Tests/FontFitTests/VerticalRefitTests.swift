import Testing
import FontFit

/// A vertical text of broken emoji sequences and replacement characters, at sizes of a thousandth
/// of a point, fitted once and then again (found by FuzzLayout's re-fit check).
@Suite struct VerticalRefitTests {
    static let text: String = {
        let scalars: [UInt32] = [
            0x77, 0x77, 0x0, 0x1f3fd, 0x20, 0x1f468, 0xfffd, 0xfffd, 0xfffd, 0x1f600, 0x20, 0xfffd, 0xfffd, 0xfffd,
            0xfffd, 0x20, 0x1f44d, 0x1f3f7, 0x20, 0x1f468, 0xfffd, 0xfffd, 0xfffd, 0xfffd, 0x1f44d, 0xfffd, 0x61,
            0x67, 0x7f, 0xfffd, 0x7, 0x60, 0x6e, 0x7c, 0x20, 0x1f44d, 0x1f3fd, 0x20, 0x1f468, 0x33, 0x48, 0xfffd,
            0x47, 0x5b, 0xfffd, 0x30, 0x7e, 0x20, 0xfffd, 0xfffd, 0xfffd, 0xfffd,
        ]
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
        return text
    }()
    static let frame = FrameSize(width: 0.0005, height: 0.001)

    static func fit(_ prepared: PreparedText, maxSize: Double = 0.001, minimumScaleFactor: Double = 0.001) throws -> FitResult {
        try prepared.fit(options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: Int.max))
    }

    /// The text prepared in `name`, fitted into a first frame and then re-fitted into `frame`.
    static func refit(font name: String) throws -> (font: Font, shaping: ShapingOptions, refit: FitResult) {
        let font = try loadFont(name)
        let shaping = ShapingOptions(direction: .topToBottom)
        let prepared = try FontStack(font).prepare(text, options: shaping)
        _ = try prepared.fit(options: FitOptions(frame: FrameSize(width: 0.001, height: 0.001), maxSize: 0.001, minimumScaleFactor: 0.001, lineLimit: Int.max))
        return (font, shaping, try fit(prepared))
    }

    /// A re-fit (the staircase) gives a size at which the text fits, as a fit of that one size says.
    @Test(arguments: ["DejaVuSans.ttf", "ipaexg.ttf", "EmojiSubset.ttf", "Cantarell-Regular.otf", "Inter-roman.var.ttf"])
    func refitSizeFits(font name: String) throws {
        let (font, shaping, refit) = try Self.refit(font: name)
        #expect(refit.fits)
        let atThatSize = try Self.fit(FontStack(font).prepare(Self.text, options: shaping), maxSize: refit.size, minimumScaleFactor: 1)
        #expect(atThatSize.fits && atThatSize.lines.map(\.text) == refit.lines.map(\.text), "\(name)")
    }

    /// The first fit of a prepared text takes the one-shot search, later ones the staircase: both
    /// give the same size and lines. In Inter the one-shot search used to stop at 6.356e-5 pt with
    /// five lines, where six fit at 6.886e-5 pt: a five-line layout holding for two ulps of width
    /// has a size interval that rounds to one double, and was taken for one that cannot fit.
    @Test(arguments: ["DejaVuSans.ttf", "ipaexg.ttf", "EmojiSubset.ttf", "Cantarell-Regular.otf", "Inter-roman.var.ttf"])
    func refitEqualsAFreshFit(font name: String) throws {
        let (font, shaping, refit) = try Self.refit(font: name)
        let fresh = try Self.fit(FontStack(font).prepare(Self.text, options: shaping))
        #expect(refit.size == fresh.size && refit.lines.map(\.text) == fresh.lines.map(\.text), "\(name): \(refit) vs \(fresh)")
    }
}
