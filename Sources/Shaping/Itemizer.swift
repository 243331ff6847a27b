/// A maximal stretch of a paragraph that HarfBuzz shapes in one call: one bidi level, one script,
/// one attribute run and one font.
struct TextItem: Hashable, Sendable {
    /// The UTF-8 byte range in the paragraph.
    var range: Range<Int>
    /// The bidi embedding level (odd is right to left).
    var level: UInt8
    /// The resolved script.
    var script: Script
    /// Index of the attribute run.
    var runIndex: Int
    /// The font: the first in the run's stack that covers the item's clusters, else the system font
    /// Fontconfig prefers for them (see ``SystemFallback``), else the primary font, which then draws
    /// `.notdef`.
    var font: Typeface
    /// The styles synthesized because ``font`` lacks the weight or slant of the run's first font.
    var synthesis: SyntheticStyle = .none

    /// Whether the item reads right to left.
    var isRTL: Bool { level & 1 == 1 }
}

/// Splits a paragraph into ``TextItem``s: bidi levels, script runs, attribute runs and per-cluster
/// font fallback.
///
/// Each cluster takes the first font of its run's stack that covers it; when none does, and the run
/// allows it (``TextAttributes/systemFallback``), the system's font for the cluster's characters,
/// language and presentation (``SystemFallback``). A cluster asking for emoji presentation takes a
/// colour font of the stack first, then a colour system font. Spaces and punctuation (script Common)
/// inside Chinese, Japanese or Korean text keep the system font of the cluster before them when it
/// covers them (instead of switching to the stack's Latin font and back).
enum Itemizer {
    /// The items of `text` in logical order, the paragraph level, and what went wrong.
    static func itemize(_ text: AttributedText, direction: ParagraphDirection)
        -> (items: [TextItem], paragraphLevel: UInt8, diagnostics: [ShapingDiagnostic]) {
        withItems(text, direction: direction, one: { ([$0], $1, []) }, many: { ($0, $1, $2) })
    }

    /// ``itemize(_:direction:)`` without an array for a paragraph of one item (most labels): `one` gets
    /// that item and the paragraph level, `many` gets what ``itemize(_:direction:)`` returns otherwise.
    static func withItems<R>(_ text: AttributedText, direction: ParagraphDirection, one: (TextItem, UInt8) -> R,
                             many: ([TextItem], UInt8, [ShapingDiagnostic]) -> R) -> R {
        func split(_ utf8: UnsafeBufferPointer<UInt8>) -> R {
            if let (item, level) = singleItem(text, utf8: utf8, direction: direction) { return one(item, level) }
            let (items, level, diagnostics) = general(text, utf8: utf8, direction: direction)
            return many(items, level, diagnostics)
        }
        if let r = text.string.utf8.withContiguousStorageIfAvailable(split) { return r }
        return Array(text.string.utf8).withUnsafeBufferPointer(split)
    }

