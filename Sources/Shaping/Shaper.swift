import Support

/// Shapes attributed text into a ``ShapedLine``.
///
/// The paragraph is split into items (see below), each item is shaped by HarfBuzz with the whole
/// paragraph as context, and the items are put in visual order.
///
/// - Bidi: embedding levels from FriBidi (UAX #9), with the paragraph direction given or found from
///   the first strong character.
/// - Script: the Unicode Script property, with Common and Inherited characters taking their
///   neighbours' script and paired brackets kept together.
/// - Attribute runs: each run keeps its fonts, size, language and features.
/// - Typeface fallback per grapheme cluster: the first font of the run's stack that covers every scalar of
///   the cluster (default-ignorables such as ZWJ or variation selectors need no coverage), then the
///   system's fonts through Fontconfig unless ``TextAttributes/systemFallback`` is off (see
///   ``Itemizer`` and ``SystemFallback``). When no font does, the primary font draws `.notdef`
///   (glyph 0) and a ``ShapingDiagnostic`` says so.
///
/// Each item is shaped with its direction, script and language set explicitly and its run's features
/// limited to their ranges. Positions are unhinted: shaped at the font's units per em and scaled to
/// pixels in floating point, so they are linear in size. Shaping never fails: problems (uncovered
/// characters, runs without fonts) become diagnostics.
public enum Shaper {
    /// Shapes `text` as one paragraph on one line.
    /// - Parameter direction: the paragraph's base direction; `.auto` takes it from the first strong
    ///   character.
    ///
    /// Neighbouring runs that differ only in paint, word spacing or baseline shift are shaped as one
    /// (``AttributedText/mergedForShaping``): kerning, ligatures and joining cross a change of colour, and
    /// each glyph keeps the run of its cluster's first character.
    public static func shape(_ text: AttributedText, direction: ParagraphDirection = .auto) -> ShapedLine {
        var line = ShapedLine.empty
        shape(text, direction: direction, into: &line)
        return line
    }

    /// ``shape(_:direction:)`` into a line kept between calls: the line's arrays are emptied and filled
    /// again, so shaping label after label into one line allocates nothing once they are large enough (as
    /// a HarfBuzz caller reuses its `hb_buffer_t`). The result is the line ``shape(_:direction:)`` returns.
    /// A copy of the line that the caller still holds is left as it was (arrays are copied on write).
    public static func shape(_ text: AttributedText, direction: ParagraphDirection = .auto, into line: inout ShapedLine) {
        if let merged = text.mergedForShaping {
            line = shape(merged, direction: direction).painted(as: text)
            return
        }
        Itemizer.withItems(text, direction: direction) { item, level in
            fill(&line, text, items: CollectionOfOne(item), paragraphLevel: level, diagnostics: [])
        } many: { items, level, diagnostics in
            fill(&line, text, items: items, paragraphLevel: level, diagnostics: diagnostics)
        }
    }

    /// Fills `line` with `text` shaped as `items` in a horizontal line.
    private static func fill(_ line: inout ShapedLine, _ text: AttributedText, items: some RandomAccessCollection<TextItem>,
                             paragraphLevel: UInt8, diagnostics: [ShapingDiagnostic]) {
        line.text = text.string
        shapeItems(text, items, into: &line.glyphs, fonts: &line.fonts) { _ in false }
        line.runs.removeAll(keepingCapacity: true)
        text.runs.withUnsafeBufferPointer { runs in
            if line.runs.capacity < runs.count { line.runs.reserveCapacity(runs.count) }
            for r in runs { line.runs.append(r.attributes) }
        }
        line.metrics = lineMetrics(text, items: items)
        line.diagnostics = diagnostics
        line.isRightToLeft = paragraphLevel & 1 == 1
        line.noteColorGlyphFallbacks()
    }

    /// Shapes `items` of `text` in visual order into one glyph array: the loop both ``shape(_:direction:)``
    /// and ``shapeVertical(_:orientation:)`` run. An item for which `upright` is true is shaped top to bottom
    /// (`HB_DIRECTION_TTB`: `vert`/`vrt2` forms, vertical advances) and its glyphs marked vertical; the others
    /// are shaped in their own direction. Returns the glyphs and the line's font table, which their
    /// ``ShapedGlyph/fontIndex`` values index.
    static func shapeItems(_ text: AttributedText, _ items: [TextItem], upright: (TextItem) -> Bool)
        -> (glyphs: [ShapedGlyph], fonts: [Typeface]) {
        var glyphs: [ShapedGlyph] = [], fonts: [Typeface] = []
        shapeItems(text, items, into: &glyphs, fonts: &fonts, upright: upright)
        return (glyphs, fonts)
    }

