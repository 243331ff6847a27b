/// A place on a path found from a point in the plane: by ``PathMeasure/nearest(to:)`` or
/// ``PathMeasure/drag(from:toward:step:)``.
public struct PathLocation: Hashable, Sendable {
    /// The arc-length distance along the path (in the measure's direction; in `[0, length)` when closed).
    public var distance: Double
    /// The point on the path at ``distance``.
    public var point: Point
    /// The unit tangent there.
    public var tangent: Vector
    /// How far the query point is from ``point`` (the Euclidean distance, ≥ 0).
    public var offset: Double

    /// Creates a location.
    public init(distance: Double, point: Point, tangent: Vector, offset: Double) {
        self.distance = distance; self.point = point; self.tangent = tangent; self.offset = offset
    }
}
