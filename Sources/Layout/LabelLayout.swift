import Geometry
import Support
import Shaping

/// Places shaped text along a path.
///
/// ## The rule
/// Glyphs come in visual order. Glyphs sharing a HarfBuzz cluster value form one unit c with advance a_c
/// and pen position p_c; letter spacing is added after each unit. W is the total advance, L the length
/// of the path measured (the parallel curve's with ``ShiftMode/parallel``).
/// - a_c includes the letter spacing after unit c: spacing belongs to the cluster before it, as a browser
///   counts a character's inline size.
/// - Anchor = {start: 0, center: L/2, end: L} + offset: the offset always moves the anchor forward along the
///   path (SVG's `startOffset`), so `end` with offset −40 ends the text 40 px before the path's end;
///   s0 = anchor − {0, W/2, W}.
/// - mid_c = s0 + p_c + a_c/2; P = point(mid_c), T = tangent(mid_c), N = (T.y, −T.x) (up on a y-down canvas).
/// - origin_g = P + T·(p_g − p_c − a_c/2 + xoff_g) + N·(yoff_g + dy); angle_g = atan2(T.y, T.x).
/// - Upright `auto`: when the last unit's P lies left of the first unit's P on screen, the label is laid
///   out again on the reversed path over the same stretch (s0' = L − s0 − W; with a parallel shift, whose
///   reversed curve can have another length L', the stretch's centre keeps its fraction of the path).
/// - `side: .right` reverses the path before all of this.
/// - dy = `dy` + the baseline's shift; `parallel` measures along the curve at distance dy, `normal` moves
///   each unit along its own normal.
/// - Closed paths wrap (SVG 2: mid_c modulo L) unless ``LabelOptions/closedPath`` is ``ClosedPathMode/clip``,
///   which treats them as open (Chromium, resvg). On an open path units with mid_c outside [0, L] are
///   dropped and reported as ``LabelDiagnostic/droppedClusters(_:)``.
/// - ``LabelOptions/span`` first cuts the part of the path between its bounds (running on across the
///   start of a closed path), and all of the above applies to that part as an open path: L is the
///   span's length, distances are measured from the span's start.
/// - Lines (``OverflowPolicy/wrap``, in a chain or alone): the text breaks at ``LineBreaks``'
///   opportunities into the fewest lines up to ``LabelOptions/maxLines`` that fit, balanced (the
///   largest width-to-room ratio as small as it can be). Line i of n lies on the parallel curve at
///   dy + the baseline's shift + (a − i)·h, h = ``LabelOptions/lineHeight`` or the first font's
///   ascender − descender + line gap; a, the line on the path, is n − 1 for `alphabetic` and
///   `ideographic`, 0 for `hanging` and (n − 1)/2 for `middle`. Each line is placed by this rule on its
///   curve; the upright rule flips all of them or none (decided from the whole text on the path), so a
///   flipped label's first line stays on top as read. Vertical labels set their lines as columns.
///   ``OverflowPolicy/chain(_:)`` tries its steps in order, each adding to the ones before it.
public enum LabelLayout {
    /// The most copies ``LabelOptions/repeat`` may place along one path; more is an error
    /// (a tiny label on a huge path would otherwise ask for billions).
    public static let maximumRepeatCount = 10_000

    /// Places an already shaped line along `path`.
    ///
    /// - Returns: one label, or several with ``LabelOptions/repeat``.
    /// - Throws: ``LayoutError`` for empty text, a glyph a damaged font cannot load, an unusable path, overflow with ``OverflowPolicy/error``, or a repeat spacing that gives more than ``maximumRepeatCount`` copies.
    /// - Complexity: O(n log m) for n glyphs on a path of m segments, after an O(m) measure.
    public static func place(_ line: consuming ShapedLine, along path: BezPath, options: LabelOptions = LabelOptions())
        throws(LayoutError) -> [PlacedLabel]
    {
        guard !line.glyphs.isEmpty else { throw .emptyText }
        return try place(line, along: try measure(path, options), options: options)
    }

