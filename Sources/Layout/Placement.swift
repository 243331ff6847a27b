import Support
import Geometry
import Shaping

/// One pass of the placement rule over a cluster run: the glyphs placed, and what the upright,
/// overflow and max-angle rules need to know about them.
struct Placement {
    /// The placed glyphs, in visual order.
    var glyphs: [PlacedGlyph] = []
    /// Clusters whose midpoints fell off an open path.
    var dropped: [Int] = []
    /// A placed unit's midpoint P and tangent T.
    typealias Mid = (point: Point, tangent: Vector)
    /// The first and the last placed unit's (in visual order), what the upright rule reads; `nil` when
    /// no unit was placed.
    var ends: (first: Mid, last: Mid)?
    /// Every placed unit's, in visual order, for the max-angle rule: left empty by a plain placement
    /// (``PlacementInput/plainAlignPlacement(on:s0:dropOffPath:wraps:)``) whose input does not keep turns.
    var mids: [Mid] = []
    /// The path length consumed from s0 to the end of the last unit (differs from W only for `chord`).
    var consumed: Double = 0
    /// In vertical writing, each placed unit's cell (``ClusterCell``), in visual order; empty in horizontal
    /// writing and from ``PlacementInput/chordPlacement(on:s0:dropOffPath:wraps:)``.
    var cells: [ClusterCell] = []

    /// An empty placement.
    init() {}

    /// An empty placement whose glyphs are written into `glyphs`' storage (emptied first): a kept array
    /// (``LabelBuffer``), or the glyphs of a pass given up (the upright rule's first).
    init(reusing glyphs: consuming [PlacedGlyph]) {
        self.glyphs = consume glyphs
        self.glyphs.removeAll(keepingCapacity: true)
    }

    /// Notes the midpoint of the next unit placed.
    mutating func note(_ mid: Mid) {
        mids.append(mid)
        ends = (ends?.first ?? mid, mid)
    }

    /// Whether this placement reads right to left on screen: the last unit's midpoint lies left of the first's.
    /// With a single unit (or the last straight below the first), whether its tangent points left.
    var readsBackwards: Bool {
        guard let (first, last) = ends else { return false }
        let dx = last.point.x - first.point.x
        if abs(dx) > 1e-9 * max(1, abs(first.point.x)) { return dx < 0 }
        return first.tangent.x < 0
    }

    /// The largest turn between neighbouring units, in degrees, in [0, 180] (from ``mids``: an input that
    /// keeps turns).
    var largestTurn: Double {
        guard mids.count > 1 else { return 0 }
        var worst = 0.0
        for k in 1..<mids.count {
            let d = Angle.difference(mids[k].tangent.angle, mids[k - 1].tangent.angle)
            worst = max(worst, abs(d))
        }
        return worst * 180 / .pi
    }
}

/// The inputs shared by every pass: the shaped line, its units and the perpendicular shift.
struct PlacementInput {
    var line: ShapedLine
    var run: ClusterRun
    /// Shift applied along each unit's normal (dy for `normal` shift; 0 for `parallel`, where the
    /// measure itself is already the parallel curve).
    var normalShift: Double
    /// The number of attribute runs (``ShapedLine/runs``): a glyph's run index outside it gets black and
    /// no baseline shift.
    private let runCount: Int

    /// Per unit (indexed like ``ClusterRun/units``): the cumulative SVG `dy` after its first value, pixels
    /// up, and the SVG `rotate` value, radians clockwise on screen. Empty when the options give none.
    /// Whether the label is in vertical writing (asked for, or some glyph stands upright).
    let vertical: Bool
    private let unitUp: [Double]
    private let unitRotation: [Double]
    /// Where `rotate` turns each cluster: about its midpoint on the path, or about its origin.
    let rotateAbout: RotationCentre
    /// Whether every placement keeps every unit's midpoint (``Placement/mids``), for the max-angle rule.
    let keepsTurns: Bool
    /// Whether vertical metrics are rounded to whole pixels as Chromium rounds them (``DevicePixelVerticalMetrics``).
    let snapsVerticalMetrics: Bool

