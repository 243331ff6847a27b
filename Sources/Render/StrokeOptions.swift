import Geometry

/// How to stroke a path: width, caps, joins.
public struct StrokeOptions: Hashable, Sendable {
    /// The full width of the stroke, in path units (scaled by `√|det|` of the transform).
    public var width: Double
    /// The shape of open ends.
    public var cap: LineCap
    /// The shape of corners.
    public var join: LineJoin
    /// The largest ratio of miter length to stroke width before a miter becomes a bevel (SVG's default is 4).
    public var miterLimit: Double
    /// The dashes, in path units (before the transform, as SVG's lengths are), or `nil` for a solid stroke.
    public var dash: DashPattern?

    /// Creates a stroke style.
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4, dash: DashPattern? = nil) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.dash = dash
    }
}
