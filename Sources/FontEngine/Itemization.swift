internal import CFontFitHarfBuzz
internal import CFontFitICU

/// A stretch of text with one bidi level, one script and one font: what HarfBuzz shapes as a run.
struct TextItem: Sendable, Hashable {
    /// UTF-8 offsets into the text.
    var range: Range<Int>
    var level: UInt8
    /// The resolved script; `HB_SCRIPT_COMMON` when the item has only common characters.
    var script: UInt32
    var font: Int
}

/// A text's items in logical order. The common text (ASCII in one font, no hard break) has one,
/// kept without an array: a label's fit allocates nothing for it.
struct TextItems: RandomAccessCollection {
    private let single: TextItem?
    private let array: [TextItem]

    init(_ items: [TextItem]) {
        single = nil
        array = items
    }

    init(one item: TextItem) {
        single = item
        array = []
    }

    var startIndex: Int { 0 }
    var endIndex: Int { single == nil ? array.count : 1 }
    subscript(index: Int) -> TextItem { single ?? array[index] }
}

/// Splits a text into the items every text engine finds before shaping (as Pango, Blink and
/// libraqm do): bidi levels by UAX #9 (ICU's `ubidi`), scripts by UAX #24 with common and inherited
/// characters taking their neighbours' script unless their Script_Extensions exclude it (as Blink
/// splits runs), and fonts from the stack per grapheme cluster.
/// Hard line breaks belong to no item: each paragraph between them is shaped on its own.
enum Itemizer {
    struct Result {
        var items: TextItems
        /// The first paragraph's direction (0 left to right, 1 right to left).
        var baseLevel: UInt8
        /// What the ASCII fast path read of the text, when it read it (nil otherwise).
        var scan: ASCIIScan? = nil
    }

    /// `known`, when given, is what ``ASCIIScan`` reads of `text`: it is not read again.
    static func itemize(_ text: String, fonts: FontStack, options: ShapingOptions, scan known: ASCIIScan? = nil) -> Result {
        var scan = known
        if let fast = asciiItems(text, fonts: fonts, options: options, scan: &scan) { return fast }
        if var oneScript = oneScriptItems(text, fonts: fonts, options: options, scan: scan) {
            oneScript.scan = scan
            return oneScript
        }
        var general = generalItems(text, fonts: fonts, options: options)
        general.scan = scan
        return general
    }

    /// Bidi levels, scripts and fonts found for every scalar, then merged into items. Every text
    /// can take this path: it is the reference the fast paths (`asciiItems` and
    /// ``oneScriptItems(_:fonts:options:)``) are held to, by random texts in the tests.
    static func generalItems(_ text: String, fonts: FontStack, options: ShapingOptions) -> Result {
        let scalars = Self.scalars(of: text)
        let (levels, baseLevel) = bidiLevels(scalars, options: options)
        let scripts = resolvedScripts(scalars, options: options)
        let fontOfScalar = fontIndices(text, scalarCount: scalars.count, fonts: fonts)
        var items: [TextItem] = []
        var current: TextItem?
        var end = 0
        // Read through buffers: this loop runs once per scalar of every text beyond ASCII.
        scalars.withUnsafeBufferPointer { scalars in
            levels.withUnsafeBufferPointer { levels in
                scripts.withUnsafeBufferPointer { scripts in
                    fontOfScalar.withUnsafeBufferPointer { fontOfScalar in
                        for index in 0..<scalars.count {
                            let start = end
                            end += UTF8.width(scalars[index])
                            if scalars[index].isNewlineCharacter {
                                if let item = current { items.append(item) }
                                current = nil
                                continue
                            }
                            let (level, script, font) = (levels[index], scripts[index], fontOfScalar[index])
                            if let item = current, item.level == level, item.script == script, item.font == font {
                                current!.range = item.range.lowerBound..<end
                            } else {
                                if let item = current { items.append(item) }
                                current = TextItem(range: start..<end, level: level, script: script, font: font)
                            }
                        }
                    }
                }
            }
        }
        if let item = current { items.append(item) }
        return Result(items: TextItems(items), baseLevel: baseLevel)
    }