    /// The one item of a paragraph of one run whose levels and scripts are all equal, whose primary font
    /// covers every scalar and which asks for no emoji presentation, with its paragraph level; `nil` when
    /// that is not so, or not found cheaply (then ``general(_:utf8:direction:)`` decides).
    ///
    /// One pass over the UTF-8, without the scalar, level and script arrays of the general path, and the
    /// same answers: the levels are those of ``BidiAnalysis``'s two fast paths (every scalar below U+0590
    /// in a paragraph that is not right to left: level 0; or only marks, spaces and strong characters of
    /// one direction: that direction), and resolved scripts are all equal exactly when the scalars'
    /// own non-neutral scripts are (brackets and other neutrals take their neighbours' script), the
    /// item's being that script, or Common when there is none.
    static func singleItem(_ text: AttributedText, utf8: UnsafeBufferPointer<UInt8>, direction: ParagraphDirection)
        -> (TextItem, UInt8)? {
        // The primary font read through the runs' buffer: the array's subscript copied the whole run.
        guard text.runs.count == 1, !utf8.isEmpty,
              let primary = text.runs.withUnsafeBufferPointer({ $0[0].attributes.fonts.first }) else { return nil }
        let n = utf8.count
        if direction != .rtl, let (low, high) = asciiSet(utf8) {
            // ASCII: every level 0 (nothing at or above U+0590), letters Latin and the rest Common, no emoji.
            guard primary.coversAllOrIgnorable(asciiLow: low, high: high) else { return nil }
            let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE  // A–Z and a–z, as bits of the high word
            return (TextItem(range: 0..<n, level: 0, script: high & letters != 0 ? .latin : .common, runIndex: 0, font: primary), 0)
        }
        // One pass: scripts, bidi classes, emoji and coverage, with the font's coverage memo (lock-free).
        // Each distinct scalar is looked up once (script, bidi class, emoji, coverage) and kept in a small
        // direct-mapped cache: text repeats a small alphabet.
        typealias Scan = (script: Script, allBelowHebrew: Bool, uniform: Bool, rtl: Bool?)
        let scan: Scan? = primary.withCoverage { cover in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { cache -> Scan? in
                cache.initialize(repeating: 0)
                var script = Script.common
                var allBelowHebrew = true
                var uniform = true           // every scalar but U+0020 is L, R, AL or NSM so far
                var rtl: Bool? = nil         // the direction of the strong scalars seen, if any
                var i = 0
                while i < n {
                    let v = UTF8Scalar.decode(utf8, at: &i)
                    // An entry: (v | 1 << 21) << 35 | class << 32 | the scalar's own script tag.
                    let key = UInt64(v) | 1 << 21
                    var entry = cache[Int(v & 63)]
                    if entry >> 35 != key {
                        let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
                        if v >= 0x2000, EmojiPresentation.mayAsk(scalar) { return nil }
                        guard cover.coversOrIgnorable(scalar) else { return nil }
                        // ASCII letters are Latin and every other ASCII character Common (as the table says);
                        // ASCII letters are L and every other ASCII character but the space neutral or weak.
                        let asciiLetter = (v | 0x20) &- 0x61 < 26
                        let own = v < 0x80 ? (asciiLetter ? Script.latin : .common) : Script(of: scalar)
                        let strong: BidiAnalysis.UniformClass = v < 0x80 ? (asciiLetter ? .left : .other) : BidiAnalysis.uniformClass(v)
                        let code: UInt64 = switch strong { case .left: 0; case .right: 1; case .mark: 2; case .other: 3 }
                        entry = key << 35 | code << 32 | UInt64(own.tag)
                        cache[Int(v & 63)] = entry
                    }
                    let own = Script(tag: UInt32(truncatingIfNeeded: entry))
                    if !own.isNeutral {
                        if script == .common { script = own } else if own != script { return nil }
                    }
                    if v >= 0x0590 { allBelowHebrew = false }
                    guard uniform, v != 0x20 else { continue }
                    switch (entry >> 32) & 3 {
                    case 0, 1:
                        let r = (entry >> 32) & 3 == 1
                        if let rtl, rtl != r { uniform = false } else { rtl = r }
                    case 2: break
                    default: uniform = false
                    }
                    if !uniform, !allBelowHebrew { return nil }
                }
                return (script, allBelowHebrew, uniform, rtl)
            }
        }
        guard let (script, allBelowHebrew, uniform, rtl) = scan else { return nil }
        let level: UInt8
        if allBelowHebrew, direction != .rtl {
            level = 0
        } else if uniform, let rtl {
            switch direction {
            case .auto: level = rtl ? 1 : 0
            case .ltr: guard !rtl else { return nil }; level = 0
            case .rtl: guard rtl else { return nil }; level = 1
            }
        } else {
            return nil
        }
        return (TextItem(range: 0..<n, level: level, script: script, runIndex: 0, font: primary), level)
    }

