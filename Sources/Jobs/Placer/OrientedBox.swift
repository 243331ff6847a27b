import Geometry
import Requests

/// A rectangle turned to any angle: the collision shape of one cluster of a placed label.
///
/// `axis` is the unit direction of the box's length (the cluster's baseline); `halfLength` and `halfHeight`
/// are its half extents along `axis` and across it. Two boxes intersect when no axis of either separates
/// them (the separating axis theorem); boxes that only touch do not intersect.
public struct OrientedBox: Hashable, Sendable {
    /// The box's centre on the canvas.
    public var center: Point
    /// The unit direction of the box's length.
    public var axis: Vector
    /// Half the box's extent along ``axis``.
    public var halfLength: Double
    /// Half the box's extent across ``axis``.
    public var halfHeight: Double

    /// Creates a box from its centre, its unit axis and its half extents.
    public init(center: Point, axis: Vector, halfLength: Double, halfHeight: Double) {
        self.center = center; self.axis = axis; self.halfLength = halfLength; self.halfHeight = halfHeight
    }

    /// An axis-aligned box.
    public init(_ rect: Rect) {
        self.init(center: rect.center, axis: Vector(1, 0), halfLength: rect.width / 2, halfHeight: rect.height / 2)
    }

    /// The four corners, counter-clockwise on screen from the start of the box's bottom edge.
    public var corners: [Point] {
        let u = axis * halfLength, v = axis.turnedRight * halfHeight
        return [center - u + v, center + u + v, center + u - v, center - u - v]
    }

    /// The smallest axis-aligned rectangle holding the box.
    public var bounds: Rect {
        let ex = abs(axis.x) * halfLength + abs(axis.y) * halfHeight
        let ey = abs(axis.y) * halfLength + abs(axis.x) * halfHeight
        return Rect(minX: center.x - ex, minY: center.y - ey, maxX: center.x + ex, maxY: center.y + ey)
    }

    /// The box grown by `d` on every side.
    public func outset(by d: Double) -> OrientedBox {
        OrientedBox(center: center, axis: axis, halfLength: halfLength + d, halfHeight: halfHeight + d)
    }

    /// Whether the two boxes share interior points (separating axis test on the four edge normals).
    public func intersects(_ o: OrientedBox) -> Bool {
        let d = o.center - center
        let a1 = axis, a2 = axis.turnedRight, b1 = o.axis, b2 = o.axis.turnedRight
        // Project both onto each of the four axes; a gap on any of them separates the boxes.
        for n in [a1, a2, b1, b2] {
            let ra = halfLength * abs(a1.dot(n)) + halfHeight * abs(a2.dot(n))
            let rb = o.halfLength * abs(b1.dot(n)) + o.halfHeight * abs(b2.dot(n))
            if abs(d.dot(n)) >= ra + rb { return false }
        }
        return true
    }
}
