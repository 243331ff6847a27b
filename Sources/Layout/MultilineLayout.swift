import Geometry
import Shaping

extension LabelLayout {
    /// The most lines ``LabelOptions/maxLines`` may ask for.
    public static let maximumLineCount = 20

    /// Lays out `text` with an overflow chain or ``OverflowPolicy/wrap`` (see ``OverflowPolicy/chain(_:)``),
    /// on a measure already cut to the label's span.
    static func layoutChain(_ text: AttributedText, along measure: PathMeasure, options: LabelOptions,
                            shape: @escaping (AttributedText) -> ShapedLine) throws(LayoutError) -> [PlacedLabel] {
        let block = try LineBlock(text: text, measure: measure, options: options, shape: shape)
        return try block.layout()
    }
}

/// One label's text set as a block of lines on parallel curves: the overflow chain's work.
///
/// Line i of n, at scale k of the asked size, lies at `dy + baseline shift + (a − i)·lineHeight` from the
/// path (up positive), where a, the line on the path, is n − 1 for `alphabetic` and `ideographic`, 0 for
/// `hanging` and (n − 1)/2 for `middle`; the baseline's shift is the one a single line gets. Each line
/// is placed by the single-line rule on its own parallel curve, and all of them flip or none.
struct LineBlock {
    let text: AttributedText
    let measure: PathMeasure
    let options: LabelOptions
    let shape: (AttributedText) -> ShapedLine
    /// The whole text on one line, at the asked size.
    let line: ShapedLine
    let size: Double
    /// Whether the block is laid out on the reversed path (the upright rule, decided once for all lines).
    let flip: Bool

    init(text: AttributedText, measure: PathMeasure, options: LabelOptions,
         shape: @escaping (AttributedText) -> ShapedLine) throws(LayoutError) {
        self.text = text; self.measure = measure; self.options = options
        let vertical = options.writingMode == .vertical, orientation = options.textOrientation
        self.shape = vertical ? { Shaper.shapeVertical($0, orientation: orientation) } : shape
        line = self.shape(text)
        guard !line.glyphs.isEmpty else { throw .emptyText }
        size = line.runs.first?.size ?? line.glyphs[0].size
        // The upright rule on the whole text set as one line on the path.
        var one = options
        one.overflow = .visible
        if options.upright == .auto, options.writingMode == .horizontal {
            let frame = try Frame(measure: measure, line: line, options: one)
            let run = ClusterRun(line, extraSpacing: options.letterSpacing, cursive: options.cursiveTracking)
            let input = PlacementInput(line: line, run: run, normalShift: frame.normalShift)
            let s0 = frame.start(length: frame.length, advance: run.advance, options: one)
            flip = frame.pass(input, on: frame.course, s0: s0, options: one).readsBackwards
        } else {
            flip = false
        }
    }

    // MARK: The chain

    func layout() throws(LayoutError) -> [PlacedLabel] {
        let wrap = LineWrap(text: text.string, line: line, opportunities: try opportunities(), options: options)
        // The lines newlines ask for, when the chain may wrap (without wrap a newline stays in the one line).
        let needed = options.overflow.steps.contains(.wrap) ? wrap.mandatoryCount + 1 : 1
        if needed == 1, try fits([0..<wrap.pieces.count], wrap: wrap, n: 1, scale: 1) {
            return try place([wrap.bytes(0..<wrap.pieces.count)], scale: 1)
        }
        var minimum: Double? = nil, wrapping = false
        chain: for step in options.overflow.steps {
            try LayoutError.checkDeadline()
            switch step {
            case .visible: break chain
            case .shrink(let m):
                minimum = m
                if wrapping {
                    if let lines = try wrapped(wrap, minimum: m) { return lines }
                } else if needed == 1, let k = try shrinkFactor(wrap: wrap, minimum: m) {
                    return try place([wrap.bytes(0..<wrap.pieces.count)], scale: k)
                }
            case .wrap:
                wrapping = true
                if let lines = try wrapped(wrap, minimum: minimum) { return lines }
            case .ellipsis:
                return try ellipsized(wrap, scale: scale(minimum), lines: wrapping ? options.maxLines : 1)
            case .error:
                throw .overflow(textLength: wrap.width(0..<wrap.pieces.count, scale: 1), pathLength: measure.length)
            case .chain: break   // flattened by `steps`
            }
        }
        // Nothing fit: drawn as it overflows, as small as the chain allows, on as many lines as it allows
        // (never more than maxLines, newlines or not: the last line then holds the rest).
        let k = scale(minimum), n = wrapping ? options.maxLines : 1
        let ranges = wrap.balanced(lines: n, room: try rooms(n: n, scale: k).map { max($0, 1e-9) }, scale: k)
            ?? wrap.filled(room: Array(repeating: .infinity, count: n), scale: k)
        return try place(ranges.map(wrap.bytes), scale: k).map { l in
            var label = l
            label.overflow = true
            label.diagnostics = label.diagnostics.map { d in
                if case .shrunk(let from, let to, _) = d { return .shrunk(from: from, to: to, fits: false) }
                return d
            }
            return label
        }
    }

