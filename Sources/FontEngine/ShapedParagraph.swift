/// One itemized run, shaped: one font, one bidi level, one script.
public struct TextRun: Sendable {
    /// UTF-8 offsets into the paragraph's text.
    public let range: Range<Int>
    /// The font in the paragraph's stack that shaped it.
    public let fontIndex: Int
    /// The UAX #9 embedding level: odd levels run right to left.
    public let bidiLevel: UInt8
    /// The direction HarfBuzz shaped the run in (from its bidi level, or vertical).
    public let direction: TextDirection
    /// The ISO 15924 tag the run was shaped with; nil for a run of common characters only (digits,
    /// punctuation, spaces), which HarfBuzz shapes with the script it guesses.
    public var script: String? { item.script == Itemizer.commonScript ? nil : HBTag.string(item.script) }
    /// HarfBuzz's glyphs in font units, in HarfBuzz's order: visual, so right-to-left runs come
    /// reversed. Clusters are UTF-8 offsets into the whole text.
    package let glyphs: [ShapedGlyph]
    /// Per glyph, the spacing it is followed by (``SpacingMark`` bits); empty when the text is not
    /// spaced.
    let spacingMarks: [UInt8]
    let item: TextItem
}

/// A glyph placed by ``ShapedParagraph/walk(_:_:)``: em units (font units ÷ unitsPerEm of the run's
/// font), the pen starting at 0, y up.
package struct PlacedGlyph: Sendable {
    /// The index of the glyph's run in ``ShapedParagraph/runs``.
    package let run: Int
    package let glyph: ShapedGlyph
    /// The pen position before the glyph, across the line (0 for vertical text).
    package let penX: Double
    /// The glyph's origin: pen position plus HarfBuzz's offset.
    package let x: Double
    package let y: Double
    /// How far the glyph moves the pen along the line (down the column for vertical text).
    package let advance: Double
    /// The inline image this glyph's U+FFFC stands for (an index into the paragraph's images); the
    /// glyph is not drawn and ``advance`` is the image's width.
    package let image: Int?
}

