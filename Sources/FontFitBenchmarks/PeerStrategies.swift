import FontFit

/// The autosizing strategies of other UI toolkits, implemented over fontfit's own shaping and line
/// breaking so that only the strategy differs: each probe lays the text out again from scratch
/// (itemize, shape, find break opportunities, break lines at the probed size), as those toolkits'
/// widgets do, and asks whether it fits. Each is timed against fontfit's fit of the same text and
/// frame, in the same run.
struct PeerStrategies {
    let font: Font
    var fonts: FontStack { FontStack(font) }
    let text: String
    let frame: FrameSize
    let maxSize: Double
    let minimumSize: Double

    /// One probe: a full layout at `size` (a fresh prepare, then one greedy layout) and whether it
    /// fits the frame.
    func fits(_ size: Double, probes: inout Int) throws -> Bool {
        probes += 1
        let prepared = try fonts.prepare(text, ink: false)
        return TextFitter.fits(
            prepared.measured, size: size,
            options: FitConstraints(maxSize: size, frameWidth: frame.width, frameHeight: frame.height))
    }

    /// Android View's uniform autosizing (`autoSizeTextType="uniform"`): the candidate sizes are the
    /// whole pixels from the minimum to the maximum (granularity 1 px), binary-searched with a new
    /// StaticLayout per probe.
    func androidView() throws -> (size: Double, probes: Int) {
        let sizes = Array(stride(from: minimumSize.rounded(.up), through: maxSize, by: 1))
        var probes = 0
        var low = 0, high = sizes.count - 1, best = 0
        while low <= high {
            let middle = (low + high) / 2
            if try fits(sizes[middle], probes: &probes) {
                best = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return (sizes[best], probes)
    }

    /// Jetpack Compose's auto-size text: bisection of the size range until it is narrower than
    /// 0.25 pt, a full layout per probe, then the size snapped down to the 0.25 pt grid.
    func compose() throws -> (size: Double, probes: Int) {
        let step = 0.25
        var probes = 0
        if try fits(maxSize, probes: &probes) { return (maxSize, probes) }
        var low = minimumSize, high = maxSize
        while high - low > step {
            let middle = (low + high) / 2
            if try fits(middle, probes: &probes) { low = middle } else { high = middle }
        }
        return (max(minimumSize, (low / step).rounded(.down) * step), probes)
    }

    /// Flutter's auto_size_text, as its step grid reads: from the maximum size down by the step
    /// granularity (default 1 pt) until a layout fits, a full layout per step.
    func flutterAutoSizeText(stepGranularity: Double = 1) throws -> (size: Double, probes: Int) {
        var probes = 0
        var size = maxSize
        while size - stepGranularity >= minimumSize, !(try fits(size, probes: &probes)) {
            size -= stepGranularity
        }
        return (size, probes)
    }

    /// Each strategy's time as a ratio to fontfit's fit of the same text and frame (`fontfitFit`
    /// nanoseconds, timed in this run), with its probe count and the size it lands on.
    func record(fontfitFit: Double) throws -> Record {
        let exact = try fonts.fit(text, options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: minimumSize / maxSize)).size
        let strategies: [(key: String, name: String, label: String, run: () throws -> (size: Double, probes: Int))] = [
            ("androidView", "Android View", "Android View (whole-pixel binary search)", androidView),
            ("compose", "Compose", "Compose (bisection to 0.25, snapped)", compose),
            ("flutterAutoSizeText", "Flutter auto_size_text", "Flutter auto_size_text (1 pt steps down)", { try flutterAutoSizeText() }),
        ]
        var members: [(key: String, record: Record)] = []
        func fontfitFitBody() throws -> Double {
            try fonts.fit(text, options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: minimumSize / maxSize)).size
        }
        // The resize-slider case: fontfit prepared the text once and re-fits it (its lines read) as
        // the frame changes; a peer's widget runs its whole strategy again, a layout per probe.
        let prepared = try fonts.prepare(text)
        func fontfitRefitBody() throws -> Double {
            let result = try prepared.fit(options: FitOptions(frame: frame, maxSize: maxSize, minimumScaleFactor: minimumSize / maxSize))
            return Benchmarks.readingEveryLine(of: result)
        }
        let refit = try Timing.time { try fontfitRefitBody() }
        var overRefit: [(key: String, record: Record)] = []
        var perProbe: [(key: String, record: Record)] = []
        for strategy in strategies {
            let nanoseconds = try Timing.time { try strategy.run().size }
            let paired = try Timing.ratio({ try strategy.run().size }, over: fontfitFitBody)
            let pairedRefit = try Timing.ratio({ try strategy.run().size }, over: fontfitRefitBody)
            overRefit.append((strategy.key + "OverRefit", .figure(
                Timing.countsCalls ? nanoseconds / refit : pairedRefit, label: strategy.label + " ÷ re-fit",
                note: "re-fit with lines \(Timing.text(refit)); goal ≥ 20")))
            let (size, probes) = try strategy.run()
            // A peer's grid lands at or below the exact size, never above it.
            precondition(size <= exact + 1e-9 && size > exact - 1.01, "\(strategy.key): \(size) vs exact \(exact)")
            let overFit = Timing.countsCalls ? nanoseconds / fontfitFit : paired
            members.append((strategy.key + "OverFit", .figure(
                overFit, label: strategy.label + " ÷ fit",
                note: "\(probes) layouts, \(Timing.text(nanoseconds)), size \(size) vs exact \(String(format: "%.3f", exact)); goal ≥ 20")))
            // Why the one-shot ratio is about the probe count: one probe costs what the whole fit
            // costs (both shape the text once and break it once).
            perProbe.append((strategy.key + "ProbeOverFit", .figure(
                overFit / Double(probes), label: "one \(strategy.name) layout ÷ fit",
                note: "the strategy ÷ fit, over its \(probes) layouts")))
        }
        return .group(
            title: "peers' strategies on the 300-char paragraph, 400×300, 1…100 pt (each ÷ fontfit's one-shot fit, one layout of each ÷ that fit, then each ÷ its re-fit):",
            members + perProbe + overRefit)
    }
}
