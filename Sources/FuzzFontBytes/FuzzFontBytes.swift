// Fuzz target (a): font bytes → face → measure, fit, stack, ruby, render of a multi-script string.
// Built and run by scripts/fuzz (libFuzzer with AddressSanitizer); in an ordinary build it is a
// stub that says so. Any trap, abort or ASan report is a finding: bad bytes must end in a
// FontFitError, never a crash, a hang or an allocation out of proportion to the input.
import Foundation
import FontFit

/// Latin with kerning and ligatures, combining marks, Arabic, Hebrew, Devanagari, Thai, Japanese,
/// emoji, a hard line break.
let multiScript = "AVATAR office e\u{301} مرحبا שָׁלוֹם हिन्दी สวัสดี 日本語 👍🏽\nfin"

func exercise(_ data: Data) {
    guard let face = try? FontFace(data: data, source: "fuzz input"),
        let font = try? Font(face: face)
    else { return }
    let frame = FrameSize(width: 200, height: 100)
    // The fuzzed font first, then itself as a fallback for what it lacks: the stack code runs too.
    let stack = (try? FontStack([font, font])) ?? FontStack(font)
    _ = try? FontStack(font).measure(multiScript, size: 24)
    _ = try? stack.measure(multiScript, size: 24)
    _ = font.hbShapeOutputIfValid(multiScript)
    if let prepared = try? stack.prepare(multiScript),
        let fit = try? prepared.fit(options: FitOptions(frame: frame, maxSize: 72, minimumScaleFactor: 0.05, bounds: .ink))
    {
        _ = try? PNGRenderer.render(RenderScene.fit(fit, frame: frame, text: prepared, pixelScale: 1))
        _ = SVGRenderer.render(RenderScene.fit(fit, frame: frame, text: prepared, style: .clean()))
    }
    _ = try? FontStack(font).fit(multiScript, options: FitOptions(frame: frame, maxSize: 72, minimumScaleFactor: 0.05, lineLimit: 1))
    _ = try? FontStack(font).fit("Hinted", options: FitOptions(frame: frame, maxSize: 40, minimumScaleFactor: 0.5, widths: .hinted))
    if let stack = try? FontStack(font).stack(
        [StackRowText("01:"), StackRowText("12:34", template: "88:88"), StackRowText(".56", alignment: .trailing)],
        options: StackOptions(frame: frame, maxSize: 100, minimumScaleFactor: 0.01, equalWidth: true, pixelScale: 2))
    {
        _ = try? PNGRenderer.render(RenderScene.stack(stack, frame: frame, pixelScale: 1))
    }
    if let segments = try? RubyText.parse("今日[こんにち]は|漢字[かんじ]"),
        let ruby = try? FontStack(font).ruby(segments, options: RubyOptions(frame: frame, maxSize: 60, minimumScaleFactor: 0.1))
    {
        _ = SVGRenderer.render(RenderScene.ruby(ruby, frame: frame))
    }
    if let line = try? stack.measure(multiScript, size: 16), let scene = try? RenderScene.measurement(line, pixelScale: 1) {
        _ = try? PNGRenderer.render(scene)
    }
}

extension Font {
    func hbShapeOutputIfValid(_ text: String) -> String? { try? hbShapeOutput(text) }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

// SwiftPM links executables with --defsym main=FuzzFontBytes_main.
@_cdecl("FuzzFontBytes_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        exercise(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }
}
#else
@main enum FuzzFontBytesStub {
    static func main() {
        FileHandle.standardError.write(Data("FuzzFontBytes is a libFuzzer target: run scripts/fuzz FuzzFontBytes SECONDS\n".utf8))
        exit(64)
    }
}
#endif
