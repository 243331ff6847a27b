/// The shape of a stroke's open ends.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// The stroke stops square at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke runs on by half its width, square.
    case square
}

/// The shape of a stroke where two segments meet.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// Outer edges extended to their meeting point, or a bevel when that lies beyond the miter limit.
    case miter
    /// A disc of the stroke's width around the vertex.
    case round
    /// The outer corners joined by a straight edge.
    case bevel
}
