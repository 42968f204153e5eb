/// How lines are broken once the size is known: CSS `text-wrap-style`, as Chromium implements it.
///
/// Balanced and pretty wrapping never change the number of lines greedy breaking gives, so they
/// never change the fitted size: only which words share a line, the lines' widths and the used
/// width.
public enum TextWrap: String, Sendable, CaseIterable {
    /// Each line takes as many words as fit (CSS `text-wrap-style: auto`).
    case greedy
    /// Lines of even length (CSS `balance`): Chromium's scoring line breaker over the first paragraph
    /// when it has at most 6 greedy lines, else the narrowest width that keeps greedy's line count;
    /// the paragraphs after a hard break stay greedy, as Chromium balances only from the block's start.
    case balance
    /// No short last line (CSS `pretty`): the last 4 lines of a paragraph broken again by Chromium's
    /// scoring line breaker, when greedy's last line is a single word under a third of the width.
    case pretty

    /// Whether this is ``greedy``: a match, where `!= .greedy` may pick RawRepresentable's `!=` and
    /// compare raw strings.
    @inlinable public var isGreedy: Bool {
        if case .greedy = self { true } else { false }
    }
}

/// Chromium's limits and weights for `text-wrap-style: balance | pretty`, in CSS px (its values at
/// zoom 1), from Blink's third_party/blink/renderer/core/layout/inline/score_line_breaker.cc,
/// score_line_breaker.h and score_line_break_context.h.
enum ScoreLineBreaking {
    /// `kMaxLinesForBalance`: a longer paragraph is not scored when balanced.
    static let maxBalancedLines = 6
    /// `kMaxLinesForOptimal`: `pretty` scores the last this many lines of a paragraph.
    static let maxPrettyLines = 4
    /// `kShortLineDenominator`: `pretty` acts when the last line is narrower than the width over this.
    static let shortLineDenominator = 3.0
    /// `kMinCandidates`: with fewer break opportunities inside the lines, nothing is scored.
    static let minimumCandidates = 3
    /// `kOrphansPenalty`, px²: on the paragraph's last break opportunity (and those before it while
    /// they are hyphenated), so that the last line is not one word.
    static let orphansPenalty = 10_000.0
    /// `kScoreOverfull`: a line wider than the width.
    static let overfull = 1e12
    /// `kLastLinePenaltyMultiplier`: `pretty` ignores the last line's slack and weighs the penalty
    /// of the break before it this many times.
    static let lastLinePenaltyMultiplier = 4.0
    /// `LayoutUnit::AddEpsilon`: the line breaker compares with the width plus 1/64 px.
    static let widthEpsilon = 1.0 / 64
}

extension LineTable {
    /// `greedy`, the greedy lines at unit width `width` (em) and `size` (px per em), broken again
    /// per `wrap`: `pretty` paragraph by paragraph (a hard break ends one), `balance` the first
    /// paragraph only (Chromium starts balancing at the block's start only: `BalanceBreakPoints`
    /// expects no break token, inline_layout_algorithm.cc). Each paragraph keeps greedy's line
    /// count; one whose new lines would not all fit `width` in this table's bounds (ink, or a
    /// width the scoring estimated from the single shaping) keeps its greedy lines.
    func rewrapped(_ greedy: [LaidLine], wrap: TextWrap, unitWidth width: Double, size: Double) -> [LaidLine] {
        guard !wrap.isGreedy, greedy.count > 1, width.isFinite, size > 0 else { return greedy }
        var lines: [LaidLine] = []
        lines.reserveCapacity(greedy.count)
        var first = 0
        while first < greedy.count {
            var last = first
            while last + 1 < greedy.count && !endsParagraph(greedy[last]) { last += 1 }
            let paragraph = greedy[first...last]
            let broken: [LaidLine]?
            switch wrap {
            case .greedy: broken = nil
            case .balance:
                broken =
                    first == 0
                    ? balanced(paragraph, isWhole: last == greedy.count - 1, width: width, size: size) : nil
            case .pretty: broken = pretty(paragraph, width: width, size: size)
            }
            lines.append(contentsOf: broken.flatMap { fitting($0, width: width) } ?? Array(paragraph))
            first = last + 1
        }
        return lines
    }

    /// Whether `line` ends at a hard break (or the text's end).
    private func endsParagraph(_ line: LaidLine) -> Bool {
        line.end >= count || breaks[breakIndex(endingAt: line.end)].isMandatory
    }