    /// Places an already shaped line along a measured path: measure a path once, then place any number
    /// of labels on it (map labels, dial rings) without measuring it again.
    /// - Complexity: O(n log m) for n glyphs on a path of m segments.
    ///
    /// The line is consumed: the placement keeps it (its glyphs, fonts and runs) without a copy when the
    /// caller's line is not used afterwards.
    public static func place(_ line: consuming ShapedLine, along measure: PathMeasure, options: LabelOptions = LabelOptions())
        throws(LayoutError) -> [PlacedLabel]
    {
        try place(line, along: measure, options: options, flip: nil)
    }

    /// ``place(_:along:options:)`` with the upright rule's answer given (`flip`: the lines of a block
    /// flip together) or left to it (`nil`); `checked` when the caller has checked the options against the
    /// measure (``check(_:segments:)``) already.
    static func place(_ line: consuming ShapedLine, along measure: PathMeasure, options: LabelOptions, flip: Bool?,
                      checked: Bool = false) throws(LayoutError) -> [PlacedLabel]
    {
        var buffer = LabelBuffer()
        try place(line, along: measure, options: options, flip: flip, into: &buffer, checked: checked)
        return buffer.labels.take()
    }

    /// ``place(_:along:options:flip:checked:)`` appending to `buffer`'s labels (empty on entry), with the
    /// line, its units and the glyphs' arrays kept in `buffer` for the next label.
    static func place(_ line: consuming ShapedLine, along measure: PathMeasure, options: LabelOptions, flip: Bool?,
                      into buffer: inout LabelBuffer, checked: Bool = false) throws(LayoutError)
    {
        guard !line.glyphs.isEmpty else { throw .emptyText }
        if !checked { try check(options, segments: measure.segmentCount) }
        if let span = options.span {
            var rest = options
            rest.span = nil
            return try place(line, along: span.portion(of: measure), options: rest, flip: flip, into: &buffer)
        }
        // One pass over the glyphs' buffer with the limit read once; the error (if any) from the loop after it.
        let maximumSize = options.limits.fontSize
        let sizesHold = line.glyphs.withUnsafeBufferPointer { glyphs in
            var ok = true
            for g in glyphs where !(g.size > 0 && g.size <= maximumSize) { ok = false }
            return ok
        }
        if !sizesHold {
            for g in line.glyphs where !(g.size > 0 && g.size <= options.limits.fontSize) { try options.limits.check(fontSize: g.size) }
        }
        if options.missingGlyphs == .error {
            let missing = line.diagnostics.compactMap(\.missingCoverage)
            if !missing.isEmpty { throw .missingGlyphs(missing) }
        }
        // Every glyph's outline loads (and is cached for drawing), or the label is an error, never a blank glyph.
        do { try line.checkOutlines() } catch { throw .font(error) }
        let frame = try Frame(measure: measure, line: line, options: options)
        let requestedSize = line.runs.first?.size ?? line.glyphs[0].size

        if let minimum = options.overflow.shrinkMinimum, !frame.wraps(options) {
            let run = ClusterRun(line, extraSpacing: options.letterSpacing, cursive: options.cursiveTracking)
            let k = frame.shrinkFactor(advance: run.advance, spacing: run.units.reduce(0) { $0 + $1.spacing },
                                       options: options)
            if k < 1 {
                let floor = requestedSize > 0 ? minimum / requestedSize : 1
                let applied = max(k, min(1, floor))
                return try place(line.scaled(by: applied), frame: frame, options: options, requestedSize: requestedSize,
                                 size: requestedSize * applied, shrunkBelowMinimum: k < floor, flip: flip, into: &buffer)
            }
        }
        // The line as given, not a copy of it (each copy retains and releases its five arrays and text).
        try place(consume line, frame: frame, options: options, requestedSize: requestedSize, size: requestedSize,
                  shrunkBelowMinimum: false, flip: flip, into: &buffer)
    }

