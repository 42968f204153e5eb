// Fuzz target (b): text and options → every library entry point, with sizes, frames and factors
// drawn from the extremes (0, subnormals, 1e-300, 1e15, 1e300, the largest Double, ±inf, NaN,
// negatives) as often as from ordinary values. Every result that returns is checked against the
// documented promises (`check…` below); a broken promise traps, which libFuzzer reports. Built
// and run by scripts/fuzz; in an ordinary build it is a stub that says so.
import Foundation
import FontFit

/// Relative slack for "within the frame": the fitter's own tolerance is 1e-9 relative.
let extentSlack = 1e-9

/// The repository's fixture fonts, found from this file's path; read once.
let fonts: [Font] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")
    let names = ["DejaVuSans.ttf", "Inter-roman.var.ttf", "OpszTest.ttf", "NotoSansArabic-Regular.ttf", "ipaexg.ttf",
                 "EmojiSubset.ttf", "Cantarell-Regular.otf"]
    return names.map { try! Font(face: FontFace(contentsOf: root.appendingPathComponent($0).path)) }
}()

let extremes: [Double] = [
    0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-9, 1e-6, 0.001, 0.5, 1, 12, 37.25, 72, 100, 1e4, 65535,
    65536, 1e6, 1e9, 1e9 + 1, 1e15, 1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -1, -1e300,
]

/// Reads the fuzz input front to back; past its end every value is 0.
struct Input {
    var bytes: [UInt8]
    var index = 0

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An extreme value half the time, an arbitrary Double (any bit pattern) otherwise.
    mutating func double() -> Double {
        let selector = byte()
        if selector < 200 { return extremes[Int(selector) % extremes.count] }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }

    mutating func choice<T>(_ values: [T]) -> T { values[Int(byte()) % values.count] }

    /// The rest of the input as text (invalid UTF-8 repaired).
    mutating func rest() -> String {
        defer { index = bytes.count }
        return String(decoding: bytes[min(index, bytes.count)...], as: UTF8.self)
    }
}

func promise(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("broken promise: \(message())") }
}

/// `value` is at most `limit`, up to the fitter's tolerance and the rounding of the sums that
/// report an extent: they add line boxes, spacing and ink in another order than the comparison
/// that accepted the size, so they may land a few units in the last place above it (found with
/// 1e9 pt of line spacing: a height 1.0000001 over a frame 1,000,000,001 tall, 1e-9 and one unit
/// in the last place).
func within(_ value: Double, _ limit: Double) -> Bool {
    let magnitude = max(abs(limit), abs(value))
    return limit.isInfinite || value <= limit + extentSlack * magnitude + 4 * magnitude.ulp
}

/// Size finite and in range; fits implies the used extent and every line lie within the frame.
func check(_ fit: FitResult, frame: FrameSize, maxSize: Double, factor: Double) {
    let context = "size \(fit.size) max \(maxSize) × \(factor) frame \(frame) used \(fit.width)×\(fit.height)"
    promise(fit.size.isFinite && fit.size > 0, context)
    promise(fit.size >= maxSize * factor * (1 - extentSlack) && fit.size <= maxSize * (1 + extentSlack), context)
    promise(fit.width.isFinite && fit.height.isFinite && fit.width >= 0 && fit.height >= 0, context)
    promise(!fit.lines.isEmpty, "no lines: " + context)
    for line in fit.lines {
        promise([line.x, line.y, line.width, line.baseline].allSatisfy(\.isFinite), "line \(line) " + context)
    }
    guard fit.fits else { return }
    promise(within(fit.width, frame.width) && within(fit.height, frame.height), context)
    for line in fit.lines {
        promise(line.x >= -extentSlack * max(1, frame.width.isFinite ? frame.width : fit.width), "line x \(line.x) " + context)
        promise(within(line.x + line.width, frame.width.isFinite ? frame.width : fit.width), "line end " + context)
    }
}

func check(_ stack: StackResult, frame: FrameSize, maxSize: Double, factor: Double) {
    let context = "stack size \(stack.size) max \(maxSize) × \(factor) frame \(frame) used \(stack.width)×\(stack.height)"
    promise(stack.size.isFinite && stack.size > 0, context)
    promise(stack.size >= maxSize * factor * (1 - extentSlack) && stack.size <= maxSize * (1 + extentSlack), context)
    promise(stack.width.isFinite && stack.height.isFinite, context)
    for row in stack.rows {
        // The stack's extent is its rows' extent (issue 11).
        promise(row.frame.x >= -extentSlack * max(1, stack.width) && within(row.frame.x + row.frame.width, stack.width), "row \(row) " + context)
    }
    if stack.fits { promise(within(stack.width, frame.width) && within(stack.height, frame.height), context) }
}

func check(_ ruby: RubyResult, frame: FrameSize, maxSize: Double, factor: Double) {
    let context = "ruby size \(ruby.size) max \(maxSize) × \(factor) frame \(frame) used \(ruby.width)×\(ruby.height)"
    promise(ruby.size.isFinite && ruby.size > 0 && ruby.rubySize.isFinite, context)
    promise(ruby.size >= maxSize * factor * (1 - extentSlack) && ruby.size <= maxSize * (1 + extentSlack), context)
    promise(ruby.width.isFinite && ruby.height.isFinite, context)
    if ruby.fits { promise(within(ruby.width, frame.width) && within(ruby.height, frame.height), context) }
}

