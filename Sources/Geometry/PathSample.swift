/// The point, unit tangent and normal at one distance along a path.
public struct PathSample: Hashable, Sendable {
    /// The point on the path.
    public var point: Point
    /// The unit tangent (direction of travel).
    public var tangent: Vector
    /// The unit normal, the tangent ``Vector/turnedLeft`` `(T.y, −T.x)`: the left-hand side of travel, which is *up* for text running
    /// left to right on a y-down canvas.
    public var normal: Vector { tangent.turnedLeft }
    /// The tangent's direction, `atan2(T.y, T.x)`.
    public var angle: Angle { .radians(tangent.angle) }

    /// Creates a sample from a point and a unit tangent.
    public init(point: Point, tangent: Vector) { self.point = point; self.tangent = tangent }
}
