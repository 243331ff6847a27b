import Support
import Geometry

/// Builds the outline of a stroke from flattened polylines, to be filled with the non-zero rule.
///
/// An open polyline becomes one closed contour: its left offset forwards, the end cap, its left offset
/// backwards (the right side), the start cap. A closed one becomes two loops, the left offsets along
/// each direction, which wind oppositely so the hole stays empty. At each vertex the outer side gets the
/// join (arc, miter tip, or nothing for a bevel). The inner side turns at the crossing of its two offset
/// lines when that lies within the first half of both chords (the exact corner, so a flattened curve's
/// stroke has a clean inner edge); otherwise it goes through the vertex itself, as in Skia, and the small
/// loops this makes wind the same way as the body, so non-zero fills them. The boundary of the result is
/// then crossed by a single edge almost everywhere, which keeps per-pixel coverage exact (see
/// ``Rasterizer``). Round caps and joins are flattened like arcs, area
/// preserving, within the tolerance.
struct Stroker {
    let hw: Double, cap: LineCap, join: LineJoin, miterLimit: Double, tolerance: Double
    /// A round join whose chords' directions have a dot product above this turns by less than one
    /// flattening step of its arc (``Flattening/arcSteps(radius:sweep:tolerance:)`` gives 1), so the arc
    /// adds no point between the two offsets: the join is their chord, with no angle to compute.
    /// (A hair above the step's cosine, so that a turn within rounding of a whole step keeps its arc.)
    let chordJoinDot: Double

    init(hw: Double, cap: LineCap, join: LineJoin, miterLimit: Double, tolerance: Double) {
        self.hw = hw; self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.tolerance = tolerance
        let r = abs(hw)
        if !(r > tolerance) {
            chordJoinDot = -2  // every arc is one step
        } else {
            let step = 2 * acos(max(-1, min(1, 1 - tolerance / r)))
            chordJoinDot = step > 0 && step.isFinite ? cos(step) + 1e-9 : 2
        }
    }

    /// Consecutive points closer than the square root of this (1e-9 px) are one point.
    static let samePointSquared = 1e-18
    /// Chords whose unit directions' cross product is under this (about 1e-9 rad apart) and that point the
    /// same way go straight on: no join.
    static let straightCross = 1e-9
    /// The floor of cos(θ/2) in the inner-corner offset `hw·tan(θ/2)`, so that a U-turn stays finite.
    static let minCosHalf = 1e-12

    /// Appends the stroke outline of `polylines` (device pixels) to `out`.
    func outline(of polylines: FlattenedContours, into out: inout FlattenedContours) {
        guard hw > 0, hw.isFinite else { return }
        var pts: [Point] = []
        for ci in polylines.ends.indices {
            // Drop repeated points so that every chord has a direction.
            pts.removeAll(keepingCapacity: true)
            for i in polylines.range(of: ci) {
                let p = polylines[i]
                if let last = pts.last, (p - last).lengthSquared < Self.samePointSquared { continue }
                pts.append(p)
            }
            let closed = polylines.closed[ci] && pts.count > 2
            if closed, (pts[0] - pts[pts.count - 1]).lengthSquared < Self.samePointSquared { pts.removeLast() }
            if pts.count == 1 {
                dot(pts[0], &out)
            } else if closed && pts.count > 2 {
                side(pts, closed: true, &out)
                out.endContour(closed: true)
                side(pts.reversed(), closed: true, &out)
                out.endContour(closed: true)
            } else {
                side(pts, closed: false, &out)
                endCap(pts[pts.count - 1], direction: pts[pts.count - 1] - pts[pts.count - 2], &out)
                side(pts.reversed(), closed: false, &out)
                endCap(pts[0], direction: pts[0] - pts[1], &out)
                out.endContour(closed: true)
            }
        }
    }

    /// The offset of `pts` by `hw` along each chord's ``Vector/turnedRight`` normal, with joins.
    private func side(_ pts: [Point], closed: Bool, _ out: inout FlattenedContours) {
        let n = pts.count
        func dir(_ i: Int) -> Vector { (pts[(i + 1) % n] - pts[i]).normalized ?? Vector(1, 0) }
        func len(_ i: Int) -> Double { pts[(i + 1) % n].distance(to: pts[i]) }
        if closed {
            // Each chord's direction and length once, carried to the next vertex.
            var dj = dir(n - 1), lj = len(n - 1)
            for i in 0..<n {
                let di = dir(i), li = len(i)
                vertex(pts[i], dj, di, min(lj, li), &out)
                dj = di; lj = li
            }
        } else {
            var d0 = dir(0), l0 = len(0)
            let s = pts[0] + d0.turnedRight * hw
            out.push(s.x, s.y)
            if n > 2 {
                for i in 1..<(n - 1) {
                    let d1 = dir(i), l1 = len(i)
                    vertex(pts[i], d0, d1, min(l0, l1), &out)
                    d0 = d1; l0 = l1
                }
            }
            let e = pts[n - 1] + d0.turnedRight * hw
            out.push(e.x, e.y)
        }
    }

