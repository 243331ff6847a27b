/// A position in the plane, in pixels. The canvas convention is y down.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (down on a canvas).
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// Creates a point from its coordinates.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0).
    public static let zero = Point(0, 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The vector from the origin to this point.
    @inlinable public var vector: Vector { Vector(x, y) }

    /// The point a fraction `t` of the way from `self` to `other`.
    @inlinable public func lerp(_ other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    /// Whether `other` is this point up to rounding: closer than ``Tolerance/coincident`` times this
    /// point's coordinates' magnitude (at least 1).
    @inlinable public func coincides(with other: Point) -> Bool {
        distance(to: other) <= Tolerance.coincident * max(1, abs(x), abs(y))
    }

    /// The Euclidean distance to `other`.
    @inlinable public func distance(to other: Point) -> Double { (other - self).length }

    /// The point displaced by `v`.
    @inlinable public static func + (p: Point, v: Vector) -> Point { Point(p.x + v.x, p.y + v.y) }
    /// The point displaced by `-v`.
    @inlinable public static func - (p: Point, v: Vector) -> Point { Point(p.x - v.x, p.y - v.y) }
    /// The vector from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    /// Displaces `p` by `v` in place.
    @inlinable public static func += (p: inout Point, v: Vector) { p = p + v }
}

extension Point: CustomStringConvertible {
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