    /// The rest of ``place(_:along:options:flip:)`` once the line's size is known: `line` is the line at
    /// `size` (shrunk from `requestedSize`, below the minimum when `shrunkBelowMinimum`). The labels are
    /// appended to `buffer`'s, and the line and its units handed back to it.
    private static func place(_ line: consuming ShapedLine, frame: Frame, options: LabelOptions, requestedSize: Double, size: Double,
                              shrunkBelowMinimum: Bool, flip: Bool?, into buffer: inout LabelBuffer) throws(LayoutError)
    {
        var run = ClusterRun(line, extraSpacing: options.letterSpacing, cursive: options.cursiveTracking, reusing: buffer.units.take())
        switch options.fit {
        case .none: break
        case .spacing(let length): run.fitSpacing(to: length ?? frame.length)
        case .stretch(let length): run.fitStretch(to: length ?? frame.length)
        }
        run.applyDx(options.dx)

        // A percentage offset of a long path, or letter spacing, can overflow to infinity; every distance
        // after that is NaN, and NaN distances pass the off-path checks (found by FuzzPipeline).
        guard options.offset.resolved(length: frame.length).isFinite else {
            throw .badOption("the offset \(options.offset) is beyond any distance along a path \(frame.forward.length) px long")
        }
        guard run.advance.isFinite else { throw .badOption("the label's length (with letter spacing and fitting) is not finite") }
        guard abs(run.advance) <= options.limits.labelLength else {
            throw .limitExceeded(what: "label's length in px (with letter spacing)", amount: abs(run.advance), limit: options.limits.labelLength)
        }
        // The notes before the placement's own (most labels have none: no arrays built for them).
        var notes: [LabelDiagnostic] = []
        if !line.diagnostics.isEmpty { notes = line.diagnostics.map(LabelDiagnostic.init) }
        if size != requestedSize { notes.append(.shrunk(from: requestedSize, to: size, fits: !shrunkBelowMinimum)) }
        if !run.suppressedSpacing.isEmpty {
            // Spacing given back as tatweel (cursiveTracking: elongate) is no longer reported as suppressed.
            let givenBack = Set(line.diagnostics.compactMap(\.elongation).flatMap(\.covered))
            let unspaced = run.suppressedSpacing.filter { !givenBack.contains($0) }.sorted()
            if !unspaced.isEmpty { notes.append(.suppressedSpacing(unspaced)) }
        }
        var input = PlacementInput(line: consume line, run: consume run, normalShift: frame.normalShift,
                                   clusterDy: options.clusterDy, rotate: options.rotate, rotateAbout: options.rotateAbout,
                                   verticalWriting: options.writingMode == .vertical, keepsTurns: options.maxAngle != nil,
                                   snapsVerticalMetrics: options.snapsVerticalMetrics)
        if let gap = options.repeat {
            guard gap.isFinite, gap >= 0 else { throw .badOption("repeat spacing must be a finite number ≥ 0") }
            buffer.labels += try frame.repeated(input, gap: gap, options: options, size: size, flip: flip).map { l in
                var l = l
                l.diagnostics = notes + l.diagnostics
                return l
            }
        } else {
            // The label made inside the array and changed there (a local appended was copied).
            buffer.labels.append(try frame.label(input, options: options, size: size, flip: flip, reusing: buffer.glyphs.take()))
            let k = buffer.labels.count - 1
            if shrunkBelowMinimum { buffer.labels[k].overflow = true }
            if !notes.isEmpty { buffer.labels[k].diagnostics = notes + buffer.labels[k].diagnostics }
        }
        buffer.keep(&input)
    }

    /// Shapes `text` with ``Shaper`` and places it, supporting ``OverflowPolicy/ellipsis``, which needs
    /// to shape the shortened text again.
    public static func layout(_ text: AttributedText, along path: BezPath, options: LabelOptions = LabelOptions(),
                              shape: (AttributedText) -> ShapedLine = { Shaper.shape($0) })
        throws(LayoutError) -> [PlacedLabel]
    {
        try layout(text, along: try measure(path, options), options: options, shape: shape)
    }