    private func opportunities() throws(LayoutError) -> [LineBreakOpportunity] {
        let language = text.runs.first?.attributes.language
        do { return try LineBreaks.opportunities(in: text.string, language: language) } catch {
            throw .badOption(error.description)
        }
    }

    /// The scale of the smallest size allowed (`minimum` px), at most 1.
    private func scale(_ minimum: Double?) -> Double {
        guard let minimum, size > 0 else { return 1 }
        return min(1, minimum / size)
    }

    /// The largest scale ≥ the minimum's at which the one line fits, or `nil`.
    private func shrinkFactor(wrap: LineWrap, minimum: Double) throws(LayoutError) -> Double? {
        let room = try rooms(n: 1, scale: 1)[0]
        let all = 0..<wrap.pieces.count
        let glyphs = wrap.width(all, scale: 1) - wrap.width(all, scale: 0), spacing = wrap.width(all, scale: 0)
        guard glyphs > 0 else { return nil }
        var k = min(1, (room - spacing) / glyphs)
        // The room at a smaller size changes with the baseline's shift; a few steps settle it.
        for _ in 0..<4 {
            guard k >= scale(minimum) - 1e-12, k > 0 else { return nil }
            let r = try rooms(n: 1, scale: k)[0]
            if glyphs * k + spacing <= r + 1e-9 { return k }
            k = min(k * 0.999, (r - spacing) / glyphs)
        }
        return nil
    }

    /// The fewest lines (2 up to ``LabelOptions/maxLines``) on which the text fits at the asked size;
    /// failing that, with a minimum size, the largest size from the asked one down to it at which it
    /// fits on ``LabelOptions/maxLines`` lines. `nil` when neither fits.
    private func wrapped(_ wrap: LineWrap, minimum: Double?) throws(LayoutError) -> [PlacedLabel]? {
        // More lines than pieces would leave some empty (and the block's offsets would not be those placed).
        let most = min(options.maxLines, wrap.pieces.count)
        let fewest = max(2, wrap.mandatoryCount + 1)
        guard fewest <= most else { return nil }
        for n in fewest...most {
            try LayoutError.checkDeadline()
            let room = try rooms(n: n, scale: 1)
            if let ranges = wrap.balanced(lines: n, room: room, scale: 1), try fits(ranges, wrap: wrap, n: n, scale: 1) {
                return try place(ranges.map(wrap.bytes), scale: 1)
            }
        }
        guard let minimum else { return nil }
        let low = scale(minimum)
        // Bisection on the scale with the estimated widths, then a check with the lines shaped alone.
        func estimateFits(_ k: Double) throws(LayoutError) -> [Range<Int>]? {
            let room = try rooms(n: most, scale: k)
            guard let ranges = wrap.balanced(lines: most, room: room, scale: k) else { return nil }
            for (i, r) in ranges.enumerated() where wrap.width(r, scale: k) > room[i] + 1e-9 { return nil }
            return ranges
        }
        guard try estimateFits(low) != nil else { return nil }
        var lo = low, hi = 1.0
        for _ in 0..<16 {   // to 1.5e-5 of the size
            try LayoutError.checkDeadline()
            let mid = (lo + hi) / 2
            if try estimateFits(mid) != nil { lo = mid } else { hi = mid }
        }
        var k = lo
        for _ in 0..<12 {
            if let ranges = try estimateFits(k), try fits(ranges, wrap: wrap, n: ranges.count, scale: k) {
                return try place(ranges.map(wrap.bytes), scale: k)
            }
            if k <= low { break }
            k = max(low, k * 0.99)
        }
        return nil
    }

