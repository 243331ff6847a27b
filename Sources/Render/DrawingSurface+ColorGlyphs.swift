import Geometry
import Shaping
import Layout

extension DrawingSurface {
    /// Draws a colour glyph: COLR layers filled bottom first with their palette colours or COLRv1
    /// gradients (the text colour where a layer asks for it, every alpha times the text colour's), every
    /// layer's outline bent along the path with ``WarpMode/bend``; a bitmap scaled to the glyph's size and rotated with it (a
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
                let font = label.font(of: g), k = g.size / Double(font.unitsPerEm)
                let glyphSpace = g.transform * Affine.scale(k, -k)
                // Under `bend` every layer's outline bends with the path, under its own transform; a gradient
                // keeps the glyph's rigid frame at its origin (as a bitmap is placed rigidly).
                if label.warp == .bend {
                    let pixels = font.outline(glyph: g.glyph).transformed(by: Affine(1, 0, -g.synthesis.skew, 1, 0, 0) * Affine.scale(k, -k) * layer.transform)
                    let bent = label.bent(pixels, at: g)
                    if var gradient = layer.gradient {
                        gradient.transform = glyphSpace * gradient.transform
                        paintPath(bent, transform: .identity, source: .gradient(gradient, opacity: opacity), stroke: nil, rule: .nonZero, mode: mode)
                    } else {
                        fillPath(bent, transform: .identity, color: c, rule: .nonZero, mode: mode)
                    }
                    continue
                }
                let outline = font.outline(glyph: g.glyph)
                if var gradient = layer.gradient {
                    gradient.transform = glyphSpace * gradient.transform
                    paintPath(outline, transform: glyphSpace * layer.transform, source: .gradient(gradient, opacity: opacity), stroke: nil,
                              rule: .nonZero, mode: mode)
                } else {
                    fillPath(outline, transform: glyphSpace * layer.transform, color: c, rule: .nonZero, mode: mode)
                }
            }
        case .bitmap(let bitmap):
            drawBitmap(bitmap, transform: glyph.transform * bitmap.transform(size: glyph.size), opacity: opacity, mode: mode)
        }
    }
}

extension RasterCanvas {
    /// Draws the bitmap resampled (``draw(_:transform:opacity:mode:)``).
    public mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) {
        draw(bitmap, transform: transform, opacity: opacity, mode: mode)
    }
}

extension SVGDocument {
    /// Adds the bitmap as an embedded PNG `<image>` (or a knockout of its box for ``CompositeMode/destinationOut``).
    public mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) {
        switch mode {
        case .sourceOver: addImage(bitmap, transform: transform, opacity: opacity)
        case .destinationOut:
            addKnockout(BezPath.polyline([Point(0, 0), Point(Double(bitmap.width), 0), Point(Double(bitmap.width), Double(bitmap.height)),
                                          Point(0, Double(bitmap.height))], closed: true), transform: transform)
        }
    }
}
