/// The shape of a stroke's open ends.
public enum LineCap: String, Hashable, Sendable, Codable, CaseIterable {
    /// The stroke stops square at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke runs on by half its width, square.
    case square
}

/// The shape of a stroke where two segments meet.
public enum LineJoin: String, Hashable, Sendable, Codable, CaseIterable {
    /// Outer edges extended to their meeting point, or a bevel when that lies beyond the miter limit.
    case miter
    /// A disc of the stroke's width around the vertex.
    case round
    /// The outer corners joined by a straight edge.
    case bevel
}

/// How to stroke a path: width, caps, joins.
public struct StrokeOptions: Hashable, Sendable, Codable {
    /// The full width of the stroke, in path units (scaled by `√|det|` of the transform).
    public var width: Double
    /// The shape of open ends.
    public var cap: LineCap
    /// The shape of corners.
    public var join: LineJoin
    /// The largest ratio of miter length to stroke width before a miter becomes a bevel (SVG's default is 4).
    public var miterLimit: Double

    /// Creates a stroke style.
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}
