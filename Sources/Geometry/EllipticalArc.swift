import Support

/// An arc of an ellipse in centre parameterisation:
/// `θ(t) = startAngle + t·sweepAngle`, `p(t) = center + R(xRotation)·(radii.x·cos θ, radii.y·sin θ)`.
///
/// Positive sweeps turn from +x towards +y, which is clockwise on a y-down canvas.
public struct EllipticalArc: ParamCurve, Hashable {
    /// The ellipse's centre.
    public var center: Point
    /// The semi-axes before rotation (`x` along the rotated x axis).
    public var radii: Vector
    /// The rotation of the ellipse's x axis, in radians.
    public var xRotation: Double
    /// The eccentric angle at `t = 0`, in radians.
    public var startAngle: Double
    /// The signed angle swept from `t = 0` to `t = 1`, in radians.
    public var sweepAngle: Double

    /// Creates an arc in centre parameterisation.
    public init(center: Point, radii: Vector, xRotation: Double = 0, startAngle: Double, sweepAngle: Double) {
        self.center = center; self.radii = radii; self.xRotation = xRotation
        self.startAngle = startAngle; self.sweepAngle = sweepAngle
    }

    /// The point at `t = 0`.
    public var start: Point { eval(0) }
    /// The point at `t = 1`.
    public var end: Point { eval(1) }

    /// The point at parameter `t`.
    @inlinable public func eval(_ t: Double) -> Point {
        let th = startAngle + t * sweepAngle
        let ex = radii.x * cos(th), ey = radii.y * sin(th)
        let cr = cos(xRotation), sr = sin(xRotation)
        return Point(center.x + cr * ex - sr * ey, center.y + sr * ex + cr * ey)
    }

    /// The derivative with respect to `t`.
    @inlinable public func deriv(_ t: Double) -> Vector {
        let th = startAngle + t * sweepAngle
        let ex = -radii.x * sin(th) * sweepAngle, ey = radii.y * cos(th) * sweepAngle
        let cr = cos(xRotation), sr = sin(xRotation)
        return Vector(cr * ex - sr * ey, sr * ex + cr * ey)
    }

    /// The arc between `t0` and `t1`.
    public func subsegment(_ t0: Double, _ t1: Double) -> EllipticalArc {
        EllipticalArc(center: center, radii: radii, xRotation: xRotation,
                      startAngle: startAngle + t0 * sweepAngle, sweepAngle: (t1 - t0) * sweepAngle)
    }

    /// Calls `body` with each parameter strictly inside the arc where `x` or `y` is extreme (where the
    /// derivative's x or y is zero): with the ends, these points bound the arc. Four at most for a sweep
    /// up to a full turn; a longer sweep repeats its first turn, whose points are given.
    public func forEachAxisExtreme(_ body: (Double) -> Void) {
        guard sweepAngle != 0, sweepAngle.isFinite, startAngle.isFinite else { return }
        let cr = cos(xRotation), sr = sin(xRotation)
        // dx/dθ = 0 where tan θ = −ry·sin φ / (rx·cos φ); dy/dθ = 0 where tan θ = ry·cos φ / (rx·sin φ); each also π on.
        let lo = min(startAngle, startAngle + sweepAngle), hi = lo + min(abs(sweepAngle), 2 * .pi)
        for base in [atan2(-radii.y * sr, radii.x * cr), atan2(radii.y * cr, radii.x * sr)] {
            var th = base + ((lo - base) / .pi).rounded(.up) * .pi
            var count = 0
            while th < hi && count < 2 {
                let t = (th - startAngle) / sweepAngle
                if t > 0 && t < 1 { body(t) }
                th += .pi; count += 1
            }
        }
    }

    /// The same arc traversed backwards.
    public func reversed() -> EllipticalArc {
        EllipticalArc(center: center, radii: radii, xRotation: xRotation,
                      startAngle: startAngle + sweepAngle, sweepAngle: -sweepAngle)
    }

    /// The image of the arc under `m`, which is again an elliptical arc.
    ///
    /// The transformed ellipse's axes come from the singular value decomposition of `m`'s linear part
    /// composed with the arc's own axes; a reflection reverses the sweep.
    public func transformed(by m: Affine) -> EllipticalArc {
        // Linear map from the unit circle to the ellipse, then m's linear part.
        let cr = cos(xRotation), sr = sin(xRotation)
        let e = Affine(cr * radii.x, sr * radii.x, -sr * radii.y, cr * radii.y, 0, 0)
        let l = Affine(m.a, m.b, m.c, m.d, 0, 0) * e
        // SVD of the 2×2 [[l.a, l.c], [l.b, l.d]] = U Σ Vᵀ.
        let (a, b, c, d) = (l.a, l.b, l.c, l.d)
        let E = (a + d) / 2, F = (a - d) / 2, G = (b - c) / 2, H = (b + c) / 2
        let Q = (E * E + G * G).squareRoot(), R = (F * F + H * H).squareRoot()
        let sx = Q + R, sy = Q - R
        let a1 = atan2(G, E), a2 = atan2(H, F)
        let theta = (a2 - a1) / 2, phi = (a2 + a1) / 2  // V rotation θ, U rotation φ
        // Unit-circle angle u maps to ellipse angle u − θ' where Vᵀ rotates by −theta.
        let newStart = startAngle - theta
        let flip = sy < 0
        var result = EllipticalArc(center: m.apply(center), radii: Vector(sx, abs(sy)), xRotation: phi,
                                   startAngle: newStart, sweepAngle: sweepAngle)
        if flip {
            // A reflection: mirror the eccentric angle.
            result.startAngle = -newStart
            result.sweepAngle = -sweepAngle
        }
        return result
    }
}
