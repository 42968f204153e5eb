import FontFit
import Testing

/// Issue 11: sizes, frames and factors from the extremes. Every call either throws a
/// FontFitError naming the value or returns a result that keeps the documented promises: a
/// finite size in [maxSize × minimumScaleFactor, maxSize], finite extents, at least one line, and
/// with `fits` the used extent inside the frame. (`fit "" --size 1.7976931348623157e308` reported
/// fits with a null height; `--size 1e308` returned no lines; `--hinting` at 1e300 trapped.)
@Suite struct ExtremeValueTests {
    static let extremes: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-7, 1e-6, 0.5, 12, 72, 65_535, 65_536, 1e9,
        1e9 + 1, 1e15, 1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -1,
    ]
    /// Relative slack for "inside the frame", the fitter's tolerance.
    static let slack = 1e-9

    static func within(_ value: Double, _ limit: Double) -> Bool {
        limit.isInfinite || value <= limit + slack * max(abs(limit), abs(value))
    }

    static func keepsPromises(_ fit: FitResult, frame: FrameSize, maxSize: Double, factor: Double) -> Bool {
        fit.size.isFinite && fit.size >= maxSize * factor * (1 - slack) && fit.size <= maxSize * (1 + slack)
            && fit.width.isFinite && fit.height.isFinite && !fit.lines.isEmpty
            && (!fit.fits || (within(fit.width, frame.width) && within(fit.height, frame.height)))
    }

    @Test(arguments: ["", "Hello world", "office affine\nfluffy"])
    func fitsFromTheExtremesKeepTheirPromisesOrThrow(_ text: String) throws {
        let font = try loadFont("DejaVuSans.ttf")
        var returned = 0, thrown = 0
        for maxSize in Self.extremes {
            for factor in [1, 0.01, 1e-300] {
                for width in Self.extremes where width >= 0 || width.isNaN {
                    for height in [0.5, 100, 1e15, .infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
                        let frame = FrameSize(width: width, height: height)
                        for lineLimit in [nil, 1] as [Int?] {
                            do {
                                let fit = try FontStack(font).fit(
                                    text, options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit))
                                returned += 1
                                #expect(Self.keepsPromises(fit, frame: frame, maxSize: maxSize, factor: factor),
                                        "\(maxSize) × \(factor) in \(frame), lines \(String(describing: lineLimit)): \(fit.size) \(fit.width)×\(fit.height) \(fit.lines.count) lines")
                            } catch {
                                thrown += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(returned > 0 && thrown > 0)
    }

    @Test func hintedAndStackedFromTheExtremesKeepTheirPromisesOrThrow() throws {
        let font = try loadFont("DejaVuSans.ttf")
        // A run where every call throws keeps no promise at all: count what returned.
        var hintedReturned = 0, stacksReturned = 0
        for maxSize in Self.extremes {
            for frame in [FrameSize(width: 200, height: 100), FrameSize(width: 1e-300, height: 1e15), FrameSize()] {
                if let fit = try? FontStack(font).fit("Hinted", options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: 0.5, widths: .hinted)) {
                    hintedReturned += 1
                    #expect(Self.keepsPromises(fit, frame: frame, maxSize: maxSize, factor: 0.5), "hinted \(maxSize) in \(frame)")
                }
                if let stack = try? FontStack(font).stack(
                    [StackRowText("Hello"), StackRowText("World", alignment: .trailing)], options: StackOptions(frame: frame, maxSize: maxSize,
                    minimumScaleFactor: 1e-3))
                {
                    stacksReturned += 1
                    let result = stack
                    #expect(result.size.isFinite && result.width.isFinite && result.height.isFinite)
                    #expect(result.rows.allSatisfy { $0.frame.x >= 0 && Self.within($0.frame.x + $0.frame.width, result.width) })
                    if result.fits { #expect(Self.within(result.width, frame.width) && Self.within(result.height, frame.height)) }
                }
            }
        }
        #expect(hintedReturned > 0 && stacksReturned > 0, "hinted fits \(hintedReturned), stacks \(stacksReturned)")
    }
}
