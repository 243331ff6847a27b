/// A straight segment from `p0` to `p1`.
public struct Line: ParamCurve, Hashable {
    /// The start point.
    public var p0: Point
    /// The end point.
    public var p1: Point

    /// Creates a line from `p0` to `p1`.
    @inlinable public init(_ p0: Point, _ p1: Point) { self.p0 = p0; self.p1 = p1 }

    /// `p0`.
    @inlinable public var start: Point { p0 }
    /// `p1`.
    @inlinable public var end: Point { p1 }
    /// `p0 + t·(p1 − p0)`.
    @inlinable public func eval(_ t: Double) -> Point { p0.lerp(p1, t) }
    /// `p1 − p0`, for every `t`.
    @inlinable public func deriv(_ t: Double) -> Vector { p1 - p0 }
    /// The line between the points at `t0` and `t1`.
    public func subsegment(_ t0: Double, _ t1: Double) -> Line { Line(eval(t0), eval(t1)) }
    /// The line from `p1` to `p0`.
    public func reversed() -> Line { Line(p1, p0) }
    /// The line through the transformed end points.
    public func transformed(by m: Affine) -> Line { Line(m.apply(p0), m.apply(p1)) }
    /// The exact length, `|p1 − p0|`.
    @inlinable public var length: Double { (p1 - p0).length }
}