    /// The index of the break point whose line ends at unit `end`.
    private func breakIndex(endingAt end: Int) -> Int {
        var low = 0, high = breaks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if breaks[middle].end < end { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Lines ending at `ends`, from unit `start`, each measured as greedy measures it; nil when one
    /// is wider than `width`.
    private func lines(from start: Int, ending ends: [Int]) -> [LaidLine] {
        var start = start
        return ends.map { end in
            defer { start = end }
            return LaidLine(start: start, end: end, run: extend(begin(at: start), to: end))
        }
    }

    private func fitting(_ lines: [LaidLine], width: Double) -> [LaidLine]? {
        let limit = width * (1 + TextFitter.fitTolerance)
        return lines.allSatisfy { $0.run.width <= limit } ? lines : nil
    }

    /// `text-wrap-style: balance` of one paragraph: scored when it has at most
    /// ``ScoreLineBreaking/maxBalancedLines`` lines; when scoring declines or changes the line count,
    /// Chromium bisects for the narrowest width with greedy's line count, which it does only for a
    /// block without hard breaks (inline_layout_algorithm.cc, paragraph_line_breaker.cc).
    private func balanced(_ paragraph: ArraySlice<LaidLine>, isWhole: Bool, width: Double, size: Double) -> [LaidLine]? {
        guard paragraph.count <= ScoreLineBreaking.maxBalancedLines else { return nil }
        if let scored = scored(paragraph, balanced: true, width: width, size: size) { return scored }
        guard isWhole else { return nil }
        return narrowestGreedy(paragraph, width: width, size: size)
    }

    /// `text-wrap-style: pretty` of one paragraph: its last ``ScoreLineBreaking/maxPrettyLines``
    /// lines scored again, when `ShouldOptimize` in score_line_breaker.cc says so: the last line is
    /// narrower than a third of the width and has no break opportunity inside, or the two lines
    /// before it are both hyphenated.
    private func pretty(_ paragraph: ArraySlice<LaidLine>, width: Double, size: Double) -> [LaidLine]? {
        let window = paragraph.suffix(ScoreLineBreaking.maxPrettyLines)
        guard window.count > 1, let last = window.last else { return nil }
        let lastWidth = plainWidth(start: last.start, end: last.end)
        let isShort =
            lastWidth < width / ScoreLineBreaking.shortLineDenominator
            && breakIndex(endingAt: last.end) == breakIndex(endingAt: last.start + 1)
        let hyphenated = window.count >= 3 && window.dropLast().suffix(2).allSatisfy(drawsHyphen)
        guard isShort || hyphenated, let scored = scored(window, balanced: false, width: width, size: size) else {
            return nil
        }
        return Array(paragraph.dropLast(window.count)) + scored
    }

    /// Whether `line` ends at a soft hyphen (or hyphenation point) and draws a hyphen there.
    private func drawsHyphen(_ line: LaidLine) -> Bool {
        line.end < count && data.text.units[line.end - 1].isSoftHyphenBreak
            && trimmedEnd(start: line.start, end: line.end) == line.end
    }

    /// Chromium's `ScoreLineBreaker::Optimize` over `lines`: every break opportunity between
    /// their start and end a candidate with its penalty, each line scored by its squared slack
    /// (the last line too when `balanced`; `pretty` weighs the penalty before it instead), a
    /// penalty per line, the orphans penalty on the last opportunity, and the lowest total found
    /// by dynamic programming. Nil when there are fewer than ``ScoreLineBreaking/minimumCandidates``
    /// opportunities or the best breaks give another line count (Chromium then keeps greedy's).
    /// Scores are in px, as Chromium's are.
    private func scored(_ lines: ArraySlice<LaidLine>, balanced: Bool, width: Double, size: Double) -> [LaidLine]? {
        guard let firstLine = lines.first, let lastLine = lines.last else { return nil }
        let start = firstLine.start
        let firstBreak = breakIndex(endingAt: start + 1)
        let lastBreak = breakIndex(endingAt: lastLine.end)
        // Candidate 0 is the paragraph's start, the last its end (no break there).
        let candidateCount = lastBreak - firstBreak + 2
        guard candidateCount >= ScoreLineBreaking.minimumCandidates + 2 else { return nil }
        let available = width * size + ScoreLineBreaking.widthEpsilon
        // SetupParameters (not justified): the hyphen penalty is twice width × font size, the
        // line penalty twice that.
        let hyphenPenalty = width * size * size * 2
        let linePenalty = hyphenPenalty * 2
        var noBreak = [Double](repeating: prefix[start] * size, count: candidateCount)
        var ifBreak = noBreak
        var penalty = [Double](repeating: 0, count: candidateCount)
        var hyphenated = [Bool](repeating: false, count: candidateCount)
        for index in 1..<candidateCount {
            let point = breaks[firstBreak + index - 1]
            noBreak[index] = point.endPen * size
            ifBreak[index] = point.pen * size
            if index < candidateCount - 1 && point.end < count && data.text.units[point.end - 1].isSoftHyphenBreak
                && point.contentEnd == point.end
            {
                hyphenated[index] = true
                penalty[index] = hyphenPenalty
            }
        }
        if candidateCount >= 4 {
            for index in stride(from: candidateCount - 2, to: 0, by: -1) {
                penalty[index] += ScoreLineBreaking.orphansPenalty
                if !hyphenated[index] { break }
            }
        }
        var best = [Double](repeating: 0, count: candidateCount)
        var previous = [Int](repeating: 0, count: candidateCount)
        var lineCount = [Int](repeating: 0, count: candidateCount)
        for end in 1..<candidateCount {
            let isLast = end == candidateCount - 1
            var bestScore = Double.infinity, bestStart = 0
            for from in 0..<end {
                let slack = available - (ifBreak[end] - noBreak[from])
                var score = best[from]
                if slack < 0 {
                    score += ScoreLineBreaking.overfull
                } else if isLast && !balanced {
                    score += ScoreLineBreaking.lastLinePenaltyMultiplier * penalty[from]
                } else {
                    score += slack * slack
                }
                // Chromium keeps the later start on a tie.
                if score <= bestScore {
                    bestScore = score
                    bestStart = from
                }
            }
            best[end] = bestScore + penalty[end] + linePenalty
            previous[end] = bestStart
            lineCount[end] = lineCount[bestStart] + 1
        }
        guard lineCount[candidateCount - 1] == lines.count else { return nil }
        var ends: [Int] = []
        var index = candidateCount - 1
        while index > 0 {
            ends.append(breaks[firstBreak + index - 1].end)
            index = previous[index]
        }
        return self.lines(from: start, ending: ends.reversed())
    }

    /// Greedy lines of `paragraph` at the narrowest width that keeps its line count, found by
    /// bisection to 1/64 px as Chromium's `ParagraphLineBreaker` bisects in layout units.
    private func narrowestGreedy(_ paragraph: ArraySlice<LaidLine>, width: Double, size: Double) -> [LaidLine]? {
        let target = paragraph.count
        var keeps = width * size, adds = 0.0
        while keeps - adds > ScoreLineBreaking.widthEpsilon {
            let middle = (keeps + adds) / 2
            if summary(atWidth: middle / size).lineCount <= target { keeps = middle } else { adds = middle }
        }
        var lines: [LaidLine] = []
        _ = greedy(width: keeps / size, slack: 1, emergency: false, record: true, lines: &lines)
        return lines.count == target ? lines : nil
    }
}

extension TextFitter {
    /// `result`, a greedy fit of `table`'s text with `options`, its lines broken again per `wrap`
    /// at the same size: the size, the line count and the height stay; the lines, their widths and
    /// the used width change. A result that does not fit (truncated or overflowing) is returned
    /// as it is, as is one line or an unbounded width.
    package static func rewrapped(
        _ result: FitResult, _ table: FitTable, options: FitConstraints, wrap: TextWrap
    ) -> FitResult {
        guard !wrap.isGreedy, result.fits, !result.truncated, result.lines.count > 1, options.frameWidth.isFinite
        else { return result }
        let problem = FitProblem(table, options: options.normalized)
        let (greedy, fits) = problem.layout(atSize: result.size, record: true)
        guard fits, greedy.count == result.lines.count else { return result }
        let lines = problem.table.rewrapped(
            greedy, wrap: wrap, unitWidth: problem.options.unitWidth(atSize: result.size), size: result.size)
        let laidOut = problem.fittedResult(lines, size: result.size)
        var rewrapped = result
        rewrapped.lines = laidOut.lines
        rewrapped.width = laidOut.width
        rewrapped.height = laidOut.height
        return rewrapped
    }
}