/// A text itemized into runs (bidi levels, scripts, fonts) and shaped run by run, once, in font units: the one text
/// model. Widths, ink, line breaking, fitting, stacks, ruby, inline images and drawing all read it
/// through one walk over its glyph positions.
package struct ShapedParagraph: Sendable {
    /// The text the paragraph was made from.
    package let text: String
    /// The fonts its runs may use, primary first.
    package let fonts: FontStack
    /// The shaping options it was shaped with.
    package private(set) var options: ShapingOptions
    /// In logical order.
    package let runs: [TextRun]
    /// The first paragraph's resolved direction: 0 left to right, 1 right to left.
    package let baseLevel: UInt8
    /// The images the text's U+FFFC characters stand for, in order.
    package let images: [InlineImage]
    /// For each U+FFFC (by UTF-8 offset), the image it stands for.
    private let imageAtOffset: [Int: Int]
    /// What itemization's ASCII fast path read of the text, for the passes after it (graphemes,
    /// line breaks) to reuse; nil when it did not read it.
    package let textScan: ASCIIScan?
    /// Where a hinting renderer moves the pen at a whole pixel size (``hinted(by:ppem:)``); nil
    /// for the unhinted advances HarfBuzz shaped.
    package private(set) var hinting: HintedPen?
    /// The letter- and word-spacing in em the walk adds after spaced clusters; fixed points are
    /// turned into em by ``atSize(_:)``.
    package private(set) var spacing: EmSpacing

    /// Letter- and word-spacing in em, and the size fixed points were turned into em at (nil until
    /// ``ShapedParagraph/atSize(_:)`` gives one).
    package struct EmSpacing: Sendable, Hashable {
        var letter: Double
        var word: Double
        package var size: Double?

        init(_ options: ShapingOptions, size: Double?) {
            let size = size ?? 1
            letter = options.letterSpacing.em(atSize: size)
            word = options.wordSpacing.em(atSize: size)
            self.size = options.hasFixedSpacing ? size : nil
        }

        /// The space in em after a glyph with these ``SpacingMark`` bits.
        @inline(__always)
        func em(_ mark: UInt8) -> Double {
            (mark & SpacingMark.letter != 0 ? letter : 0) + (mark & SpacingMark.word != 0 ? word : 0)
        }
    }

    /// True when the text is set in columns (top to bottom or bottom to top).
    package var isVertical: Bool { options.direction.map { !$0.isHorizontal } ?? false }
    /// The stack's primary font, whose metrics size the lines.
    package var primary: Font { fonts.primary }
    /// Whether every run was shaped across the line: runs are shaped vertically only when the
    /// options force a vertical direction (``shapingProperties(of:options:)``). Read from the
    /// options, not run by run: a closure over the runs copied each, an atomic retain and release
    /// of its glyphs per run on every measurement.
    private var runsAreHorizontal: Bool { runs.isEmpty || !isVertical }
    /// Whether the runs' advances are HarfBuzz's as shaped, so that summing them is the walk's sum.
    private var advancesAreShaped: Bool { runsAreHorizontal && hinting == nil && !options.isSpaced }

    /// Itemizes and shapes `text`. `options.direction` sets the paragraphs' direction (else each
    /// takes it from its first strong character); `options.script` forces one script for every run.
    /// `scan`, when the caller has read it already, is what ``ASCIIScan`` reads of `text`.
    /// A ``ShapingOptions/textTransform`` is applied first: the paragraph's text is the transformed
    /// one (applying it again changes nothing).
    package init(
        _ text: String, fonts: FontStack, options: ShapingOptions = ShapingOptions(), images: [InlineImage] = [],
        scan: ASCIIScan? = nil
    ) {
        let transformed = options.textTransform.apply(to: text, language: options.language)
        let text = transformed
        let scan = options.textTransform == .none ? scan : nil
        let itemized = Itemizer.itemize(text, fonts: fonts, options: options, scan: scan)
        self.init(text, fonts: fonts, options: options, itemized: itemized, images: images)
    }

    private init(
        _ text: String, fonts: FontStack, options: ShapingOptions, itemized: Itemizer.Result, images: [InlineImage] = []
    ) {
        self.init(
            text, fonts: fonts, options: options, items: itemized.items, baseLevel: itemized.baseLevel, images: images,
            textScan: itemized.scan)
    }

    private init(
        _ text: String, fonts: FontStack, options: ShapingOptions, items: TextItems, baseLevel: UInt8,
        images: [InlineImage], textScan: ASCIIScan?
    ) {
        self.text = text
        self.textScan = textScan
        self.fonts = fonts
        self.options = options
        self.baseLevel = baseLevel
        self.images = images
        spacing = EmSpacing(options, size: nil)
        var imageAtOffset: [Int: Int] = [:]
        if !images.isEmpty {
            var offset = 0
            for scalar in text.unicodeScalars {
                if scalar == InlineImage.placeholder, imageAtOffset.count < images.count {
                    imageAtOffset[offset] = imageAtOffset.count
                }
                offset += UTF8.width(scalar)
            }
        }
        self.imageAtOffset = imageAtOffset
        runs = items.map { item in
            let (direction, script) = Self.shapingProperties(of: item, options: options)
            let glyphs = fonts[item.font].shapeRun(
                text, utf8Range: item.range, options: options, direction: direction, script: script)
            let marks =
                options.isSpaced
                ? SpacingMark.marks(
                    of: glyphs, shapedFrom: item.range, of: text, script: script,
                    letter: !options.letterSpacing.isZero, word: !options.wordSpacing.isZero)
                : []
            return TextRun(
                range: item.range, fontIndex: item.font, bidiLevel: item.level, direction: direction, glyphs: glyphs,
                spacingMarks: marks, item: item)
        }
    }

    /// The direction and script (an `hb_script_t`, nil to let HarfBuzz guess) `item` is shaped in.
    static func shapingProperties(of item: TextItem, options: ShapingOptions) -> (TextDirection, UInt32?) {
        let direction: TextDirection =
            if let forced = options.direction, !forced.isHorizontal { forced } else {
                item.level % 2 == 1 ? .rightToLeft : .leftToRight
            }
        return (direction, item.script == Itemizer.commonScript ? nil : item.script)
    }

    /// The options with the direction fixed to the first paragraph's resolved one, so that a piece
    /// of the text shaped on its own (a truncated line) keeps the paragraph's direction.
    package var directionFixed: ShapingOptions {
        var options = options
        if options.direction == nil { options.direction = baseLevel % 2 == 1 ? .rightToLeft : .leftToRight }
        return options
    }

    /// The paragraph set at `size` points: fixed-point letter- and word-spacing turned into em at
    /// that size. Every measurement and drawing of text spaced in points goes through it; em
    /// spacing needs no size.
    package func atSize(_ size: Double) -> ShapedParagraph {
        guard options.hasFixedSpacing, spacing.size != size else { return self }
        var sized = self
        sized.spacing = EmSpacing(options, size: size)
        return sized
    }

    /// The paragraph with another letter-spacing in em, its clusters spaced as they were marked
    /// when it was shaped (with some letter-spacing, so its ligatures are off): widths with any
    /// amount of tightening without shaping again.
    package func withLetterSpacing(em amount: Double) -> ShapedParagraph {
        precondition(!options.letterSpacing.isZero && !options.letterSpacing.isFixed, "respaced text was shaped spaced in em")
        var spaced = self
        spaced.options.letterSpacing = .em(amount)
        spaced.spacing = EmSpacing(spaced.options, size: spacing.size)
        return spaced
    }

    /// The paragraph with the pen moved as a hinting renderer moves it at `ppem` pixels per em:
    /// the runs of `advances`' font advance by its hinted advances (see ``HintedPen``). Widths,
    /// ink and drawing all read the hinted pen through ``walk(_:_:)``.
    package func hinted(by advances: HintedAdvances, ppem: Int) -> ShapedParagraph {
        var hinted = self
        hinted.hinting = HintedPen(advances: advances, ppem: ppem, runs: runs, fonts: fonts)
        return hinted
    }

    /// `text` set as this paragraph is: in its fonts, its direction fixed to this paragraph's
    /// (``directionFixed``), hinted as it is (a line whose text its source lacks, such as one
    /// ending in an ellipsis or a hyphen).
    package func setting(_ text: String, images: [InlineImage]) -> ShapedParagraph {
        var set = ShapedParagraph(text, fonts: fonts, options: directionFixed, images: images)
        set.spacing = spacing
        return hinting.map { set.hinted(by: $0.advances, ppem: $0.ppem) } ?? set
    }

    /// The part of the text in `range` shaped again on its own, with the same runs cut to the range
    /// (a line whose ends HarfBuzz marked unsafe to break), hinted as this paragraph is.
    package func reshaped(_ range: Range<Int>) -> ShapedParagraph {
        let items = runs.compactMap { run -> TextItem? in
            let clipped = run.range.clamped(to: range)
            guard !clipped.isEmpty else { return nil }
            var item = run.item
            item.range = clipped
            return item
        }
        var reshaped = ShapedParagraph(
            text, fonts: fonts, options: options, items: TextItems(items), baseLevel: baseLevel, images: images,
            textScan: textScan)
        reshaped.spacing = spacing
        return hinting.map { reshaped.hinted(by: $0.advances, ppem: $0.ppem) } ?? reshaped
    }

    /// Visits the glyphs whose clusters lie in `range` (all when nil) in visual order, the runs
    /// reordered by UAX #9 rule L2, and returns the advance of them all. The one place that walks
    /// glyph positions: everything else (widths, ink, images, drawing) reads this. A hinted
    /// paragraph's pen moves by its ``hinting``'s steps.
    @discardableResult
    package func walk(_ range: Range<Int>? = nil, _ body: (PlacedGlyph) -> Void) -> Double {
        precondition(
            !options.hasFixedSpacing || spacing.size != nil, "text spaced in points is measured at a size (atSize)")
        // Within a run the pen moves in whole font units, or whole 1/64 pixels when hinted (exact
        // integers); a run's advance is turned into em once, where it ends, the same way
        // ``advance(_:)`` sums it.
        var runStartX = 0.0, runStartY = 0.0
        // One run (most labels) needs no reordering, and no order to be built.
        let order = runs.count == 1 ? nil : visualRunOrder(in: range)
        for runIndex in order ?? (runs.isEmpty ? [] : [0]) {
            let run = runs[runIndex]
            let unitsPerEm = Double(fonts[run.fontIndex].face.unitsPerEm)
            let horizontal = run.direction.isHorizontal
            let whole = range.map { run.range.lowerBound >= $0.lowerBound && run.range.upperBound <= $0.upperBound } ?? true
            // The pen's steps across the line and the units they are counted in: HarfBuzz's
            // advances in font units, or the hinted pen's in 1/64 pixel.
            let hintedRun = hinting.flatMap { pen in pen.steps[runIndex].map { (steps: $0, unitsPerEm: pen.unitsPerEm) } }
            let steps = hintedRun?.steps
            let penUnitsPerEm = hintedRun?.unitsPerEm ?? unitsPerEm
            var unitsX = 0, unitsY = 0
            // Images and letter- and word-spacing are sized in em, not font units.
            var imagesEm = 0.0
            let marks = run.spacingMarks
            for (index, glyph) in run.glyphs.enumerated() where whole || range!.contains(glyph.cluster) {
                let penX = runStartX + (horizontal ? imagesEm : 0) + Double(unitsX) / penUnitsPerEm
                let penY = runStartY - (horizontal ? 0 : imagesEm) + Double(unitsY) / unitsPerEm
                if !imageAtOffset.isEmpty, let image = imageAtOffset[glyph.cluster] {
                    let width = images[image].unitExtent(in: primary).xMax
                    // An image stands at the pen; a glyph is moved from it by its offset.
                    body(PlacedGlyph(run: runIndex, glyph: glyph, penX: penX, x: penX, y: penY, advance: width, image: image))
                    imagesEm += width
                    continue
                }
                let stepX = steps?[index] ?? Int(glyph.xAdvance)
                let spaced = marks.isEmpty ? 0 : spacing.em(marks[index])
                body(PlacedGlyph(
                    run: runIndex, glyph: glyph, penX: penX, x: penX + Double(glyph.xOffset) / unitsPerEm,
                    y: penY + Double(glyph.yOffset) / unitsPerEm,
                    advance: (horizontal ? Double(stepX) / penUnitsPerEm : Double(-Int(glyph.yAdvance)) / unitsPerEm)
                        + spaced,
                    image: nil))
                unitsX += stepX
                unitsY += Int(glyph.yAdvance)
                imagesEm += spaced
            }
            if horizontal {
                runStartX += imagesEm + Double(unitsX) / penUnitsPerEm
            } else {
                runStartY += Double(unitsY) / unitsPerEm - imagesEm
            }
        }
        return isVertical ? -runStartY : runStartX
    }

    /// Adds each glyph's advance (em) to `advances[unitOfByte[cluster]]` and records in
    /// `breakFlags[unitOfByte[cluster]]` that a glyph starts there (``UnitBreakFlags``), and whether
    /// HarfBuzz flags it unsafe to break before, visiting glyphs in ``walk(_:_:)``'s order and
    /// computing each advance as it does, so sums match it to the bit. Returns false, having done nothing, for text ``walk(_:_:)`` must place
    /// (inline images, vertical runs, a hinted pen): measuring a paragraph for fitting then sums
    /// advances and places no glyph (bench: paragraphFitPerShape). An empty `unitOfByte` says that byte i is unit i.
    package func addAdvances(unitOfByte: [Int32], to advances: inout [Double], breakFlags: inout [UInt8]) -> Bool {
        guard imageAtOffset.isEmpty, advancesAreShaped else { return false }
        // Through buffers, not indexed arrays, whose bounds checks (and, for the two written,
        // uniqueness checks) would run on every glyph (bench: paragraphFitPerShape).
        let byteByByte = unitOfByte.isEmpty, byteCount = text.utf8.count
        precondition(!byteByByte || advances.count == byteCount, "one unit a byte needs an advance a byte")
        unitOfByte.withUnsafeBufferPointer { unitOfByte in
            advances.withUnsafeMutableBufferPointer { advances in
                breakFlags.withUnsafeMutableBufferPointer { breakFlags in
                    for runIndex in runs.count == 1 ? [0] : visualRunOrder(in: nil) {
                        let run = runs[runIndex]
                        let unitsPerEm = Double(fonts[run.fontIndex].face.unitsPerEm)
                        for glyph in run.glyphs {
                            // HarfBuzz's clusters are offsets into the text it was given.
                            precondition(glyph.cluster < byteCount, "cluster outside the text")
                            let unit = byteByByte ? glyph.cluster : Int(unitOfByte[glyph.cluster])
                            advances[unit] += Double(Int(glyph.xAdvance)) / unitsPerEm
                            breakFlags[unit] |= UnitBreakFlags.of(glyph)
                        }
                    }
                }
            }
        }
        return true
    }

    /// The advance of the glyphs in `range` (all when nil), in em: what the walk returns,
    /// summed the same way without placing each glyph (the one-line fit's hot path).
    package func advance(_ range: Range<Int>? = nil) -> Double {
        guard images.isEmpty, advancesAreShaped else { return walk(range) { _ in } }
        var total = 0.0
        for run in runs where range.map({ run.range.overlaps($0) }) ?? true {
            total += Self.advance(
                of: run.glyphs, shapedFrom: run.range, in: range, unitsPerEm: fonts[run.fontIndex].face.unitsPerEm)
        }
        return total
    }

    /// The advance in em of the glyphs of a horizontal run shaped from `runRange` whose clusters lie
    /// in `range` (all when nil): the one sum of advances, read from a run's kept glyphs or, for a
    /// label, from HarfBuzz's buffer (``measureLine(_:fonts:options:scan:upTo:)``).
    @inline(__always)
    private static func advance<Glyphs: Collection<ShapedGlyph>>(
        of glyphs: Glyphs, shapedFrom runRange: Range<Int>, in range: Range<Int>?, unitsPerEm: Int
    ) -> Double {
        let whole = range.map { runRange.lowerBound >= $0.lowerBound && runRange.upperBound <= $0.upperBound } ?? true
        // Wrapping adds: Int32 advances cannot overflow an Int, and the overflow checks kept the sum
        // from being vectorized.
        var units = 0
        if whole {
            for glyph in glyphs { units &+= Int(glyph.xAdvance) }
        } else {
            for glyph in glyphs where range!.contains(glyph.cluster) { units &+= Int(glyph.xAdvance) }
        }
        return Double(units) / Double(unitsPerEm)
    }

    /// The advance in em of `text`'s bytes before `end` and the metrics of its line, the text set on
    /// one line: what a paragraph's ``advance(_:)`` and ``lineMetrics(_:)`` give. Nil for text set in
    /// columns.
    ///
    /// Text that is one run (a label in one font and one direction) is measured in this thread's
    /// HarfBuzz buffer, through the sum a kept run goes through, and keeps no glyphs: a one-line fit
    /// then allocates nothing but its result. Other text is shaped into a paragraph.
    package static func measureLine(
        _ text: String, fonts: FontStack, options: ShapingOptions, scan: ASCIIScan?, upTo end: Int
    ) -> (advance: Double, metrics: LineMetrics)? {
        var notLookedFor: MissingCharacters? = nil
        return measureLine(text, fonts: fonts, options: options, scan: scan, upTo: end, noting: &notLookedFor)
    }

    /// ``measureLine(_:fonts:options:scan:upTo:)``, adding the characters the text leaves at glyph 0
    /// to `missing` when it is given (a fit does not look, which keeps the lookup off every label's
    /// fit; bench: singleLineFitPerShape).
    package static func measureLine(
        _ text: String, fonts: FontStack, options: ShapingOptions, scan: ASCIIScan?, upTo end: Int,
        noting missing: inout MissingCharacters?
    ) -> (advance: Double, metrics: LineMetrics)? {
        if let direction = options.direction, !direction.isHorizontal { return nil }
        if options.textTransform != .none {
            // Offsets into the text as written do not fit the transformed text: the whole line only.
            precondition(end == text.utf8.count, "a transformed text is measured whole")
            let paragraph = ShapedParagraph(text, fonts: fonts, options: options)
            missing?.add(paragraph)
            return (paragraph.advance(), paragraph.lineMetrics())
        }
        let itemized = Itemizer.itemize(text, fonts: fonts, options: options, scan: scan)
        if itemized.items.count == 1, itemized.items[0].range.count <= Font.longestRunShapedWhole, !options.isSpaced {
            let item = itemized.items[0]
            // The primary font passed as the stack holds it: read into a local, it was retained and
            // released around the shaping.
            let width =
                item.font == 0
                ? shapedAdvance(text, item, in: fonts.primary, options: options, upTo: end, noting: &missing)
                : shapedAdvance(text, item, in: fonts[item.font], options: options, upTo: end, noting: &missing)
            return (width, lineMetrics(of: fonts, using: CollectionOfOne(item.font)))
        }
        let paragraph = ShapedParagraph(text, fonts: fonts, options: options, itemized: itemized)
        missing?.add(paragraph)
        return (paragraph.advance(0..<end), paragraph.lineMetrics())
    }

    /// The advance in em of the glyphs of `item` before `end`, shaped in `font` in this thread's
    /// buffer and summed there; the characters it leaves at glyph 0 go to `missing` when given.
    @inline(__always)
    private static func shapedAdvance(
        _ text: String, _ item: TextItem, in font: Font, options: ShapingOptions, upTo end: Int,
        noting missing: inout MissingCharacters?
    ) -> Double {
        let (direction, script) = shapingProperties(of: item, options: options)
        return ShapingBuffer.withThreadBuffer(length: item.range.count) { buffer in
            font.shape(
                into: buffer, text: text, utf8Range: item.range, options: options, direction: direction, script: script)
            let glyphs = BufferGlyphs(buffer)
            missing?.add(glyphs, shapedFrom: item.range, in: font, direction: direction, of: text)
            return advance(of: glyphs, shapedFrom: item.range, in: 0..<end, unitsPerEm: font.face.unitsPerEm)
        }
    }

    /// The runs that hold part of `range`, in visual order: from the highest level down to the
    /// lowest odd one, every sequence of runs at that level or above is reversed (UAX #9 L2).
    func visualRunOrder(in range: Range<Int>?) -> [Int] {
        if runs.count == 1 { return range.map { runs[0].range.overlaps($0) } ?? true ? [0] : [] }
        var order = runs.indices.filter { index in range.map { runs[index].range.overlaps($0) } ?? true }
        guard let highest = order.map({ runs[$0].bidiLevel }).max(), highest > 0 else { return order }
        let lowestOdd = order.map({ runs[$0].bidiLevel }).filter { $0 % 2 == 1 }.min() ?? highest
        var level = highest
        while level >= lowestOdd && level > 0 {
            var start = 0
            while start < order.count {
                guard runs[order[start]].bidiLevel >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count && runs[order[end]].bidiLevel >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }

    /// The line metrics of a line holding `range` (all when nil), in em: the largest ascent,
    /// descent and line gap of the primary font (always: the CSS strut) and of every font used in it.
    package func lineMetrics(_ range: Range<Int>? = nil) -> LineMetrics {
        Self.lineMetrics(
            of: fonts, using: runs.lazy.filter { run in range.map { run.range.overlaps($0) } ?? true }.map(\.fontIndex))
    }

    /// The metrics, in em, of a line set in `fonts`' primary font and those at `indices` (the
    /// largest ascent, descent and gap of them).
    private static func lineMetrics(of fonts: FontStack, using indices: some Sequence<Int>) -> LineMetrics {
        let primary = fonts.primary
        if fonts.count == 1 { return primary.unitLineMetrics.scaled(by: 1 / Double(primary.face.unitsPerEm)) }
        var used = Set([0])
        for index in indices { used.insert(index) }
        var result = LineMetrics(ascent: -.infinity, descent: -.infinity, lineGap: -.infinity)
        for index in used.sorted() {
            let font = fonts[index]
            let metrics = font.unitLineMetrics.scaled(by: 1 / Double(font.face.unitsPerEm))
            result.ascent = max(result.ascent, metrics.ascent)
            result.descent = max(result.descent, metrics.descent)
            result.lineGap = max(result.lineGap, metrics.lineGap)
        }
        return result
    }

    /// The union of the outline bounds of the glyphs in `range` (and the boxes of its images), in em
    /// with y up, the pen starting at 0; nil when nothing has ink. ``walkedInkBounds(_:)``'s, to
    /// the bit.
    package func inkBounds(_ range: Range<Int>? = nil) -> EmBounds? {
        inkAndAdvance(range)?.ink ?? walkedInkBounds(range)
    }

    /// The ink (``inkBounds(_:)``) and the advance (what ``walk(_:_:)`` returns) of the glyphs in
    /// `range` (all when nil), in one pass over the shaped runs: the walk's arithmetic, glyph by
    /// glyph, without placing each glyph, and each glyph's bounds from its font's cache (bench:
    /// scaling.text.*.measurePerShape). Nil, having done nothing, for text the walk must place
    /// (inline images, vertical text, a hinted pen).
    package func inkAndAdvance(_ range: Range<Int>?) -> (ink: EmBounds?, advance: Double)? {
        guard imageAtOffset.isEmpty, hinting == nil, !isVertical, !options.isSpaced else { return nil }
        var xMin = Double.infinity, yMin = Double.infinity, xMax = -Double.infinity, yMax = -Double.infinity
        var runStartX = 0.0
        // A union started at infinities is the union started at the first glyph's bounds: Swift's
        // min(a, b) is b < a ? b : a, as EmBounds.union takes it.
        func addRun(_ runIndex: Int) {
            let run = runs[runIndex]
            let font = fonts[run.fontIndex]
            let unitsPerEm = Double(font.face.unitsPerEm)
            let whole = range.map { run.range.lowerBound >= $0.lowerBound && run.range.upperBound <= $0.upperBound } ?? true
            var unitsX = 0, unitsY = 0
            for glyph in run.glyphs where whole || range.unsafelyUnwrapped.contains(glyph.cluster) {
                if let bounds = font.glyphBounds(glyph.glyphID) {
                    // The walk's pen and glyph origin (its run starts at y 0, with no images).
                    let penX = runStartX + Double(unitsX) / unitsPerEm
                    let penY = Double(unitsY) / unitsPerEm
                    let x = penX + Double(glyph.xOffset) / unitsPerEm, y = penY + Double(glyph.yOffset) / unitsPerEm
                    xMin = min(xMin, x + Double(bounds.xMin) / unitsPerEm)
                    yMin = min(yMin, y + Double(bounds.yMin) / unitsPerEm)
                    xMax = max(xMax, x + Double(bounds.xMax) / unitsPerEm)
                    yMax = max(yMax, y + Double(bounds.yMax) / unitsPerEm)
                }
                unitsX += Int(glyph.xAdvance)
                unitsY += Int(glyph.yAdvance)
            }
            runStartX += Double(unitsX) / unitsPerEm
        }
        if runs.count == 1 {
            addRun(0)
        } else {
            for runIndex in visualRunOrder(in: range) { addRun(runIndex) }
        }
        // Each glyph's xMin ≤ xMax: the union is empty only when no glyph had ink.
        let ink = xMin <= xMax ? EmBounds(xMin: xMin, yMin: yMin, xMax: xMax, yMax: yMax) : nil
        return (ink, runStartX)
    }

    /// ``inkBounds(_:)`` through ``walk(_:_:)``, a placed glyph at a time: the reference the pass
    /// over the shaped runs is tested against, and the way for text the walk must place.
    package func walkedInkBounds(_ range: Range<Int>? = nil) -> EmBounds? {
        var union: EmBounds?
        walk(range) { placed in
            guard let bounds = self.inkBounds(of: placed) else { return }
            union = union.map { $0.union(bounds) } ?? bounds
        }
        return union
    }

    /// A placed glyph's outline bounds (an image's box), in em, y up; nil when it has no ink.
    package func inkBounds(of placed: PlacedGlyph) -> EmBounds? {
        if let image = placed.image {
            return images[image].unitExtent(in: primary).offsetBy(x: placed.x, y: placed.y)
        }
        let font = fonts[runs[placed.run].fontIndex]
        guard let bounds = font.glyphBounds(placed.glyph.glyphID) else { return nil }
        let unitsPerEm = Double(font.face.unitsPerEm)
        return EmBounds(
            xMin: placed.x + Double(bounds.xMin) / unitsPerEm, yMin: placed.y + Double(bounds.yMin) / unitsPerEm,
            xMax: placed.x + Double(bounds.xMax) / unitsPerEm, yMax: placed.y + Double(bounds.yMax) / unitsPerEm)
    }

    /// The characters no font in the stack could draw (shaped to glyph 0), in text order, unique;
    /// U+FFFC that stands for an image is never missing.
    package var missing: [Unicode.Scalar] {
        var missing = MissingCharacters()
        missing.add(self)
        return missing.scalars
    }

    /// The glyph count over every run.
    package var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }
}

/// A box in em (font units ÷ unitsPerEm), y up.
package struct EmBounds: Sendable, Hashable {
    /// The left edge.
    package var xMin: Double
    /// The bottom edge.
    package var yMin: Double
    /// The right edge.
    package var xMax: Double
    /// The top edge.
    package var yMax: Double

    package init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }

    package func union(_ other: EmBounds) -> EmBounds {
        EmBounds(
            xMin: min(xMin, other.xMin), yMin: min(yMin, other.yMin), xMax: max(xMax, other.xMax),
            yMax: max(yMax, other.yMax))
    }

    package func offsetBy(x: Double, y: Double) -> EmBounds {
        EmBounds(xMin: xMin + x, yMin: yMin + y, xMax: xMax + x, yMax: yMax + y)
    }
}

