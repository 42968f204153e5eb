@testable import FontFit
import Testing
import FontFitTestSupport

/// A fit's values are first checked in a few comparisons (`FitConstraints.isPlainlyValid`), and
/// only values that fail them go through the checks that name what is wrong (`checkEach`, the
/// reference). Plainly valid values skip the checks, so they must pass them; and the two are meant
/// to agree both ways (values that pass the checks are plainly valid), so that no valid re-fit
/// misses the staircase.
@Suite struct PlainlyValidTests {
    /// Values at and around every bound the checks have (0, 1, the sizes' 1e-6 and 1e9), NaN,
    /// infinities, signed zeros, subnormals, the extremes of Double, and random values across all
    /// of Double's exponents; most draws are ordinary values, so that every check is often the only
    /// one failing.
    @Test func plainlyValidValuesPassEveryCheck() {
        let edges: [Double] = [
            .nan, -.nan, .infinity, -.infinity, 0, -0.0, -1, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .leastNormalMagnitude, 1e-300, 1e-7, 1e-6, (1e-6).nextDown, (1e-6).nextUp, 0.5, 1, (1.0).nextUp,
            (1.0).nextDown, 12, 1e9, (1e9).nextUp, (1e9).nextDown, 1e300, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude,
        ]
        let seed: UInt64 = 0xF17C_0001
        var generator = SplitMix64(seed: seed)
        func value(ordinary: ClosedRange<Double>) -> Double {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<6: return Double.random(in: ordinary, using: &generator)
            case 6..<8: return edges.randomElement(using: &generator)!
            default:
                return Double(
                    sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int.random(in: -1074...1023, using: &generator),
                    significand: Double.random(in: 1..<2, using: &generator))
            }
        }
        let lineLimits: [Int?] = [nil, nil, 1, 2, 7, Int.max, 0, -1, Int.min]
        var outcomes = (plain: 0, notPlain: 0)
        for round in 0..<50_000 {
            let frame = FrameSize(width: value(ordinary: 1...500), height: value(ordinary: 1...500))
            let maxSize = value(ordinary: 1...200)
            // Now and then the factor that puts the smallest size right at its lower bound.
            let minimumScaleFactor = round % 11 == 0 ? Limits.sizes.lowerBound / maxSize : value(ordinary: 0.01...1)
            let lineLimit = lineLimits.randomElement(using: &generator)!
            let lineSpacing = value(ordinary: 0...40)
            let granularity: Double? = round % 3 == 0 ? value(ordinary: 0.1...4) : nil
            let presetSizes: [Double]? = round % 5 == 0 ? [value(ordinary: 1...100), value(ordinary: 1...100)] : nil
            let context =
                "frame \(frame.width)×\(frame.height), size \(maxSize), factor \(minimumScaleFactor), lines \(lineLimit as Any), spacing \(lineSpacing), seed 0x\(String(seed, radix: 16)) round \(round)"

            let plain = FitConstraints.isPlainlyValid(
                frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                lineSpacing: lineSpacing)
            let checked = Result { () throws(FontFitError) in
                try FitConstraints.checkEach(
                    frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                    lineSpacing: lineSpacing, granularity: nil, presetSizes: nil)
            }
            if plain { outcomes.plain += 1 } else { outcomes.notPlain += 1 }
            if plain, case .failure(let error) = checked {
                Issue.record("plainly valid, but the checks say: \(error) — \(context)")
            }
            if !plain, case .success = checked { Issue.record("the checks pass, but not plainly valid — \(context)") }

            // `validate`, which takes the shortcut, answers as the checks do, with granularity and
            // preset sizes too.
            func passes(_ check: () throws -> Void) -> Bool {
                do {
                    try check()
                    return true
                } catch { return false }
            }
            let validated = passes {
                try FitConstraints.validate(
                    frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                    lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes.map(PresetSizeList.init))
            }
            let checkedAll = passes {
                try FitConstraints.checkEach(
                    frame: frame, maxSize: maxSize, minimumScaleFactor: minimumScaleFactor, lineLimit: lineLimit,
                    lineSpacing: lineSpacing, granularity: granularity, presetSizes: presetSizes.map(PresetSizeList.init))
            }
            #expect(validated == checkedAll, "granularity \(granularity as Any), presets \(presetSizes as Any), \(context)")
        }
        #expect(outcomes.plain > 5000 && outcomes.notPlain > 5000, "\(outcomes)")
    }
}
