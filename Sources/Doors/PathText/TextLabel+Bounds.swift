extension TextLabel {
    /// The ink and advance bounds of a placed label (both ``Rect/empty`` without glyphs).
    static func bounds(of label: PlacedLabel) -> (ink: Rect, advance: Rect) {
        var ink = Rect.empty, advance = Rect.empty
        for g in label.glyphs {
            switch label.warp {
            case .rigid:
                let box = g.inkBox(padding: label.halo?.width ?? 0)
                if box.contains(where: { $0 != box[0] }) { ink = ink.union(Rect(enclosing: box)) }  // spaces have no ink
            case .bend:
                let pad = label.halo?.width ?? 0
                ink = ink.union(controlBounds(label.bentOutline(of: g)).outset(by: pad))
            }
            let m = g.font.metrics(size: g.size)
            let t = g.direction, up = Vector(t.y, -t.x)
            let along = g.advance
            advance = advance.union(Rect(enclosing: [
                g.origin + up * m.ascender, g.origin + up * m.descender,
                g.origin + t * along + up * m.ascender, g.origin + t * along + up * m.descender,
            ]))
        }
        return (ink, advance)
    }

    /// The bounds of a path's points and control points (they enclose the curve).
    private static func controlBounds(_ path: BezPath) -> Rect {
        var r = Rect.empty
        for sp in path.subpaths {
            r = r.union(Rect(enclosing: [sp.start]))
            for seg in sp.segments {
                switch seg {
                case .line: r = r.union(Rect(enclosing: [seg.end]))
                case .quad(let q): r = r.union(Rect(enclosing: [q.p1, seg.end]))
                case .cubic(let c): r = r.union(Rect(enclosing: [c.p1, c.p2, seg.end]))
                case .arc: r = r.union(Rect(enclosing: (1...16).map { seg.eval(Double($0) / 16) }))
                }
            }
        }
        return r
    }
}
