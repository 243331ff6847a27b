#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Segment {
    /// The number of equal parameter steps after which a chord stays within `tolerance` of the curve.
    ///
    /// Uses the bound `n = ⌈√(‖Δ²‖ₘₐₓ / (8·tol))⌉` on the second differences of the control polygon for
    /// Béziers (Wang's formula), and the sagitta of the arc for elliptical arcs.
    /// - Precondition: `tolerance > 0`.
    public func flatteningSteps(tolerance: Double) -> Int {
        switch self {
        case .line:
            return 1
        case .quad(let q):
            let dd = (q.p0 - q.p1) + (q.p2 - q.p1)
            return Self.wang(dd.length * 2, tolerance)
        case .cubic(let c):
            let d1 = (c.p0 - c.p1) + (c.p2 - c.p1)
            let d2 = (c.p1 - c.p2) + (c.p3 - c.p2)
            return Self.wang(6 * max(d1.length, d2.length), tolerance)
        case .arc(let a):
            let r = max(abs(a.radii.x), abs(a.radii.y))
            guard r > tolerance else { return 1 }
            let step = 2 * acos(max(-1, min(1, 1 - tolerance / r)))
            guard step > 0, step.isFinite else { return 1 }
            // Clamp in floating point: a huge sweep over a tiny step is beyond Int's range.
            return max(1, Int(min(Double(1 << 16), (abs(a.sweepAngle) / step).rounded(.up))))
        }
    }

    private static func wang(_ secondDerivBound: Double, _ tol: Double) -> Int {
        let n = (secondDerivBound / (8 * tol)).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        // Clamp in floating point: for huge control polygons `n` is finite but beyond Int's range.
        return max(1, Int(min(Double(1 << 16), n)))
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
