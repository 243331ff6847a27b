import Geometry
import Shaping

/// A line drawn along the label (CSS `text-decoration-line`).
public enum TextDecoration: String, Sendable, Hashable, CaseIterable {
    /// Under the baseline, at the font's `post.underlinePosition` (the band's top edge), `underlineThickness` thick.
    case underline
    /// Over the text: the band's top edge at the font's ascender, the underline's thickness.
    case overline
    /// Through the text at the font's `OS/2.yStrikeoutPosition` (top edge), `yStrikeoutSize` thick.
    case lineThrough = "line-through"

    /// The band's edges in vertical writing, pixels from the column's centre (the path) towards the left
    /// normal, which is the column's right side for a column running down the page: as CSS sets Japanese
    /// (`text-underline-position: auto`), the underline lies just outside the em box on the right, the
    /// overline just outside it on the left, and line-through on the centre.
    func verticalBand(_ d: DecorationMetrics, size: Double) -> (top: Double, bottom: Double) {
        let half = size / 2
        switch self {
        case .underline: return (half + d.underlineThickness, half)
        case .overline: return (-half, -half - d.underlineThickness)
        case .lineThrough: return (d.strikeoutThickness / 2, -d.strikeoutThickness / 2)
        }
    }

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
    /// The chord error allowed on a band's edges, in pixels.
    static let flatteningTolerance = 0.05
    /// The most points one band's outline may have (about 16 MB of path data), so a band cannot grow without
    /// bound whatever the path; past it the layout is refused.
    static let maximumOutlinePoints = 1_000_000

    /// The band along `measure` from `start` to `end` (path distances), `top` and `bottom` up from the path
    /// (along the normal at each point), minus the `gaps`.
    ///
    /// The edges are flattened as the path is, by curvature: each piece is split at the path's segment
    /// boundaries (where each side gets a point, so corners stay sharp), and a span is halved while the
    /// midpoint of either edge is more than ``flatteningTolerance`` off its chord or the tangent turns by more
    /// than 0.25 rad. A straight band is 4 points however long; the cost follows the path's bending, not
    /// the label's length. The gaps are merged in one pass after sorting (O(g log g)).
    /// - Throws: ``LayoutError/limitExceeded(what:amount:limit:)`` past ``maximumOutlinePoints``, or when
    ///   the request's ``Deadline`` passes.
    static func outline(along measure: PathMeasure, from start: Double, to end: Double, top: Double, bottom: Double,
                        gaps: [(Double, Double)], wraps: Bool) throws(LayoutError) -> BezPath {
        let pieces = Self.pieces(from: start, to: end, minus: gaps)
        var path = BezPath()
        var points = 0
        for (a0, a1) in pieces {
            let a = wraps ? a0 : max(0, a0), b = wraps ? a1 : min(measure.length, a1)
            guard b > a else { continue }
            var upper: [Point] = [], lower: [Point] = []
            func add(_ s: Double) {
                let sample = measure.sample(at: s)
                upper.append(sample.point + sample.normal * top)
                lower.append(sample.point + sample.normal * bottom)
            }
            // Knots: the piece's ends and the segment boundaries inside it (unwrapped distances).
            var knots: [Double] = [a]
            let l = measure.length
            if wraps && measure.isClosed && l > 0 {
                var lap = (a / l).rounded(.down)
                while lap * l < b {
                    let base = lap * l
                    let lo = max(a - base, 0), hi = min(b - base, l)
                    if hi > lo {
                        if base > a { knots.append(base) }
                        knots += measure.segmentBoundaries(from: lo, to: hi).map { $0 + base }
                    }
                    lap += 1
                    if knots.count > maximumOutlinePoints { break }
                }
            } else {
                knots += measure.segmentBoundaries(from: a, to: b)
            }
            knots.append(b)
            add(a)
            for k in 1..<knots.count {
                let s0 = knots[k - 1], s1 = knots[k]
                guard s1 > s0 else { continue }
                try refine(measure, s0, s1, top: top, bottom: bottom, depth: 0, points: &points, add)
                // At a corner both sides: the leaving segment's normal, then the entering one's.
                if k < knots.count - 1 { add(s1.nextDown) }
                add(s1)
                points += 2
                if points > maximumOutlinePoints {
                    throw .limitExceeded(what: "number of points of a decoration band", amount: Double(points), limit: Double(maximumOutlinePoints))
                }
            }
            path.move(to: upper[0])
            for p in upper.dropFirst() { path.line(to: p) }
            for p in lower.reversed() { path.line(to: p) }
            path.close()
        }
        return path
    }