    /// The set of bytes of `utf8` as bits (`low`: bytes 0–63, `high`: 64–127), or `nil` when a byte is not ASCII.
    ///
    /// Eight bytes at a time for the ASCII test; then a byte of a 128-byte table set per byte of the text
    /// (a store, no branch), and the table folded into bits eight entries at a time (``byteBits(_:)``):
    /// about 5 instructions a byte where a test, a shift and a choice of word per byte took 10 (callgrind,
    /// latin/2000).
    static func asciiSet(_ utf8: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64)? {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return (0, 0) }
        let n = utf8.count, bytes = UnsafeRawPointer(base)
        var any: UInt64 = 0, i = 0
        while i + 8 <= n { any |= bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self); i += 8 }
        while i < n { any |= UInt64(base[i]); i += 1 }
        guard any & 0x8080_8080_8080_8080 == 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { seen in
            seen.initialize(repeating: 0)
            for k in 0..<n { seen[Int(base[k])] = 1 }  // every byte is below 128 (tested above)
            let table = UnsafeRawPointer(seen.baseAddress!)
            var low: UInt64 = 0, high: UInt64 = 0
            for w in 0..<8 {
                low |= byteBits(UInt64(littleEndian: table.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self))) << UInt64(8 * w)
                high |= byteBits(UInt64(littleEndian: table.loadUnaligned(fromByteOffset: 64 + 8 * w, as: UInt64.self))) << UInt64(8 * w)
            }
            return (low, high)
        }
    }

    /// The eight bytes of `w`, each 0 or 1, as the bits of one byte: byte k's as bit k. The product with
    /// 0x0102040810204080 adds byte k shifted by 7·(7 − k) + 7 into bit 56 + k, with no carry between them.
    @inline(__always) static func byteBits(_ w: UInt64) -> UInt64 { (w &* 0x0102_0408_1020_4080) >> 56 }

    /// The scalars of `string`, the UTF-8 offset of each (then the total length), and the end (a scalar
    /// index) of each extended grapheme cluster: the standard library's `Character`s, in order.
    static func clusters(of string: String) -> (scalars: [Unicode.Scalar], offsets: [Int], ends: [Int]) {
        var scalars: [Unicode.Scalar] = [], offsets: [Int] = [], ends: [Int] = []
        scalars.reserveCapacity(string.utf8.count)
        offsets.reserveCapacity(string.utf8.count + 1)
        var byte = 0
        for character in string {
            for scalar in character.unicodeScalars {
                scalars.append(scalar)
                offsets.append(byte)
                byte += UTF8.width(scalar)
            }
            ends.append(scalars.count)
        }
        offsets.append(byte)
        return (scalars, offsets, ends)
    }

    /// The general path of ``withItems(_:direction:one:many:)``: grapheme clusters, bidi levels, resolved
    /// scripts and font fallback per cluster.
    static func general(_ text: AttributedText, utf8: UnsafeBufferPointer<UInt8>, direction: ParagraphDirection)
        -> (items: [TextItem], paragraphLevel: UInt8, diagnostics: [ShapingDiagnostic]) {
        let (scalars, scalarOffsets, clusterEnds) = clusters(of: text.string)
        let offset = utf8.count

        let bidi = BidiAnalysis(scalars: scalars, direction: direction)
        let scripts = ScriptResolver.resolve(scalars)
        var diagnostics: [ShapingDiagnostic] = []
        var items: [TextItem] = []
        guard !text.runs.isEmpty else { return ([], bidi.paragraphLevel, diagnostics) }
        if text.runs.count == 1, !scalars.isEmpty, let primary = text.runs[0].attributes.fonts.first {
            // One run: units are whole clusters, each takes the level and script of its first scalar and
            // the first font covering it. When the primary font covers every scalar and all levels and
            // scripts are equal, every unit joins one item, whatever the cluster boundaries.
            let level = bidi.levels[0], script = scripts[0]
            if bidi.levels.allSatisfy({ $0 == level }) && scripts.allSatisfy({ $0 == script })
                && primary.coversAllOrIgnorable(scalars) && !scalars.contains(where: EmojiPresentation.mayAsk) {
                return ([TextItem(range: 0..<offset, level: level, script: script, runIndex: 0, font: primary)],
                        bidi.paragraphLevel, diagnostics)
            }
        }
        var reportedEmptyStacks = Set<Int>()
        let coverage = CoverageCache()
        // For guessing a language for Han clusters of runs without one.
        var hasKana: Bool?, hasHangul = false
        func paragraphHasKana() -> Bool {
            if let hasKana { return hasKana }
            let kana = scalars.contains { (0x3040...0x30FF).contains($0.value) || (0x31F0...0x31FF).contains($0.value) || (0xFF66...0xFF9F).contains($0.value) }
            hasHangul = scalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) || (0x3130...0x318F).contains($0.value) }
            hasKana = kana
            return kana
        }

        /// The fallback query for a cluster of script `script` in a run with `attributes`.
        func query(_ attributes: TextAttributes, _ primary: Typeface, _ script: Script,
                   _ presentation: EmojiPresentation) -> FallbackQuery {
            let style = primary.style
            let cjk = script.isCJK
            let language = SystemFallback.language(tag: attributes.language, script: script,
                                                   paragraphHasKana: cjk && paragraphHasKana(), paragraphHasHangul: cjk && hasHangul)
            return FallbackQuery(language: language, bold: style.bold, italic: style.italic, presentation: presentation)
        }

        var runIndex = 0
        var scalarIndex = 0
        var clusterStart = 0
        /// Run index containing byte `b` (runs cover the text in order; the last run takes any overhang).
        func run(at b: Int) -> Int {
            while runIndex + 1 < text.runs.count, b >= text.runs[runIndex].range.upperBound { runIndex += 1 }
            return runIndex
        }
        // The item being grown (appended when a unit cannot join it).
        var fontsRun = -1
        var primaryStyle: (bold: Bool, italic: Bool) = (false, false)
        var fonts: [Typeface] = []
        var open = false, openStart = 0, openEnd = 0, openLevel: UInt8 = 0, openScript = Script.common
        var openRun = 0
        var openFont: Typeface? = nil
        func flush() {
            if open, let openFont {
                let attributes = text.runs[openRun].attributes
                let synthesis = FontSynthesizer.synthesis(for: openFont, primary: attributes.fonts.first, allowed: attributes.fontSynthesis)
                items.append(TextItem(range: openStart..<openEnd, level: openLevel, script: openScript, runIndex: openRun,
                                      font: openFont, synthesis: synthesis))
                // One report per style synthesized: a weight and a slant are reported apart.
                if let primary = attributes.fonts.first {
                    for style in [SyntheticStyle(bold: true), SyntheticStyle(oblique: true)]
                    where (style.bold && synthesis.bold) || (style.oblique && synthesis.oblique) {
                        let record = SynthesizedStyle(range: openStart..<openEnd, run: openRun, font: openFont.name, fontStyle: openFont.styleName,
                                                      wanted: primary.name, wantedStyle: primary.styleName, style: style)
                        diagnostics.append(ShapingDiagnostic(cluster: openStart, message: record.description, synthesized: record))
                    }
                }
            }
        }
        for clusterLastScalar in clusterEnds {
            let clusterEnd = scalarOffsets[clusterLastScalar]
            // A cluster split by an attribute run boundary becomes several units.
            var unitStart = clusterStart
            while unitStart < clusterEnd {
                let r = run(at: unitStart)
                let runEnd = r == text.runs.count - 1 ? clusterEnd : text.runs[r].range.upperBound
                var unitEnd = min(clusterEnd, max(runEnd, unitStart + 1))
                let firstScalar = scalarIndex
                while scalarIndex < scalars.count, scalarOffsets[scalarIndex] < unitEnd { scalarIndex += 1 }
                // A run boundary inside a scalar (malformed runs) moves to the scalar's end.
                unitEnd = scalarIndex < scalars.count ? scalarOffsets[scalarIndex] : offset
                let unitScalars = scalars[firstScalar..<scalarIndex]
                if r != fontsRun {
                    fontsRun = r
                    fonts = text.runs[r].attributes.fonts
                    coverage.use(fonts)
                    primaryStyle = fonts.first.map(\.style) ?? (false, false)
                }
                guard !fonts.isEmpty else {
                    if reportedEmptyStacks.insert(r).inserted {
                        diagnostics.append(ShapingDiagnostic(cluster: unitStart, message: "run \(r) has no fonts; its text is not shaped"))
                    }
                    unitStart = unitEnd
                    continue
                }
                let level = bidi.levels[firstScalar], script = scripts[firstScalar]
                let attributes = text.runs[r].attributes
                let presentation = EmojiPresentation.of(unitScalars)
                var font: Typeface? = nil
                if open, openRun == r, let previous = openFont, script.isCJK, !fonts.contains(where: { $0 === previous }),
                   unitScalars.allSatisfy({ Script(of: $0).isNeutral }),
                   unitScalars.allSatisfy({ FontFallback.isIgnorable($0) || previous.covers($0) }) {
                    font = previous  // a space or punctuation inside CJK text keeps its font
                } else if presentation == .emoji {
                    font = fonts.first { $0.hasColorGlyphs && FontFallback.choose(unitScalars, fonts: [$0]) != nil }
                }
                if font == nil, presentation == .emoji, attributes.systemFallback {
                    let q = query(attributes, fonts[0], script, presentation)
                    if let f = SystemFallback.font(for: unitScalars, query: q), f.hasColorGlyphs { font = f }
                }
                if font == nil, let i = coverage.choose(unitScalars) {
                    font = fonts[i]
                    // A fallback of another weight or slant than the run's first font: the same family in
                    // the right style, when the system has it (see WeightMatch).
                    if i > 0, primaryStyle.bold || primaryStyle.italic, attributes.systemFallback,
                       let better = WeightMatch.face(like: fonts[i], want: primaryStyle, covering: unitScalars) {
                        font = better
                    }
                }
                if font == nil, attributes.systemFallback {
                    font = SystemFallback.font(for: unitScalars, query: query(attributes, fonts[0], script, presentation))
                }
                if font == nil {
                    let missing = unitScalars.filter { s in !FontFallback.isIgnorable(s) && !fonts.contains { $0.covers(s) } }
                    let coverage = MissingCoverage(cluster: unitStart, characters: Array(missing), stack: fonts.map(\.name),
                                                   searchedSystem: attributes.systemFallback)
                    diagnostics.append(ShapingDiagnostic(cluster: unitStart, message: coverage.description,
                                                         missingCoverage: coverage))
                    font = fonts[0]
                }
                if open, openEnd == unitStart, openLevel == level, openScript == script, openRun == r, openFont === font {
                    openEnd = unitEnd
                } else {
                    flush()
                    open = true
                    openStart = unitStart; openEnd = unitEnd; openLevel = level; openScript = script
                    openRun = r; openFont = font
                }
                unitStart = unitEnd
            }
            clusterStart = clusterEnd
        }
        flush()
        return (items, bidi.paragraphLevel, diagnostics)
    }

    /// Indices of `items` in visual order, left to right (UAX #9 rule L2: from the highest level down to
    /// the lowest odd level, reverse every maximal sequence of items at that level or higher).
    static func visualOrder(_ items: [TextItem]) -> [Int] {
        var order = Array(items.indices)
        guard items.count > 1 else { return order }  // reversing one item changes nothing
        guard let highest = items.map(\.level).max(), let lowest = items.map(\.level).min() else { return order }
        let lowestOdd = lowest | 1
        guard highest >= lowestOdd else { return order }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard items[order[i]].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, items[order[j]].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}

extension String {
    /// The string with leading zeros added up to `width` characters.
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
