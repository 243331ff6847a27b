import Support

extension Segment {
    /// The speed `|B′(t)|`.
    @inlinable public func speed(_ t: Double) -> Double { deriv(t).length }

    /// Whether the speed is constant in `t`, so that arc length is proportional to the parameter:
    /// lines and circular arcs.
    public var hasConstantSpeed: Bool {
        switch self {
        case .line: return true
        case .arc(let a):
            let rx = abs(a.radii.x), ry = abs(a.radii.y)
            return abs(rx - ry) <= Tolerance.circular * max(rx, ry)
        case .quad(let q):
            // Constant speed only when the control point is the midpoint (a uniformly traversed line).
            return (q.p0 - q.p1) + (q.p2 - q.p1) == .zero
        case .cubic: return false
        }
    }

    /// The arc length between `t0` and `t1` by one 16-point Gauss–Legendre rule (exact for lines and
    /// circular arcs; accurate when the interval is short enough, as ``arclen(accuracy:)`` arranges).
    public func arclen(from t0: Double, to t1: Double) -> Double {
        switch self {
        case .line(let l):
            return l.length * (t1 - t0)
        case .quad(let q):
            // B′(t) = c0 + t c1.
            let c0 = (q.p1 - q.p0) * 2, c1 = ((q.p2 - q.p1) - (q.p1 - q.p0)) * 2
            let f = { (t: Double) -> Double in (c0 + c1 * t).length }
            return FixedGaussLegendre.gl16(t0, t1, f)
        case .cubic(let c):
            return CubicSpeed(c).arclen(from: t0, to: t1)
        case .arc(let a):
            let rx = a.radii.x, ry = a.radii.y, w = abs(a.sweepAngle)
            if abs(abs(rx) - abs(ry)) <= Tolerance.circular * max(abs(rx), abs(ry)) { return abs(rx) * w * (t1 - t0) }
            let f = { (t: Double) -> Double in
                let th = a.startAngle + t * a.sweepAngle
                let s = sin(th), c = cos(th)
                return w * (rx * rx * s * s + ry * ry * c * c).squareRoot()
            }
            return FixedGaussLegendre.gl16(t0, t1, f)
        }
    }

    /// The arc length of the whole segment, by Gauss–Legendre quadrature on an adaptive subdivision,
    /// refined until each interval's rule agrees with the sum over its two halves to `accuracy`
    /// (relative to the segment's size).
    public func arclen(accuracy: Double = Tolerance.arclen) -> Double {
        var total = 0.0
        forEachArclenPiece(accuracy: accuracy) { _, _, len in total += len }
        return total
    }

    /// Calls `body(t0, t1, length)` for consecutive parameter intervals covering `[0, 1]` on which one
    /// 16-point rule (``arclen(from:to:)``) is accurate to `accuracy` times the segment's size, the
    /// length given being that rule's. Constant-speed segments are one interval.
    public func forEachArclenPiece(accuracy: Double = Tolerance.arclen, _ body: (Double, Double, Double) -> Void) {
        if hasConstantSpeed { body(0, 1, arclen(from: 0, to: 1)); return }
        let size = controlPolygonLength
        let tol = accuracy * max(size, .leastNormalMagnitude)
        func refine(_ a: Double, _ b: Double, _ whole: Double, _ depth: Int) {
            let m = (a + b) / 2
            let l = arclen(from: a, to: m), r = arclen(from: m, to: b)
            if depth >= 40 || abs(l + r - whole) <= tol || !(l + r).isFinite {
                body(a, b, whole)
            } else {
                refine(a, m, l, depth + 1)
                refine(m, b, r, depth + 1)
            }
        }
        refine(0, 1, arclen(from: 0, to: 1), 0)
    }

    /// The length of the control polygon (for arcs, a bound from the larger radius): an upper bound of the
    /// arc length, used as a scale for tolerances.
    public var controlPolygonLength: Double {
        switch self {
        case .line(let l): return l.length
        case .quad(let q): return (q.p1 - q.p0).length + (q.p2 - q.p1).length
        case .cubic(let c): return (c.p1 - c.p0).length + (c.p2 - c.p1).length + (c.p3 - c.p2).length
        case .arc(let a): return max(abs(a.radii.x), abs(a.radii.y)) * abs(a.sweepAngle)
        }
    }

    /// Whether every coordinate and parameter is finite.
    public var isFinite: Bool {
        switch self {
        case .line(let l): return l.p0.isFinite && l.p1.isFinite
        case .quad(let q): return q.p0.isFinite && q.p1.isFinite && q.p2.isFinite
        case .cubic(let c): return c.p0.isFinite && c.p1.isFinite && c.p2.isFinite && c.p3.isFinite
        case .arc(let a):
            return a.center.isFinite && a.radii.isFinite && a.xRotation.isFinite && a.startAngle.isFinite
                && a.sweepAngle.isFinite
        }
    }
}

/// The derivative of a cubic Bézier as a polynomial, `B′(t) = c0 + (c1 + c2·t)·t`, so that its speed is
/// cheap to evaluate many times.
struct CubicSpeed {
    let c0: Vector, c1: Vector, c2: Vector

    init(_ c: CubicBez) {
        let q0 = c.p1 - c.p0, q1 = c.p2 - c.p1, q2 = c.p3 - c.p2
        c0 = q0 * 3; c1 = (q1 - q0) * 6; c2 = (q0 - q1 * 2 + q2) * 3
    }

    @inline(__always) func deriv(_ t: Double) -> Vector { c0 + (c1 + c2 * t) * t }
    @inline(__always) func speed(_ t: Double) -> Double { deriv(t).length }
    /// The arc length from `t0` to `t1` by the 16-point Gauss–Legendre rule.
    func arclen(from t0: Double, to t1: Double) -> Double {
        FixedGaussLegendre.gl16(t0, t1) { speed($0) }
    }
}