    /// Text beyond ASCII with nothing for bidi to do (no right-to-left or directional formatting
    /// character, no right-to-left direction asked for), in one font, with at most one script of
    /// its own: the common translation (French, German, Russian). Every character then takes that
    /// script, so each paragraph is one item, found in one pass over the bytes, where the general
    /// path fills tables of levels, scripts and fonts character by character
    /// (bench: frenchParagraphFitPerShape).
    /// Nil when the text needs the general path, ``generalItems(_:fonts:options:)``, whose items it
    /// must give: the tests hold the two to the same items, in single fonts and fallback stacks.
    ///
    /// `scan`, what ``ASCIIScan`` reads of `text` (read here when nil), answers for its ASCII
    /// bytes: a Latin letter among them makes Latin the text's script, and without a hard break
    /// they are skipped eight at a time, so that only the characters beyond ASCII are decoded.
    static func oneScriptItems(_ text: String, fonts: FontStack, options: ShapingOptions, scan known: ASCIIScan? = nil) -> Result? {
        guard options.direction != .rightToLeft, fonts.count == 1 else { return nil }
        let functions = hb_unicode_funcs_get_default()
        return text.withUTF8Bytes { bytes -> Result? in
            let scan = known ?? ASCIIScan(bytes)
            var paragraphs: [Range<Int>] = []
            // Which script comes first does not matter: a second one sends the text to the
            // general path wherever it is.
            var ownScript: UInt32? = scan.hasLetter ? HB_SCRIPT_LATIN.rawValue : nil
            // The characters of several scripts met, rare: each must allow the text's script.
            var choices: [ScriptChoice] = []
            var start = 0, offset = 0
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte < 0x80 {
                    if scan.hasHardBreak && (0x0A...0x0D).contains(byte) {
                        if start < offset { paragraphs.append(start..<offset) }
                        start = offset + 1
                        offset += 1
                        continue
                    }
                    offset += 1
                    // ASCII other than a hard break is common or Latin, read from the scan.
                    if !scan.hasHardBreak, let base = UnsafeRawPointer(bytes.baseAddress) {
                        while offset + 8 <= bytes.count,
                            base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & highBits == 0
                        {
                            offset += 8
                        }
                    }
                    continue
                }
                let (scalar, width) = String.decodeScalar(bytes, at: offset)
                if scalar.isNewlineCharacter {
                    if start < offset { paragraphs.append(start..<offset) }
                    start = offset + width
                } else {
                    if mayNeedBidi(scalar) { return nil }
                    let script = Self.script(of: scalar, functions: functions)
                    if isOwnScript(script) {
                        if script != ownScript {
                            guard ownScript == nil else { return nil }
                            ownScript = script
                        }
                    } else if mayHaveScriptExtensions(scalar.value) {
                        // A character of several scripts (or a wide opening bracket) stays in the
                        // text's one run only when the text's script is among them: settled
                        // below, once that script is known.
                        if let choice = extensions(of: scalar) { choices.append(choice) }
                        if options.script == nil, case .opening = bracket(scalar, functions: functions) { return nil }
                    }
                }
                offset += width
            }
            if !choices.isEmpty && options.script == nil {
                guard let ownScript, choices.allSatisfy({ ScriptChoice.one(ownScript).merged(with: $0) != nil })
                else { return nil }
            }
            if start < bytes.count { paragraphs.append(start..<bytes.count) }
            let script = options.script.map(hbScript) ?? ownScript ?? commonScript
            let items = paragraphs.map { TextItem(range: $0, level: 0, script: script, font: 0) }
            return Result(items: items.count == 1 ? TextItems(one: items[0]) : TextItems(items), baseLevel: 0)
        }
    }

    /// The text's scalars, decoded from its UTF-8 in place.
    private static func scalars(of text: String) -> [Unicode.Scalar] {
        text.withUTF8Bytes { bytes in
            var scalars = [Unicode.Scalar](filledWith: "\0", count: bytes.count)
            let count = scalars.withUnsafeMutableBufferPointer { scalars in
                var count = 0, offset = 0
                while offset < bytes.count {
                    let (scalar, width) = String.decodeScalar(bytes, at: offset)
                    scalars[count] = scalar
                    count += 1
                    offset += width
                }
                return count
            }
            scalars.removeLast(bytes.count - count)
            return scalars
        }
    }

    /// All-ASCII text (the common case) has no right-to-left character and one script, so it needs
    /// neither ICU nor a script table: one item per paragraph (and per font, with fallback).
    /// `scanned` is read when known, and set to what the path read.
    private static func asciiItems(
        _ text: String, fonts: FontStack, options: ShapingOptions, scan scanned: inout ASCIIScan?
    ) -> Result? {
        guard options.direction != .rightToLeft else { return nil }
        let result: Result?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            let scan = scanned ?? ASCIIScan(bytes)
            scanned = scan
            guard scan.isASCII else { return nil }
            let hasLetter = scan.hasLetter, hasBreak = scan.hasHardBreak
            let script = options.script.map(hbScript) ?? (hasLetter ? HB_SCRIPT_LATIN.rawValue : HB_SCRIPT_COMMON.rawValue)
            if !hasBreak && fonts.count == 1 {
                let items =
                    bytes.isEmpty
                    ? TextItems([]) : TextItems(one: TextItem(range: 0..<bytes.count, level: 0, script: script, font: 0))
                return Result(items: items, baseLevel: 0, scan: scan)
            }
            var items: [TextItem] = []
            var chooser = fonts.count > 1 ? FontChooser(fonts, scalarCount: 128) : nil
            var start = 0, font = 0
            func close(at end: Int) {
                if start < end { items.append(TextItem(range: start..<end, level: 0, script: script, font: font)) }
            }
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                if (0x0A...0x0D).contains(byte) {
                    close(at: offset)
                    start = offset + 1
                    continue
                }
                guard chooser != nil else { continue }
                let next = chooser!.fontIndex(for: CollectionOfOne(Unicode.Scalar(byte)), previous: font) ?? 0
                if next != font {
                    close(at: offset)
                    start = offset
                    font = next
                }
            }
            close(at: bytes.count)
            return Result(items: TextItems(items), baseLevel: 0, scan: scan)
        }
        return result ?? nil
    }

    /// Each scalar's embedding level. ICU runs only when the text can have a level other than the
    /// base one: a right-to-left character, an explicit control, or a right-to-left paragraph.
    private static func bidiLevels(_ scalars: [Unicode.Scalar], options: ShapingOptions) -> (levels: [UInt8], base: UInt8) {
        let requested: Int32
        switch options.direction {
        case .leftToRight?: requested = 0
        case .rightToLeft?: requested = 1
        case .topToBottom?, .bottomToTop?: return ([UInt8](filledWith: 0, count: scalars.count), 0)
        case nil: requested = -1
        }
        guard requested == 1 || scalars.contains(where: mayNeedBidi) else {
            return ([UInt8](filledWith: 0, count: scalars.count), 0)
        }
        let utf16 = utf16Units(of: scalars)
        var unitLevels = [UInt8](filledWith: 0, count: utf16.count)
        var error: Int32 = 0
        let base = cfontfit_bidi_levels(utf16, Int32(utf16.count), requested, &unitLevels, &error)
        guard base >= 0 else {
            // ICU without bidi data: keep the requested (or left-to-right) direction for everything.
            let level = UInt8(max(requested, 0))
            return ([UInt8](filledWith: level, count: scalars.count), level)
        }
        var levels: [UInt8] = []
        levels.reserveCapacity(scalars.count)
        var unit = 0
        for scalar in scalars {
            levels.append(unitLevels[unit])
            unit += UTF16.width(scalar)
        }
        return (levels, UInt8(base))
    }

    /// The scalars in UTF-16, for ICU. Written through a buffer, not `Array(text.utf16)`, whose
    /// generic copy costs as much as ICU's bidi run itself (bench: scaling.mixedScript).
    private static func utf16Units(of scalars: [Unicode.Scalar]) -> [UInt16] {
        let count = scalars.reduce(0) { $0 + UTF16.width($1) }
        var units = [UInt16](filledWith: 0, count: count)
        units.withUnsafeMutableBufferPointer { units in
            var index = 0
            for scalar in scalars {
                if scalar.value < 0x10000 {
                    units[index] = UInt16(truncatingIfNeeded: scalar.value)
                    index += 1
                } else {
                    units[index] = UTF16.leadSurrogate(scalar)
                    units[index + 1] = UTF16.trailSurrogate(scalar)
                    index += 2
                }
            }
        }
        return units
    }

    /// Right-to-left scripts' blocks, and the explicit directional controls.
    private static func mayNeedBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x0590: false
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Script runs as Blink makes them (UAX #24 with Script_Extensions): common and inherited
    /// characters join the run they follow (the run after them, at the start), and a closing
    /// bracket takes the script of its opening bracket's run; a common character with extensions
    /// (「, 、 and ー, the Arabic comma, the Devanagari danda, the narrow no-break space…), and an
    /// East Asian wide opening bracket, which Blink gives 「's extensions, stays in the run only
    /// when the run may be written in one of its scripts, and starts a run of its own otherwise.
    /// A run takes the script all its characters share (of several, the first character's
    /// preferred one that remains); one of common characters only is common.
    private static func resolvedScripts(_ scalars: [Unicode.Scalar], options: ShapingOptions) -> [UInt32] {
        if let script = options.script { return [UInt32](filledWith: hbScript(script), count: scalars.count) }
        let functions = hb_unicode_funcs_get_default()
        var scripts = [UInt32](filledWith: commonScript, count: scalars.count)
        var run = ScriptChoice.common
        var runStart = 0
        // Open brackets waiting for their pair: the closing character, and the script of the run
        // the opening one is in, known when that run ends; the last `unresolved` are in this run.
        var open: [(closing: UInt32, script: UInt32?)] = []
        var unresolved = 0
        let maxOpen = 64
        // Written through a buffer: this loop runs once per scalar of every text beyond ASCII.
        scripts.withUnsafeMutableBufferPointer { scripts in
            // Ends the run before `end`; an opening bracket at `end` that starts the next run is
            // left to it.
            func endRun(at end: Int, keepingLast: Bool) {
                let script = run.preferred
                for index in runStart..<end { scripts[index] = script }
                let kept = keepingLast ? 1 : 0
                for index in stride(from: open.count - 1 - kept, through: max(0, open.count - unresolved), by: -1) {
                    open[index].script = script
                }
                unresolved = kept
                runStart = end
            }
            for (index, scalar) in scalars.enumerated() {
                let script = Self.script(of: scalar, functions: functions)
                // A letter of the run's one script, most characters of running text, changes nothing.
                if case .one(let current) = run, current == script, isOwnScript(script) { continue }
                var next = isOwnScript(script) ? ScriptChoice.one(script) : Self.extensions(of: scalar) ?? .common
                var opens = false
                if !isOwnScript(script) {
                    switch Self.bracket(scalar, functions: functions) {
                    case .opening(let closing):
                        if open.count == maxOpen {
                            open.removeFirst()
                            unresolved = min(unresolved, open.count)
                        }
                        open.append((closing, nil))
                        unresolved += 1
                        opens = true
                        if case .common = next, mayHaveScriptExtensions(scalar.value),
                            cfontfit_is_east_asian_wide(scalar.value) != 0
                        {
                            next = Self.extensions(of: "\u{300C}") ?? .common
                        }
                    case .closing:
                        if let pair = open.lastIndex(where: { $0.closing == scalar.value }) {
                            if let opened = open[pair].script { next = .one(run.hanScript(matching: opened) ?? opened) }
                            unresolved = max(0, unresolved - (open.count - pair))
                            open.removeSubrange(pair...)
                        }
                    case nil:
                        break
                    }
                }
                if let merged = run.merged(with: next) {
                    run = merged
                } else {
                    endRun(at: index, keepingLast: opens)
                    run = next
                }
            }
            endRun(at: scalars.count, keepingLast: false)
        }
        return scripts
    }

    /// The scripts a run may be written in: any (common characters only so far), one, or several
    /// (a character's Script_Extensions), the preferred first.
    enum ScriptChoice: Equatable {
        case common
        case one(UInt32)
        case several([UInt32])

        /// The script the run takes.
        var preferred: UInt32 {
            switch self {
            case .common: commonScript
            case .one(let script): script
            case .several(let scripts): scripts[0]
            }
        }

        private func contains(_ script: UInt32) -> Bool {
            switch self {
            case .common: true
            case .one(let own): own == script
            case .several(let scripts): scripts.contains(script)
            }
        }

        /// The scripts the run may still be written in with a character of `next` added, or nil
        /// when it may not (the character starts a run). The run's preferred script stays when
        /// `next` has it, else `next`'s own when the run has that.
        func merged(with next: ScriptChoice) -> ScriptChoice? {
            switch (self, next) {
            case (_, .common): return self
            case (.common, _): return next
            case (.one(let script), _): return next.contains(script) ? self : nil
            case (.several(let scripts), .one(let script)): return scripts.contains(script) ? next : nil
            case (.several(let scripts), .several(let others)):
                var kept: [UInt32] = []
                if others.contains(scripts[0]) {
                    kept.append(scripts[0])
                } else if scripts.contains(others[0]) {
                    kept.append(others[0])
                }
                for script in scripts.dropFirst() where others.contains(script) && !kept.contains(script) {
                    kept.append(script)
                }
                return kept.isEmpty ? nil : kept.count == 1 ? .one(kept[0]) : .several(kept)
            }
        }

        /// For a closing bracket whose opening one is in a run of a Han script (Han, Hiragana,
        /// Katakana, Bopomofo): the Han script this run may be written in, so that CJK
        /// punctuation in a row stays one run, as Blink keeps it.
        func hanScript(matching opened: UInt32) -> UInt32? {
            let han = [HB_SCRIPT_HAN.rawValue, HB_SCRIPT_HIRAGANA.rawValue, HB_SCRIPT_KATAKANA.rawValue, HB_SCRIPT_BOPOMOFO.rawValue]
            guard han.contains(opened) else { return nil }
            switch self {
            case .common: return nil
            case .one(let script): return han.contains(script) ? script : nil
            case .several(let scripts): return scripts.first(where: han.contains)
            }
        }
    }

    /// The Script_Extensions of a common or inherited `scalar` when they name more than one
    /// script, the one Blink prefers first; nil for every other character. Asked of ICU only in
    /// the blocks where such characters are (``mayHaveScriptExtensions(_:)``).
    static func extensions(of scalar: Unicode.Scalar) -> ScriptChoice? {
        guard mayHaveScriptExtensions(scalar.value) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { tags in
            let count = Int(cfontfit_script_extensions(scalar.value, tags.baseAddress, 32))
            return count > 1 ? .several(Array(tags.prefix(count))) : nil
        }
    }

    /// Whether `value` lies in a block with common or inherited characters that have several
    /// scripts in Script_Extensions, or East Asian wide opening brackets: CJK symbols, punctuation
    /// and compatibility forms, kana marks, the Arabic comma and harakat, Devanagari dandas and
    /// Vedic marks, the narrow no-break space, and a few more. The tests hold it to ICU's data
    /// for every code point.
    @inline(__always)
    static func mayHaveScriptExtensions(_ value: UInt32) -> Bool {
        switch value {
        case ..<0x0342: false
        case 0x0342...0x036F, 0x0485...0x0486, 0x060C...0x0670, 0x0951...0x0965: true
        case 0x10FB, 0x1735...0x1736, 0x1802...0x1805, 0x1CD0...0x1DFA: true
        case 0x202F, 0x20F0, 0x2329, 0x2E43, 0x3001...0x33FF: true
        case 0xA700...0xA9CF, 0xFD3E...0xFD3F, 0xFE17, 0xFE35...0xFF9F: true
        case 0x10100...0x102FB, 0x1133B, 0x1BCA0...0x1BCA3, 0x1D360...0x1D371, 0x1F250...0x1F251: true
        default: false
        }
    }

    /// HarfBuzz's script of `scalar` (an `hb_script_t`), answered without its tables for ASCII, for
    /// the Latin letters of U+00C0–U+024F (all but × and ÷) and for the Cyrillic blocks U+0400–U+052F
    /// (all but two inherited combining marks): a call per scalar would cost text beyond ASCII as
    /// much as the rest of its itemization (bench: frenchParagraphFitPerShape). The tests hold
    /// every shortcut answer to HarfBuzz's.
    @inline(__always)
    static func script(of scalar: Unicode.Scalar, functions: OpaquePointer?) -> UInt32 {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F: HB_SCRIPT_LATIN.rawValue
        case 0x400...0x484, 0x487...0x52F: HB_SCRIPT_CYRILLIC.rawValue
        case ..<0x80: commonScript
        default: hb_unicode_script(functions, scalar.value).rawValue
        }
    }

    enum Bracket: Equatable {
        case opening(closing: UInt32)
        case closing
    }

    /// Whether `scalar` opens a bracket pair (and which scalar closes it) or closes one, by its
    /// general category (Ps, Pe) and mirrored form; ASCII answered without HarfBuzz's tables.
    @inline(__always)
    static func bracket(_ scalar: Unicode.Scalar, functions: OpaquePointer?) -> Bracket? {
        switch scalar.value {
        case 0x28, 0x5B, 0x7B: return .opening(closing: scalar.value == 0x28 ? 0x29 : scalar.value + 2)
        case 0x29, 0x5D, 0x7D: return .closing
        case ..<0x80: return nil
        default:
            switch hb_unicode_general_category(functions, scalar.value) {
            case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION: return .opening(closing: hb_unicode_mirroring(functions, scalar.value))
            case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION: return .closing
            default: return nil
            }
        }
    }

    /// The font of each scalar: the stack's choice for the grapheme cluster it belongs to.
    private static func fontIndices(_ text: String, scalarCount: Int, fonts: FontStack) -> [Int] {
        guard fonts.count > 1 else { return [Int](filledWith: 0, count: scalarCount) }
        var result: [Int] = []
        result.reserveCapacity(scalarCount)
        var chooser = FontChooser(fonts, scalarCount: scalarCount)
        var previous = 0
        let utf8 = text.utf8
        text.forEachGrapheme { bytes, first, scalarCount in
            let font =
                scalarCount == 1
                ? chooser.fontIndex(for: CollectionOfOne(first), previous: previous)
                : chooser.fontIndex(
                    for: text.unicodeScalars[
                        utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: bytes.upperBound)],
                    previous: previous)
            previous = font ?? 0
            for _ in 0..<scalarCount { result.append(previous) }
        }
        return result
    }

    /// HarfBuzz's Zyyy: a run of common characters only.
    static let commonScript = HB_SCRIPT_COMMON.rawValue

    /// Whether a character of `script` (an `hb_script_t`) has a script of its own: not common,
    /// inherited or unknown, the characters that take their neighbours' script.
    static func isOwnScript(_ script: UInt32) -> Bool {
        script != commonScript && script != HB_SCRIPT_INHERITED.rawValue && script != HB_SCRIPT_UNKNOWN.rawValue
    }

    static func hbScript(_ tag: String) -> UInt32 {
        tag.withCString { hb_script_from_string($0, Int32(tag.utf8.count)).rawValue }
    }
}
