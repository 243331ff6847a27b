import Geometry
import Shaping

/// An SVG image built from filled and stroked paths, in painting order.
///
/// Coordinates are written already transformed (no `transform` attributes), with
/// ``SVGPathData`` numbers. Knockouts (``addKnockout(_:transform:rule:)``) cut a shape out of
/// everything painted so far, background included, like ``CompositeMode/destinationOut`` on a ``RasterCanvas``:
/// the content so far is wrapped in a group masked by the shape.
public struct SVGDocument: Hashable, Sendable {
    /// The image width in pixels.
    public let width: Double
    /// The image height in pixels.
    public let height: Double
    /// The colour painted under everything, if any.
    public let background: RGBAColor?
    /// Digits after the decimal point in coordinates.
    public var decimals: Int = 3

    /// The elements in painting order (mask definitions included).
    public private(set) var elements: [String] = []
    private var masks = 0

    /// Creates an empty document, optionally painted with `background`.
    public init(width: Double, height: Double, background: RGBAColor? = nil) {
        self.width = width; self.height = height; self.background = background
        if let background, background.a > 0 {
            elements.append("<rect width=\"\(n(width))\" height=\"\(n(height))\"\(paint("fill", background))/>")
        }
    }

    /// Adds a filled path.
    public mutating func addPath(_ path: BezPath, transform: Affine = .identity, fill: RGBAColor, rule: FillRule = .nonZero) {
        guard !path.isEmpty else { return }
        let r = rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        elements.append("<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\"\(paint("fill", fill))\(r)/>")
    }

    /// Adds a stroked path (not filled). The width is scaled by `√|det(transform)|`, as on a ``RasterCanvas``.
    public mutating func addStroke(_ path: BezPath, transform: Affine = .identity, width: Double, color: RGBAColor,
                                   cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4) {
        guard !path.isEmpty else { return }
        let w = width * abs(transform.determinant).squareRoot()
        var attrs = " fill=\"none\"" + paint("stroke", color) + " stroke-width=\"\(n(w))\""
        if cap != .butt { attrs += " stroke-linecap=\"\(cap.rawValue)\"" }
        if join != .miter { attrs += " stroke-linejoin=\"\(join.rawValue)\"" }
        if join == .miter && miterLimit != 4 { attrs += " stroke-miterlimit=\"\(n(miterLimit))\"" }
        elements.append("<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\"\(attrs)/>")
    }

    /// Cuts `path` out of everything added so far (the background too), leaving it transparent.
    public mutating func addKnockout(_ path: BezPath, transform: Affine = .identity, rule: FillRule = .nonZero) {
        guard !path.isEmpty, !elements.isEmpty else { return }
        masks += 1
        let id = "knockout\(masks)"
        let r = rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        let mask = "<defs><mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(n(width))\" "
            + "height=\"\(n(height))\"><rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#fff\"/>"
            + "<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\" fill=\"#000\"\(r)/>"
            + "</mask></defs>"
        elements = [mask, "<g mask=\"url(#\(id))\">" + elements.joined() + "</g>"]
    }

    /// The document as SVG 1.1 text.
    public var text: String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(n(width))\" height=\"\(n(height))\" "
        s += "viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        for e in elements { s += e; s += "\n" }
        s += "</svg>\n"
        return s
    }

    /// Writes ``text`` to `path` with ``AtomicFile/write(_:to:)``: atomically for a regular file (nothing
    /// left on failure), in place for a device or FIFO.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)``.
    public func write(to path: String) throws(RenderError) {
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    private func n(_ v: Double) -> String { SVGPathData.number(v, decimals: decimals) }

    /// ` fill="#rrggbb"` plus ` fill-opacity` when not opaque (the same for `stroke`).
    private func paint(_ attribute: String, _ c: RGBAColor) -> String {
        let opaque = RGBAColor(r: c.r, g: c.g, b: c.b)
        var s = " \(attribute)=\"\(opaque)\""
        if c.a != 255 { s += " \(attribute)-opacity=\"\(SVGPathData.number(Double(c.a) / 255, decimals: 3))\"" }
        return s
    }
}
