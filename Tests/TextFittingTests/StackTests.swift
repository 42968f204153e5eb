import Testing
import TextFitting
import FontFitTestSupport

/// The shared-size stack and ruby layouts, on synthetic measurements.
@Suite struct StackTests {
    static let extent = RowExtent(ascent: 0.9, height: 1.2)

    /// Whether rows fit the frame at `size`, checked independently of the fitter.
    static func fits(_ rows: [StackRow], size: Double, options: StackConstraints) -> Bool {
        let widthsFit = rows.allSatisfy { $0.claimedWidth * size <= options.frameWidth * (1 + 1e-12) }
        let gaps = Double(rows.count - 1)
        let spacing: Double =
            switch options.spacing {
            case .points(let points): gaps * points
            case .rowHeights(let multiple): gaps * multiple * extent.height * size
            }
        let height = rows.reduce(0) { $0 + $1.weight * extent.height * size } + spacing
        return widthsFit && height <= options.frameHeight * (1 + 1e-12)
    }

    @Test func clockRowsShareTheMiddleRowsSize() {
        // "01:" / "12:34" / ".56": the middle row is widest and dictates.
        let rows = [StackRow(width: 1.6), StackRow(width: 2.9, alignment: .leading), StackRow(width: 1.5, alignment: .trailing)]
        var options = StackConstraints(maxSize: 300, minimumScaleFactor: 0.01, frameWidth: 250, frameHeight: 600)
        options.equalWidth = true
        let result = StackFitter.fit(rows, extent: Self.extent, options: options)
        #expect(abs(result.size - 250 / 2.9) < 1e-9)
        #expect(Set(result.rows.map(\.height)).count == 1)
        #expect(result.rows.allSatisfy { abs($0.width - 250) < 1e-9 })
        #expect(result.fits)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func sharedSizeIsTheLargestThatFits(pixelScale: Double) {
        var generator = SplitMix64(seed: UInt64(pixelScale * 1000))
        for _ in 0..<300 {
            let count = Int(generator.next() % 5) + 1
            let rows = (0..<count).map { _ in
                StackRow(
                    width: Double.random(in: 0.2...6, using: &generator), templateWidth: generator.next() % 3 == 0 ? Double.random(in: 0.2...6, using: &generator) : nil,
                    alignment: [.leading, .center, .trailing][Int(generator.next() % 3)])
            }
            var options = StackConstraints(
                maxSize: Double.random(in: 10...300, using: &generator), minimumScaleFactor: 0.01,
                frameWidth: Double.random(in: 20...400, using: &generator), frameHeight: Double.random(in: 20...700, using: &generator))
            options.spacing = generator.next() % 2 == 0 ? .points(Double.random(in: 0...10, using: &generator)) : .rowHeights(Double.random(in: 0...0.5, using: &generator))
            options.equalWidth = generator.next() % 2 == 0
            let exact = StackFitter.fit(rows, extent: Self.extent, options: options)
            guard exact.fits else {
                #expect(exact.size == options.maxSize * options.minimumScaleFactor)
                continue
            }
            #expect(Self.fits(rows, size: exact.size, options: options))
            if exact.size < options.maxSize {
                #expect(!Self.fits(rows, size: exact.size * (1 + 1e-6), options: options), "a row must limit the size")
            }
            #expect(exact.width <= options.frameWidth * (1 + 1e-9))
            #expect(exact.height <= options.frameHeight * (1 + 1e-9))

            options.pixelScale = pixelScale
            let snapped = StackFitter.fit(rows, extent: Self.extent, options: options)
            #expect(snapped.size <= exact.size)
            #expect(Set(snapped.rows.map(\.height)).count == 1, "equal weights, equal heights")
            for frame in snapped.rows {
                for value in [frame.x, frame.y, frame.width, frame.height] {
                    #expect(abs(value * pixelScale - (value * pixelScale).rounded()) < 1e-6, "on the pixel grid")
                }
            }
            if snapped.fits {
                #expect(snapped.height <= options.frameHeight + 1e-9)
                #expect(snapped.width <= options.frameWidth + 1e-9)
            }
        }
    }

    @Test func templateKeepsTheRowsScaleAsTheValueChanges() {
        let options = StackConstraints(maxSize: 100, minimumScaleFactor: 0.1, frameWidth: 120, frameHeight: 60)
        let sizes = [0.9, 1.4, 2.0].map { valueWidth in
            StackFitter.fit([StackRow(width: valueWidth, templateWidth: 3.1)], extent: Self.extent, options: options)
        }
        #expect(Set(sizes.map(\.size)).count == 1)
        #expect(Set(sizes.map { $0.rows[0].height }).count == 1)
        #expect(abs(sizes[0].size - 120 / 3.1) < 1e-9)
    }

    @Test func weightedRowsScaleTogether() {
        let rows = [StackRow(width: 2, weight: 2), StackRow(width: 2)]
        let result = StackFitter.fit(rows, extent: Self.extent, options: StackConstraints(maxSize: 100, minimumScaleFactor: 0.1, frameWidth: 400, frameHeight: 90))
        #expect(abs(result.rows[0].size - 2 * result.rows[1].size) < 1e-9)
        #expect(abs(result.size - 90 / (3 * Self.extent.height)) < 1e-9)
    }

    @Test func nothingFitsReportsTheMinimum() {
        let result = StackFitter.fit(
            [StackRow(width: 10)], extent: Self.extent,
            options: StackConstraints(maxSize: 100, minimumScaleFactor: 0.5, frameWidth: 100, frameHeight: 100))
        #expect(!result.fits)
        #expect(result.size == 50)
    }

    @Test func rubySegmentsAreAsWideAsTheWiderPartWithRubyCentred() {
        // 今日[こんにち]は: ruby 4 em at half size (2 em) over 2 em of base; は has none.
        let segments = [RubySegment(baseWidth: 2, rubyWidth: 4), RubySegment(baseWidth: 1)]
        let options = RubyConstraints(maxSize: 100, frameWidth: 300, frameHeight: 300, ratio: 0.5, spacing: 2)
        let result = RubyFitter.fit(segments, extent: Self.extent, options: options)
        #expect(abs(result.size - 100) < 1e-9)
        #expect(result.rubySize == result.size / 2)
        let (base, ruby) = result.segments[0]
        let rubyBox = try! #require(ruby)
        #expect(abs(base.width - 2 * 100) < 1e-9)
        #expect(abs(rubyBox.textX - (base.x + 0)) < 1e-9, "the ruby fills its segment")
        #expect(abs(result.height - (Self.extent.height * 50 + 2 + Self.extent.height * 100)) < 1e-9)
        #expect(result.segments[1].ruby == nil)
        #expect(abs(result.width - 300) < 1e-9)
        // Narrower frame: width limits, one scale for both lines.
        let narrow = RubyFitter.fit(segments, extent: Self.extent, options: RubyConstraints(maxSize: 100, minimumScaleFactor: 0.1, frameWidth: 150))
        #expect(abs(narrow.size - 50) < 1e-9)
        #expect(abs(narrow.segments[0].ruby!.height - Self.extent.height * 25) < 1e-9)
    }
}
