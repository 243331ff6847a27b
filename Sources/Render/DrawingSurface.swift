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
    /// Fills `path` (mapped by `transform`) with `source`, or strokes it when `stroke` is given (the width in
    /// canvas pixels, scaled by `√|det(transform)|`). Surfaces that draw one colour only use
    /// ``PaintSource/flatColor`` (the default implementation).
    mutating func paintPath(_ path: BezPath, transform: Affine, source: PaintSource, stroke: StrokeOptions?, rule: FillRule,
                            mode: CompositeMode)
    /// Draws a colour bitmap glyph mapped by `transform` (bitmap pixels to canvas), its alpha times `opacity`.
    mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode)
    /// Whether the surface has used up its budget (an ``SVGDocument`` past its ``SVGDocument/commandLimit``):
    /// drawing stops, and the caller reports it.
    var isFull: Bool { get }
    /// Starts a group: what is drawn until the matching ``endGroup(opacity:)`` is drawn apart, on a
    /// transparent layer (a knockout inside cuts the group's layer only). With `bounds` (canvas
    /// coordinates), the caller promises to draw within them, and the layer is only that big.
    mutating func beginGroup(bounds: Rect?)
    /// Ends the innermost group: its layer, its alpha times `opacity`, is combined by `blend` with what is
    /// under it (source-over for SVG `opacity` on a `<g>`, group opacity; a COLRv1 composite's mode). Without
    /// an open group it does nothing.
    mutating func endGroup(opacity: Double, blend: GroupBlend)
    /// Ends the innermost group through an SVG filter resolved to canvas pixels (``FilterEffect/resolved(box:)``):
    /// the filter's result replaces the group's layer, composited source-over.
    mutating func endGroup(filter: FilterEffect)
}

extension DrawingSurface {
    /// Whether the surface has used up its budget: never, unless the surface says so.
    public var isFull: Bool { false }

    /// Starts a group: nothing, on a surface without layers (its groups are drawn straight through).
    public mutating func beginGroup(bounds: Rect?) {}

    /// Starts a group over the whole surface.
    public mutating func beginGroup() { beginGroup(bounds: nil) }

    /// Ends a group: nothing, on a surface without layers.
    public mutating func endGroup(opacity: Double, blend: GroupBlend) {}

    /// Ends a group through a filter: the group as it is, on a surface without filters.
    public mutating func endGroup(filter: FilterEffect) { endGroup(opacity: 1) }

    /// Ends the innermost group, composited source-over with `opacity`.
    public mutating func endGroup(opacity: Double) { endGroup(opacity: opacity, blend: .sourceOver) }

