extension PathMeasure {
    /// The golden-section search of ``drag(from:toward:step:)`` stops when its bracket is this fraction of
    /// the walking step (at least 1); the step is at least a hundredth of this fraction of the length.
    static let dragPrecision = 1e-10

    /// Moves a handle at distance `s` along the path towards `target` without leaving the stroke it is on.
    ///
    /// Unlike ``nearest(to:)``, the search is local: from `s` it walks along the path in steps of `step`
    /// (in whichever direction the distance to `target` decreases) while the distance keeps decreasing,
    /// then refines the minimum by golden-section search between the neighbouring steps. So a handle on
    /// a figure-8 dragged through the crossing stays on its own branch even where the other branch is
    /// nearer to the target, and on a closed path it passes the start point smoothly (distances wrap).
    /// On an open path it stops at the ends.
    ///
    /// - Parameters:
    ///   - s: the handle's current distance along the path.
    ///   - target: where the pointer is.
    ///   - step: the walking step; smaller steps resolve finer wiggles. Defaults to 1 (a pixel), or
    ///     `length / 256` for short paths.
    public func drag(from s: Double, toward target: Point, step: Double? = nil) -> PathLocation {
        let h = max(step ?? min(1, length / 256), length * Self.dragPrecision / 100)
        func d2(_ x: Double) -> Double { (point(at: x) - target).lengthSquared }
        func clampOpen(_ x: Double) -> Double { isClosed ? x : min(max(x, 0), length) }
        var cur = normalizedDistance(s)
        var dCur = d2(cur)
        let fwd = clampOpen(cur + h), back = clampOpen(cur - h)
        let dF = fwd != cur ? d2(fwd) : .infinity, dB = back != cur ? d2(back) : .infinity
        var lo = back, hi = fwd
        if dF < dCur || dB < dCur {
            let dir: Double = dF <= dB ? 1 : -1
            // Walk while the distance decreases, at most once round.
            let maxSteps = Int((length / h).rounded(.up)) + 1
            var steps = 0
            while steps < maxSteps {
                let next = clampOpen(cur + dir * h)
                if next == cur { break }
                let dNext = d2(next)
                if !(dNext < dCur) { break }
                cur = next; dCur = dNext; steps += 1
            }
            lo = clampOpen(cur - h); hi = clampOpen(cur + h)
        }
        // Golden-section search for the minimum in [lo, hi] (unwrapped distances).
        let g = 0.6180339887498949
        var a = lo, b = hi
        var x1 = b - g * (b - a), x2 = a + g * (b - a)
        var f1 = d2(x1), f2 = d2(x2)
        for _ in 0..<80 where b - a > Self.dragPrecision * max(1, h) {
            if f1 < f2 { b = x2; x2 = x1; f2 = f1; x1 = b - g * (b - a); f1 = d2(x1) }
            else { a = x1; x1 = x2; f1 = f2; x2 = a + g * (b - a); f2 = d2(x2) }
        }
        var best = f1 < f2 ? x1 : x2
        if dCur < min(f1, f2) { best = cur }
        let distance = normalizedDistance(best)
        let sample = sample(at: distance)
        return PathLocation(distance: distance, point: sample.point, tangent: sample.tangent,
                            offset: sample.point.distance(to: target))
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
