/// The point, unit tangent and normal at one distance along a path.
public struct PathSample: Hashable, Sendable {
    /// The point on the path.
    public var point: Point
    /// The unit tangent (direction of travel).
    public var tangent: Vector
    /// The unit normal `(T.y, −T.x)`: the left-hand side of travel, which is *up* for text running
    /// left to right on a y-down canvas.
    public var normal: Vector { Vector(tangent.y, -tangent.x) }
    /// The tangent's direction, `atan2(T.y, T.x)`, in radians.
    public var angle: Double { tangent.angle }
}

/// Arc-length parameterisation of a path: point and tangent at any distance along it.
///
/// Distance runs through the subpaths in order; the jump of a move-to adds no length.
/// (Walking-skeleton version: chords of a fine flattening. Replaced by the exact measure.)
public struct PathMeasure: Sendable {
    /// The total length.
    public let length: Double
    private let points: [Point]
    private let cumulative: [Double]
    /// Whether the path is one closed subpath, so distances wrap around.
    public let isClosed: Bool

    /// Measures `path`.
    /// - Throws: ``GeometryError/emptyPath``, ``GeometryError/zeroLength``, ``GeometryError/nonFinite(_:)``.
    public init(_ path: Path) throws(GeometryError) {
        guard !path.isEmpty else { throw .emptyPath }
        var pts: [Point] = []
        var cum: [Double] = []
        var total = 0.0
        for poly in path.flattened(tolerance: 1e-4) {
            for (i, p) in poly.enumerated() {
                guard p.isFinite else { throw .nonFinite("a path coordinate") }
                if i > 0, let last = pts.last { total += p.distance(to: last) }
                pts.append(p); cum.append(total)
            }
        }
        guard total > 0 else { throw .zeroLength }
        length = total; points = pts; cumulative = cum
        isClosed = path.subpaths.count == 1 && path.subpaths[0].isClosed
    }

    /// The point and tangent at distance `s` (clamped to `[0, length]`, or wrapped when closed).
    public func sample(at s: Double) -> PathSample {
        var s = s
        if isClosed { s = s - length * (s / length).rounded(.down) } else { s = min(max(s, 0), length) }
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= s { lo = mid } else { hi = mid }
        }
        var (i, j) = (lo, hi)
        while j < points.count - 1, cumulative[j] - cumulative[i] == 0 { j += 1 }
        while i > 0, cumulative[j] - cumulative[i] == 0 { i -= 1 }
        let d = cumulative[j] - cumulative[i]
        let t = d > 0 ? (s - cumulative[i]) / d : 0
        let tangent = (points[j] - points[i]).normalized ?? Vector(1, 0)
        return PathSample(point: points[i].lerp(points[j], t), tangent: tangent)
    }
}
