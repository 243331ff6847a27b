import Geometry

extension PlacedLabel {
    /// The outline of `glyph` bent along the path (``WarpMode/bend``, SVG's `method=stretch`), in canvas pixels.
    ///
    /// Every outline point (x along the baseline, y up) maps to P(s + x) + N(s + x)·(shift + y), where s is
    /// the glyph origin's distance along the measured path and shift its perpendicular offset. Outline
    /// edges are first flattened, then subdivided until the mapped midpoint of every edge lies within
    /// `tolerance` of the mapped chord, so long straight edges bend with the path too.
    /// Returns the rigidly transformed outline when the label has no measure.
    ///
    /// Subdivision stops after ``bendPointBudget`` subdivisions per outline: a glyph far larger than the curve it
    /// is bent around (a 10 000 px letter on a 1 px circle) is then drawn with coarser chords instead of
    /// taking seconds.
    public func bentOutline(of glyph: PlacedGlyph, tolerance: Double = 0.05) -> BezPath {
        guard measure != nil else {
            return font(of: glyph).outline(glyph: glyph.glyph, size: glyph.size, emboldened: glyph.synthesis.bold).transformed(by: glyph.transform)
        }
        return bent(pixelOutline(of: glyph), at: glyph, tolerance: tolerance)
    }

    /// `outline`, given in `glyph`'s pixel space (pixels, y down, origin at the glyph origin, as
    /// ``pixelOutline(of:)``), bent along the path as ``bentOutline(of:tolerance:)`` bends the glyph's own
    /// outline: a COLRv1 layer under its own transform bends with its glyph. Without a measure, `outline`
    /// through the glyph's ``PlacedGlyph/transform`` (its shear is the caller's).
    public func bent(_ outline: BezPath, at glyph: PlacedGlyph, tolerance: Double = 0.05) -> BezPath {
        guard let measure else { return outline.transformed(by: glyph.transform) }
        func map(_ p: Point) -> Point {
            let sample = measure.sample(at: glyph.pathDistance + p.x * glyph.scaleX)
            return sample.point + sample.normal * (glyph.normalOffset - p.y)
        }
        var out = BezPath()
        var budget = Self.bendPointBudget
        for poly in outline.flattened(tolerance: tolerance) where poly.count > 1 {
            out.move(to: map(poly[0]))
            for i in 1..<poly.count {
                subdivide(poly[i - 1], poly[i], map(poly[i - 1]), map(poly[i]), depth: 0)
            }
            out.close()
        }
        func subdivide(_ a: Point, _ b: Point, _ ma: Point, _ mb: Point, depth: Int) {
            let m = a.lerp(b, 0.5), mm = map(m)
            if depth < 12, budget > 0, mm.distance(to: ma.lerp(mb, 0.5)) > tolerance {
                budget -= 1
                subdivide(a, m, ma, mm, depth: depth + 1)
                subdivide(m, b, mm, mb, depth: depth + 1)
            } else {
                out.line(to: mb)
            }
        }
        return out
    }

    /// The most subdivisions ``bentOutline(of:tolerance:)`` makes for one glyph (16 384; an ordinary glyph
    /// on an ordinary curve needs a few hundred).
    public static let bendPointBudget = 1 << 14
}