/// The characters texts left at glyph 0, in text order, each once: what ``ShapedParagraph/missing``,
/// a label measured in HarfBuzz's buffer and the rows of a stack report.
package struct MissingCharacters {
    package private(set) var scalars: [Unicode.Scalar] = []
    private var seen = Set<Unicode.Scalar>()

    package init() {}

    /// Adds the characters `paragraph` left at glyph 0 (U+FFFC that stands for one of its images
    /// is never missing).
    package mutating func add(_ paragraph: ShapedParagraph) {
        for run in paragraph.runs {
            add(
                run.glyphs, shapedFrom: run.range, in: paragraph.fonts[run.fontIndex], direction: run.direction,
                of: paragraph.text, imagesStandIn: !paragraph.images.isEmpty)
        }
    }

    /// Adds the characters of `glyphs`, a run shaped from `range` of `text` in `font`, that it left
    /// at glyph 0.
    mutating func add(
        _ glyphs: some Collection<ShapedGlyph>, shapedFrom range: Range<Int>, in font: Font, direction: TextDirection,
        of text: String, imagesStandIn: Bool = false
    ) {
        guard glyphs.contains(where: { $0.glyphID == 0 }) else { return }
        let shaped = ShapedText(text: text, glyphs: Array(glyphs), unitsPerEm: font.face.unitsPerEm, direction: direction)
        for scalar in font.missingCharacters(in: shaped, within: range)
        where !(scalar == InlineImage.placeholder && imagesStandIn) && seen.insert(scalar).inserted {
            scalars.append(scalar)
        }
    }
}

/// What the shaped glyphs say about breaking a line before a unit of text (a grapheme), as bits.
/// A unit no glyph's cluster starts in lies inside a cluster HarfBuzz merged across units (a
/// ligature over a soft hyphen: "f\u{AD}l" as one "fl"), so a break before it splits that cluster
/// and both sides must be shaped again, as for a glyph HarfBuzz flags unsafe to break.
/// Inlinable throughout: the builder reads them once per unit of every fit (bench: paragraphFitPerShape).
@usableFromInline
package enum UnitBreakFlags {
    /// A glyph's cluster starts in the unit.
    @inlinable package static var glyphStarts: UInt8 { 1 }
    /// A glyph starting in the unit is flagged `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`.
    @inlinable package static var unsafe: UInt8 { 2 }

    /// The bits `glyph` sets on the unit its cluster starts in.
    @inlinable
    package static func of(_ glyph: ShapedGlyph) -> UInt8 { glyph.unsafeToBreak ? glyphStarts | unsafe : glyphStarts }

    /// Whether a line may not simply end before a unit with these bits: no glyph starts in it, or
    /// one that does is unsafe to break before.
    @inlinable
    package static func isUnsafeBefore(_ flags: UInt8) -> Bool { flags != glyphStarts }
}
