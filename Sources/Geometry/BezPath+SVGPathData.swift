extension BezPath {
    /// The path as SVG path data with absolute commands: `M`, `L`, `Q`, `C`, `A` and `Z`.
    ///
    /// Arcs are written as `A` commands with the large-arc and sweep flags recomputed from the sweep
    /// angle (arcs of nearly a full turn or more are split in equal pieces first). The closing line of
    /// a closed subpath is left to `Z`. Numbers are written in the shortest form that reads back to the
    /// same `Double`, so `BezPath(svgPathData: p.svgPathData)` reproduces `p` to within rounding of the
    /// arc conversion.
    public var svgPathData: String {
        var out = ""
        func num(_ v: Double) -> String {
            if v == 0 { return "0" }   // also −0
            var s = v.description
            if s.hasSuffix(".0") { s.removeLast(2) }
            return s
        }
        func pt(_ p: Point) -> String { num(p.x) + " " + num(p.y) }
        func put(_ s: String) {
            if !out.isEmpty { out += " " }
            out += s
        }
        for sp in subpaths {
            put("M " + pt(sp.start))
            var segs = sp.segments[...]
            if sp.isClosed, case .line(let l)? = segs.last, l.p1 == sp.start, segs.count > 1 { segs = segs.dropLast() }
            for seg in segs {
                switch seg {
                case .line(let l): put("L " + pt(l.p1))
                case .quad(let q): put("Q " + pt(q.p1) + " " + pt(q.p2))
                case .cubic(let c): put("C " + pt(c.p1) + " " + pt(c.p2) + " " + pt(c.p3))
                case .arc(let a):
                    for piece in a.splitForSVG() {
                        let s = piece.svgParameters
                        if s.radii.x == 0 || s.radii.y == 0 || piece.sweepAngle == 0 {
                            put("L " + pt(s.end))
                        } else {
                            put("A " + num(s.radii.x) + " " + num(s.radii.y) + " " + num(s.xRotationDegrees) + " "
                                + (s.largeArc ? "1" : "0") + " " + (s.sweep ? "1" : "0") + " " + pt(s.end))
                        }
                    }
                }
            }
            if sp.isClosed { put("Z") }
        }
        return out
    }
}
