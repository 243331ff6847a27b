import Support
import Geometry
import Shaping

/// The measured path in both directions, with the perpendicular shift applied: what every pass of the
/// placement rule runs on.
struct Frame {
    /// The path the text follows first (reversed already for `side: .right`), measured, and shifted to
    /// the parallel curve with a parallel shift: ``course``'s measure.
    var forward: PathMeasure { course.measure }
    /// The unshifted measure of the same path, from which the reversed pass is derived; `nil` when it is
    /// ``forward`` itself (no parallel shift): a frame is made per label, and each measure it holds is
    /// a reference to retain and release with every copy.
    private let shiftedFrom: PathMeasure?
    private let parallelShift: Double
    /// The shift applied along each unit's normal (0 when the measure is the parallel curve).
    let normalShift: Double
    /// ``forward`` counted in the options' distance model (``LabelOptions/distances``): every distance
    /// the passes compute (anchor, pens, ends) is the model's.
    let course: Course
    private let model: PathDistanceModel

    /// Borrows its arguments: an initializer's parameters are otherwise owned, and every call copied the
    /// line and the options (retaining and releasing each of their arrays).
    init(measure: borrowing PathMeasure, line: borrowing ShapedLine, options: borrowing LabelOptions) throws(LayoutError) {
        let dy = options.dy + options.baseline.shift(for: line.metrics)
        guard dy.isFinite else { throw .badOption("dy must be a finite number") }
        if options.shift == .parallel, dy != 0 {
            parallelShift = dy; normalShift = 0
        } else {
            parallelShift = 0; normalShift = dy
        }
        let base = options.side == .right ? measure.reversed() : copy measure
        shiftedFrom = parallelShift == 0 ? nil : base
        model = options.distances
        course = Course(try Self.shifted(base, parallelShift), model: model)
        backwardCache = options.repeat == nil ? nil : BackwardCache()
    }

    /// The forward path's length in the distance model.
    var length: Double { course.length }

    private static func shifted(_ m: PathMeasure, _ d: Double) throws(LayoutError) -> PathMeasure {
        guard d != 0 else { return m }
        do { return try m.parallel(offset: d) } catch {
            throw .badOption("a shift of \(d) px collapses the path: nothing is left to follow")
        }
    }

    /// The backward measure once built: repeated copies each need it, and shifting a long path 10000
    /// times over took minutes (found by FuzzPipeline). Only a frame for repeated copies has one: a
    /// single label asks for the backward measure at most once, and the object cost it an allocation.
    private final class BackwardCache { var course: Course? }
    private let backwardCache: BackwardCache?

    /// The measure of the reversed path (shifted by the same amount along its own normal), built once
    /// for repeated copies.
    func backward() throws(LayoutError) -> PathMeasure { try backwardCourse().measure }

    /// ``backward()`` counted in the distance model.
    func backwardCourse() throws(LayoutError) -> Course {
        if let c = backwardCache?.course { return c }
        let c = Course(try Self.shifted((shiftedFrom ?? forward).reversed(), parallelShift), model: model)
        backwardCache?.course = c
        return c
    }

    /// Whether distances on `m` wrap around: a closed path with ``ClosedPathMode/wrap``.
    static func wraps(_ m: PathMeasure, _ options: LabelOptions) -> Bool {
        m.isClosed && options.closedPath == .wrap
    }

    /// Whether the forward path wraps (see ``wraps(_:_:)``).
    func wraps(_ options: LabelOptions) -> Bool { Self.wraps(forward, options) }

    /// s0 for a label of length `w` on a path of length `length`: the offset moves the anchor forward for
    /// every alignment, anchor = {start: 0, center: L/2, end: L} + offset + dx₀, and s0 = anchor − {0, W/2, W}.
    func start(length: Double, advance w: Double, options: LabelOptions) -> Double {
        // SVG's first dx moves the anchor itself, so it moves the whole label whatever the alignment.
        let o = options.offset.resolved(length: length) + (options.dx.first ?? 0)
        switch options.align {
        case .start: return o
        case .center: return length / 2 + o - w / 2
        case .end: return length + o - w
        }
    }

    /// Whether the whole of `line` lies within the open path.
    func fits(_ line: ShapedLine, options: LabelOptions) -> Bool {
        let w = ClusterRun(line, extraSpacing: options.letterSpacing, cursive: options.cursiveTracking).advance
        let s0 = start(length: length, advance: w, options: options)
        return s0 >= -1e-9 && s0 + w <= length + 1e-9
    }

