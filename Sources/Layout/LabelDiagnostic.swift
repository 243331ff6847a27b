import Shaping

/// Something about a laid-out label that its caller should know: the label was drawn, but not quite as asked.
public enum LabelDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// No font in the stack covers these characters; their cluster is drawn as the primary font's `.notdef`.
    /// ``LabelOptions/missingGlyphs`` set to ``MissingGlyphPolicy/error`` makes this an error instead.
    case missingGlyphs(MissingCoverage)
    /// These clusters (UTF-8 offsets) were not drawn: their midpoints fell off the path.
    case droppedClusters([Int])
    /// These clusters (UTF-8 offsets) were cut to make room for "…" (``OverflowPolicy/ellipsis``).
    case truncated([Int])
    /// ``OverflowPolicy/shrink(minimumSize:)`` set the label smaller than asked; `fits` is false when even the
    /// minimum size was too large (and clusters were dropped).
    case shrunk(from: Double, to: Double, fits: Bool)
    /// ``LabelOptions/maxAngle`` rejected the placement: neighbouring clusters turn by `degrees`, more than `limit`;
    /// no glyphs were placed.
    case rejectedTurn(degrees: Double, limit: Double)
    /// Letter spacing was not applied after these clusters (UTF-8 offsets): letters of a joining script
    /// (``CursiveTracking/suppress``), so that their joins hold.
    case suppressedSpacing([Int])
    /// Fallback drew these characters with a face lighter or more upright than the run's first font, and
    /// no face of the right style covers them: the weight or slant was synthesized (``FontSynthesis``).
    case synthesized(SynthesizedStyle)
    /// ``OverflowPolicy/wrap`` set the label on this many lines (2 or more) to fit.
    case wrapped(lines: Int)
    /// Letter spacing of a joining script given back as tatweel (``CursiveTracking/elongate``): where, how
    /// many and how wide.
    case elongatedSpacing(Elongation.Report)
    /// These fonts have no tatweel (U+0640): the clusters of their words are left unspaced
    /// (``CursiveTracking/elongate`` falls back to ``CursiveTracking/suppress``).
    case elongationUnavailable(fonts: [String], clusters: [Int])
    /// Colour glyphs drawn otherwise than their font describes them: as outlines (an SVG-in-OpenType
    /// table, a COLRv1 paint graph past a bound) or with a composite mode drawn as source-over; the
    /// record names the table and the font.
    case colorGlyph(ColorGlyphFallback)
    /// Anything else shaping reported (an OpenType feature string HarfBuzz rejects, a run without fonts).
    case shaping(ShapingDiagnostic)

    /// The shaping diagnostic in typed form: missing coverage becomes ``missingGlyphs(_:)``, a synthesized
    /// style ``synthesized(_:)``.
    public init(_ d: ShapingDiagnostic) {
        if let m = d.missingCoverage { self = .missingGlyphs(m) } else if let s = d.synthesized { self = .synthesized(s) }
        else if let c = d.colorGlyph { self = .colorGlyph(c) }
        else if let e = d.elongation { self = e.positions.isEmpty ? .elongationUnavailable(fonts: e.unavailable, clusters: e.unavailableClusters) : .elongatedSpacing(e) }
        else { self = .shaping(d) }
    }

    /// A sentence a user understands, ending with where in the text (UTF-8 byte offsets).
    public var description: String {
        switch self {
        case .missingGlyphs(let m): "\(m) (at byte \(m.cluster))"
        case .droppedClusters(let c): "\(c.count) cluster\(c.count == 1 ? "" : "s") fell off the path and \(c.count == 1 ? "is" : "are") not drawn (at byte\(c.count == 1 ? "" : "s") \(Self.list(c)))"
        case .truncated(let c): "the text is cut with \"…\" to fit: \(c.count) cluster\(c.count == 1 ? "" : "s") left out (from byte \(c.first ?? 0))"
        case .shrunk(let from, let to, let fits):
            "the label is set at \(Self.fmt(to)) px instead of \(Self.fmt(from)) px" + (fits ? " to fit the path" : ", its minimum, and still does not fit")
        case .rejectedTurn(let d, let limit): "the path turns \(Self.fmt(d))° between neighbouring clusters, more than the limit of \(Self.fmt(limit))°: the label is not drawn"
        case .suppressedSpacing(let c): "letter spacing is not applied between the letters of a joining script, so they stay joined: \(c.count) cluster\(c.count == 1 ? "" : "s") unspaced (at byte\(c.count == 1 ? "" : "s") \(Self.list(c)))"
        case .synthesized(let s): s.description
        case .wrapped(let n): "the label is set on \(n) lines to fit the path"
        case .elongatedSpacing(let e): e.description
        case .elongationUnavailable(let fonts, let c):
            Elongation.Report(positions: [], covered: [], width: 0, tatweels: 0, unavailable: fonts, unavailableClusters: c).description
                + " (at byte\(c.count == 1 ? "" : "s") \(Self.list(c)))"
        case .colorGlyph(let c): "\(c) (at byte\(c.clusters.count == 1 ? "" : "s") \(Self.list(c.clusters)))"
        case .shaping(let d): d.description
        }
    }

    private static func list(_ c: [Int]) -> String {
        c.count <= 8 ? c.map(String.init).joined(separator: ", ") : c.prefix(8).map(String.init).joined(separator: ", ") + ", …"
    }

    private static func fmt(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
