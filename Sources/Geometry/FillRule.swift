/// How the winding number of a point decides whether it is inside a path.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the winding number is not zero (SVG `nonzero`, FreeType's default).
    case nonZero = "nonzero"
    /// Inside where the winding number is odd (SVG `evenodd`).
    case evenOdd = "evenodd"
}