    /// Paints with ``PaintSource/flatColor`` through ``fillPath(_:transform:color:rule:mode:)`` or
    /// ``strokePath(_:width:color:cap:mode:)`` (the path mapped first, the width scaled).
    public mutating func paintPath(_ path: BezPath, transform: Affine, source: PaintSource, stroke: StrokeOptions?, rule: FillRule,
                                   mode: CompositeMode) {
        guard let stroke else { return fillPath(path, transform: transform, color: source.flatColor, rule: rule, mode: mode) }
        strokePath(path.transformed(by: transform), width: stroke.width * abs(transform.determinant).squareRoot(),
                   color: source.flatColor, cap: stroke.cap, mode: mode)
    }

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
        // Paint beyond one colour: gradients span the label's box; strokes over (or under) the fills.
        let box = label.paints.isEmpty ? nil : label.objectBoundingBox
        // Underlines and overlines under the glyphs, line-through over them (as CSS paints them), in the paint
        // of the first run (the run whose colour they have): its fill or gradient, and its stroke.
        let bandPaint = label.paints.first
        for band in label.decorations where band.kind != .lineThrough { drawBand(band, paint: bandPaint, box: box, mode: mode) }
        defer {
            for band in label.decorations where band.kind == .lineThrough { drawBand(band, paint: bandPaint, box: box, mode: mode) }
        }
        if label.paints.isEmpty {
            for glyph in label.glyphs {
                if shouldStop { return }
                drawFill(glyph, in: label, paint: nil, box: nil, mode: mode)
            }
            return
        }
        // Two passes: what each run paints first (its fill, or with paint-order stroke its stroke), then the rest.
        for pass in 0..<2 {
            for glyph in label.glyphs {
                if shouldStop { return }
                let paint = label.paint(of: glyph)
                if (paint.paintOrder == .strokeFirst) == (pass == 0) {
                    drawStroke(glyph, in: label, paint: paint, box: box, mode: mode)
                } else {
                    drawFill(glyph, in: label, paint: paint, box: box, mode: mode)
                }
            }
        }
    }

    /// Fills one glyph: a colour glyph in its own colours, an outline with its run's fill (`paint`, or the
    /// glyph's colour when `nil`).
    mutating func drawFill(_ glyph: PlacedGlyph, in label: PlacedLabel, paint: RunPaint?, box: Rect?, mode: CompositeMode) {
        let font = label.font(of: glyph)
        if font.hasColorGlyphs, let color = font.colorGlyph(glyph.glyph, size: glyph.size) {
            var g = glyph
            if let paint { g.color = RunPaint.faded(glyph.color, paint.fillOpacity * paint.opacity) }
            drawColorGlyph(g, color, in: label, mode: mode)
            return
        }
        let source: PaintSource
        if let paint {
            guard let s = Self.fillSource(paint, color: glyph.color, box: box) else { return }
            source = s
        } else {
            source = .color(glyph.color)
        }
        switch label.warp {
        case .rigid:
            // The cached outline in font units (y up), scaled into the placement transform: no copy per glyph.
            let k = glyph.size / Double(font.unitsPerEm)
            if case .color(let c) = source {
                fillPath(glyph.outline(font: font), transform: glyph.transform * Affine.scale(k, -k), color: c, rule: .nonZero, mode: mode)
            } else {
                paintPath(glyph.outline(font: font), transform: glyph.transform * Affine.scale(k, -k), source: source, stroke: nil, rule: .nonZero, mode: mode)
            }
        case .bend:
            paintPath(label.bentOutline(of: glyph), transform: .identity, source: source, stroke: nil, rule: .nonZero, mode: mode)
        }
    }

    /// Strokes one glyph's outline with its run's stroke, if it has one.
    mutating func drawStroke(_ glyph: PlacedGlyph, in label: PlacedLabel, paint: RunPaint, box: Rect?, mode: CompositeMode) {
        guard let (source, style) = Self.strokeSource(paint, box: box) else { return }
        paintPath(label.canvasOutline(of: glyph), transform: .identity, source: source, stroke: style, rule: .nonZero, mode: mode)
    }

    /// Draws a decoration band: filled with `paint`'s fill (its gradient over `box`, the label's) in the band's
    /// colour, and stroked with `paint`'s stroke, in `paint`'s order; filled with the band's colour alone when
    /// the label has no paint table.
    mutating func drawBand(_ band: DecorationBand, paint: RunPaint?, box: Rect?, mode: CompositeMode) {
        guard let paint else { return fillPath(band.outline, transform: .identity, color: band.color, rule: .nonZero, mode: mode) }
        for pass in 0..<2 {
            if (paint.paintOrder == .strokeFirst) == (pass == 0) {
                guard let (source, style) = Self.strokeSource(paint, box: box) else { continue }
                paintPath(band.outline, transform: .identity, source: source, stroke: style, rule: .nonZero, mode: mode)
            } else if let source = Self.fillSource(paint, color: band.color, box: box) {
                paintPath(band.outline, transform: .identity, source: source, stroke: nil, rule: .nonZero, mode: mode)
            }
        }
    }

    /// What `paint` fills with: its gradient resolved in `box`, or `color` faded by its fill opacity and
    /// opacity; `nil` when a gradient's box is empty (it paints nothing).
    static func fillSource(_ paint: RunPaint, color: RGBAColor, box: Rect?) -> PaintSource? {
        guard let gradient = paint.fillGradient else { return .color(RunPaint.faded(color, paint.fillOpacity * paint.opacity)) }
        guard let box, let g = gradient.resolved(in: box) else { return nil }
        return .gradient(g, opacity: paint.fillOpacity * paint.opacity)
    }

    /// What `paint` strokes with and how, or `nil` when it has no stroke (or a gradient over an empty box).
    static func strokeSource(_ paint: RunPaint, box: Rect?) -> (PaintSource, StrokeOptions)? {
        guard let stroke = paint.stroke, stroke.width > 0 else { return nil }
        let source: PaintSource
        if let gradient = stroke.gradient {
            guard let box, let g = gradient.resolved(in: box) else { return nil }
            source = .gradient(g, opacity: stroke.opacity * paint.opacity)
        } else {
            source = .color(RunPaint.faded(stroke.color, stroke.opacity * paint.opacity))
        }
        return (source, StrokeOptions(width: stroke.width, cap: stroke.cap, join: stroke.join, miterLimit: stroke.miterLimit, dash: stroke.dash))
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
        stroke(path, style: StrokeOptions(width: width, cap: cap, join: .round), color: color, mode: mode)
    }

    /// Rasterizes the fill or stroke with its colour or gradient.
    public mutating func paintPath(_ path: BezPath, transform: Affine, source: PaintSource, stroke style: StrokeOptions?, rule: FillRule,
                                   mode: CompositeMode) {
        switch (source, style) {
        case (.color(let c), nil): fill(path, transform: transform, color: c, rule: rule, mode: mode)
        case (.color(let c), let s?): stroke(path, transform: transform, style: s, color: c, mode: mode)
        case (.gradient(let g, let o), nil): fill(path, transform: transform, gradient: g, opacity: o, rule: rule, mode: mode)
        case (.gradient(let g, let o), let s?): stroke(path, transform: transform, style: s, gradient: g, opacity: o, mode: mode)
        }
    }

    /// Keeps the pixels drawn so far (within `bounds`, grown to whole pixels and a pixel more, when given) and
    /// clears them: what follows is drawn on a transparent layer there (``endGroup(opacity:blend:)``
    /// combines it).
    public mutating func beginGroup(bounds: Rect?) {
        var r = self.bounds
        if let b = bounds {
            guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite, b.minX <= b.maxX, b.minY <= b.maxY else {
                groupBackdrops.append((.empty, [])); return
            }
            let x0 = Int(max(-1, min(Double(width), (b.minX - 1).rounded(.down)))), y0 = Int(max(-1, min(Double(height), (b.minY - 1).rounded(.down))))
            let x1 = Int(max(-1, min(Double(width), (b.maxX + 1).rounded(.up)))), y1 = Int(max(-1, min(Double(height), (b.maxY + 1).rounded(.up))))
            r = PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)).intersection(self.bounds)
        }
        var saved = [UInt8](repeating: 0, count: r.area * 4)
        for y in r.y..<r.maxY {
            let row = (y * width + r.x) * 4, n = r.width * 4
            saved.withUnsafeMutableBufferPointer { dst in
                pixels.withUnsafeMutableBufferPointer { src in
                    (dst.baseAddress! + (y - r.y) * n).update(from: src.baseAddress! + row, count: n)
                    (src.baseAddress! + row).update(repeating: 0, count: n)
                }
            }
        }
        groupBackdrops.append((r, saved))
    }

    /// Combines the innermost group's layer, its alpha times `opacity`, by `blend` with the pixels kept at its
    /// start (``RasterCanvas/blend(_:onto:opacity:mode:)`` for any blend but source-over), within its bounds.
    public mutating func endGroup(opacity: Double, blend: GroupBlend) {
        guard let (r, saved) = groupBackdrops.popLast(), !r.isEmpty else { return }
        var layer = [UInt8](repeating: 0, count: r.area * 4)
        let n = r.width * 4
        layer.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for y in r.y..<r.maxY { (dst.baseAddress! + (y - r.y) * n).update(from: src.baseAddress! + (y * width + r.x) * 4, count: n) }
            }
        }
        var backdrop = saved
        let k = UInt32((max(0, min(1, opacity.isFinite ? opacity : 0)) * 255).rounded())
        if blend != .sourceOver {
            Self.blend(layer, onto: &backdrop, opacity: Double(k) / 255, mode: blend)
        } else if k > 0 {
            layer.withUnsafeBufferPointer { layer in
                backdrop.withUnsafeMutableBufferPointer { out in
                    for i in stride(from: 0, to: layer.count, by: 4) {
                        let a = Self.mul255(UInt32(layer[i + 3]), k)
                        guard a != 0 else { continue }
                        let keep = 255 - a
                        for c in 0..<4 {
                            out[i + c] = UInt8(min(255, Self.mul255(UInt32(layer[i + c]), k) + Self.mul255(UInt32(out[i + c]), keep)))
                        }
                    }
                }
            }
        }
        backdrop.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in r.y..<r.maxY { (dst.baseAddress! + (y * width + r.x) * 4).update(from: src.baseAddress! + (y - r.y) * n, count: n) }
            }
        }
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

    /// Adds a `<path>` filled or stroked with the colour or a `<linearGradient>`/`<radialGradient>` (a sweep
    /// gradient, which SVG has not, with its mean colour); a knockout of its fill for ``CompositeMode/destinationOut``.
    public mutating func paintPath(_ path: BezPath, transform: Affine, source: PaintSource, stroke style: StrokeOptions?, rule: FillRule,
                                   mode: CompositeMode) {
        guard mode == .sourceOver else {
            if style == nil { addKnockout(path, transform: transform, rule: rule) }
            return
        }
        addPath(path, transform: transform, source: source, stroke: style, rule: rule)
    }

    /// Adds a stroked `<path>`; a knockout stroke becomes a knockout of nothing (not supported in SVG output).
    public mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) {
        guard mode == .sourceOver else { return }
        addStroke(path, width: width, color: color, cap: cap, join: .round)
    }

    /// Starts a `<g>` (written at ``endGroup(opacity:blend:)``).
    public mutating func beginGroup(bounds: Rect?) { openGroup() }

    /// Wraps what was added since the matching ``beginGroup()`` in `<g opacity="…">`, with a blend mode as its
    /// `mix-blend-mode`; a Porter–Duff blend is drawn source-over (SVG has no such operator for a group).
    public mutating func endGroup(opacity: Double, blend: GroupBlend) { closeGroup(opacity: opacity, blend: blend) }

    /// Wraps what was added since the matching ``beginGroup()`` in `<g filter="url(#…)">`, the filter written
    /// in canvas coordinates (``closeGroup(filter:)``).
    public mutating func endGroup(filter: FilterEffect) { closeGroup(filter: filter) }
}
