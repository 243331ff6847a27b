import Geometry
import Shaping
import Layout

/// The canvas fitted to placed labels, one rule for every door (`TextLabel`'s `.fittedWithMargin`, a
/// scene's `fitCanvas`, Python's `render_label`): the labels' ink box (halos included), or their advance box when
/// nothing has ink, grown by the margin and rounded out to whole pixels.
package enum CanvasFit {

    /// The ink and advance bounds of a placed label (both ``Rect/empty`` without glyphs).
    package static func bounds(of label: PlacedLabel) -> (ink: Rect, advance: Rect) {
        var ink = Rect.empty, advance = Rect.empty
        for g in label.glyphs {
            switch label.warp {
            case .rigid:
                let box = label.inkBox(of: g, padding: label.halo?.width ?? 0)
                if box.contains(where: { $0 != box[0] }) { ink = ink.union(Rect(enclosing: box)) }  // spaces have no ink
            case .bend:
                let pad = label.halo?.width ?? 0
                ink = ink.union(controlBounds(label.bentOutline(of: g)).outset(by: pad))
            }
            let m = label.font(of: g).metrics(size: g.size)
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

    /// The margin of a fitted canvas when none is given, in pixels: every door's default (Swift's
    /// ``CanvasSize/fittedWithMargin``, `pathtext render --text` without a size, Python's `render_label`).
    package static let defaultMargin = 8.0

    /// The canvas around `labels` with `margin` pixels each side, and the shift that moves them onto it.
    package static func frame(_ labels: [PlacedLabel], margin: Double) -> (width: Int, height: Int, shift: Affine) {
        let boxes = labels.map(bounds(of:))
        return frame(ink: boxes.reduce(Rect.empty) { $0.union($1.ink) }, advance: boxes.reduce(Rect.empty) { $0.union($1.advance) }, margin: margin)
    }

    /// The canvas around an ink box (or, when it is empty, the advance box) with `margin` pixels each side.
    package static func frame(ink: Rect, advance: Rect, margin: Double) -> (width: Int, height: Int, shift: Affine) {
        var box = ink
        if box.isEmpty { box = advance }
        if box.isEmpty { box = Rect(x: 0, y: 0, width: 0, height: 0) }
        let m = margin.isFinite ? max(0, margin) : 0
        let x0 = (box.minX - m).rounded(.down), y0 = (box.minY - m).rounded(.down)
        let w = Int(clamping: Int64(((box.maxX + m).rounded(.up) - x0).clamped(1, 1e9)))
        let h = Int(clamping: Int64(((box.maxY + m).rounded(.up) - y0).clamped(1, 1e9)))
        return (w, h, .translate(Vector(-x0, -y0)))
    }
}

extension Double {
    /// The value limited to `lo...hi` (NaN becomes `lo`).
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { self >= lo ? Swift.min(self, hi) : lo }
}
