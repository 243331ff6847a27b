/// An axis-aligned rectangle in canvas coordinates (y down): the one bounding-box type.
///
/// An empty rectangle (``empty``) has min > max; the union with it leaves the other rectangle unchanged.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The smallest x.
    public var minX: Double
    /// The smallest y (the top on a y-down canvas).
    public var minY: Double
    /// The largest x.
    public var maxX: Double
    /// The largest y.
    public var maxY: Double

    /// Creates a rectangle from its extremes.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// Creates a rectangle from an origin and a size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The smallest rectangle that holds every point (``empty`` for none).
    public init(enclosing points: some Sequence<Point>) {
        self = .empty
        for p in points { self = union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) }
    }

    /// The rectangle that holds nothing.
    public static let empty = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    /// Whether it holds no point.
    public var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }
    /// maxX − minX (0 when empty).
    public var width: Double { isEmpty ? 0 : maxX - minX }
    /// maxY − minY (0 when empty).
    public var height: Double { isEmpty ? 0 : maxY - minY }
    /// The centre point.
    public var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }

    /// The smallest rectangle holding both.
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return Rect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    /// The rectangle grown by `d` on every side (shrunk when negative); empty stays empty.
    public func outset(by d: Double) -> Rect {
        isEmpty ? self : Rect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }

    /// Whether `p` lies inside or on the edge.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// `minX,minY maxX,maxY`.
    public var description: String { isEmpty ? "empty" : "\(minX),\(minY) \(maxX),\(maxY)" }
}