    init(line: ShapedLine, run: ClusterRun, normalShift: Double, clusterDy: [Double] = [], rotate: [Double] = [],
         rotateAbout: RotationCentre = .midpoint, verticalWriting: Bool = false, keepsTurns: Bool = false,
         snapsVerticalMetrics: Bool = false) {
        self.line = line; self.run = run; self.normalShift = normalShift; self.rotateAbout = rotateAbout
        self.keepsTurns = keepsTurns; self.snapsVerticalMetrics = snapsVerticalMetrics
        runCount = line.runs.count
        // Vertical writing even when no glyph stands upright (all-Latin text lies sideways, centred on the path).
        vertical = verticalWriting || line.glyphs.withUnsafeBufferPointer { glyphs in
            var any = false
            for g in glyphs where g.isVertical { any = true }
            return any
        }
        let rank = clusterDy.isEmpty && rotate.isEmpty ? [] : run.logicalRanks
        if clusterDy.isEmpty { unitUp = [] } else {
            // clusterDy[i] belongs to the unit of logical rank i + 1 and to every unit after it.
            var up = Array(repeating: 0.0, count: run.units.count), total = 0.0
            for k in run.units.indices {
                let r = rank[k]
                if r >= 1, r - 1 < clusterDy.count { total += clusterDy[r - 1] }
                up[k] = total
            }
            unitUp = up
        }
        if rotate.isEmpty { unitRotation = [] } else {
            unitRotation = run.units.indices.map { k in rotate[min(rank[k], rotate.count - 1)] * .pi / 180 }
        }
    }


    /// For a sideways glyph in vertical writing: the height of the central baseline above its alphabetic
    /// baseline, (ascender + descender) / 2 of its run's primary font (the first of the run's fonts) at
    /// its size. A fallback font's glyphs sit on the primary font's baseline, as in horizontal text (CSS;
    /// Chromium sets sideways Arabic from a fallback font so, 2 px from where its own font would centre it).
    func sideways(_ g: Int) -> Double {
        let sg = line.glyphs[g]
        return central(primaryFont(g) ?? line.fonts[sg.fontIndex], size: sg.size)
    }

    /// For an upright glyph in vertical writing: how far its em box's centre lies from the path towards
    /// the left normal. The glyphs share the primary font's alphabetic baseline (``sideways(_:)`` below the
    /// path), and an upright glyph is centred on its own font's central baseline above it: 0 for the
    /// primary font's glyphs; a fallback font with a higher centre stands further along the normal (as
    /// Chromium sets a fallback Mplus 1p 本 behind Amiri, 2.7 px off the column's centre at 20 px).
    func uprightCentreShift(_ g: Int) -> Double {
        let sg = line.glyphs[g]
        let own = line.fonts[sg.fontIndex]
        guard let primary = primaryFont(g), primary !== own else { return 0 }
        return central(own, size: sg.size) - central(primary, size: sg.size)
    }

    /// Chromium's origin of a cluster in vertical writing, from the top of its cell on the column's centre
    /// (`along` down the column, `across` towards the left normal, the screen's right): the origin of the
    /// cluster's box as if it were horizontal text's, the box turned into the column: the primary font's
    /// ascender down from the top and half its height (ascender − descender) to the column's left, the
    /// line box's left edge. Blink turns a rotated character about (x, y + ascent) of its box, in
    /// vertical writing too (`FragmentItem::BuildSvgTransformForBoundingBox`); Chromium 156 draws
    /// resvg's `tb-with-rotate` so.
    func verticalOrigin(_ g: Int) -> (along: Double, across: Double) {
        let sg = line.glyphs[g]
        guard let font = primaryFont(g) ?? (sg.fontIndex < line.fonts.count ? line.fonts[sg.fontIndex] : nil) else { return (0, 0) }
        let m = metrics(font, size: sg.size)
        return (m.ascender, -(m.ascender - m.descender) / 2)
    }

    /// `font`'s metrics at `size`, rounded as Chromium rounds them when ``snapsVerticalMetrics``.
    private func metrics(_ font: Typeface, size: Double) -> FontMetrics {
        let m = font.metrics(size: size)
        return snapsVerticalMetrics ? DevicePixelVerticalMetrics.rounded(m) : m
    }

    /// How far upright glyph `g` is drawn down its column past HarfBuzz's place for it: Chromium's
    /// whole-pixel glyph top (``DevicePixelVerticalMetrics/uprightDrop(_:glyph:size:)``) when
    /// ``snapsVerticalMetrics``, else 0.
    func uprightDrop(_ g: Int) -> Double {
        guard snapsVerticalMetrics else { return 0 }
        let sg = line.glyphs[g]
        return DevicePixelVerticalMetrics.uprightDrop(line.fonts[sg.fontIndex], glyph: sg.glyph, size: sg.size, offset: sg.yOffset)
    }

