import Geometry

extension Path {
    /// The parallel (offset) curve at distance `d` along the left-hand normal N = (T.y, −T.x), which is
    /// the text's up side: positive `d` moves towards the top of text laid along the path.
    ///
    /// Exact for lines and circular arcs (an arc's radius changes by ±d; an arc that would collapse is
    /// dropped); Béziers and non-circular arcs are sampled densely (chords within 0.01 px of the source)
    /// and each sample is moved along its own normal. Neighbouring offset segments are joined by lines.
    func parallel(offset d: Double) -> Path {
        var out = Path()
        for sp in subpaths {
            var started = false
            func emit(_ p: Point) {
                if !started { out.move(to: p); started = true } else if out.currentPoint != p { out.line(to: p) }
            }
            for seg in sp.segments {
                switch seg {
                case .line(let l):
                    guard let t = (l.p1 - l.p0).normalized else { continue }
                    let n = Vector(t.y, -t.x) * d
                    emit(l.p0 + n); emit(l.p1 + n)
                case .arc(let a) where abs(a.radii.x - a.radii.y) <= 1e-12 * max(abs(a.radii.x), 1):
                    let r = a.radii.x + (a.sweepAngle >= 0 ? d : -d)
                    guard r > 0, a.sweepAngle != 0 else { continue }
                    var arc = a
                    arc.radii = Vector(r, r)
                    emit(arc.start)
                    out.append(.arc(arc))
                default:
                    let n = max(8, seg.flatteningSteps(tolerance: 0.01) * 2)
                    for i in 0...n {
                        let t = Double(i) / Double(n)
                        var tan = seg.deriv(t).normalized
                        if tan == nil { tan = (seg.eval(min(1, t + 1e-4)) - seg.eval(max(0, t - 1e-4))).normalized }
                        let dir = tan ?? Vector(1, 0)
                        emit(seg.eval(t) + Vector(dir.y, -dir.x) * d)
                    }
                }
            }
            if sp.isClosed, started { out.close() }
        }
        return out
    }
}
