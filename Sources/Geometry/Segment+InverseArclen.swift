/// What arc-length inversion needs of a curve: its first two derivatives and its arc length over an
/// interval by the 16-point and the 5-point Gauss–Legendre rule.
///
/// ``Segment`` conforms; so does ``CubicSpeed``, the cubic's derivative kept as polynomial coefficients,
/// with which the sampler avoids re-deriving them from the control points on every call. The inversion
/// (``PathMeasure/parameter(on:piece:atArclen:from:residual:tolerance:)``) is generic over this protocol;
/// the optimiser specialises the one routine for each conformance.
protocol ArclenCurve {
    /// The derivative `B′(t)`.
    func deriv(_ t: Double) -> Vector
    /// The second derivative `B″(t)`.
    func deriv2(_ t: Double) -> Vector
    /// The arc length from `t0` to `t1` by the 16-point rule.
    func arclen(from t0: Double, to t1: Double) -> Double
    /// The arc length from `t0` to `t1` by the 5-point rule (short intervals only).
    func shortArclen(from t0: Double, to t1: Double) -> Double
}

extension Segment: ArclenCurve {}

/// The derivative of a cubic Bézier as a polynomial, `B′(t) = c0 + (c1 + c2·t)·t`, so `B″(t) = c1 + 2·c2·t`.
struct CubicSpeed: ArclenCurve {
    let c0: Vector, c1: Vector, c2: Vector

    init(_ c: CubicBez) {
        let q0 = c.p1 - c.p0, q1 = c.p2 - c.p1, q2 = c.p3 - c.p2
        c0 = q0 * 3; c1 = (q1 - q0) * 6; c2 = (q0 - q1 * 2 + q2) * 3
    }

    @inline(__always) func deriv(_ t: Double) -> Vector { c0 + (c1 + c2 * t) * t }
    @inline(__always) func deriv2(_ t: Double) -> Vector { c1 + c2 * (2 * t) }
    @inline(__always) func speed(_ t: Double) -> Double { deriv(t).length }
    func arclen(from t0: Double, to t1: Double) -> Double {
        FixedGaussLegendre.gl16(t0, t1) { speed($0) }
    }
    func shortArclen(from t0: Double, to t1: Double) -> Double {
        FixedGaussLegendre.gl5(t0, t1) { speed($0) }
    }
}

extension PathMeasure {
    /// Steps up to this fraction of a piece's parameter span add their arc length by the 5-point rule.
    ///
    /// A piece is cut so that the 16-point rule is accurate to 1e-12 over all of it, which bounds it to
    /// about 1.7 times the distance ρ from the interval to the nearest complex zero of the speed; the
    /// 5-point rule's error over a step h ≤ ρ/6 is then about 1.4e-6·(h/ρ)^10 ≈ 2e-14 of the step's length.
    static let shortStepFraction = 0.1

    /// The parameter on `piece` of `curve` at which the arc length from the piece's start is `sigma`:
    /// the one arc-length inversion of ``PathMeasure`` and its ``Sampler``.
    ///
    /// Starts from the guess `t` whose residual `arclen(t0, t) − sigma` is `f`, and takes safeguarded
    /// Halley steps (Newton with the curvature of arc length, f′ = |B′|, f″ = B′·B″/|B′|), falling back to
    /// Newton when the Halley denominator is far from 1 and to bisection of the bracket when a step
    /// leaves it. A short step adds the arc length over the step by the 5-point rule to the residual;
    /// a long one or a bisection recomputes it from the piece's start by the 16-point rule. Stops when
    /// `|f|` is within `tolerance` or the bracket is exhausted.
    /// - Returns: the parameter and its residual.
    static func parameter<C: ArclenCurve>(on curve: C, piece: Piece, atArclen sigma: Double,
                                                     from t: Double, residual f: Double,
                                                     tolerance: Double) -> (t: Double, residual: Double) {
        let short = shortStepFraction * (piece.t1 - piece.t0)
        var lo = piece.t0, hi = piece.t1, t = t, f = f
        for _ in 0..<100 {
            if abs(f) <= tolerance { break }
            if f > 0 { hi = t } else { lo = t }
            // One Halley step for f(t) = arclen(t) − σ.
            let d1 = curve.deriv(t)
            let v = d1.length
            var next = t - f / v
            if v > 0 {
                let fpp = d1.dot(curve.deriv2(t)) / v
                let denom = 1 - f * fpp / (2 * v * v)
                if denom > 0.5 && denom < 2 { next = t - f / (v * denom) }
            }
            let bisected = !(next > lo && next < hi)
            if bisected { next = (lo + hi) / 2 }
            if next == t || hi - lo <= Tolerance.parameterBracket { break }
            if !bisected && abs(next - t) <= short {
                f += curve.shortArclen(from: t, to: next)
            } else {
                f = curve.arclen(from: piece.t0, to: next) - sigma
            }
            t = next
        }
        return (t, f)
    }

    /// The second-order first guess from a parameter `tb` whose arc length is known, `d` further along:
    /// `t ≈ tb + d/v − f″·d²/(2v³)` with `v = |B′(tb)|`, `f″ = B′·B″/|B′|`. NaN when the speed at `tb` is
    /// under `minSpeed` (a cusp), where the expansion fails.
    static func secondOrderGuess<C: ArclenCurve>(on curve: C, from tb: Double, by d: Double,
                                                            minSpeed: Double) -> Double {
        let d1 = curve.deriv(tb)
        let v = d1.length
        guard v > minSpeed else { return .nan }
        let fpp = d1.dot(curve.deriv2(tb)) / v
        return tb + d / v - fpp * d * d / (2 * v * v * v)
    }
}
