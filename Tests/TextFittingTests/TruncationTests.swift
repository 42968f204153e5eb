import Testing
import TextFitting
import FontFitTestSupport

@Suite struct TruncationTests {
    static let fox = "The quick brown fox jumps over the lazy dog"

    /// One line at size 10 in a 100 pt frame: 10 em for 19.5 em of text.
    static func oneLine(_ mode: TruncationMode) -> FitConstraints {
        FitConstraints(maxSize: 20, minimumScaleFactor: 0.5, frameWidth: 100, frameHeight: 10, truncation: mode)
    }

    @Test func tailKeepsTheStart() {
        let result = TextFitter.fit(Synthetic.text(Self.fox), options: Self.oneLine(.tail))
        #expect(!result.fits && result.truncated)
        #expect(result.size == 10)
        // "The quick brown fox" is 8.75 em; " j" would pass 10 − 0.75 for the ellipsis.
        #expect(result.lines.map(\.text) == ["The quick brown fox…"])
        #expect(close(result.lines[0].width, 95))
        #expect(result.lines[0].range == 0..<43)
        #expect(result.lines[0].isTruncated)
    }

    @Test func headKeepsTheEnd() {
        let result = TextFitter.fit(Synthetic.text(Self.fox), options: Self.oneLine(.head))
        // Cut between graphemes, not only at words: "ps over the lazy dog" is 9 em.
        #expect(result.lines.map(\.text) == ["…ps over the lazy dog"])
        #expect(close(result.lines[0].width, 97.5))
    }

    @Test func middleKeepsBothEnds() {
        let result = TextFitter.fit(Synthetic.text(Self.fox), options: Self.oneLine(.middle))
        let line = try! #require(result.lines.first)
        let parts = line.text.split(separator: "…", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect(Self.fox.hasPrefix(parts[0]) && Self.fox.hasSuffix(parts[1]))
        #expect(!parts[0].isEmpty && !parts[1].isEmpty)
        #expect(line.width <= 100 * (1 + 1e-9))
        // Balanced: neither end gets more than a unit and a space more than the other.
        #expect(abs(parts[0].count - parts[1].count) <= 2)
    }

    @Test func truncationNeverCutsAGrapheme() {
        // Each "é" is "e" + U+0301: one unit, two scalars.
        let string = "cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301}"
        let text = Synthetic.text(string)
        let original = Array(string)
        for width in stride(from: 12.0, through: 90, by: 3.5) {
            for mode in [TruncationMode.tail, .head, .middle] {
                var options = Self.oneLine(mode)
                options.frameWidth = width
                let result = TextFitter.fit(text, options: options)
                let shown = result.lines[0].text
                let parts = shown.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
                #expect(parts.count == 2, "\(mode) \(width): \(shown)")
                // Compared as Characters: a cut inside "é" would leave "e", which differs.
                #expect(original.starts(with: parts.first ?? []), "\(mode) \(width): \(shown)")
                #expect(
                    original.reversed().starts(with: (parts.last ?? []).reversed()), "\(mode) \(width): \(shown)")
                #expect(result.lines[0].width <= width * (1 + 1e-9))
                switch mode {
                case .tail: #expect(shown.hasSuffix("…"))
                case .head: #expect(shown.hasPrefix("…"))
                default: #expect(shown.contains("…"))
                }
            }
        }
    }

    @Test func aLongWordIsBrokenBetweenUnits() {
        let word = "Supercalifragilisticexpialidocious"  // 17 em
        let result = TextFitter.fit(
            Synthetic.text(word), options: FitConstraints(maxSize: 20, minimumScaleFactor: 0.5, frameWidth: 50))
        #expect(!result.fits)
        #expect(!result.truncated)
        // 5 em per line at size 10: ten letters.
        #expect(result.lines.map(\.text) == ["Supercalif", "ragilistic", "expialidoc", "ious"])
        #expect(result.lines.allSatisfy { $0.width <= 50 })
        #expect(result.lines.map(\.units) == [0..<10, 10..<20, 20..<30, 30..<34])
    }

    /// "aa bb", "cc dd", "ee ff" at size 10 in 30 pt.
    static let six = Synthetic.text("aa bb cc dd ee ff")

    static func threeLines(
        limit: Int?, height: Double = .infinity, _ mode: TruncationMode = .tail
    ) -> FitConstraints {
        FitConstraints(maxSize: 10, frameWidth: 30, frameHeight: height, lineLimit: limit, truncation: mode)
    }