    /// `start...end` minus the gaps (each `(from, to)`), as sorted, disjoint pieces longer than 1e-6.
    static func pieces(from start: Double, to end: Double, minus gaps: [(Double, Double)]) -> [(Double, Double)] {
        var pieces: [(Double, Double)] = []
        var cursor = start
        for (g0, g1) in gaps.sorted(by: { $0.0 < $1.0 }) where g1 > cursor {
            if g0 >= end { break }
            if g0 - cursor > 1e-6 { pieces.append((cursor, g0)) }
            cursor = max(cursor, g1)
        }
        if end - cursor > 1e-6 { pieces.append((cursor, end)) }
        return pieces
    }

    /// Adds the points strictly inside `(s0, s1)` that keep both edges within the tolerance (see
    /// ``outline(along:from:to:top:bottom:gaps:wraps:)``), in order.
    private static func refine(_ measure: PathMeasure, _ s0: Double, _ s1: Double, top: Double, bottom: Double,
                               depth: Int, points: inout Int, _ add: (Double) -> Void) throws(LayoutError) {
        guard depth < 48, s1 - s0 > 1e-3 else { return }
        let m = (s0 + s1) / 2
        let p0 = measure.sample(at: s0), pm = measure.sample(at: m), p1 = measure.sample(at: s1.nextDown)
        func off(_ offset: Double) -> Double {
            let a = p0.point + p0.normal * offset, b = p1.point + p1.normal * offset, c = pm.point + pm.normal * offset
            let d = b - a, len = d.length
            return len > 0 ? abs(d.cross(c - a)) / len : c.distance(to: a)
        }
        let turn = max(abs(p0.tangent.cross(pm.tangent)), abs(pm.tangent.cross(p1.tangent)))
        let bent = p0.tangent.dot(pm.tangent) < 0.97 || pm.tangent.dot(p1.tangent) < 0.97 || turn > 0.25
        guard bent || max(off(top), off(bottom), off(0)) > flatteningTolerance else { return }
        points += 1
        if points > maximumOutlinePoints {
            throw .limitExceeded(what: "number of points of a decoration band", amount: Double(points), limit: Double(maximumOutlinePoints))
        }
        if points & 1023 == 0 { try LayoutError.checkDeadline() }
        try refine(measure, s0, m, top: top, bottom: bottom, depth: depth + 1, points: &points, add)
        add(m)
        try refine(measure, m, s1, top: top, bottom: bottom, depth: depth + 1, points: &points, add)
    }

    /// Where `glyph`'s outline crosses the band between `top` and `bottom` (up from the path), widened by
    /// `pad`: the path distances to leave out (skip-ink), or `nil` when it does not cross. `fonts` is the
    /// label's font table (``PlacedLabel/fonts``).
    static func inkGap(of glyph: PlacedGlyph, fonts: [Typeface], top: Double, bottom: Double, pad: Double) -> (Double, Double)? {
        // In the glyph's frame y is down from its baseline, which lies `normalOffset` up from the path.
        let yMin = -(top + pad - glyph.normalOffset), yMax = -(bottom - pad - glyph.normalOffset)
        var lo = Double.infinity, hi = -Double.infinity
        for poly in glyph.pixelOutline(font: fonts[glyph.fontIndex]).flattened(tolerance: 0.2) {
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
