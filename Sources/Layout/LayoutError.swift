import Support
import Geometry
import Shaping

/// What can go wrong placing text on a path.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text has nothing to place.
    case emptyText
    /// The path cannot be followed (empty, zero length, not finite).
    case path(GeometryError)
    /// The label is longer than the path and the overflow policy is ``OverflowPolicy/error``.
    case overflow(textLength: Double, pathLength: Double)
    /// An option value is unusable.
    case badOption(String)
    /// The input is larger than ``ResourceLimits`` allow: what, how much, and the limit.
    case limitExceeded(what: String, amount: Double, limit: Double)
    /// No font in the stack covers these characters, and ``LabelOptions/missingGlyphs`` is ``MissingGlyphPolicy/error``.
    case missingGlyphs([MissingCoverage])
    /// A font cannot supply a glyph's outline (a damaged font): drawing it would leave a silent blank.
    case font(FontError)

    /// A message a user understands.
    public var description: String {
        switch self {
        case .emptyText: "the text is empty: there is nothing to lay out"
        case .path(let e): e.description
        case .overflow(let t, let p):
            "the text (\(Self.fmt(t)) px long) does not fit on the path (\(Self.fmt(p)) px long)"
        case .badOption(let m): m
        case .limitExceeded(let what, let amount, let limit):
            "the \(what) (\(Self.fmt(amount))) is over the limit of \(Self.fmt(limit))"
        case .missingGlyphs(let missing):
            "no font in the stack (\(missing.first?.stack.joined(separator: ", ") ?? "")) covers "
                + missing.map { m in "\(String(String.UnicodeScalarView(m.characters))) (\(m.codePoints), at byte \(m.cluster))" }
                    .joined(separator: ", ")
        case .font(let e): e.description
        }
    }

    /// Throws when the current request's ``Deadline`` has passed (see ``Deadline/current``).
    @inline(__always)
    public static func checkDeadline() throws(LayoutError) {
        if let d = Deadline.passed { throw .badOption(d.message) }
    }

    private static func fmt(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        // Whole numbers without ".0", but only within Int's range (a path can be 1e300 px long).
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