    /// `lines` lines at scale `k`, filled first-fit, the last cut with "…" where it does not fit.
    private func ellipsized(_ wrap: LineWrap, scale k: Double, lines most: Int) throws(LayoutError) -> [PlacedLabel] {
        var n = max(1, min(most, wrap.pieces.count))
        var room = try rooms(n: n, scale: k)
        // No more lines than have room (a curve inside a tight bend's centre has none).
        while n > 1, room.contains(where: { $0 <= 0 }) {
            n -= 1
            room = try rooms(n: n, scale: k)
        }
        var pieceRanges = wrap.filled(room: room, scale: k)
        // Fewer lines hold it: the block is laid out for that many (their offsets and rooms differ).
        while pieceRanges.count < n {
            n = pieceRanges.count
            room = try rooms(n: n, scale: k)
            pieceRanges = wrap.filled(room: room, scale: k)
        }
        var ranges = pieceRanges.map(wrap.bytes)
        if ranges.count == n, let last = ranges.last {
            // The last line takes the rest of the text, trimmed at its end.
            ranges[n - 1] = last.lowerBound..<wrap.bytes(0..<wrap.pieces.count).upperBound
        }
        guard try !fits(ranges, n: n, scale: k) else { return try place(ranges, scale: k) }
        let lastRange = ranges[ranges.count - 1]
        let lastText = text.slice(lastRange)
        let characters = lastText.string.count
        var lo = 0, hi = characters - 1, best: Int? = nil
        while lo <= hi {
            try LayoutError.checkDeadline()
            let c = (lo + hi) / 2
            let candidate = scaled(shape(lastText.truncated(keeping: c).0), k)
            if advance(candidate) <= room[ranges.count - 1] + 1e-9 { best = c; lo = c + 1 } else { hi = c - 1 }
        }
        let (cutText, cut) = lastText.truncated(keeping: best ?? 0)
        var texts = ranges.map { text.slice($0) }
        texts[texts.count - 1] = cutText
        let dropped = cut.map { $0 + lastRange.lowerBound }
        return try place(ranges, texts: texts, scale: k).map { l in
            var label = l
            label.overflow = true
            label.droppedClusters += dropped
            label.diagnostics.append(.truncated(dropped))
            return label
        }
    }

    // MARK: Geometry of the block

    /// The line height at scale `k`.
    func lineHeight(scale k: Double) -> Double {
        if let h = options.lineHeight { return h }
        let m = line.metrics
        return (m.ascender - m.descender + m.lineGap) * k
    }

    /// The distance of line `i` of `n` from the path, up positive, at scale `k`.
    func offset(line i: Int, of n: Int, scale k: Double) -> Double {
        let onPath: Double = switch options.baseline {
        case .alphabetic, .ideographic: Double(n - 1)
        case .hanging: 0
        case .middle: Double(n - 1) / 2
        }
        return options.dy + options.baseline.shift(for: line.metrics) * k + (onPath - Double(i)) * lineHeight(scale: k)
    }

    /// The options that place line `i` of `n` by the single-line rule.
    func options(line i: Int, of n: Int, scale k: Double) -> LabelOptions {
        var o = options
        o.dy = offset(line: i, of: n, scale: k)
        o.baseline = .alphabetic
        o.overflow = .visible
        return o
    }

    /// The room of each of `n` lines at scale `k`: the longest line that fits on its curve with the
    /// label's anchor and offset (on the reversed curve too when the block flips).
    func rooms(n: Int, scale k: Double) throws(LayoutError) -> [Double] {
        var out: [Double] = []
        for i in 0..<n {
            let o = options(line: i, of: n, scale: k)
            do {
                let frame = try Frame(measure: measure, line: line, options: o)
                let base = o.side == .right ? measure.reversed() : measure
                var r = Self.sameWay(frame.forward, base) ? room(frame.forward, frame: frame, o) : 0
                if flip {
                    let back = try frame.backward()
                    r = Self.sameWay(back, base.reversed()) ? min(r, room(back, frame: frame, o)) : 0
                }
                out.append(r)
            } catch {
                // A curve that collapses (a line inside a tight bend's centre) has no room; the deadline
                // still ends the work.
                try LayoutError.checkDeadline()
                out.append(0)
            }
        }
        return out
    }

