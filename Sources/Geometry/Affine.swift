import Support

/// A 2D affine transform, `p ↦ (a·x + c·y + e, b·x + d·y + f)`, the same layout as SVG's `matrix(a b c d e f)`.
public struct Affine: Hashable, Sendable {
    /// Coefficients of the linear part and the translation.
    public var a, b, c, d, e, f: Double

    /// Creates a transform from its six coefficients (SVG `matrix` order).
    @inlinable public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// The identity.
    public static let identity = Affine(1, 0, 0, 1, 0, 0)

    /// A translation by `v`.
    @inlinable public static func translate(_ v: Vector) -> Affine { Affine(1, 0, 0, 1, v.x, v.y) }
    /// A uniform or non-uniform scale about the origin.
    @inlinable public static func scale(_ sx: Double, _ sy: Double? = nil) -> Affine { Affine(sx, 0, 0, sy ?? sx, 0, 0) }
    /// A rotation by `angle` radians about the origin (clockwise on screen for positive angles, y down).
    @inlinable public static func rotate(_ angle: Double) -> Affine {
        let (s, co) = (sin(angle), cos(angle))
        return Affine(co, s, -s, co, 0, 0)
    }

    /// The image of `p`.
    @inlinable public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f) }
    /// The image of a vector (the linear part only; translation does not move vectors).
    @inlinable public func apply(_ v: Vector) -> Vector { Vector(a * v.x + c * v.y, b * v.x + d * v.y) }

    /// The transform that applies `rhs` first, then `lhs`.
    @inlinable public static func * (lhs: Affine, rhs: Affine) -> Affine {
        Affine(
            lhs.a * rhs.a + lhs.c * rhs.b, lhs.b * rhs.a + lhs.d * rhs.b,
            lhs.a * rhs.c + lhs.c * rhs.d, lhs.b * rhs.c + lhs.d * rhs.d,
            lhs.a * rhs.e + lhs.c * rhs.f + lhs.e, lhs.b * rhs.e + lhs.d * rhs.f + lhs.f)
    }

    /// The determinant of the linear part.
    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the transform is singular.
    public var inverse: Affine? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine(ia, ib, ic, id, -(ia * e + ic * f), -(ib * e + id * f))
    }
}
