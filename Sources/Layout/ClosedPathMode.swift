/// How a label meets the end of a closed path (one whose last subpath ends with `Z`).
///
/// In scene files and on the command line the words are `wrap` and `clip`.
public enum ClosedPathMode: String, Sendable, Hashable, CaseIterable {
    /// SVG 2: distances are taken modulo the path's length, so text runs on across the start point
    /// (the default).
    case wrap
    /// As Chromium and resvg draw `textPath`: a closed path is treated like an open one, and clusters whose
    /// midpoints fall before its start or after its end are dropped (and the overflow policy applies).
    case clip
}