    /// The left side at a vertex `v` between directions `d0` (in) and `d1` (out); `shorter` is the length
    /// of the shorter of the two chords.
    private func vertex(_ v: Point, _ d0: Vector, _ d1: Vector, _ shorter: Double, _ out: inout FlattenedContours) {
        let n0 = d0.turnedRight * hw, n1 = d1.turnedRight * hw
        let cross = d0.cross(d1), dot = d0.dot(d1)
        let a = v + n0, b = v + n1
        if abs(cross) < Self.straightCross && dot > 0 { out.push(b.x, b.y); return }  // straight on
        if cross > 0 {
            // Turning towards this side: it is the inner side. Where the two offset lines cross within
            // the first half of each chord, that crossing is the exact inner corner; otherwise (short
            // chords, sharp turns) pass through the vertex.
            if let m = (n0 + n1).normalized {
                let cosHalf = m.dot(n0) / hw
                let back = hw * (1 - cosHalf * cosHalf).squareRoot() / max(cosHalf, Self.minCosHalf)  // hw·tan(θ/2)
                if cosHalf > 0, back <= shorter / 2 {
                    let corner = v + m * (hw / cosHalf)
                    out.push(corner.x, corner.y)
                    return
                }
            }
            out.push(a.x, a.y)
            out.push(v.x, v.y)
        } else {
            out.push(a.x, a.y)
            switch join {
            case .round:
                // A turn within one flattening step: the arc would add only its end, b (pushed below).
                if dot > chordJoinDot { break }
                // From n0 to n1 the short way round, outside (a U-turn sweeps −π, through d0).
                let sweep = abs(cross) < Self.straightCross ? -Double.pi : Vector(n0.dot(n1), n0.cross(n1)).angle
                out.appendArc(EllipticalArc(center: v, radii: Vector(hw, hw), startAngle: n0.angle,
                                            sweepAngle: sweep), .identity, tolerance)
            case .miter:
                if let m = (n0 + n1).normalized {
                    let cosHalf = m.dot(n0) / hw
                    if cosHalf > 0, 1 / cosHalf <= miterLimit {
                        let tip = v + m * (hw / cosHalf)
                        out.push(tip.x, tip.y)
                    }
                }
            case .bevel:
                break
            }
        }
        out.push(b.x, b.y)
    }

    /// The cap at end point `p` of a stroke arriving in `direction`: from the offset `p + n` (the
    /// current point, `n` = turnedRight·hw) round the front to the opposite offset `p − n`, where the way
    /// back begins.
    private func endCap(_ p: Point, direction: Vector, _ out: inout FlattenedContours) {
        guard let d = direction.normalized else { return }
        let n = d.turnedRight * hw
        switch cap {
        case .butt:
            break
        case .square:
            let e = d * hw
            out.push(p.x + n.x + e.x, p.y + n.y + e.y)
            out.push(p.x - n.x + e.x, p.y - n.y + e.y)
        case .round:
            // n is d turned by +90°, so the front (d) lies a quarter turn back: sweep −π.
            out.appendArc(EllipticalArc(center: p, radii: Vector(hw, hw), startAngle: n.angle,
                                        sweepAngle: -Double.pi), .identity, tolerance)
        }
    }

    /// A stroke of a single point: a disc for round caps, a square for square caps, nothing for butt.
    private func dot(_ p: Point, _ out: inout FlattenedContours) {
        switch cap {
        case .butt: return
        case .round:
            out.push(p.x + hw, p.y)
            out.appendArc(EllipticalArc(center: p, radii: Vector(hw, hw), startAngle: 0, sweepAngle: Angle.fullTurn),
                          .identity, tolerance)
        case .square:
            for q in [Point(p.x - hw, p.y - hw), Point(p.x + hw, p.y - hw), Point(p.x + hw, p.y + hw), Point(p.x - hw, p.y + hw)] {
                out.push(q.x, q.y)
            }
        }
        out.endContour(closed: true)
    }
}
