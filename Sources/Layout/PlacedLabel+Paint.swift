import Support
import Geometry
import Shaping

extension PlacedLabel {
    /// How `glyph` is painted: its run's entry of ``paints`` with the glyph's ``PlacedGlyph/color`` as the
    /// fill colour, or a plain fill of that colour when the label has no paint table.
    public func paint(of glyph: PlacedGlyph) -> RunPaint {
        guard glyph.runIndex >= 0, glyph.runIndex < paints.count else { return RunPaint(color: glyph.color) }
        var p = paints[glyph.runIndex]
        p.color = glyph.color
        return p
    }

    /// The label's bounding box as SVG defines a text's (the union of its glyph cells: each glyph's advance
    /// by its font's ascender and descender, turned into place), in canvas coordinates: what a gradient in
    /// ``GradientUnits/objectBoundingBox`` units spans. `nil` for a label without glyphs.
    public var objectBoundingBox: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for g in glyphs {
            let m = font(of: g).metrics(size: g.size)
            let t = g.transform, w = g.advance / max(g.scaleX, 1e-9)
            for p in [Point(0, -m.ascender), Point(w, -m.ascender), Point(w, -m.descender), Point(0, -m.descender)] {
                let q = t.apply(p)
                minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
            }
        }
        return minX.isFinite ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
    }

    /// The paint table with every gradient resolved to canvas coordinates in ``objectBoundingBox``
    /// (a gradient over an empty box is dropped: it paints nothing), as the placements JSON gives it.
    public var resolvedPaints: [RunPaint] {
        guard !paints.isEmpty else { return [] }
        let box = objectBoundingBox ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        return paints.map { p in
            var q = p
            if let g = p.fillGradient { q.fillGradient = g.resolved(in: box); if q.fillGradient == nil { q.fillOpacity = 0 } }
            if let s = p.stroke, let g = s.gradient {
                q.stroke?.gradient = g.resolved(in: box)
                if q.stroke?.gradient == nil { q.stroke?.opacity = 0 }
            }
            return q
        }
    }
}