    /// The primary font (the first of the fonts) of glyph `g`'s run, `nil` outside the runs.
    private func primaryFont(_ g: Int) -> Typeface? {
        let r = line.glyphs[g].runIndex
        return r >= 0 && r < runCount ? line.runs[r].fonts.first : nil
    }

    /// The height of `font`'s central baseline above its alphabetic one at `size`: (ascender + descender) / 2.
    private func central(_ font: Typeface, size: Double) -> Double {
        let m = metrics(font, size: size)
        return (m.ascender + m.descender) / 2
    }

    /// The extra shift up of unit `k` from SVG's `dy` list.
    @inline(__always)
    func extraUp(_ k: Int) -> Double { unitUp.isEmpty ? 0 : unitUp[k] }

    /// The extra rotation of unit `k` from SVG's `rotate` list, radians clockwise on screen.
    @inline(__always)
    func extraRotation(_ k: Int) -> Double { unitRotation.isEmpty ? 0 : unitRotation[k] }

    /// `origin` turned by `theta` about `pivot` (clockwise on screen for positive angles, y down).
    @inline(__always)
    static func turned(_ origin: Point, about pivot: Point, by theta: Double) -> Point {
        guard theta != 0 else { return origin }
        let v = origin - pivot, c = cos(theta), s = sin(theta)
        return pivot + Vector(v.x * c - v.y * s, v.x * s + v.y * c)
    }

    /// Yields each glyph of unit `u` with its pen offset from the unit's start (x offsets scaled by stretch).
    @inline(__always)
    func forEachGlyph(of u: ClusterRun.Unit, _ body: (Int, Double) -> Void) {
        var pen = 0.0
        for g in u.glyphs {
            body(g, pen)
            pen += run.glyphAdvance(g, in: line)
        }
    }

    /// The unit vector `v` turned by `theta` (clockwise on screen for positive angles, y down).
    @inline(__always)
    static func turned(_ v: Vector, by theta: Double) -> Vector {
        guard theta != 0 else { return v }
        let c = cos(theta), s = sin(theta)
        return Vector(v.x * c - v.y * s, v.x * s + v.y * c)
    }

    /// The placed glyph for glyph `g` at `origin` whose baseline runs along the unit vector `direction`.
    @inline(__always)
    func placed(_ g: Int, origin: Point, direction: Vector, pathDistance: Double, normalOffset: Double, upright: Bool = false) -> PlacedGlyph {
        let sg = line.glyphs[g]
        let color = runColor(sg.runIndex)
        return PlacedGlyph(glyph: sg.glyph, cluster: sg.cluster, fontIndex: sg.fontIndex, size: sg.size, origin: origin,
                           direction: direction, advance: run.glyphAdvance(g, in: line), scaleX: run.scaleX, runIndex: sg.runIndex,
                           color: color, pathDistance: pathDistance, normalOffset: normalOffset, upright: upright,
                           synthesis: sg.synthesis)
    }

    /// The baseline shift of unit `u`'s run (its first glyph's), 0 for a unit without glyphs.
    @inline(__always)
    func unitShift(_ u: ClusterRun.Unit) -> Double {
        guard let g = u.glyphs.first else { return 0 }
        return runShift(line.glyphs[g].runIndex)
    }

    /// The run's own baseline shift for glyph `g` plus HarfBuzz's y offset plus the normal shift.
    @inline(__always)
    func up(_ g: Int) -> Double {
        let sg = line.glyphs[g]
        return sg.yOffset + runShift(sg.runIndex) + normalShift
    }

    /// The colour of run `r` (black for an index outside the runs), read through the runs' buffer: the
    /// array's subscript copied the whole `TextAttributes` (font and feature arrays, language), and a
    /// table of colours of its own cost an allocation a label.
    @inline(__always)
    func runColor(_ r: Int) -> RGBAColor {
        guard r >= 0, r < runCount else { return .black }
        return line.runs.withUnsafeBufferPointer { $0[r].color }
    }

    /// The baseline shift of run `r` (0 for an index outside the runs); see ``runColor(_:)``.
    @inline(__always)
    func runShift(_ r: Int) -> Double {
        guard r >= 0, r < runCount else { return 0 }
        return line.runs.withUnsafeBufferPointer { $0[r].baselineShift }
    }
}