    /// Whether the parallel curve `m` runs the same way as the path `base` it was made from: a curve
    /// offset past a bend's centre of curvature comes out on the far side, running backwards (a circle
    /// of radius 40 offset by −50 inwards is a circle of radius 10 turned half a turn), and holds no line.
    static func sameWay(_ m: PathMeasure, _ base: PathMeasure) -> Bool {
        guard m.length > 0, base.length > 0 else { return false }
        for f in [0.25, 0.5, 0.75] {
            if m.tangent(at: f * m.length).dot(base.tangent(at: f * base.length)) <= 0 { return false }
        }
        return true
    }

    private func room(_ m: PathMeasure, frame: Frame, _ o: LabelOptions) -> Double {
        let length = m.length
        // A closed path that wraps has no ends: the line fits while it does not run into itself.
        if Frame.wraps(m, o) { return length }
        let offset = o.offset.resolved(length: length) + (o.dx.first ?? 0)
        return switch o.align {
        case .start: offset >= 0 ? length - offset : 0
        case .center: length - 2 * abs(offset)
        case .end: offset <= 0 ? length + offset : 0
        }
    }

    private func scaled(_ l: ShapedLine, _ k: Double) -> ShapedLine { k == 1 ? l : l.scaled(by: k) }

    private func advance(_ l: ShapedLine) -> Double {
        ClusterRun(l, extraSpacing: options.letterSpacing, cursive: options.cursiveTracking).advance
    }

    /// Whether the lines of pieces `ranges`, shaped alone at scale `k`, each fit their room.
    private func fits(_ ranges: [Range<Int>], wrap: LineWrap, n: Int, scale k: Double) throws(LayoutError) -> Bool {
        try fits(ranges.map(wrap.bytes), n: n, scale: k)
    }

    /// The text of bytes `r` shaped alone; the whole text's shaping is reused for the whole text.
    private func shaped(_ r: Range<Int>) -> ShapedLine {
        r == 0..<text.string.utf8.count ? line : shape(text.slice(r))
    }

    private func fits(_ byteRanges: [Range<Int>], n: Int, scale k: Double) throws(LayoutError) -> Bool {
        let room = try rooms(n: n, scale: k)
        for (i, r) in byteRanges.enumerated() {
            let l = scaled(shaped(r), k)
            if advance(l) > room[i] + 1e-9 { return false }
        }
        return true
    }

    // MARK: Placing

    private func place(_ ranges: [Range<Int>], scale k: Double) throws(LayoutError) -> [PlacedLabel] {
        try place(ranges, lines: ranges.map(shaped), scale: k)
    }

    private func place(_ ranges: [Range<Int>], texts: [AttributedText], scale k: Double) throws(LayoutError) -> [PlacedLabel] {
        try place(ranges, lines: texts.map(shape), scale: k)
    }

