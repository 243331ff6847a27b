extension BezPath {
    /// The smallest rectangle holding every point that defines the path: each subpath's start, each
    /// segment's end, the control points of its Béziers, and the points of its arcs where x or y is
    /// extreme. It encloses every segment of the path, Béziers not always tightly; ``Rect/empty`` for a
    /// path of no points.
    ///
    /// A glyph's ink box is this box of its outline (``Typeface`` caches it per glyph in font units):
    /// mapped by a scale, the box of the mapped points is the mapped box, to the bit, because a
    /// product's rounding never reverses an order.
    package var controlBox: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        @inline(__always) func add(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        // Per subpath its points first, then the control points: the order decides which of two equal
        // coordinates (0 and −0) is kept, and this is the order the ink box has always used.
        for sp in subpaths {
            add(sp.start)
            for seg in sp.segments { add(seg.end) }
            for seg in sp.segments {
                switch seg {
                case .quad(let q): add(q.p1)
                case .cubic(let c): add(c.p1); add(c.p2)
                case .arc(let a): a.forEachAxisExtreme { add(a.eval($0)) }
                case .line: break
                }
            }
        }
        return Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}
