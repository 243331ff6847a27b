import Support
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
    /// Whether the surface has used up its budget (an ``SVGDocument`` past its ``SVGDocument/commandLimit``):
    /// drawing stops, and the caller reports it.
    var isFull: Bool { get }
}

extension DrawingSurface {
    /// Whether the surface has used up its budget: never, unless the surface says so.
    public var isFull: Bool { false }

    /// Whether drawing should stop: the surface is full or the request's ``Deadline`` has passed.
    var shouldStop: Bool { isFull || Deadline.passed != nil }
}

extension DrawingSurface {
    /// Draws every glyph of a placed label: rigid glyphs through their placement transform, bent glyphs
    /// through the path (``WarpMode/bend``). Colour glyphs are drawn in their own colours
    /// (``drawColorGlyph(_:_:in:mode:)``).
    /// - Parameter mode: ``CompositeMode/destinationOut`` cuts the glyphs out of what is below (knockout).
    public mutating func draw(_ label: PlacedLabel, mode: CompositeMode = .sourceOver) {
        // All of the label's halos go under all of its fills (a knockout cuts only the glyphs).
        if let halo = label.halo, mode == .sourceOver {
            for glyph in label.glyphs {
                if shouldStop { return }
                strokePath(label.canvasOutline(of: glyph), width: 2 * halo.width, color: halo.color, cap: .round, mode: mode)
            }
            for band in label.decorations {
                strokePath(band.outline, width: 2 * halo.width, color: halo.color, cap: .round, mode: mode)
            }
        }
        // Underlines and overlines under the glyphs, line-through over them (as CSS paints them).
        for band in label.decorations where band.kind != .lineThrough {
            fillPath(band.outline, transform: .identity, color: band.color, rule: .nonZero, mode: mode)
        }
        defer {
            for band in label.decorations where band.kind == .lineThrough {
                fillPath(band.outline, transform: .identity, color: band.color, rule: .nonZero, mode: mode)
            }
        }
        for glyph in label.glyphs {
            if shouldStop { return }
            let font = label.font(of: glyph)
            if font.hasColorGlyphs, let color = font.colorGlyph(glyph.glyph) {
                drawColorGlyph(glyph, color, in: label, mode: mode)
                continue
            }
            switch label.warp {
            case .rigid:
                // The cached outline in font units (y up), scaled into the placement transform: no copy per glyph.
                let k = glyph.size / Double(font.unitsPerEm)
                fillPath(glyph.outline(font: font), transform: glyph.transform * Affine.scale(k, -k),
                         color: glyph.color, rule: .nonZero, mode: mode)
            case .bend:
                fillPath(label.bentOutline(of: glyph), transform: .identity, color: glyph.color, rule: .nonZero, mode: mode)
            }
        }
    }
}

extension PlacedLabel {
    /// The outline of `glyph` in canvas coordinates: through its placement transform, or bent along the path.
    public func canvasOutline(of glyph: PlacedGlyph) -> BezPath {
        switch warp {
        case .rigid:
            let font = self.font(of: glyph), k = glyph.size / Double(font.unitsPerEm)
            return glyph.outline(font: font).transformed(by: glyph.transform * Affine.scale(k, -k))
        case .bend: return bentOutline(of: glyph)
        }
    }
}

extension RasterCanvas: DrawingSurface {
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
    /// Whether the document holds more than ``commandLimit`` path commands (the rest was not added).
    public var isFull: Bool { commandCount > commandLimit }

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
