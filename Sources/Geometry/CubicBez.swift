/// A cubic Bézier curve with control points `p0`…`p3`.
public struct CubicBez: ParamCurve, Hashable {
    /// The start point, the two control points and the end point.
    public var p0, p1, p2, p3: Point

    /// Creates a cubic Bézier from its four control points.
    @inlinable public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// `p0`.
    @inlinable public var start: Point { p0 }
    /// `p3`.
    @inlinable public var end: Point { p3 }

    /// The Bernstein form.
    @inlinable public func eval(_ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(
            a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// `3(1−t)²(p1−p0) + 6(1−t)t(p2−p1) + 3t²(p3−p2)`.
    @inlinable public func deriv(_ t: Double) -> Vector {
        let mt = 1 - t
        return (p1 - p0) * (3 * mt * mt) + (p2 - p1) * (6 * mt * t) + (p3 - p2) * (3 * t * t)
    }

    /// The part between `t0` and `t1`, with control points from the derivative at both ends.
    public func subsegment(_ t0: Double, _ t1: Double) -> CubicBez {
        let a = eval(t0), d = eval(t1)
        let scale = (t1 - t0) / 3
        return CubicBez(a, a + deriv(t0) * scale, d - deriv(t1) * scale, d)
    }

    /// The curve traversed backwards.
    public func reversed() -> CubicBez { CubicBez(p3, p2, p1, p0) }
    /// The control points transformed (Béziers are affine invariant).
    public func transformed(by m: Affine) -> CubicBez {
        CubicBez(m.apply(p0), m.apply(p1), m.apply(p2), m.apply(p3))
    }
}
