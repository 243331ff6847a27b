import Support

extension BezPath {
    /// The parallel (offset) curve at signed distance `d` on the normal side ``Vector/turnedLeft`` of each
    /// subpath: the side *above* text running left to right on a y-down canvas.
    ///
    /// - Lines are offset exactly, and circular arcs exactly by changing the radius (an arc whose offset
    ///   radius would be zero vanishes; beyond that it flips to the other side of its centre, as the true
    ///   parallel curve does).
    /// - Other curves (Béziers, non-circular arcs) are approximated: points and derivatives of the exact
    ///   offset `B(t) + d·N(t)` are joined by cubic Hermite pieces, so the tangent stays continuous, on
    ///   parameter intervals halved until each piece is within `tolerance / 2` of the exact offset at
    ///   three inner points (at most 2^12 pieces per segment; a smooth segment takes a few, so the
    ///   offset's size is linear in the number of segments with a small constant). Where the speed
    ///   vanishes (cusps) the piece is a straight chord.
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
                return seg.arclen(from: 0, to: 1) > Tolerance.zeroLength * scale
            }
            guard !segs.isEmpty else { continue }
            let sizes = segs.map { max($0.controlPolygonLength, .leastNormalMagnitude) }
            let startT = segs.indices.map { segs[$0].unitTangent(at: 0, scale: sizes[$0]) ?? Vector(1, 0) }
            let endT = segs.indices.map { segs[$0].unitTangent(at: 1, after: false, scale: sizes[$0]) ?? Vector(1, 0) }
            var started = false
            func join(corner: Point, from t1: Vector, to t2: Vector) {
                let target = corner + t2.turnedLeft * d
                guard !target.coincides(with: out.currentPoint) else { return }
                let cross = t1.cross(t2)
                if cross * d > 0 {
                    let from = out.currentPoint - corner
                    out.append(.arc(EllipticalArc(center: corner, radii: Vector(abs(d), abs(d)), startAngle: from.angle,
                                                  sweepAngle: Vector(t1.dot(t2), cross).angle)))
                } else {
                    out.line(to: target)
                }
            }
            for (i, seg) in segs.enumerated() {
                if !started {
                    out.move(to: seg.start + startT[i].turnedLeft * d)
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
        switch seg {
        case .line(let l):
            let n = ((l.p1 - l.p0).normalized ?? Vector(1, 0)).turnedLeft
            out.line(to: l.p1 + n * d)
            return
        case .arc(let a) where seg.hasConstantSpeed:
            // Circular: p = c + r(cos θ, sin θ) with N = sign(sweep)·sign(r)·(cos θ, sin θ) in the arc's frame.
            let r = a.radii.x
            let sgn: Double = (a.sweepAngle > 0) == (r > 0) ? 1 : -1
            var r2 = r + sgn * d * (r > 0 ? 1 : -1)
            var start = a.startAngle
            if abs(r2) <= Tolerance.coincident * max(1, abs(r)) { return }   // collapses to the centre
            if r2 < 0 { r2 = -r2; start += .pi }
            out.append(.arc(EllipticalArc(center: a.center, radii: Vector(r2, r2), xRotation: a.xRotation,
                                          startAngle: start, sweepAngle: a.sweepAngle)))
            return
        default:
            break
        }
        // General curves: cubic Hermite interpolation of the exact offset O(t) = B(t) + d·N(t), with
        // O′ = B′ + d·N′ and N′ obtained from T′ = (B″|B′|² − B′(B′·B″)) / |B′|³, on parameter intervals
        // halved until the piece is within half the tolerance of O at a quarter, half and three quarters
        // of its interval. The Hermite error shrinks as h⁴, so a smooth segment takes a few pieces; only
        // pieces holding a cusp of the offset (where |d| meets the radius of curvature) are halved deeply.
        func exact(_ t: Double) -> (t: Double, p: Point, d: Vector?) {
            let b1 = seg.deriv(t)
            let v = b1.length
            let tangent = seg.unitTangent(at: t, after: t < 1, scale: size) ?? Vector(1, 0)
            let p = seg.eval(t) + tangent.turnedLeft * d
            guard v > Tolerance.offsetSpeed * size else { return (t, p, nil) }
            let b2 = seg.deriv2(t)
            let dT = (b2 * (v * v) - b1 * b1.dot(b2)) / (v * v * v)
            return (t, p, b1 + dT.turnedLeft * d)
        }
        func piece(_ a: (t: Double, p: Point, d: Vector?), _ b: (t: Double, p: Point, d: Vector?)) -> Segment {
            guard let da = a.d, let db = b.d else { return .line(Line(a.p, b.p)) }
            let h = (b.t - a.t) / 3
            return .cubic(CubicBez(a.p, a.p + da * h, b.p - db * h, b.p))
        }
        let fitTolerance = tolerance / 2
        func fit(_ a: (t: Double, p: Point, d: Vector?), _ b: (t: Double, p: Point, d: Vector?), depth: Int) {
            let candidate = piece(a, b)
            let fits = depth >= maxOffsetDepth || [0.25, 0.5, 0.75].allSatisfy { u in
                candidate.eval(u).distance(to: exact(a.t + u * (b.t - a.t)).p) <= fitTolerance
            }
            if fits {
                out.append(candidate)
            } else {
                let m = exact((a.t + b.t) / 2)
                fit(a, m, depth: depth + 1)
                fit(m, b, depth: depth + 1)
            }
        }
        let first = exact(0), middle = exact(0.5), last = exact(1)
        fit(first, middle, depth: 1)
        fit(middle, last, depth: 1)
    }

    /// The most halvings of a segment's parameter interval when fitting its offset: at most
    /// 2^``maxOffsetDepth`` pieces per segment, and far fewer (a few) for a smooth one.
    static let maxOffsetDepth = 12
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
        guard d != 0 else { return try PathMeasure(base, accuracy: storage.accuracy) }
        let offset = base.parallel(offset: d, tolerance: tolerance)
        if offset.isEmpty { throw .zeroLength }   // everything collapsed to points
        // The offset path is not kept beside its measured segments: `path` rebuilds it when asked.
        return try PathMeasure(offset, accuracy: storage.accuracy, keepingPath: false)
    }
}
