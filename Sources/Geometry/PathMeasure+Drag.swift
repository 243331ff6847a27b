extension PathMeasure {
    /// The golden-section search of ``drag(from:toward:step:)`` stops when its bracket is this fraction of
    /// the walking step (at least 1); the step is at least a hundredth of this fraction of the length.
    static let dragPrecision = 1e-10

    /// Moves a handle at distance `s` along the path towards `target` without leaving the stroke it is on.
    ///
    /// Unlike ``nearest(to:)``, the search is local: from `s` it follows the path (in whichever direction the
    /// distance to `target` decreases, probed `step` away) while the distance keeps decreasing, and stops at
    /// the first minimum. So a handle on a figure-8 dragged through the crossing stays on its own branch even
    /// where the other branch is nearer to the target, and on a closed path it passes the start point
    /// smoothly (distances wrap). On an open path it stops at the ends, and at the end of its subpath.
    ///
    /// The walk goes a segment at a time, not a step at a time: on a line the minimum is the projection of
    /// the target (exact, O(1) however long the line); a curve is sampled at its flattening resolution (as
    /// ``nearest(to:)`` samples it) up to the first sample farther than the one before, and that bracket is
    /// refined by golden-section search. The cost is O(segments walked · log segments), independent of the
    /// length in pixels.
    ///
    /// - Parameters:
    ///   - s: the handle's current distance along the path.
    ///   - target: where the pointer is.
    ///   - step: how far away the direction is probed; smaller steps resolve finer wiggles. Defaults to 1
    ///     (a pixel), or `length / 256` for short paths.
    public func drag(from s: Double, toward target: Point, step: Double? = nil) -> PathLocation {
        let h = max(step ?? min(1, length / 256), length * Self.dragPrecision / 100)
        func d2(_ x: Double) -> Double { (point(at: x) - target).lengthSquared }
        func clampOpen(_ x: Double) -> Double { isClosed ? x : min(max(x, 0), length) }
        let start = normalizedDistance(s)
        let dStart = d2(start)
        let fwd = clampOpen(start + h), back = clampOpen(start - h)
        let dF = fwd != start ? d2(fwd) : .infinity, dB = back != start ? d2(back) : .infinity
        var best: Double
        if dF < dStart || dB < dStart {
            // Walk in the forward path's distances (the segments' own direction).
            let dir: Double = (dF <= dB) != isReversed ? 1 : -1
            let f = walk(fromForward: isReversed ? length - start : start, direction: dir, toward: target)
            best = isReversed ? length - f : f  // normalized (wrapped) below
        } else {
            best = goldenMinimum(start - h, start + h, start, dStart, h: h, d2)
        }
        let distance = normalizedDistance(best)
        let sample = sample(at: distance)
        return PathLocation(distance: distance, point: sample.point, tangent: sample.tangent,
                            offset: sample.point.distance(to: target))
    }

    /// The forward distance where the distance to `q`, followed from forward distance `f0` in direction
    /// `dir` (±1), first stops decreasing. Distances are unwrapped on a closed path (past `length` or below
    /// 0 after going round the seam), so a bracket may straddle the seam.
    private func walk(fromForward f0: Double, direction dir: Double, toward q: Point) -> Double {
        let st = storage
        func g(_ f: Double) -> Double { (point(at: isReversed ? length - f : f) - q).lengthSquared }
        var f = min(max(f0, 0), length)
        var j = st.locateSegment(f, preferEarlier: dir < 0)
        var lap = 0.0  // the segment's distances are segStart + lap
        var gCur = g(f), previous = f
        for _ in 0...st.segments.count {
            let a = st.segStart[j] + lap, b = a + st.segLength[j]
            let end = dir > 0 ? b : a
            if (end - f) * dir > 0 {
                if case .line(let line) = st.segments[j] {
                    // The foot of q on the line, kept between f and the segment's end.
                    let d = line.p1 - line.p0, len2 = d.lengthSquared
                    let t = len2 > 0 ? min(max((q - line.p0).dot(d) / len2, 0), 1) : 0
                    let foot = dir > 0 ? min(max(a + t * (b - a), f), b) : max(min(a + t * (b - a), f), a)
                    if foot != end { return g(foot) < gCur ? foot : f }
                    previous = f; f = end; gCur = g(end)
                } else {
                    // Samples at the segment's flattening resolution up to the first that is farther away;
                    // the minimum lies between the sample before the last and that one.
                    let steps = min(256, max(16, 2 * st.segments[j].flatteningSteps(tolerance: 0.5)))
                    let delta = (b - a) / Double(steps) * dir
                    while (end - f) * dir > 0 {
                        let next = (end - (f + delta)) * dir > 0 ? f + delta : end
                        let gNext = g(next)
                        if !(gNext < gCur) {
                            return goldenMinimum(min(previous, next), max(previous, next), f, gCur, h: abs(delta), g)
                        }
                        previous = f; f = next; gCur = gNext
                    }
                }
            }
            // Into the next segment of the same subpath (round the seam of a closed path).
            var k = j + (dir > 0 ? 1 : -1)
            if k < 0 || k >= st.segments.count {
                guard isClosed else { return f }
                k = k < 0 ? st.segments.count - 1 : 0
                lap += dir * length
            } else if st.segSubpath[k] != st.segSubpath[j] {
                return f
            }
            j = k
        }
        return f
    }

    /// Golden-section search of `d2` on `[lo, hi]`; `x`/`dx` (a point inside with its value) wins when no
    /// probe is lower.
    private func goldenMinimum(_ lo: Double, _ hi: Double, _ x: Double, _ dx: Double, h: Double,
                               _ d2: (Double) -> Double) -> Double {
        let g = 0.6180339887498949
        var a = lo, b = hi
        var x1 = b - g * (b - a), x2 = a + g * (b - a)
        var f1 = d2(x1), f2 = d2(x2)
        for _ in 0..<80 where b - a > Self.dragPrecision * max(1, h) {
            if f1 < f2 { b = x2; x2 = x1; f2 = f1; x1 = b - g * (b - a); f1 = d2(x1) }
            else { a = x1; x1 = x2; f1 = f2; x2 = a + g * (b - a); f2 = d2(x2) }
        }
        let best = f1 < f2 ? x1 : x2
        return dx < min(f1, f2) ? x : best
    }

    /// Drags a handle from distance `s` through `targets` in order, each step starting where the previous
    /// ended (see ``drag(from:toward:step:)``); returns the location after each target.
    public func drag<Targets: Sequence<Point>>(from s: Double, through targets: Targets, step: Double? = nil) -> [PathLocation] {
        var out: [PathLocation] = []
        var cur = s
        for target in targets {
            let loc = drag(from: cur, toward: target, step: step)
            out.append(loc)
            cur = loc.distance
        }
        return out
    }

    /// The signed difference `b − a` of two distances along the path, taking the shorter way round
    /// when the path is closed: in `(−length/2, length/2]`.
    public func signedDistance(from a: Double, to b: Double) -> Double {
        guard isClosed else { return b - a }
        return Angle.signedDifference(b, a, period: length)
    }
}