extension PlacementInput {
    /// SVG 2's rule applied per cluster (`method=align`).
    ///
    /// For unit c, whose advance a_c includes the letter spacing after it (as a browser counts a
    /// character's inline size): mid_c = s0 + p_c + a_c/2; P, T at mid_c; N = (T.y, −T.x);
    /// origin_g = P + T·(p_g − p_c − a_c/2 + xoff_g) + N·(yoff_g + dy); angle_g = atan2(T.y, T.x).
    /// Unless the path wraps (closed, with ``ClosedPathMode/wrap``), units whose mid_c lies outside [0, L]
    /// are dropped when `dropOffPath` is set.
    ///
    /// Distances (s0, the pens, the path's length) are the course's model's; each midpoint is sampled at
    /// its arc length, and the glyphs' ``PlacedGlyph/pathDistance`` are arc lengths.
    func alignPlacement(on course: Course, s0: Double, dropOffPath: Bool, wraps: Bool,
                        reusing storage: consuming [PlacedGlyph] = []) -> Placement {
        if !vertical, unitUp.isEmpty, unitRotation.isEmpty {
            return plainAlignPlacement(on: course, s0: s0, dropOffPath: dropOffPath, wraps: wraps, reusing: storage)
        }
        var out = Placement(reusing: storage)
        if out.glyphs.capacity < line.glyphs.count { out.glyphs.reserveCapacity(line.glyphs.count) }
        out.mids.reserveCapacity(run.units.count)
        let length = course.length
        var sampler = course.measure.sampler()  // the midpoints come in increasing order
        for (k, u) in run.units.enumerated() {
            let a = u.advance + u.spacing  // the spacing after a cluster belongs to it
            let mid = s0 + u.pen + a / 2
            if !wraps, dropOffPath, mid < 0 || mid > length {
                out.dropped.append(u.cluster)
                continue
            }
            let arcMid = course.arc(mid)
            let sample = sampler.sample(at: arcMid)
            let t = sample.tangent, n = sample.normal
            out.note((sample.point, t))
            let extra = extraUp(k), theta = extraRotation(k)
            // Chromium's rule on a path: the turn is about the cluster's midpoint on the (shifted) baseline,
            // a run's own baseline shift left out; plain text turns about the cluster's origin, which the
            // run's baseline shift moves (both references turn a raised glyph about its raised origin).
            var pivot = sample.point + t * (rotateAbout == .midpoint ? 0 : -a / 2)
                + n * (normalShift + extra + (rotateAbout == .origin ? unitShift(u) : 0))
            if vertical {
                if rotateAbout == .origin, let g = u.glyphs.first {
                    let o = verticalOrigin(g)
                    pivot = pivot + t * o.along + n * o.across
                }
                out.cells.append(ClusterCell(cluster: u.cluster, start: arcMid - a / 2, length: a, across: normalShift + extra,
                                             rotation: theta, pivot: pivot))
            }
            forEachGlyph(of: u) { g, pen in
                let sg = line.glyphs[g]
                if sg.isVertical {
                    // Shaped top to bottom: the pen is the vertical origin; the offsets (x right, y up in the
                    // glyph's upright frame, where up is −T and right is N) lead to the horizontal origin.
                    let along = pen - a / 2 - sg.yOffset + uprightDrop(g)
                    let across = sg.xOffset + normalShift + extra + uprightCentreShift(g)
                    let origin = Self.turned(sample.point + t * along + n * across, about: pivot, by: theta)
                    // Standing upright: the baseline turned a quarter turn anticlockwise on screen, (T.y, −T.x).
                    out.glyphs.append(placed(g, origin: origin, direction: Self.turned(n, by: theta), pathDistance: arcMid + along,
                                             normalOffset: across, upright: true))
                    return
                }
                let along = pen - a / 2 + sg.xOffset * run.scaleX
                // In vertical writing sideways glyphs are centred on the path (the central baseline).
                let central = vertical ? -(sideways(g)) : 0
                let up = up(g) + extra + central
                let origin = Self.turned(sample.point + t * along + n * up, about: pivot, by: theta)
                out.glyphs.append(placed(g, origin: origin, direction: Self.turned(t, by: theta), pathDistance: arcMid + along,
                                         normalOffset: up))
            }
        }
        out.consumed = run.advance
        return out
    }