    /// Shapes `text` and places it along a measured path, which can be shared by many labels.
    public static func layout(_ text: AttributedText, along measure: PathMeasure, options: LabelOptions = LabelOptions(),
                              shape shapeText: (AttributedText) -> ShapedLine = { Shaper.shape($0) })
        throws(LayoutError) -> [PlacedLabel]
    {
        try check(text, measure, options)
        if let span = options.span {
            var rest = options
            rest.span = nil
            return try layout(text, along: span.portion(of: measure), options: rest, shape: shapeText)
        }
        // cursiveTracking: elongate gives suppressed letter spacing back as tatweel, which needs shaping again.
        let elongate = options.cursiveTracking == .elongate && options.writingMode == .horizontal
        func shape(_ t: AttributedText) -> ShapedLine {
            elongate ? Elongation.shape(t, extraSpacing: options.letterSpacing, using: shapeText) : shapeText(t)
        }
        // A chain's steps only for a chain (the list is an allocation).
        let chained: Bool = switch options.overflow {
        case .wrap: true
        case .chain: options.overflow.steps.count > 1 || options.overflow.steps.contains(.wrap)
        default: false
        }
        if chained {
            return try withoutActuallyEscaping(shape) { (shape) throws(LayoutError) in
                try layoutChain(text, along: measure, options: options, shape: shape)
            }
        }
        let line = options.writingMode == .vertical ? Shaper.shapeVertical(text, orientation: options.textOrientation) : shape(text)
        guard case .ellipsis = options.overflow else { return try place(line, along: measure, options: options, flip: nil, checked: true) }
        let frame = try Frame(measure: measure, line: line, options: options)
        var visible = options
        visible.overflow = .visible
        if frame.wraps(options) || frame.fits(line, options: options) { return try place(line, along: measure, options: visible) }
        // Keep the longest prefix of grapheme clusters that fits with "…" appended (binary search).
        let characters = Array(text.string)
        var lo = 0, hi = characters.count - 1, best: (ShapedLine, [Int])? = nil
        while lo <= hi {
            let n = (lo + hi) / 2
            let (shortened, cut) = text.truncated(keeping: n)
            let candidate = options.writingMode == .vertical ? Shaper.shapeVertical(shortened, orientation: options.textOrientation) : shape(shortened)
            if frame.fits(candidate, options: options) { best = (candidate, cut); lo = n + 1 } else { hi = n - 1 }
        }
        guard let (fitted, cut) = best else {
            var labels = try place(shape(text.truncated(keeping: 0).0), along: measure, options: visible)
            let all = text.clusterOffsets()
            for i in labels.indices {
                labels[i].overflow = true; labels[i].droppedClusters += all; labels[i].diagnostics.append(.truncated(all))
            }
            return labels
        }
        var labels = try place(fitted, along: measure, options: visible)
        for i in labels.indices { labels[i].overflow = true; labels[i].droppedClusters += cut; labels[i].diagnostics.append(.truncated(cut)) }
        return labels
    }
}

extension LabelLayout {
    /// What ``layout(_:along:options:shape:)`` checks of its text before shaping it: its length, the
    /// options, runs of combining marks and the runs' sizes.
    static func check(_ text: AttributedText, _ measure: PathMeasure, _ options: LabelOptions) throws(LayoutError) {
        try options.limits.check(textBytes: text.string.utf8.count)
        try check(options, segments: measure.segmentCount)
        try checkMarks(text.string, limit: options.limits.combiningMarks)
        for run in text.runs where !(run.attributes.size > 0 && run.attributes.size <= options.limits.fontSize) {
            try options.limits.check(fontSize: run.attributes.size)
        }
    }

