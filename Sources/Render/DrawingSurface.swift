import Geometry
import Shaping
import Layout

/// Something shapes and placed text can be drawn onto: the raster ``RasterCanvas`` or an ``SVGDocument``.
public protocol DrawingSurface {
    /// Fills `path` (mapped by `transform`) with `color`, or cuts it out with ``CompositeMode/destinationOut``.
    mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode)
    /// Strokes `path` with round joins.
    mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode)
    /// Draws a colour bitmap glyph mapped by `transform` (bitmap pixels to canvas), its alpha times `opacity`.
    mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode)
}

extension DrawingSurface {
    /// Draws every glyph of a placed label: rigid glyphs through their placement transform, bent glyphs
    /// through the path (``WarpMode/bend``). Colour glyphs are drawn in their own colours
    /// (``drawColorGlyph(_:_:in:mode:)``).
    /// - Parameter mode: ``CompositeMode/destinationOut`` cuts the glyphs out of what is below (knockout).
    public mutating func draw(_ label: PlacedLabel, mode: CompositeMode = .sourceOver) {
        for glyph in label.glyphs {
            if glyph.font.hasColorGlyphs, let color = glyph.font.colorGlyph(glyph.glyph) {
                drawColorGlyph(glyph, color, in: label, mode: mode)
                continue
            }
            switch label.warp {
            case .rigid:
                // The cached outline in font units (y up), scaled into the placement transform: no copy per glyph.
                let k = glyph.size / Double(glyph.font.unitsPerEm)
                fillPath(glyph.font.outline(glyph: glyph.glyph), transform: glyph.transform * Affine.scale(k, -k),
                         color: glyph.color, rule: .nonZero, mode: mode)
            case .bend:
                fillPath(label.bentOutline(of: glyph), transform: .identity, color: glyph.color, rule: .nonZero, mode: mode)
            }
        }
    }
}

extension DrawingSurface {
    /// Draws a colour glyph: COLR layers filled bottom first with their palette colours (the text
    /// colour where a layer asks for it, every colour's alpha times the text colour's), bent along
    /// the path with ``WarpMode/bend``; a bitmap scaled to the glyph's size and rotated with it (a
    /// bitmap is not bent: it is placed rigidly at the glyph's origin).
    public mutating func drawColorGlyph(_ glyph: PlacedGlyph, _ color: ColorGlyph, in label: PlacedLabel,
                                        mode: CompositeMode = .sourceOver) {
        let opacity = Double(glyph.color.a) / 255
        switch color {
        case .layers(let layers):
            for layer in layers {
                var c = layer.color ?? glyph.color
                if layer.color != nil { c.a = UInt8((Double(c.a) * opacity).rounded()) }
                var g = glyph
                g.glyph = layer.glyph
                switch label.warp {
                case .rigid:
                    let k = g.size / Double(g.font.unitsPerEm)
                    fillPath(g.font.outline(glyph: g.glyph), transform: g.transform * Affine.scale(k, -k), color: c,
                             rule: .nonZero, mode: mode)
                case .bend:
                    fillPath(label.bentOutline(of: g), transform: .identity, color: c, rule: .nonZero, mode: mode)
                }
            }
        case .bitmap(let bitmap):
            drawBitmap(bitmap, transform: glyph.transform * bitmap.transform(size: glyph.size), opacity: opacity, mode: mode)
        }
    }
}

extension RasterCanvas: DrawingSurface {
    /// Draws the bitmap resampled (``draw(_:transform:opacity:mode:)``).
    public mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) {
        draw(bitmap, transform: transform, opacity: opacity, mode: mode)
    }

    /// Rasterizes the fill onto the canvas.
    public mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) {
        fill(path, transform: transform, color: color, rule: rule, mode: mode)
    }

    /// Rasterizes the stroke onto the canvas.
    public mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) {
        stroke(path, width: width, color: color, cap: cap, join: .round, mode: mode)
    }
}

extension SVGDocument: DrawingSurface {
    /// Adds the bitmap as an embedded PNG `<image>` (or a knockout of its box for ``CompositeMode/destinationOut``).
    public mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) {
        switch mode {
        case .sourceOver: addImage(bitmap, transform: transform, opacity: opacity)
        case .destinationOut:
            addKnockout(BezPath.polyline([Point(0, 0), Point(Double(bitmap.width), 0), Point(Double(bitmap.width), Double(bitmap.height)),
                                          Point(0, Double(bitmap.height))], closed: true), transform: transform)
        }
    }

    /// Adds a `<path>` (or a knockout mask for ``CompositeMode/destinationOut``), the outline baked into canvas coordinates.
    public mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) {
        switch mode {
        case .sourceOver: addPath(path, transform: transform, fill: color, rule: rule)
        case .destinationOut: addKnockout(path, transform: transform, rule: rule)
        }
    }

    /// Adds a stroked `<path>`; a knockout stroke becomes a knockout of nothing (not supported in SVG output).
    public mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) {
        guard mode == .sourceOver else { return }
        addStroke(path, width: width, color: color, cap: cap, join: .round)
    }
}
