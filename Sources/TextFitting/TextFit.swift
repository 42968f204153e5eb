/// CSS `text-fit` (css-text-4): lines broken at the fitted size, then scaled to fill the frame's
/// width, as Chromium 156 does it.
public struct TextFit: Sendable, Hashable {
    /// Whether lines grow to fill the width or shrink to stay inside it.
    public enum Method: String, Sendable, CaseIterable {
        /// Lines narrower than the width are scaled up.
        case grow
        /// Lines wider than the width (a word wider than the frame is never broken) are scaled down.
        case shrink
    }

    /// Which lines are scaled, and by what.
    public enum Scope: String, Sendable, CaseIterable {
        /// Every line by one factor, the smallest of the lines' own, the last line included (CSS's
        /// default).
        case consistent
        /// Each line by its own factor, except the last line of each paragraph (the block's last
        /// line and every line that ends in a hard break).
        case perLine = "per-line"
        /// Each line by its own factor, the last line included.
        case perLineAll = "per-line-all"
    }

    /// A line this close to the width, in points (Chromium's px), is left alone, and does not take
    /// part in a consistent factor.
    public static let widthTolerance = 2.0

    /// `grow` or `shrink`.
    public var method: Method
    /// Which lines are scaled, and by what; `consistent` when the value names none.
    public var scope: Scope
    /// The CSS percentage over 100: growth stops at `max(limit, 1)`, shrinking at `min(limit, 1)`.
    /// Nil: no limit.
    public var limit: Double?

    /// The value `method scope limit × 100 %`.
    public init(method: Method, scope: Scope = .consistent, limit: Double? = nil) {
        self.method = method
        self.scope = scope
        self.limit = limit
    }

    /// A CSS `text-fit` value: `grow | shrink`, then optionally `consistent | per-line |
    /// per-line-all` and a non-negative percentage, in that order (`grow per-line 200%`); keywords
    /// are ASCII case-insensitive as CSS keywords are. Nil for anything else, `none` included.
    public init?(parsing value: String) {
        var words = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })[...]
        guard let first = words.popFirst(), let method = Method(rawValue: first.lowercased()) else { return nil }
        self.init(method: method)
        if let word = words.first, let scope = Scope(rawValue: word.lowercased()) {
            self.scope = scope
            words.removeFirst()
        }
        if let word = words.first, word.hasSuffix("%"), let percent = Double(word.dropLast()), percent.isFinite,
            percent >= 0
        {
            limit = percent / 100
            words.removeFirst()
        }
        guard words.isEmpty else { return nil }
    }

    /// The value as CSS writes it, the default scope left out.
    public var cssValue: String {
        var parts = [method.rawValue]
        if scope != .consistent { parts.append(scope.rawValue) }
        if let limit { parts.append("\(Self.number(limit * 100))%") }
        return parts.joined(separator: " ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Each line's scale factor for lines of widths `widths` (trailing spaces excluded) in a frame
    /// `frameWidth` wide. `endsParagraph[i]` says line i ends in a hard break; the last line
    /// always ends its paragraph.
    public func factors(widths: [Double], frameWidth: Double, endsParagraph: [Bool] = []) -> [Double] {
        guard frameWidth.isFinite, frameWidth > 0 else { return widths.map { _ in 1 } }
        // A line's own factor, or nil when it is left alone: near the width, empty, or on the side
        // of the width the method does not act on.
        func own(_ width: Double) -> Double? {
            guard width > 0, abs(frameWidth - width) > Self.widthTolerance else { return nil }
            switch method {
            case .grow: return width < frameWidth ? frameWidth / width : nil
            case .shrink: return width > frameWidth ? frameWidth / width : nil
            }
        }
        func limited(_ factor: Double) -> Double {
            guard let limit else { return factor }
            switch method {
            case .grow: return min(factor, max(limit, 1))
            case .shrink: return max(factor, min(limit, 1))
            }
        }
        switch scope {
        case .consistent:
            // The smallest factor of all lines away from the width, whichever side they are on:
            // a word wider than the frame keeps `grow` from growing any line (Chromium 156).
            let away = widths.filter { $0 > 0 && abs(frameWidth - $0) > Self.widthTolerance }
            guard let smallest = away.map({ frameWidth / $0 }).min() else { return widths.map { _ in 1 } }
            let acts = method == .grow ? smallest > 1 : smallest < 1
            let factor = acts ? limited(smallest) : 1
            return widths.map { $0 > 0 ? factor : 1 }
        case .perLine, .perLineAll:
            return widths.indices.map { index in
                let lastOfParagraph = index == widths.count - 1 || (endsParagraph.indices.contains(index) && endsParagraph[index])
                if scope == .perLine && lastOfParagraph { return 1 }
                return own(widths[index]).map(limited) ?? 1
            }
        }
    }
}

extension FitResult {
    /// The result with its lines scaled per `textFit` inside `frameWidth`, re-aligned per
    /// `alignment`: widths, heights and baselines by each line's factor, each line moved down by
    /// the growth of the lines above it. ``lineScales`` then has every line's factor.
    /// `endsParagraph` as in ``TextFit/factors(widths:frameWidth:endsParagraph:)``.
    package func textFitted(
        _ textFit: TextFit, frameWidth: Double, alignment: LineAlignment, endsParagraph: [Bool]
    ) -> FitResult {
        var result = self
        var lines = Array(result.lines)
        let factors = textFit.factors(widths: lines.map(\.width), frameWidth: frameWidth, endsParagraph: endsParagraph)
        var shift = 0.0
        for index in lines.indices {
            let factor = factors[index]
            var line = lines[index]
            line.y += shift
            line.baseline = line.y + (line.baseline - lines[index].y) * factor
            line.width *= factor
            shift += line.height * (factor - 1)
            line.height *= factor
            let x = (frameWidth - line.width) * alignment.fraction
            line.penX += x - line.x
            line.x = x
            lines[index] = line
        }
        result.lines = FittedLines(lines)
        result.width = lines.map(\.width).max() ?? 0
        result.height += shift
        result.lineScales = factors
        return result
    }
}

extension TextFitter {
    /// `result`, a fit that does not fit and is not truncated, laid out again at its size as CSS
    /// lays out text that overflows its block: greedy lines, a word wider than the frame whole on
    /// its own line (where the fit cuts it). A text-fit `shrink` then scales those words in.
    package static func wholeWords(_ result: FitResult, _ table: FitTable, options: FitConstraints) -> FitResult {
        guard !result.fits, options.frameWidth.isFinite else { return result }
        let problem = FitProblem(table, options: options.normalized)
        let laidOut = problem.fittedResult(problem.layout(atSize: result.size, record: true).lines, size: result.size)
        var whole = result
        whole.lines = laidOut.lines
        whole.width = laidOut.width
        whole.height = laidOut.height
        whole.truncated = false
        return whole
    }
}
