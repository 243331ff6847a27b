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
            // Composites draw on layers as big as the glyph's layers' box (measured once, when there is one).
            var box: Rect?? = nil
            for layer in layers {
                // A composite: the backdrop on a layer of its own, the source on another, combined by the mode.
                switch layer.group {
                case .begin?, .source?:
                    if box == nil { box = .some(Self.canvasBox(of: layers, glyph, in: label)) }
                    beginGroup(bounds: box ?? nil)
                    continue
                case .end(let blend)?: endGroup(opacity: 1, blend: blend); endGroup(opacity: 1); continue
                case nil: break
                }
                var c = layer.color ?? glyph.color
                if layer.color != nil { c.a = UInt8((Double(c.a) * opacity).rounded()) }
                var g = glyph
                g.glyph = layer.glyph
                let font = label.font(of: g), k = g.size / Double(font.unitsPerEm)
                let glyphSpace = g.transform * Affine.scale(k, -k)
                // Under `bend` every layer's outline bends with the path, under its own transform; a gradient
                // keeps the glyph's rigid frame at its origin (as a bitmap is placed rigidly).
                if label.warp == .bend {
                    let bent = Self.bentLayer(layer, of: glyph, in: label)
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

extension DrawingSurface {
    /// A colour layer's outline in canvas pixels, bent along the label's path under its own transform (the
    /// glyph's synthetic slant too).
    static func bentLayer(_ layer: ColorLayer, of glyph: PlacedGlyph, in label: PlacedLabel) -> BezPath {
        var g = glyph
        g.glyph = layer.glyph
        let font = label.font(of: g), k = g.size / Double(font.unitsPerEm)
        let pixels = font.outline(glyph: g.glyph).transformed(by: Affine(1, 0, -g.synthesis.skew, 1, 0, 0) * Affine.scale(k, -k) * layer.transform)
        return label.bent(pixels, at: g)
    }

    /// The canvas box of the control boxes of a colour glyph's layers (the marks of composites left out), as
    /// ``drawColorGlyph(_:_:in:mode:)`` places them (rigidly, or bent along the path), or `nil` when none has
    /// an outline.
    static func canvasBox(of layers: [ColorLayer], _ glyph: PlacedGlyph, in label: PlacedLabel) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        if label.warp == .bend {
            for layer in layers where layer.group == nil {
                let b = bentLayer(layer, of: glyph, in: label).controlBox
                guard !b.isEmpty else { continue }
                minX = min(minX, b.minX); minY = min(minY, b.minY); maxX = max(maxX, b.maxX); maxY = max(maxY, b.maxY)
            }
            return minX.isFinite ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
        }
        let font = label.font(of: glyph), k = glyph.size / Double(font.unitsPerEm)
        let glyphSpace = glyph.transform * Affine.scale(k, -k)
        for layer in layers where layer.group == nil {
            let b = font.outlineControlBox(glyph: layer.glyph, emboldened: false)
            guard !b.isEmpty else { continue }
            let m = glyphSpace * layer.transform
            for p in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)] {
                let q = m.apply(p)
                minX = min(minX, q.x); minY = min(minY, q.y); maxX = max(maxX, q.x); maxY = max(maxY, q.y)
            }
        }
        return minX.isFinite ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
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