    @Test func lineLimitDropsLinesAndTruncatesTheLastKept() {
        let tail = TextFitter.fit(Self.six, options: Self.threeLines(limit: 2))
        #expect(!tail.fits && tail.truncated)
        #expect(tail.lines.map(\.text) == ["aa bb", "cc dd…"])
        #expect(close(tail.lines[1].width, 30))
        // The truncated line stands for the rest of its paragraph.
        #expect(tail.lines[1].range == 6..<17)
        #expect(tail.lines[1].units == 6..<17)

        let head = TextFitter.fit(Self.six, options: Self.threeLines(limit: 2, .head))
        #expect(head.lines.map(\.text) == ["aa bb", "…ee ff"])
        let middle = TextFitter.fit(Self.six, options: Self.threeLines(limit: 2, .middle))
        #expect(middle.lines.map(\.text) == ["aa bb", "cc…ff"])

        let one = TextFitter.fit(Self.six, options: Self.threeLines(limit: 1))
        #expect(one.lines.map(\.text) == ["aa bb…"])
    }

    @Test func frameHeightDropsLines() {
        let result = TextFitter.fit(Self.six, options: Self.threeLines(limit: nil, height: 25))
        #expect(result.lines.map(\.text) == ["aa bb", "cc dd…"])
        #expect(result.height <= 25)
        // Too short for even one line: one is kept anyway.
        let tiny = TextFitter.fit(Self.six, options: Self.threeLines(limit: nil, height: 3))
        #expect(tiny.lines.map(\.text) == ["aa bb…"])
    }

    @Test func truncationNoneKeepsEverything() {
        let result = TextFitter.fit(Self.six, options: Self.threeLines(limit: 2, .none))
        #expect(!result.fits && !result.truncated)
        #expect(result.lines.map(\.text) == ["aa bb", "cc dd", "ee ff"])
    }

    @Test func withoutAnEllipsisTheTextIsJustCut() {
        let text = Synthetic.text("aa bb cc dd ee ff", ellipsis: false)
        let result = TextFitter.fit(text, options: Self.threeLines(limit: 2))
        #expect(result.truncated)
        #expect(result.lines.map(\.text) == ["aa bb", "cc dd e"])
    }

    @Test func anEllipsisWiderThanTheFrameLeavesTheLineEmpty() {
        // 0.5 em wide at size 10: one letter fits, the 0.75 em ellipsis does not.
        let result = TextFitter.fit(
            Synthetic.text("aa"), options: FitConstraints(maxSize: 10, frameWidth: 5, lineLimit: 1))
        #expect(result.truncated && !result.fits)
        #expect(result.lines.map(\.text) == [""])
        #expect(result.lines[0].width == 0)
        // A letter alone wider than the frame shows just the ellipsis when that fits.
        let letter = TextFitter.fit(
            Synthetic.text("m", letter: 2), options: FitConstraints(maxSize: 10, frameWidth: 10))
        #expect(letter.lines.map(\.text) == ["…"])
    }

    @Test func randomTruncationsFitAndCutOnlyAtUnits() {
        var rng = SplitMix64(seed: 11)
        var truncatedCount = 0
        for _ in 0..<300 {
            let text = randomText(words: 25, using: &rng)
            let mode = [TruncationMode.tail, .head, .middle].randomElement(using: &rng)!
            let options = FitConstraints(
                maxSize: 30, minimumScaleFactor: Double.random(in: 0.3...1, using: &rng),
                frameWidth: Double.random(in: 8...150, using: &rng),
                frameHeight: Double.random(in: 10...120, using: &rng),
                lineLimit: Bool.random(using: &rng) ? nil : Int.random(in: 1...3, using: &rng),
                bounds: Bool.random(using: &rng) ? .lineBox : .ink, truncation: mode)
            let result = TextFitter.fit(text, options: options)
            guard !result.fits else { continue }
            #expect(result.size == options.minSize)
            #expect(!result.lines.isEmpty && result.lines.count <= (options.lineLimit ?? .max))
            #expect(result.lines.allSatisfy { $0.width <= options.frameWidth * (1 + 1e-9) })
            if result.lines.count > 1 {
                #expect(result.height <= options.frameHeight * (1 + 1e-9))
            }
            if result.truncated { truncatedCount += 1 }
            for line in result.lines where line.isTruncated {
                // Each shown piece is the text of whole units at the ends of what the line stands for.
                let content = Array(text.text.utf8)[line.range]
                let parts = line.text.split(separator: "…", omittingEmptySubsequences: false)
                    .map { Array($0.utf8) }
                #expect(content.starts(with: parts.first ?? []))
                #expect(content.reversed().starts(with: (parts.last ?? []).reversed()))
                let unitEdges = Set(text.units.flatMap { [$0.range.lowerBound, $0.range.upperBound] })
                #expect(unitEdges.contains(line.range.lowerBound + (parts.first?.count ?? 0)))
                #expect(unitEdges.contains(line.range.upperBound - (parts.last?.count ?? 0)))
            }
        }
        #expect(truncatedCount > 100)
    }
}
