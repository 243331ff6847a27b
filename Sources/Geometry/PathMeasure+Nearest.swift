extension PathMeasure {
    /// The point of the path nearest to `q`, with its distance along the path.
    ///
    /// Lines are projected exactly. Curves are sampled coarsely (more samples for longer, more curved
    /// segments), and each discrete local minimum is refined by safeguarded Newton iteration on
    /// `(B(t) − q)·B′(t) = 0`, which converges far below 1e-3 px. Segments whose control-point bounding box
    /// is farther than the best candidate so far are skipped. O(n) in the number of segments.
    /// Ties go to the earlier distance.
    public func nearest(to q: Point) -> PathLocation {
        let st = storage
        var best = (segment: 0, t: 0.0, d2: Double.infinity)
        for j in st.segments.indices {
            let seg = st.segments[j]
            if boxDistanceSquared(seg, q) > best.d2 { continue }
            let (t, d2) = Self.nearestParameter(seg, q)
            if d2 < best.d2 { best = (j, t, d2) }
        }
        var s = forwardDistance(segment: best.segment, t: best.t)
        if isReversed { s = length - s }
        if isClosed && s >= length { s = 0 }
        let point = st.segments[best.segment].eval(best.t)
        var tangent = unitTangent(best.segment, best.t, entering: !isReversed)
        if isReversed { tangent = -tangent }
        return PathLocation(distance: s, point: point, tangent: tangent, offset: point.distance(to: q))
    }

    /// The squared distance from `q` to a box containing the segment (0 inside).
    func boxDistanceSquared(_ seg: Segment, _ q: Point) -> Double {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        switch seg {
        case .line(let l): add(l.p0); add(l.p1)
        case .quad(let c): add(c.p0); add(c.p1); add(c.p2)
        case .cubic(let c): add(c.p0); add(c.p1); add(c.p2); add(c.p3)
        case .arc(let a):
            let r = max(abs(a.radii.x), abs(a.radii.y))
            add(a.center + Vector(-r, -r)); add(a.center + Vector(r, r))
        }
        let dx = max(minX - q.x, 0, q.x - maxX), dy = max(minY - q.y, 0, q.y - maxY)
        return dx * dx + dy * dy
    }

    /// The parameter of the point of `seg` nearest to `q`, and the squared distance.
    static func nearestParameter(_ seg: Segment, _ q: Point) -> (t: Double, d2: Double) {
        if case .line(let l) = seg {
            let d = l.p1 - l.p0
            let len2 = d.lengthSquared
            let t = len2 > 0 ? min(max((q - l.p0).dot(d) / len2, 0), 1) : 0
            return (t, (l.eval(t) - q).lengthSquared)
        }
        let n = min(256, max(16, 2 * seg.flatteningSteps(tolerance: 0.5)))
        var best = (t: 0.0, d2: Double.infinity)
        var prev2 = Double.infinity, prev = (seg.start - q).lengthSquared
        // Endpoints are candidates too.
        best = (0, prev)
        let dEnd = (seg.end - q).lengthSquared
        if dEnd < best.d2 { best = (1, dEnd) }
        for i in 1...n {
            let cur = i == n ? dEnd : (seg.eval(Double(i) / Double(n)) - q).lengthSquared
            // Sample i−1 is a discrete local minimum: refine in its neighbourhood.
            if i >= 1, prev <= cur, prev <= prev2 {
                let lo = Double(max(i - 2, 0)) / Double(n), hi = Double(i) / Double(n)
                let t = refine(seg, q, lo, hi, Double(i - 1) / Double(n))
                let d2 = (seg.eval(t) - q).lengthSquared
                if d2 < best.d2 { best = (t, d2) }
            }
            prev2 = prev; prev = cur
        }
        // The end sample as a discrete local minimum.
        if prev <= prev2 {
            let t = refine(seg, q, 1 - 1 / Double(n), 1, 1)
            let d2 = (seg.eval(t) - q).lengthSquared
            if d2 < best.d2 { best = (t, d2) }
        }
        return best
    }

    /// Safeguarded Newton on `g(t) = (B(t) − q)·B′(t)` within `[lo, hi]`, from `t`.
    static func refine(_ seg: Segment, _ q: Point, _ lo0: Double, _ hi0: Double, _ t0: Double) -> Double {
        var lo = lo0, hi = hi0, t = t0
        for _ in 0..<60 {
            let r = seg.eval(t) - q, d1 = seg.deriv(t)
            let g = r.dot(d1)
            if g == 0 { break }
            if g > 0 { hi = t } else { lo = t }
            let gp = d1.lengthSquared + r.dot(seg.deriv2(t))
            var next = gp > 0 ? t - g / gp : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - t) <= Tolerance.parameterStep || hi - lo <= Tolerance.parameterStep { t = next; break }
            t = next
        }
        return t
    }
}