    /// ``alignPlacement(on:s0:dropOffPath:wraps:)`` for horizontal text without per-cluster `dy` or `rotate`
    /// lists (nearly every label): the same rule and the same arithmetic, with no per-glyph branches for
    /// upright glyphs, extra shifts or turns, and the glyphs written straight into their array.
    ///
    /// Two loops: every unit's midpoint sampled first, into a buffer, then every glyph placed from it.
    /// In one loop the glyphs' values were spilled around each unit's call into the sampler, and the
    /// ends for the upright rule were tracked unit by unit; from the buffer they are its first and last
    /// placed entries.
    private func plainAlignPlacement(on course: Course, s0: Double, dropOffPath: Bool, wraps: Bool,
                                     reusing storage: consuming [PlacedGlyph]) -> Placement {
        var storage = storage
        return withUnsafeTemporaryAllocation(of: UnitSample.self, capacity: run.units.count) { samples in
            var out = Placement()
            out.dropped = sampleMidpoints(on: course, s0: s0, dropOffPath: dropOffPath, wraps: wraps, into: samples)
            out.glyphs = storage.take()
            placeGlyphs(samples, into: &out.glyphs)
            let placedUnits = samples.lazy.filter { !$0.distance.isNaN }
            if let first = placedUnits.first, let last = samples.last(where: { !$0.distance.isNaN }) {
                out.ends = ((first.point, first.tangent), (last.point, last.tangent))
            }
            if keepsTurns { out.mids = placedUnits.map { ($0.point, $0.tangent) } }
            out.consumed = run.advance
            return out
        }
    }

    /// A unit's midpoint on the path: its point, tangent and arc length; a NaN distance for a unit dropped.
    private struct UnitSample {
        var point: Point, tangent: Vector, distance: Double
    }

    /// Writes every unit's midpoint sample (``alignPlacement(on:s0:dropOffPath:wraps:)``'s P, T and
    /// mid_c as arc length) to `samples`, in the order of the units; returns the clusters dropped.
    private func sampleMidpoints(on course: Course, s0: Double, dropOffPath: Bool, wraps: Bool,
                                 into samples: UnsafeMutableBufferPointer<UnitSample>) -> [Int] {
        let length = course.length
        var sampler = course.measure.sampler()  // the midpoints come in increasing order
        var dropped: [Int] = []
        run.units.withUnsafeBufferPointer { units in
            for k in 0..<units.count {
                let u = units[k]
                let a = u.advance + u.spacing  // the spacing after a cluster belongs to it
                let mid = s0 + u.pen + a / 2
                if !wraps, dropOffPath, mid < 0 || mid > length {
                    dropped.append(u.cluster)
                    samples.initializeElement(at: k, to: UnitSample(point: .zero, tangent: .zero, distance: .nan))
                    continue
                }
                let arcMid = course.arc(mid)
                let sample = sampler.sample(at: arcMid)
                samples.initializeElement(at: k, to: UnitSample(point: sample.point, tangent: sample.tangent, distance: arcMid))
            }
        }
        return dropped
    }

    /// The glyphs of every unit placed at its midpoint sample (the units dropped left out), written over
    /// `placed` (its storage perhaps kept from an earlier label).
    private func placeGlyphs(_ samples: UnsafeMutableBufferPointer<UnitSample>, into placed: inout [PlacedGlyph]) {
        let scaleX = run.scaleX, normalShift = normalShift, runCount = runCount
        // The last run's baseline shift and colour, read again only when a glyph's run differs.
        var cachedRun = Int.min, runShift = 0.0, runColor = RGBAColor.black
        // Appended to a local whose storage is reserved first (an `inout` array's appends each checked
        // that it is unique), not made by `init(unsafeUninitializedCapacity:)` (unspecialised: ≈ 900
        // instructions a label to look up the storage type).
        var out = placed.take()
        out.emptied(reserving: line.glyphs.count)
        line.runs.withUnsafeBufferPointer { runs in
            line.glyphs.withUnsafeBufferPointer { glyphs in
                run.units.withUnsafeBufferPointer { units in
                    for k in 0..<units.count where !samples[k].distance.isNaN {
                        let u = units[k]
                        let a = u.advance + u.spacing
                        let p = samples[k].point, t = samples[k].tangent, n = t.turnedLeft, arcMid = samples[k].distance
                        var pen = 0.0
                        for g in u.glyphs {
                            let sg = glyphs[g]
                            let along = pen - a / 2 + sg.xOffset * scaleX
                            let r = sg.runIndex
                            if r != cachedRun {
                                let runOK = r >= 0 && r < runCount
                                cachedRun = r
                                runShift = runOK ? runs[r].baselineShift : 0
                                runColor = runOK ? runs[r].color : .black
                            }
                            let up = sg.yOffset + runShift + normalShift
                            let advance = sg.advance * scaleX
                            out.append(PlacedGlyph(
                                glyph: sg.glyph, cluster: sg.cluster, fontIndex: sg.fontIndex, size: sg.size,
                                origin: p + t * along + n * up, direction: t, advance: advance, scaleX: scaleX,
                                runIndex: r, color: runColor, pathDistance: arcMid + along,
                                normalOffset: up, synthesis: sg.synthesis))
                            pen += advance
                        }
                    }
                }
            }
        }
        placed = out
    }

