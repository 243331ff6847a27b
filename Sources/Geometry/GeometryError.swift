/// What can go wrong with geometric input.
public enum GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path has no segments.
    case emptyPath
    /// The path has segments but no length, so nothing can be placed along it.
    case zeroLength
    /// A coordinate or parameter was NaN or infinite.
    case nonFinite(String)
    /// SVG path data could not be parsed: the character offset and what was expected there.
    case pathData(offset: Int, expected: String)

    /// A message a user understands.
    public var description: String {
        switch self {
        case .emptyPath: "the path is empty: it has no segments to follow"
        case .zeroLength: "the path has zero length: there is nothing to lay text along"
        case .nonFinite(let what): "\(what) is not a finite number"
        case .pathData(let offset, let expected): "bad path data at character \(offset): expected \(expected)"
        }
    }
}