    /// The largest scale factor k ≤ 1 of the glyph advances (spacing kept) for which the label fits.
    func shrinkFactor(advance w: Double, spacing: Double, options: LabelOptions) -> Double {
        let o = options.offset.resolved(length: length)
        let room: Double = switch options.align {
        case .start: length - o
        case .center: 2 * min(length / 2 + o, length / 2 - o)
        case .end: length + o
        }
        let glyphs = w - spacing
        guard glyphs > 0 else { return 1 }
        return min(1, max(0, (room - spacing) / glyphs))
    }

    /// One pass of the placement rule from `s0` on `c`, its glyphs written into `storage`'s buffer.
    func pass(_ input: PlacementInput, on c: Course, s0: Double, options: LabelOptions,
              reusing storage: consuming [PlacedGlyph] = []) -> Placement {
        let wraps = Self.wraps(c.measure, options)
        switch options.method {
        case .align: return input.alignPlacement(on: c, s0: s0, dropOffPath: true, wraps: wraps, reusing: storage)
        case .chord:
            // Corners consume more path than W: measure once from the nominal start, then re-anchor.
            var first = input.chordPlacement(on: c, s0: s0, dropOffPath: false, wraps: wraps, reusing: storage)
            let s0c = start(length: c.length, advance: first.consumed, options: options)
            return input.chordPlacement(on: c, s0: s0c, dropOffPath: true, wraps: wraps, reusing: first.glyphs.take())
        }
    }

    /// One label with the upright, overflow and max-angle rules applied.
    /// `flip` overrides the upright rule (the lines of a block flip together); `nil` lets it decide. The
    /// glyphs are written into `storage`'s buffer when it is large enough (``LabelBuffer``).
    func label(_ input: PlacementInput, options: LabelOptions, size: Double, s0 given: Double? = nil, flip: Bool? = nil,
               reusing storage: consuming [PlacedGlyph] = []) throws(LayoutError) -> PlacedLabel
    {
        let w = input.run.advance
        var course = course
        var s0 = given ?? start(length: length, advance: w, options: options)
        var placement = pass(input, on: course, s0: s0, options: options, reusing: storage)
        var flipped = false
        if flip ?? (options.upright == .auto && options.writingMode == .horizontal && placement.readsBackwards) {
            let back = try backwardCourse()
            let centre = (s0 + w / 2) / length
            s0 = back.length * (1 - centre) - w / 2
            course = back
            placement = pass(input, on: back, s0: s0, options: options, reusing: placement.glyphs.take())
            flipped = true
        }
        if case .error = options.overflow, !placement.dropped.isEmpty {
            throw .overflow(textLength: w, pathLength: course.length)
        }
        // Before the label record: a call that can throw after it was made copied the whole record into
        // the result (and destroyed the local), as a typed-throws function returns it indirectly.
        var decorations: [DecorationBand] = []
        if !options.decoration.isEmpty, !placement.glyphs.isEmpty {
            decorations = try self.decorations(input, course: course, s0: s0, length: placement.consumed,
                                               glyphs: placement.glyphs, options: options)
        }
        return Self.label(consume placement, input: input, course: course, s0: s0, flipped: flipped, size: size,
                          decorations: decorations, options: options)
    }

    /// The label record of `placement` with the max-angle rule applied: ``label(_:options:size:s0:flip:)``'s
    /// last step. Every field is computed first and the record made in the return statement: a record
    /// made in a local and changed there was copied into the result and the local destroyed.
    private static func label(_ placement: consuming Placement, input: PlacementInput, course: Course, s0: Double,
                              flipped: Bool, size: Double, decorations: [DecorationBand], options: LabelOptions) -> PlacedLabel {
        var glyphs = placement.glyphs, rejectedAngle: Double? = nil
        var diagnostics: [LabelDiagnostic] = []
        if !placement.dropped.isEmpty { diagnostics.append(.droppedClusters(placement.dropped)) }
        if let limit = options.maxAngle {
            let turn = placement.largestTurn
            if turn > limit {
                rejectedAngle = turn; glyphs = []
                diagnostics.append(.rejectedTurn(degrees: turn, limit: limit))
            }
        }
        // Through the runs' buffer: the array's `contains(where:)` copied each run's whole attributes.
        let painted = input.line.runs.withUnsafeBufferPointer { runs in runs.indices.contains { !runs[$0].paint.isPlain } }
        return PlacedLabel(glyphs: glyphs, fonts: input.line.fonts, pathLength: course.length, flipped: flipped,
                           overflow: !placement.dropped.isEmpty, size: size, droppedClusters: placement.dropped,
                           advance: input.run.advance, start: s0, rejectedAngle: rejectedAngle, warp: options.warp,
                           diagnostics: diagnostics, measure: course.measure, decorations: decorations, halo: options.halo,
                           paints: painted ? input.line.runs.map(\.paint) : [], writingMode: options.writingMode,
                           cells: placement.cells)
    }