/// PNGs up to 4 M pixels: larger canvases (up to the 2²⁶-pixel limit) are correct but take seconds
/// under ASan, which would starve the search; scripts/bench-large times the largest.
func renderPNG(_ scene: RenderScene) {
    let (width, height) = PNGRenderer.pixelSize(of: scene)
    guard width * height <= 1 << 22 else { return }
    if let image = try? PNGRenderer.rasterize(scene) {
        promise(image.width == width && image.height == height, "canvas \(image.width)×\(image.height) for \(width)×\(height)")
        _ = try? PNGEncoder.encode(image)
    }
}

func exercise(_ data: [UInt8]) {
    var input = Input(bytes: data)
    let font = input.choice(fonts)
    let entry = input.byte() % 11
    let maxSize = input.double(), factor = input.double()
    let frame = FrameSize(width: input.double(), height: input.double())
    let lineLimit: Int? = input.choice([nil, 1, 1, 2, 3, 0, -1, Int.max])
    let bounds: FitBounds = input.bool() ? .ink : .lineBox
    let lineSpacing = input.bool() ? 0 : input.double()
    let alignment: LineAlignment = input.choice([.leading, .center, .trailing])
    let truncation: TruncationMode = input.choice([.tail, .head, .middle, .none])
    let granularity: Double? = input.byte() < 200 ? nil : input.double()
    let presets: [Double]? = input.byte() < 220 ? nil : [input.double(), input.double(), input.double()]
    let widths: WidthModel = input.choice([.proportional, .proportional, .proportional, .hinted, .followingOpticalSize])
    let features: [FontFeature] = input.bool() ? [] : [try! FontFeature(input.choice(["-liga", "tnum", "-kern", "kern[1:3]=0", "ss01"]))]
    let direction: TextDirection? = input.choice([nil, nil, .leftToRight, .rightToLeft, .topToBottom])
    let shaping = ShapingOptions(features: features, direction: direction)
    let text = input.rest()
    // The ASCII line breaker stands in for ICU's rules: it must give ICU's opportunities.
    promise(
        LineBreaker.opportunities(in: text) == LineBreaker.icuOpportunities(in: text),
        "line breaks of \(text.debugDescription)")

    switch entry {
    case 0:
        if let line = try? FontStack(font).measure(text, size: maxSize, options: shaping) {
            promise(line.width.isFinite && line.metrics.lineHeight.isFinite, "measure \(maxSize): \(line.width)")
        }
    case 1, 2:
        var options = FitOptions(
            frame: frame, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit, bounds: bounds,
            lineSpacing: lineSpacing, alignment: alignment, truncation: truncation, granularity: granularity,
            presetSizes: presets, widths: widths)
        // Tightening (SwiftUI's allowsTightening), over text that may already be letter-spaced.
        var spaced = shaping
        if input.byte() >= 192 {
            options.tightening = input.choice([.apple, .em(0.05), .widthShare(0.3), .em(1), .em(-1)])
            if input.bool() { spaced.letterSpacing = .em(input.double()) }
        }
        let fit: FitResult?
        if entry == 1 {
            fit = try? FontStack(font).prepare(text, options: spaced).fit(options: options)
        } else {
            fit = try? FontStack(font).fit(text, options: options, shaping: spaced)
        }
        if let fit {
            promise(fit.tightening.isFinite && fit.tightening >= 0, "tightening \(fit.tightening) of \(text.debugDescription)")
            if case .em(let most) = options.tightening { promise(fit.tightening <= most, "tightening beyond \(most)") }
        }
        // A vertical fit keeps the fitting core's view: the frame turned a quarter.
        let vertical = shaping.direction.map { !$0.isHorizontal } ?? false
        if let fit { check(fit, frame: vertical ? FrameSize(width: frame.height, height: frame.width) : frame, maxSize: maxSize, factor: factor) }
    case 3:
        let rows = text.split(separator: "|", omittingEmptySubsequences: false).prefix(50).map { row in
            StackRowText(String(row), template: row.count % 3 == 0 ? "88:88" : nil, weight: row.count % 2 == 0 ? 1 : 0.5,
                         alignment: alignment)
        }
        let spacing: RowSpacing = input.bool() ? .points(lineSpacing) : .rowHeights(lineSpacing)
        if let stack = try? FontStack(font).stack(
            rows, options: StackOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: factor, spacing: spacing, equalWidth: input.bool(),
            bounds: bounds, pixelScale: granularity), shaping: shaping)
        {
            check(stack, frame: frame, maxSize: maxSize, factor: factor)
        }
    case 4:
        if let stack = try? FontStack(font).wordsToFit(text, options: StackOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: factor, equalWidth: true, bounds: bounds, pixelScale: granularity), alignment: alignment, shaping: shaping)
        {
            check(stack, frame: frame, maxSize: maxSize, factor: factor)
        }
    case 5:
        if let segments = try? RubyText.parse(text),
            let ruby = try? FontStack(font).ruby(
                segments, options: RubyOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: factor, ratio: granularity ?? 0.5,
                spacing: lineSpacing), shaping: shaping)
        {
            check(ruby, frame: frame, maxSize: maxSize, factor: factor)
        }
    case 6:
        let images = text.unicodeScalars.filter { $0 == InlineImage.placeholder }.map { _ in
            InlineImage(aspectRatio: granularity ?? 1.5, height: .capHeight)
        }
        if let line = try? FontStack(font).measure(text, size: maxSize, options: shaping, images: images) {
            _ = line
        }
        if let fit = try? FontStack(font).fit(
            text, options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit), images: images)
        {
            check(fit, frame: frame, maxSize: maxSize, factor: factor)
        }
    case 7:
        let pixelScale = input.choice([0.5, 1, 2, 3])
        if let prepared = try? FontStack(font).prepare(text, options: shaping),
            let fit = try? prepared.fit(options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit))
        {
            if prepared.paragraph.isVertical {
                // Columns: the core's view is the frame turned, and each column lies in the frame.
                check(fit, frame: FrameSize(width: frame.height, height: frame.width), maxSize: maxSize, factor: factor)
                if fit.fits {
                    for column in prepared.columns(of: fit, in: frame) {
                        promise(within(column.frame.x + column.frame.width, frame.width) && column.frame.x >= -extentSlack * max(1, abs(frame.width))
                                && within(column.frame.height, frame.height), "column \(column) in \(frame)")
                    }
                }
            } else {
                check(fit, frame: frame, maxSize: maxSize, factor: factor)
            }
            // A second fit of the same text reads its staircase (the size, the layout, lines laid
            // out when read): it must be what a fresh fit into that frame gives.
            let other = FrameSize(width: frame.width * input.choice([0.5, 0.93, 1.07, 2]), height: frame.height)
            if let refit = try? prepared.fit(options: FitOptions(frame: other, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit)),
                let fresh = try? FontStack(font).prepare(text, options: shaping).fit(
                    options: FitOptions(frame: other, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit))
            {
                promise(refit.size == fresh.size && refit.fits == fresh.fits && refit.width == fresh.width
                        && refit.height == fresh.height && refit.lines == fresh.lines, "re-fit \(refit) vs fresh \(fresh) in \(other)")
                // Once more: the layout and its lines now come from those the staircase kept.
                if let again = try? prepared.fit(options: FitOptions(frame: other, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit)) {
                    promise(again.size == fresh.size && again.lines == fresh.lines, "re-fit again \(again) vs fresh \(fresh) in \(other)")
                }
                let size = try? prepared.fittedSize(options: FitOptions(frame: other, maxSize: maxSize, minimumScaleFactor: factor, lineLimit: lineLimit))
                promise(size == (refit.fits ? refit.size : nil), "size-only \(size as Any) vs \(refit) in \(other)")
            }
            let scene = RenderScene.fit(
                fit, frame: frame, text: prepared, style: input.choice([RenderStyle.debug, .clean(background: .clear)]),
                pixelScale: pixelScale)
            _ = SVGRenderer.render(scene)
            renderPNG(scene)
        }
        if let line = try? FontStack(font).measure(text, size: maxSize, options: shaping),
            let scene = try? RenderScene.measurement(line, pixelScale: pixelScale)
        {
            renderPNG(scene)
        }
    case 8:
        _ = try? font.hbShapeOutput(text, options: shaping, fontSize: maxSize.isNaN ? nil : maxSize)
    case 9:
        // A long run is shaped in pieces joined where HarfBuzz says joining is exact: with pieces
        // of a few bytes, each run of any text (itemized with the font alone, or after the
        // fixtures' stack) must be what shaping the run whole gives.
        // The text took the rest of the input: the choices come from a byte read before it.
        let choice = Int(data.count > 2 ? data[2] : 0)
        let pieceLength = choice % 48 + 1
        let stack = choice < 128 ? FontStack(font) : try! FontStack([font] + fonts.filter { $0 !== font })
        for run in ShapedParagraph.runsShapedWholeAndInPieces(
            text, fonts: stack, options: shaping, pieceLength: pieceLength)
        {
            promise(
                run.whole == run.inPieces,
                "pieces of \(pieceLength) (\(run.pieces)), \(stack.count) fonts, \(shaping): \(text.debugDescription)")
        }
    default:
        _ = try? font.shapeAsHBShape(text, options: shaping)
        _ = try? FontFeature.list(text)
        _ = try? FontVariation.list(text)
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

// SwiftPM links executables with --defsym main=FuzzLayout_main.
@_cdecl("FuzzLayout_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    _ = fonts
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        exercise(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
        return 0
    }
}
#else
@main enum FuzzLayoutStub {
    static func main() {
        FileHandle.standardError.write(Data("FuzzLayout is a libFuzzer target: run scripts/fuzz FuzzLayout SECONDS\n".utf8))
        exit(64)
    }
}
#endif