    /// ``shapeItems(_:_:upright:)`` into arrays kept between calls: they are emptied first, their
    /// storage kept.
    static func shapeItems(_ text: AttributedText, _ items: some RandomAccessCollection<TextItem>,
                           into glyphs: inout [ShapedGlyph], fonts: inout [Typeface], upright: (TextItem) -> Bool) {
        // No per-run feature tables (an allocation per label) when no run sets features.
        let features = text.runs.contains { !$0.attributes.features.isEmpty } ? resolveFeatures(text) : nil
        // One item needs no reordering.
        let order = items.count > 1 ? Itemizer.visualOrder(Array(items)) : nil
        // Appended to in a local (an `inout` array's appends each checked that it is unique).
        var out = glyphs.take()
        out.emptied(reserving: 0)
        fonts.removeAll(keepingCapacity: true)
        var string = text.string
        string.makeContiguousUTF8()
        string.utf8.withContiguousStorageIfAvailable { utf8 in
            for k in 0..<items.count {
                let item = items[items.index(items.startIndex, offsetBy: order?[k] ?? k)]
                // The run's fields read through the runs' buffer: the array's subscript copied the whole run.
                let (size, language) = text.runs.withUnsafeBufferPointer { runs in
                    (runs[item.runIndex].attributes.size, runs[item.runIndex].attributes.language)
                }
                let k = size / Double(item.font.unitsPerEm)
                let vertical = upright(item)
                let font = item.font, runIndex = item.runIndex, isRTL = !vertical && item.isRTL
                let synthesis = item.synthesis, widening = synthesis.emboldening(size: size)
                let fontIndex = fonts.firstIndex { $0 === font } ?? { fonts.append(font); return fonts.count - 1 }()
                font.harfBuzz.shape(utf8: utf8, range: item.range, rtl: isRTL, script: item.script.tag,
                                    language: language, features: features?[item.runIndex] ?? [],
                                    vertical: vertical) { n, raw in
                    func glyph(_ i: Int) -> ShapedGlyph {
                        let g = raw(i)
                        let advance = Double(vertical ? -g.yAdvance : g.xAdvance) * k
                        var shaped = ShapedGlyph(glyph: g.glyph, cluster: Int(g.cluster),
                                                 advance: advance != 0 ? advance + widening : 0,
                                                 xOffset: Double(g.xOffset) * k, yOffset: Double(g.yOffset) * k,
                                                 fontIndex: fontIndex, size: size, runIndex: runIndex, isRTL: isRTL,
                                                 isVertical: vertical)
                        shaped.synthesis = synthesis
                        return shaped
                    }
                    // Reserved once for the first (often the only) item, doubling after it; not
                    // `init(unsafeUninitializedCapacity:)`, which is not specialised (its run-time storage type
                    // lookup cost ≈ 690 instructions a line).
                    if out.isEmpty {
                        out.reserveCapacity(n)
                        for i in 0..<n { out.append(glyph(i)) }
                    } else {
                        if out.capacity < out.count + n { out.reserveCapacity(max(out.count + n, 2 * out.capacity)) }
                        for i in 0..<n { out.append(glyph(i)) }
                    }
                }
            }
        }
        glyphs = out
    }

    /// Each run's feature settings with ranges converted from scalars within the run to absolute UTF-8
    /// offsets.
    static func resolveFeatures(_ text: AttributedText) -> [[FeatureSetting]] {
        text.runs.map { run in
            var out: [FeatureSetting] = []
            var offsets: [Int]?   // UTF-8 offset of each scalar of the run, computed when a range needs it
            for setting in run.attributes.features {
                if setting.isGlobal { out.append(setting); continue }
                if offsets == nil { offsets = scalarOffsets(text.string, in: run.range) }
                let table = offsets!
                func absolute(_ i: Int) -> Int { i < table.count ? table[max(i, 0)] : run.range.upperBound }
                var s = setting
                s.start = absolute(setting.start)
                s.end = setting.end.map(absolute) ?? run.range.upperBound
                out.append(s)
            }
            return out
        }
    }

    /// Absolute UTF-8 offsets of the scalars that start within `range`.
    static func scalarOffsets(_ string: String, in range: Range<Int>) -> [Int] {
        var out: [Int] = [], offset = 0
        for s in string.unicodeScalars {
            if offset >= range.upperBound { break }
            if offset >= range.lowerBound { out.append(offset) }
            offset += UTF8.width(s)
        }
        return out
    }

    /// The line's metrics: the largest ascender, deepest descender and largest line gap, x-height and
    /// cap height over the fonts (at their sizes) that shaped an item; for text without items, those of
    /// the first run's primary font, so an empty line still has a height.
    static func lineMetrics(_ text: AttributedText, items: some Collection<TextItem>) -> FontMetrics {
        if items.count == 1, let item = items.first {
            return item.font.metrics(size: text.runs.withUnsafeBufferPointer { $0[item.runIndex].attributes.size })
        }
        var used: [(Typeface, Double)] = []
        for item in items {
            let size = text.runs[item.runIndex].attributes.size
            if !used.contains(where: { $0.0 === item.font && $0.1 == size }) { used.append((item.font, size)) }
        }
        if used.isEmpty, let first = text.runs.first, let font = first.attributes.fonts.first {
            used = [(font, first.attributes.size)]
        }
        guard let (font0, size0) = used.first else {
            return FontMetrics(ascender: 0, descender: 0, lineGap: 0, xHeight: 0, capHeight: 0, unitsPerEm: 1000, size: 0)
        }
        var m = font0.metrics(size: size0)
        for (font, size) in used.dropFirst() {
            let n = font.metrics(size: size)
            m.ascender = max(m.ascender, n.ascender); m.descender = min(m.descender, n.descender)
            m.lineGap = max(m.lineGap, n.lineGap); m.xHeight = max(m.xHeight, n.xHeight)
            m.capHeight = max(m.capHeight, n.capHeight); m.size = max(m.size, n.size)
        }
        return m
    }
}
