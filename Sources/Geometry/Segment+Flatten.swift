extension Segment {
    /// The number of equal parameter steps after which a chord stays within `tolerance` of the curve.
    ///
    /// The library's one rule, ``Flattening``: Wang's formula on the second differences of the control
    /// polygon for Béziers, the sagitta on the larger radius for elliptical arcs.
    /// - Precondition: `tolerance > 0`.
    public func flatteningSteps(tolerance: Double) -> Int {
        switch self {
        case .line:
            return 1
        case .quad(let q):
            let dd = (q.p0 - q.p1) + (q.p2 - q.p1)
            return Flattening.steps(secondDerivativeBound: dd.length * 2, tolerance: tolerance)
        case .cubic(let c):
            let d1 = (c.p0 - c.p1) + (c.p2 - c.p1)
            let d2 = (c.p1 - c.p2) + (c.p3 - c.p2)
            return Flattening.steps(secondDerivativeBound: 6 * max(d1.length, d2.length), tolerance: tolerance)
        case .arc(let a):
            return Flattening.arcSteps(radius: max(abs(a.radii.x), abs(a.radii.y)), sweep: a.sweepAngle,
                                       tolerance: tolerance)
        }
    }

    /// Calls `emit` with the end points of the chords that approximate this segment within `tolerance`
    /// (the start point is not emitted; the last point emitted is ``end`` exactly).
    public func flatten(tolerance: Double, _ emit: (Point) -> Void) {
        let n = flatteningSteps(tolerance: tolerance)
        if n > 1 {
            let dt = 1 / Double(n)
            for i in 1..<n { emit(eval(Double(i) * dt)) }
        }
        emit(end)
    }
}

extension BezPath {
    /// Each subpath as a polyline within `tolerance` of the path (closed subpaths end at their start).
    public func flattened(tolerance: Double = 0.1) -> [[Point]] {
        subpaths.map { sp in
            var pts = [sp.start]
            for seg in sp.segments { seg.flatten(tolerance: tolerance) { pts.append($0) } }
            return pts
        }
    }
}
