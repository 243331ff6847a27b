extension Segment {
    /// The unit tangent at `t`, also where the derivative vanishes (a cusp, coincident control points):
    /// there it is the limit of the derivative's direction from the side after `t` (`after: true`) or
    /// before it, the side being forced at the ends. `scale` is the segment's size (its length), used to
    /// judge when the derivative is too small to trust. `nil` only when the segment is a single point.
    public func unitTangent(at t: Double, after: Bool = true, scale: Double) -> Vector? {
        let d = deriv(t)
        if d.length > Tolerance.tangentSpeed * scale, let u = d.normalized { return u }
        var side = after
        if t >= 1 { side = false } else if t <= 0 { side = true }
        var delta = Tolerance.tangentProbeStep
        while delta < 0.5 {
            let v = deriv(side ? min(1, t + delta) : max(0, t - delta))
            if v.length > Tolerance.tangentLimitSpeed * scale, let u = v.normalized { return u }
            delta *= 100
        }
        return (end - start).normalized
    }
}
