import Pipeline
extension TextLabel {
    /// The label drawn onto a new RGBA canvas.
    /// - Parameters:
    ///   - canvas: the picture's size: fitted to the label's bounds plus a margin (the default), or fixed.
    ///   - background: the colour under the text (transparent by default).
    /// - Throws: ``PathTextError/render(_:)`` when the canvas would be over ``RasterCanvas/defaultPixelLimit``.
    public func image(canvas: CanvasSize = .fittedWithMargin, background: RGBAColor = .transparent)
        throws(PathTextError) -> RasterCanvas
    {
        try Self.image(of: [self], canvas: canvas, background: background)
    }

    /// The label as PNG bytes (8-bit RGBA), ready to write or to hand to an image view.
    public func png(canvas: CanvasSize = .fittedWithMargin, background: RGBAColor = .transparent) throws(PathTextError) -> [UInt8] {
        try Self.png(of: [self], canvas: canvas, background: background)
    }

    /// Writes the label as a PNG file at `path` (atomically: nothing is left behind on failure).
    public func writePNG(to path: String, canvas: CanvasSize = .fittedWithMargin, background: RGBAColor = .transparent)
        throws(PathTextError)
    {
        let picture = try image(canvas: canvas, background: background)
        do { try picture.writePNG(to: path) } catch { throw .render(error) }
    }

    /// The label as an SVG document: one filled `<path>` per glyph, coordinates baked in.
    public func svg(canvas: CanvasSize = .fittedWithMargin, background: RGBAColor? = nil) -> String {
        Self.svg(of: [self], canvas: canvas, background: background)
    }

    /// Several labels (many on one path, or repeated copies) drawn onto one new canvas.
    public static func image(of labels: [TextLabel], canvas: CanvasSize = .fittedWithMargin,
                             background: RGBAColor = .transparent) throws(PathTextError) -> RasterCanvas
    {
        let (width, height, shift) = frame(labels, canvas)
        var surface: ShiftedSurface<RasterCanvas>
        do { surface = ShiftedSurface(base: try RasterCanvas(width: width, height: height, background: background), shift: shift) } catch {
            throw .render(error)
        }
        for label in labels { surface.draw(label.placement) }
        return surface.base
    }

    /// Several labels as PNG bytes.
    public static func png(of labels: [TextLabel], canvas: CanvasSize = .fittedWithMargin,
                           background: RGBAColor = .transparent) throws(PathTextError) -> [UInt8]
    {
        let picture = try image(of: labels, canvas: canvas, background: background)
        do { return try picture.pngData() } catch { throw .render(error) }
    }

    /// Several labels as one SVG document.
    public static func svg(of labels: [TextLabel], canvas: CanvasSize = .fittedWithMargin, background: RGBAColor? = nil) -> String {
        let (width, height, shift) = frame(labels, canvas)
        var surface = ShiftedSurface(base: SVGDocument(width: Double(width), height: Double(height), background: background), shift: shift)
        for label in labels { surface.draw(label.placement) }
        return surface.base.text
    }

    /// The canvas size and the shift that moves the labels onto it.
    static func frame(_ labels: [TextLabel], _ canvas: CanvasSize) -> (width: Int, height: Int, shift: Affine) {
        switch canvas {
        case .fixed(let w, let h):
            return (w, h, .identity)
        case .fitted(let margin):
            let ink = labels.reduce(Rect.empty) { $0.union($1.inkBounds) }, advance = labels.reduce(Rect.empty) { $0.union($1.advanceBounds) }
            return CanvasFit.frame(ink: ink, advance: advance, margin: margin)
        }
    }
}