    /// The decoration bands of a label placed from `s0` over `length` of `measure`: the first run's
    /// primary font gives the positions and thicknesses, at the label's size.
    func decorations(_ input: PlacementInput, course: Course, s0: Double, length: Double,
                     glyphs: [PlacedGlyph], options: LabelOptions) throws(LayoutError) -> [DecorationBand] {
        let measure = course.measure
        let line = input.line
        guard let font = line.runs.first?.fonts.first ?? line.fonts.first else { return [] }
        let size = line.runs.first?.size ?? line.glyphs[0].size
        let d = font.decorationMetrics(size: size), ascender = font.metrics(size: size).ascender
        let color = line.runs.first?.color ?? .black
        let wraps = Self.wraps(measure, options)
        var bands: [DecorationBand] = []
        for kind in options.decoration {
            // Vertical writing: the path is the column's centre, not the alphabetic baseline.
            let (top, bottom) = options.writingMode == .vertical ? kind.verticalBand(d, size: size) : kind.band(d, ascender: ascender)
            var gaps: [(Double, Double)] = []
            if options.decorationSkipInk, kind != .lineThrough {
                let pad = max(d.underlineThickness, 1)
                gaps = glyphs.compactMap { TextDecoration.inkGap(of: $0, fonts: line.fonts, top: normalShift + top, bottom: normalShift + bottom, pad: pad) }
            }
            // The band's ends in arc length, where the glyphs' own distances (and the gaps) are.
            let outline = try TextDecoration.outline(along: measure, from: course.arc(s0), to: course.arc(s0 + length),
                                                     top: normalShift + top,
                                                     bottom: normalShift + bottom, gaps: gaps, wraps: wraps)
            bands.append(DecorationBand(kind: kind, outline: outline, color: color))
        }
        return bands
    }

    /// Copies of the label along the path, `gap` apart, the block of copies aligned as one label would be.
    /// - Throws: ``LayoutError/badOption(_:)`` when that would be more than ``LabelLayout/maximumRepeatCount`` copies.
    func repeated(_ input: PlacementInput, gap: Double, options: LabelOptions, size: Double, flip: Bool? = nil) throws(LayoutError) -> [PlacedLabel] {
        let w = input.run.advance
        guard w > 0 else { return [] }
        // In floating point first: a tiny label on a huge path asks for more copies than Int holds.
        let copies = ((length + gap) / (w + gap)).rounded(.down)
        guard copies <= Double(LabelLayout.maximumRepeatCount) else {
            throw .badOption("repeating the label every \(w + gap) px along \(length) px gives more than "
                             + "\(LabelLayout.maximumRepeatCount) copies: use a larger repeat spacing")
        }
        let count = max(1, Int(copies))
        let clusters = count * input.run.units.count
        guard clusters <= options.limits.repeatedClusters else {
            throw .limitExceeded(what: "number of repeated clusters (\(count) copies of \(input.run.units.count))",
                                 amount: Double(clusters), limit: Double(options.limits.repeatedClusters))
        }
        let glyphs = count.multipliedReportingOverflow(by: input.line.glyphs.count)
        guard !glyphs.overflow, glyphs.partialValue <= options.limits.repeatedGlyphs else {
            throw .limitExceeded(what: "number of repeated glyphs (\(count) copies of \(input.line.glyphs.count))",
                                 amount: Double(count) * Double(input.line.glyphs.count), limit: Double(options.limits.repeatedGlyphs))
        }
        let block = Double(count) * w + Double(count - 1) * gap
        let first = start(length: length, advance: block, options: options)
        var labels: [PlacedLabel] = []
        for k in 0..<count {
            try LayoutError.checkDeadline()
            // A copy that does not fit is left out; a limit or the deadline ends the whole label.
            do { labels.append(try label(input, options: options, size: size, s0: first + Double(k) * (w + gap), flip: flip)) } catch {
                if case .overflow = error { continue }
                throw error
            }
        }
        return labels
    }
}
