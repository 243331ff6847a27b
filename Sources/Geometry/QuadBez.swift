/// A quadratic Bézier curve with control points `p0`, `p1`, `p2`.
public struct QuadBez: ParamCurve, Hashable {
    /// The start point, the control point and the end point.
    public var p0, p1, p2: Point

    /// Creates a quadratic Bézier from its three control points.
    @inlinable public init(_ p0: Point, _ p1: Point, _ p2: Point) { self.p0 = p0; self.p1 = p1; self.p2 = p2 }

    /// `p0`.
    @inlinable public var start: Point { p0 }
    /// `p2`.
    @inlinable public var end: Point { p2 }

    /// The Bernstein form `(1−t)²p0 + 2t(1−t)p1 + t²p2`.
    @inlinable public func eval(_ t: Double) -> Point {
        let mt = 1 - t
        return Point(
            mt * mt * p0.x + 2 * t * mt * p1.x + t * t * p2.x,
            mt * mt * p0.y + 2 * t * mt * p1.y + t * t * p2.y)
    }

    /// `2(1−t)(p1 − p0) + 2t(p2 − p1)`.
    @inlinable public func deriv(_ t: Double) -> Vector {
        (p1 - p0) * (2 * (1 - t)) + (p2 - p1) * (2 * t)
    }

    /// The part between `t0` and `t1` (blossoming).
    public func subsegment(_ t0: Double, _ t1: Double) -> QuadBez {
        let a = eval(t0), c = eval(t1)
        let b = a + deriv(t0) * ((t1 - t0) / 2)
        return QuadBez(a, b, c)
    }

    /// The curve traversed backwards.
    public func reversed() -> QuadBez { QuadBez(p2, p1, p0) }
    /// The control points transformed (Béziers are affine invariant).
    public func transformed(by m: Affine) -> QuadBez { QuadBez(m.apply(p0), m.apply(p1), m.apply(p2)) }

    /// The same curve as a cubic (exact degree elevation).
    public var cubic: CubicBez {
        CubicBez(p0, p0 + (p1 - p0) * (2.0 / 3.0), p2 + (p1 - p2) * (2.0 / 3.0), p2)
    }
}
