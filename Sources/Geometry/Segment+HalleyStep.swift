extension Segment {
    /// One safeguarded Halley step of arc-length inversion: the next parameter for `f(t) = arclen(t) − σ`,
    /// with f′ = |B′(t)| and f″ = B′·B″/|B′|, falling back to Newton when the Halley denominator is far
    /// from 1, and to bisection of `[lo, hi]` when the step leaves the bracket.
    /// - Returns: the next parameter, and whether it came from bisection.
    @inline(__always)
    func halleyStep(at t: Double, residual f: Double, lo: Double, hi: Double) -> (next: Double, bisected: Bool) {
        let d1 = deriv(t)
        let v = d1.length
        var next = t - f / v
        if v > 0 {
            let fpp = d1.dot(deriv2(t)) / v
            let denom = 1 - f * fpp / (2 * v * v)
            if denom > 0.5 && denom < 2 { next = t - f / (v * denom) }
        }
        if !(next > lo && next < hi) { return ((lo + hi) / 2, true) }
        return (next, false)
    }
}