    /// Places each line by the single-line rule on its curve and joins them into one label: glyphs of
    /// line 0 first, clusters as offsets into the whole text.
    private func place(_ ranges: [Range<Int>], lines shapedLines: [ShapedLine], scale k: Double) throws(LayoutError) -> [PlacedLabel] {
        let n = ranges.count
        if n == 1 {
            // One line: every copy `repeat` asks for.
            let shaped = scaled(shapedLines[0], k)
            guard !shaped.glyphs.isEmpty else { throw .emptyText }
            return try LabelLayout.place(shaped, along: measure, options: options(line: 0, of: 1, scale: k), flip: flip).map { l in
                var label = l.shifted(by: ranges[0].lowerBound, line: 0)
                if k < 1 { label.diagnostics.insert(.shrunk(from: size, to: size * k, fits: true), at: 0) }
                return label
            }
        }
        if options.repeat != nil { throw .badOption("repeat cannot be combined with a label set on several lines") }
        if options.warp == .bend { throw .badOption("warp bend cannot be combined with a label set on several lines") }
        var placed: [PlacedLabel] = []
        for i in 0..<n {
            try LayoutError.checkDeadline()
            let shaped = scaled(shapedLines[i], k)
            guard !shaped.glyphs.isEmpty else { continue }
            guard let label = try LabelLayout.place(shaped, along: measure, options: options(line: i, of: n, scale: k), flip: flip).first else { continue }
            placed.append(label.shifted(by: ranges[i].lowerBound, line: i))
        }
        guard !placed.isEmpty else { throw .emptyText }
        let onPath: Int = switch options.baseline {
        case .alphabetic, .ideographic: placed.count - 1
        case .hanging: 0
        case .middle: (placed.count - 1) / 2
        }
        var label = placed[onPath]
        (label.glyphs, label.fonts) = PlacedLabel.joined(placed)
        if placed.contains(where: { !$0.paints.isEmpty }) {
            // One paint table for the lines: each line's run indices move past the runs of the lines before.
            label.paints = []
            var g = 0
            for p in placed {
                let base = label.paints.count
                label.paints += p.paints.isEmpty ? [RunPaint(color: p.glyphs.first?.color ?? .black)] : p.paints
                for _ in p.glyphs {
                    label.glyphs[g].runIndex = p.paints.isEmpty ? base : base + label.glyphs[g].runIndex
                    g += 1
                }
            }
        }
        label.lines = n
        label.advance = placed.map(\.advance).max() ?? 0
        label.overflow = placed.contains(where: \.overflow)
        label.droppedClusters = placed.flatMap(\.droppedClusters)
        label.decorations = placed.flatMap(\.decorations)
        label.flipped = flip
        var notes: [LabelDiagnostic] = []
        for d in placed.flatMap(\.diagnostics) where !notes.contains(d) { notes.append(d) }
        if k < 1 { notes.insert(.shrunk(from: size, to: size * k, fits: true), at: 0) }
        if n > 1 { notes.append(.wrapped(lines: n)) }
        label.diagnostics = notes
        if let worst = placed.compactMap(\.rejectedAngle).max() {
            label.rejectedAngle = worst
            label.glyphs = []
        }
        return [label]
    }
}

extension PlacedLabel {
    /// The glyphs of `lines` one after the other and one font table for them all: each font once, in
    /// the order the lines list them, and each glyph's ``PlacedGlyph/fontIndex`` moved to it.
    static func joined(_ lines: [PlacedLabel]) -> (glyphs: [PlacedGlyph], fonts: [Typeface]) {
        var fonts: [Typeface] = [], glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(lines.reduce(0) { $0 + $1.glyphs.count })
        for line in lines {
            let index = line.fonts.map { f in
                if let i = fonts.firstIndex(where: { $0 === f }) { return i }
                fonts.append(f)
                return fonts.count - 1
            }
            for var g in line.glyphs {
                g.fontIndex = index[g.fontIndex]
                glyphs.append(g)
            }
        }
        return (glyphs, fonts)
    }

    /// The label of one line, its clusters moved by `offset` bytes (where the line starts in the whole text).
    func shifted(by offset: Int, line: Int) -> PlacedLabel {
        var l = self
        for g in l.glyphs.indices { l.glyphs[g].cluster += offset; l.glyphs[g].line = line }
        l.droppedClusters = droppedClusters.map { $0 + offset }
        l.diagnostics = diagnostics.map { $0.shifted(by: offset) }
        return l
    }
}

extension LabelDiagnostic {
    /// The same diagnostic with its clusters moved by `offset` bytes.
    func shifted(by offset: Int) -> LabelDiagnostic {
        switch self {
        case .missingGlyphs(var m): m.cluster += offset; return .missingGlyphs(m)
        case .droppedClusters(let c): return .droppedClusters(c.map { $0 + offset })
        case .truncated(let c): return .truncated(c.map { $0 + offset })
        case .suppressedSpacing(let c): return .suppressedSpacing(c.map { $0 + offset })
        case .shaping(var d):
            d.cluster += offset
            d.missingCoverage?.cluster += offset
            return .shaping(d)
        case .synthesized(var s): s.range = (s.range.lowerBound + offset)..<(s.range.upperBound + offset); return .synthesized(s)
        case .elongatedSpacing(var e):
            e.positions = e.positions.map { $0 + offset }; e.covered = e.covered.map { $0 + offset }
            e.unavailableClusters = e.unavailableClusters.map { $0 + offset }
            return .elongatedSpacing(e)
        case .elongationUnavailable(let fonts, let c): return .elongationUnavailable(fonts: fonts, clusters: c.map { $0 + offset })
        case .colorGlyph(var c): c.clusters = c.clusters.map { $0 + offset }; return .colorGlyph(c)
        case .shrunk, .rejectedTurn, .wrapped: return self
        }
    }
}