    /// Measures `path`, after checking it against the segment limit.
    /// Refuses a run of more than `limit` combining marks (general category M) in a row: shaping one
    /// cluster costs HarfBuzz time that grows faster than its length (50 000 marks on one letter take
    /// seconds, in hb-shape too), and no writing system needs more than a few dozen.
    static func checkMarks(_ text: String, limit: Int) throws(LayoutError) {
        // Marks start at U+0300, two UTF-8 bytes or more each: a text of fewer than 2 (limit + 1) bytes cannot
        // hold a run over the limit (looking up each scalar's category cost ≈ 360 instructions a scalar).
        if text.utf8.count < 2 * (limit + 1) { return }
        // Their UTF-8 lead bytes are 0xCC and up: a text without a byte from 0xCC up has none.
        if text.utf8.withContiguousStorageIfAvailable({ !$0.contains { $0 >= 0xCC } }) == true { return }
        var run = 0, offset = 0, start = 0
        func check() throws(LayoutError) {
            if run > limit {
                throw .limitExceeded(what: "number of combining marks in one cluster (from byte \(start))",
                                     amount: Double(run), limit: Double(limit))
            }
        }
        for scalar in text.unicodeScalars {
            switch scalar.value < 0x300 ? .otherLetter : scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if run == 0 { start = offset }
                run += 1
            default:
                try check()
                run = 0
            }
            offset += UTF8.width(scalar)
        }
        try check()
    }

    static func measure(_ path: BezPath, _ o: LabelOptions) throws(LayoutError) -> PathMeasure {
        let segments = path.subpaths.reduce(0) { $0 + $1.segments.count }
        try check(o, segments: segments)
        do { return try PathMeasure(path) } catch { throw .path(error) }
    }

    /// Rejects non-finite option values and paths over the segment limit, before any work (what
    /// `layout(_:along:options:shape:)` on a path checks before it measures the path).
    package static func check(_ o: LabelOptions, segments: Int) throws(LayoutError) {
        try o.limits.check(segments: segments)
        // Checked one by one rather than from a table: a label's fixed cost matters for short labels.
        func finite(_ name: String, _ value: Double?) throws(LayoutError) {
            if let value, !value.isFinite { throw .badOption("the \(name) must be a finite number") }
        }
        func allFinite(_ name: String, _ list: [Double]) throws(LayoutError) {
            if list.contains(where: { !$0.isFinite }) { throw .badOption("every \(name) value must be a finite number") }
        }
        func checkShrink(_ step: OverflowPolicy) throws(LayoutError) {
            if case .shrink(let m) = step, !(m.isFinite && m > 0) {
                throw .badOption("the minimum size for shrink must be a finite number above 0")
            }
        }
        try finite("dy", o.dy)
        try finite("letter spacing", o.letterSpacing)
        try finite("max angle", o.maxAngle)
        try finite("repeat spacing", o.repeat)
        switch o.offset {
        case .pixels(let v), .percent(let v): try finite("offset", v)
        }
        try allFinite("dx", o.dx)
        try allFinite("dy", o.clusterDy)
        try allFinite("rotate", o.rotate)
        switch o.fit {
        case .spacing(let l?), .stretch(let l?):
            guard l.isFinite, l > 0 else { throw .badOption("the fit length must be a finite number above 0") }
        default: break
        }
        // Only a chain's steps as a list (building it is an allocation).
        if case .chain = o.overflow {
            for step in o.overflow.steps { try checkShrink(step) }
        } else {
            try checkShrink(o.overflow)
        }
        if let h = o.lineHeight, !(h.isFinite && h > 0) { throw .badOption("the line height must be a finite number above 0") }
        guard (1...maximumLineCount).contains(o.maxLines) else {
            throw .badOption("maxLines must be from 1 to \(maximumLineCount), got \(o.maxLines)")
        }
    }
}

extension ShapedLine {
    /// The line at `k` times its size: unhinted positions are linear in the size.
    func scaled(by k: Double) -> ShapedLine {
        var copy = self
        for i in copy.glyphs.indices {
            copy.glyphs[i].advance *= k; copy.glyphs[i].xOffset *= k
            copy.glyphs[i].yOffset *= k; copy.glyphs[i].size *= k
        }
        for i in copy.runs.indices { copy.runs[i].size *= k }
        copy.metrics.ascender *= k; copy.metrics.descender *= k; copy.metrics.lineGap *= k
        copy.metrics.xHeight *= k; copy.metrics.capHeight *= k; copy.metrics.size *= k
        return copy
    }
}

extension AttributedText {
    /// The first `n` grapheme clusters followed by "…" in the attributes of the last run kept,
    /// and the UTF-8 offsets of the clusters cut.
    func truncated(keeping n: Int) -> (AttributedText, [Int]) {
        let end = string.index(string.startIndex, offsetBy: n)
        let cutBytes = string[..<end].utf8.count
        var out = AttributedText(pieces: [])
        var lastAttributes = runs.first?.attributes
        let bytes = Array(string.utf8)
        for run in runs where run.range.lowerBound < cutBytes {
            let upper = min(run.range.upperBound, cutBytes)
            out.append(String(decoding: bytes[run.range.lowerBound..<upper], as: UTF8.self), attributes: run.attributes)
            lastAttributes = run.attributes
        }
        if let lastAttributes { out.append("…", attributes: lastAttributes) }
        let cut = clusterOffsets().filter { $0 >= cutBytes }
        return (out, cut)
    }

    /// The UTF-8 offset of every grapheme cluster.
    func clusterOffsets() -> [Int] {
        var offsets: [Int] = [], o = 0
        for ch in string { offsets.append(o); o += ch.utf8.count }
        return offsets
    }
}
