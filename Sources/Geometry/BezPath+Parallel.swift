#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension BezPath {
    /// The parallel (offset) curve at signed distance `d` on the normal side `(T.y, −T.x)` of each
    /// subpath: the side *above* text running left to right on a y-down canvas.
    ///
    /// - Lines are offset exactly, and circular arcs exactly by changing the radius (an arc whose offset
    ///   radius would be zero vanishes; beyond that it flips to the other side of its centre, as the true
    ///   parallel curve does).
    /// - Other curves (Béziers, non-circular arcs) are approximated: points and derivatives of the exact
    ///   offset `B(t) + d·N(t)` are taken at equal parameter steps (as many as flattening the original to
    ///   `tolerance` needs, at least four) and joined by cubic Hermite pieces, so the tangent stays
    ///   continuous. Where the speed vanishes (cusps) the piece is a straight chord.
    /// - Where consecutive segments meet at a corner, the gap on the outer side is bridged by a round
    ///   join (an arc of radius `|d|` about the corner); on the inner side the offsets overlap and are
    ///   joined by a straight line, so text there runs back briefly (no trimming of the overlap).
    ///
    /// Closed subpaths stay closed. Segments of zero length are skipped.
    public func parallel(offset d: Double, tolerance: Double = 0.01) -> BezPath {
        var out = BezPath()
        for sp in subpaths {
            // The segments of positive length, with their sizes.
            let segs = sp.segments.filter { seg in
                let scale = max(1, abs(seg.start.x), abs(seg.start.y), abs(seg.end.x), abs(seg.end.y))
                return seg.arclen(from: 0, to: 1) > 1e-12 * scale
            }
            guard !segs.isEmpty else { continue }
            let sizes = segs.map { max($0.controlPolygonLength, 1e-300) }
            let startT = segs.indices.map { segs[$0].unitTangent(at: 0, scale: sizes[$0]) ?? Vector(1, 0) }
            let endT = segs.indices.map { segs[$0].unitTangent(at: 1, after: false, scale: sizes[$0]) ?? Vector(1, 0) }
            func normal(_ t: Vector) -> Vector { Vector(t.y, -t.x) }
            var started = false
            func join(corner: Point, from t1: Vector, to t2: Vector) {
                let target = corner + normal(t2) * d
                guard target.distance(to: out.currentPoint) > 1e-12 * max(1, abs(target.x), abs(target.y)) else { return }
                let cross = t1.cross(t2)
                if cross * d > 0 {
                    let from = out.currentPoint - corner
                    out.append(.arc(EllipticalArc(center: corner, radii: Vector(abs(d), abs(d)), startAngle: from.angle,
                                                  sweepAngle: atan2(cross, t1.dot(t2)))))
                } else {
                    out.line(to: target)
                }
            }
            for (i, seg) in segs.enumerated() {
                if !started {
                    out.move(to: seg.start + normal(startT[i]) * d)
                    started = true
                } else {
                    join(corner: seg.start, from: endT[i - 1], to: startT[i])
                }
                Self.appendParallel(of: seg, d: d, size: sizes[i], tolerance: tolerance, to: &out)
            }
            if sp.isClosed {
                join(corner: segs[0].start, from: endT[segs.count - 1], to: startT[0])
                out.close()
            }
        }
        return out
    }

    /// Appends the offset of one segment, starting from the pen.
    private static func appendParallel(of seg: Segment, d: Double, size: Double, tolerance: Double, to out: inout BezPath) {
        func normal(_ t: Vector) -> Vector { Vector(t.y, -t.x) }
        switch seg {
        case .line(let l):
            let n = normal((l.p1 - l.p0).normalized ?? Vector(1, 0))
            out.line(to: l.p1 + n * d)
            return
        case .arc(let a) where seg.hasConstantSpeed:
            // Circular: p = c + r(cos θ, sin θ) with N = sign(sweep)·sign(r)·(cos θ, sin θ) in the arc's frame.
            let r = a.radii.x
            let sgn: Double = (a.sweepAngle > 0) == (r > 0) ? 1 : -1
            var r2 = r + sgn * d * (r > 0 ? 1 : -1)
            var start = a.startAngle
            if abs(r2) <= 1e-12 * max(1, abs(r)) { return }   // collapses to the centre
            if r2 < 0 { r2 = -r2; start += .pi }
            out.append(.arc(EllipticalArc(center: a.center, radii: Vector(r2, r2), xRotation: a.xRotation,
                                          startAngle: start, sweepAngle: a.sweepAngle)))
            return
        default:
            break
        }
        // General curves: cubic Hermite interpolation of the exact offset O(t) = B(t) + d·N(t), with
        // O′ = B′ + d·N′ and N′ obtained from T′ = (B″|B′|² − B′(B′·B″)) / |B′|³.
        let n = max(4, min(4096, seg.flatteningSteps(tolerance: tolerance)))
        func offsetPoint(_ t: Double) -> (Point, Vector?) {
            let b1 = seg.deriv(t)
            let v = b1.length
            let tangent = seg.unitTangent(at: t, after: t < 1, scale: size) ?? Vector(1, 0)
            let p = seg.eval(t) + normal(tangent) * d
            guard v > 1e-6 * size else { return (p, nil) }
            let b2 = seg.deriv2(t)
            let dT = (b2 * (v * v) - b1 * b1.dot(b2)) / (v * v * v)
            return (p, b1 + Vector(dT.y, -dT.x) * d)
        }
        var (p0, d0) = offsetPoint(0)
        for i in 1...n {
            let t1 = Double(i) / Double(n)
            let (p1, d1) = offsetPoint(t1)
            if let d0, let d1 {
                let h = (1 / Double(n)) / 3
                out.cubic(to: p1, control1: p0 + d0 * h, control2: p1 - d1 * h)
            } else {
                out.line(to: p1)
            }
            p0 = p1; d0 = d1
        }
    }
}

extension PathMeasure {
    /// The measure of the parallel curve at signed distance `d` on the normal side of this measure's
    /// direction of travel (see ``BezPath/parallel(offset:tolerance:)``): for laying text out above (d > 0)
    /// or below the path while measuring distances along the offset line itself. Exact for lines and
    /// circular arcs (a circle of radius r gives a circle of radius r + d when it runs clockwise on a
    /// y-down canvas); approximate to `tolerance` for other curves. A reversed measure is offset on
    /// its own normal side.
    /// - Throws: ``GeometryError/zeroLength`` when the offset collapses (a circle of radius `−d`),
    ///   ``GeometryError/nonFinite(_:)`` when `d` is not finite.
    public func parallel(offset d: Double, tolerance: Double = 0.01) throws(GeometryError) -> PathMeasure {
        guard d.isFinite else { throw .nonFinite("the offset distance") }
        let base = isReversed ? path.reversed() : path
        guard d != 0 else { return try PathMeasure(base) }
        let offset = base.parallel(offset: d, tolerance: tolerance)
        if offset.isEmpty { throw .zeroLength }   // everything collapsed to points
        return try PathMeasure(offset)
    }
}
