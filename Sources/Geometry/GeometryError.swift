/// What can go wrong with geometric input.
public enum GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path has no segments.
    case emptyPath
    /// The path has segments but no length, so nothing can be placed along it.
    case zeroLength
    /// A coordinate or parameter was NaN or infinite.
    case nonFinite(String)
    /// A segment's length is beyond a `Double` (coordinates near ±1e308, or control points so far apart
    /// that the arc length overflows): its index in the path, counting from 1 across subpaths.
    case lengthOverflow(segment: Int)
    /// SVG path data could not be parsed: the character offset and what was expected there.
    case pathData(offset: Int, expected: String)

    /// A message a user understands.
    public var description: String {
        switch self {
        case .emptyPath: "the path is empty: it has no segments to follow"
        case .zeroLength: "the path has zero length: there is nothing to lay text along"
        case .nonFinite(let what): "\(what) is not a finite number"
        case .lengthOverflow(let i):
            "segment \(i) is too long to measure: its length overflows (coordinates too large or too far apart)"
        case .pathData(let offset, let expected): "bad path data at character \(offset): expected \(expected)"
        }
    }
}
