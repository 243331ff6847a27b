/// A curve parameterised over `t ∈ [0, 1]`, in the manner of kurbo's `ParamCurve`.
public protocol ParamCurve: Sendable {
    /// The point at `t = 0`.
    var start: Point { get }
    /// The point at `t = 1`.
    var end: Point { get }
    /// The point at parameter `t`.
    func eval(_ t: Double) -> Point
    /// The first derivative with respect to `t` (zero where the curve stalls, e.g. at a cusp).
    func deriv(_ t: Double) -> Vector
    /// The part of the curve between `t0` and `t1`, reparameterised over [0, 1].
    func subsegment(_ t0: Double, _ t1: Double) -> Self
    /// The same curve traversed backwards.
    func reversed() -> Self
    /// The curve transformed by `affine`.
    func transformed(by affine: Affine) -> Self
}