    /// Mapnik's corner fix (`method=chord`): each unit's start and end both lie on the path, the unit is
    /// rotated to that chord, and the next unit starts `spacing` further along the path.
    ///
    /// The chord end is found by walking along the path from the unit's start in steps of at most a
    /// quarter of the advance until the straight-line distance reaches the advance, then bisecting.
    /// Unless the path wraps (closed, with ``ClosedPathMode/wrap``), distances are clamped to [0, L] and
    /// units that do not lie wholly on the path are dropped when `dropOffPath` is set.
    func chordPlacement(on course: Course, s0: Double, dropOffPath: Bool, wraps: Bool,
                        reusing storage: consuming [PlacedGlyph] = []) -> Placement {
        var out = Placement(reusing: storage)
        let length = course.length
        var s = s0
        for (k, u) in run.units.enumerated() {
            let a = u.advance
            // SVG's later dx values move this unit and all after it along the path (the pens carry them).
            let dxShift = k == 0 ? 0 : (u.pen - run.units[k - 1].pen - run.units[k - 1].advance - run.units[k - 1].spacing)
            s += dxShift
            let startS = s
            let pa = course.sample(at: startS).point
            var endS = startS + a
            if a > 0 {
                // March until the chord reaches the advance, then bisect.
                var lo = startS, hi = startS
                let limit = startS + 4 * a + length
                // On an open path the point stands still before 0 and after the length (distances are
                // clamped), so the march skips the first stretch and stops at the end. Steps are a/4 for
                // the first 16 advances of path (the chord nearly always reaches a within the first few),
                // then double: marching the whole way in steps of a/4 took (length + |s0|) / (a/4)
                // samples, which never ended on huge paths (or, with the measure unable to resolve
                // distances far below its length, ran 2^16 steps per cluster).
                if !wraps, hi < 0 { hi = min(0, limit); lo = hi }
                var step = max(a / 4, 1e-3), steps = 0
                while hi < limit {
                    if !wraps, hi >= length { lo = limit; hi = limit; break }
                    steps += 1
                    if steps > 64 { step *= 2 }
                    hi = min(hi + step, limit)
                    if course.sample(at: hi).point.distance(to: pa) >= a { break }
                    lo = hi
                }
                for _ in 0..<48 {
                    let m = (lo + hi) / 2
                    if course.sample(at: m).point.distance(to: pa) >= a { hi = m } else { lo = m }
                }
                endS = hi
            }
            defer { s = endS + u.spacing }
            if !wraps, dropOffPath, startS < -1e-9 || endS > length + 1e-9 {
                out.dropped.append(u.cluster)
                continue
            }
            let pb = course.sample(at: endS).point
            let t = (pb - pa).normalized ?? course.sample(at: startS).tangent
            let n = t.turnedLeft
            out.note((pa + t * (a / 2), t))
            let extra = extraUp(k), theta = extraRotation(k)
            let pivot = pa + t * (rotateAbout == .midpoint ? a / 2 : 0)
                + n * (normalShift + extra + (rotateAbout == .origin ? unitShift(u) : 0))
            forEachGlyph(of: u) { g, pen in
                let along = pen + line.glyphs[g].xOffset * run.scaleX
                let up = up(g) + extra
                out.glyphs.append(placed(g, origin: Self.turned(pa + t * along + n * up, about: pivot, by: theta), direction: Self.turned(t, by: theta),
                                         pathDistance: course.arc(startS) + along, normalOffset: up))
            }
        }
        out.consumed = s - s0
        return out
    }
}
