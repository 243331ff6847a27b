import Geometry
import Shaping

/// A line drawn along the label (CSS `text-decoration-line`).
public enum TextDecoration: String, Sendable, Hashable, CaseIterable, Codable {
    /// Under the baseline, at the font's `post.underlinePosition` (the band's top edge), `underlineThickness` thick.
    case underline
    /// Over the text: the band's top edge at the font's ascender, the underline's thickness.
    case overline
    /// Through the text at the font's `OS/2.yStrikeoutPosition` (top edge), `yStrikeoutSize` thick.
    case lineThrough = "line-through"

    /// The band's top and bottom edges, pixels up from the baseline.
    func band(_ d: DecorationMetrics, ascender: Double) -> (top: Double, bottom: Double) {
        switch self {
        case .underline: (d.underlinePosition, d.underlinePosition - d.underlineThickness)
        case .overline: (ascender, ascender - d.underlineThickness)
        case .lineThrough: (d.strikeoutPosition, d.strikeoutPosition - d.strikeoutThickness)
        }
    }
}

/// One decoration of a placed label: a band following the path, as a closed outline in canvas coordinates.
public struct DecorationBand: Sendable, Hashable {
    /// Which line it is.
    public var kind: TextDecoration
    /// The band's outline (several pieces where skip-ink leaves gaps).
    public var outline: BezPath
    /// Its colour (the first run's).
    public var color: RGBAColor

    /// Creates a band.
    public init(kind: TextDecoration, outline: BezPath, color: RGBAColor) { self.kind = kind; self.outline = outline; self.color = color }
}

extension TextDecoration {
    /// The band along `measure` from `start` to `end` (path distances), `top` and `bottom` up from the path
    /// (along the normal at each point), minus the `gaps`. Points every 1 px at most, so the chords stay
    /// within r·(1 − cos(0.5/r)) of a curve of radius r (under 0.002 px for r ≥ 50).
    static func outline(along measure: PathMeasure, from start: Double, to end: Double, top: Double, bottom: Double,
                        gaps: [(Double, Double)], wraps: Bool) -> BezPath {
        var pieces: [(Double, Double)] = [(start, end)]
        for (g0, g1) in gaps.sorted(by: { $0.0 < $1.0 }) {
            pieces = pieces.flatMap { p -> [(Double, Double)] in
                guard g1 > p.0, g0 < p.1 else { return [p] }
                return [(p.0, g0), (g1, p.1)].filter { $0.1 - $0.0 > 1e-6 }
            }
        }
        var path = BezPath()
        for (a0, a1) in pieces {
            let a = wraps ? a0 : max(0, a0), b = wraps ? a1 : min(measure.length, a1)
            guard b > a else { continue }
            let n = max(1, Int(((b - a) / 1.0).rounded(.up)))
            var upper: [Point] = [], lower: [Point] = []
            for i in 0...n {
                let s = a + (b - a) * Double(i) / Double(n)
                let sample = measure.sample(at: s)
                upper.append(sample.point + sample.normal * top)
                lower.append(sample.point + sample.normal * bottom)
            }
            path.move(to: upper[0])
            for p in upper.dropFirst() { path.line(to: p) }
            for p in lower.reversed() { path.line(to: p) }
            path.close()
        }
        return path
    }

    /// Where `glyph`'s outline crosses the band between `top` and `bottom` (up from the path), widened by
    /// `pad`: the path distances to leave out (skip-ink), or `nil` when it does not cross.
    static func inkGap(of glyph: PlacedGlyph, top: Double, bottom: Double, pad: Double) -> (Double, Double)? {
        // In the glyph's frame y is down from its baseline, which lies `normalOffset` up from the path.
        let yMin = -(top + pad - glyph.normalOffset), yMax = -(bottom - pad - glyph.normalOffset)
        var lo = Double.infinity, hi = -Double.infinity
        for poly in glyph.font.outline(glyph: glyph.glyph, size: glyph.size).flattened(tolerance: 0.2) {
            for (p, q) in zip(poly, poly.dropFirst()) {
                // The part of edge pq inside yMin...yMax.
                let (y0, y1) = (p.y, q.y)
                var t0 = 0.0, t1 = 1.0
                if y0 == y1 { if y0 < yMin || y0 > yMax { continue } } else {
                    let ta = (yMin - y0) / (y1 - y0), tb = (yMax - y0) / (y1 - y0)
                    t0 = max(0, min(ta, tb)); t1 = min(1, max(ta, tb))
                    if t0 > t1 { continue }
                }
                for t in [t0, t1] { let x = p.x + (q.x - p.x) * t; lo = min(lo, x); hi = max(hi, x) }
            }
        }
        guard lo <= hi else { return nil }
        let origin = glyph.pathDistance
        return (origin + lo * glyph.scaleX - pad, origin + hi * glyph.scaleX + pad)
    }
}
