import Support
/// A displacement in the plane: a difference of two points, a tangent, a normal.
public struct Vector: Hashable, Sendable {
    /// The horizontal component.
    public var x: Double
    /// The vertical component (down on a canvas).
    public var y: Double

    /// Creates a vector from its components.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// Creates a vector from its components.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The zero vector.
    public static let zero = Vector(0, 0)

    /// The unit vector at `angle` radians from the +x axis (towards +y).
    @inlinable public static func polar(_ angle: Double, length: Double = 1) -> Vector {
        Vector(length * cos(angle), length * sin(angle))
    }

    /// The Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// The squared length (cheaper than ``length``).
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// `atan2(y, x)`, in radians, in (-π, π].
    @inlinable public var angle: Double { atan2(y, x) }
    /// Whether both components are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The vector scaled to length 1, or `nil` when its length is zero or not finite.
    @inlinable public var normalized: Vector? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return Vector(x / l, y / l)
    }

    /// The vector turned a quarter turn to its left as seen on a y-down canvas, `(y, −x)`: the normal
    /// that points *above* text running along this direction (up for `(1, 0)`). The library's one left
    /// normal (``PathSample/normal`` is the tangent turned left).
    @inlinable public var turnedLeft: Vector { Vector(y, -x) }
    /// The vector turned a quarter turn to its right as seen on a y-down canvas, `(−y, x)`: the opposite
    /// of ``turnedLeft`` (down for `(1, 0)`).
    @inlinable public var turnedRight: Vector { Vector(-y, x) }

    /// The dot product.
    @inlinable public func dot(_ o: Vector) -> Double { x * o.x + y * o.y }
    /// The z component of the cross product, `x·o.y − y·o.x`.
    @inlinable public func cross(_ o: Vector) -> Double { x * o.y - y * o.x }

    /// Component-wise sum.
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    /// Component-wise difference.
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    /// The opposite vector.
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(-a.x, -a.y) }
    /// Scaling.
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(a.x * s, a.y * s) }
    /// Scaling.
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(a.x * s, a.y * s) }
    /// Division by a scalar.
    @inlinable public static func / (a: Vector, s: Double) -> Vector { Vector(a.x / s, a.y / s) }
    /// In-place sum.
    @inlinable public static func += (a: inout Vector, b: Vector) { a = a + b }
}

