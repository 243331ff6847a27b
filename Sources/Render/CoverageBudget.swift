import Geometry
import Shaping
import Layout

/// A running count of the pixels a picture's glyphs and shapes will cover, charged before each is
/// rasterized, so a picture whose rasterization would take minutes is refused up front
/// (``ResourceLimits/coveragePixels``).
///
/// Rasterization time grows with the area a path covers, so each glyph is charged its ink box (the
/// outline's control box, rotated and scaled into place) and each shape its control box widened by the
/// stroke, each as the axis-aligned box clipped to the canvas; overlaps count every time they are drawn.
/// Bent glyphs are charged their rigid ink box.
public struct CoverageBudget: Sendable {
    /// The most pixels that may be charged.
    public var limit: Int
    /// The pixels charged so far.
    public private(set) var used: Double = 0
    /// The most glyphs that may be charged (``ResourceLimits/pictureGlyphs``).
    public var glyphLimit: Int
    /// The glyphs charged so far.
    public private(set) var glyphs = 0
    /// The canvas boxes are clipped to.
    public var width: Int, height: Int

    /// A budget of `limit` pixels and `glyphLimit` glyphs on a `width` × `height` canvas.
    public init(limit: Int, glyphLimit: Int = .max, width: Int, height: Int) {
        self.limit = limit; self.glyphLimit = glyphLimit; self.width = width; self.height = height
    }

    /// A budget for a picture drawn within `limits` (with `raster` false, for SVG, the pixels are not counted).
    public init(_ limits: ResourceLimits, raster: Bool, width: Int, height: Int) {
        self.init(limit: raster ? limits.coveragePixels : .max, glyphLimit: limits.pictureGlyphs, width: width, height: height)
    }

    /// Charges every glyph of `label`, before it is drawn.
    /// - Throws: ``LayoutError/limitExceeded(what:amount:limit:)`` when the total passes either limit.
    public mutating func charge(_ label: PlacedLabel) throws(LayoutError) {
        glyphs += label.glyphs.count
        guard glyphs <= glyphLimit else {
            throw .limitExceeded(what: "number of glyphs in the picture", amount: Double(glyphs), limit: Double(glyphLimit))
        }
        guard limit < .max else { return }
        var area = 0.0
        for glyph in label.glyphs {
            let font = label.font(of: glyph), k = glyph.size / Double(font.unitsPerEm)
            area += clippedArea(glyph.outline(font: font), glyph.transform * Affine.scale(k, -k), padding: label.halo?.width ?? 0)
        }
        try add(area)
    }

    /// Charges a shape: `path`'s control box widened by `padding` on every side (half the stroke width or
    /// more), before it is drawn.
    /// - Throws: ``LayoutError/limitExceeded(what:amount:limit:)`` when the total passes the limit.
    public mutating func charge(_ path: BezPath, padding: Double) throws(LayoutError) {
        try add(clippedArea(path, .identity, padding: padding))
    }

    private mutating func add(_ area: Double) throws(LayoutError) {
        used += area
        guard used <= Double(limit) else {
            throw .limitExceeded(what: "number of pixels the glyphs and shapes cover (each clipped to the canvas, overlaps counted)",
                                 amount: used.rounded(), limit: Double(limit))
        }
    }

    /// The area of the box around `path` under `m`, widened by `padding`, clipped to the canvas.
    func clippedArea(_ path: BezPath, _ m: Affine, padding: Double) -> Double {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for sp in path.subpaths {
            add(sp.start)
            for seg in sp.segments {
                switch seg {
                case .line(let l): add(l.p1)
                case .quad(let q): add(q.p1); add(q.p2)
                case .cubic(let c): add(c.p1); add(c.p2); add(c.p3)
                case .arc(let a):
                    let r = max(abs(a.radii.x), abs(a.radii.y))
                    add(a.center + Vector(-r, -r)); add(a.center + Vector(r, r))
                }
            }
        }
        guard minX <= maxX, minY <= maxY else { return 0 }
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for p in [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)] {
            let q = m.apply(p)
            bx0 = min(bx0, q.x); by0 = min(by0, q.y); bx1 = max(bx1, q.x); by1 = max(by1, q.y)
        }
        let pad = padding.isFinite ? max(padding, 0) : .infinity
        let w = min(bx1 + pad, Double(width)) - max(bx0 - pad, 0)
        let h = min(by1 + pad, Double(height)) - max(by0 - pad, 0)
        // NaN (a box at infinity) counts as nothing: the rasterizer clips it away too.
        return w > 0 && h > 0 ? w * h : 0
    }
}
