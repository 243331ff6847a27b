import Support
import Geometry
import Shaping

/// An SVG image built from filled and stroked paths, in painting order.
///
/// Coordinates are written already transformed (no `transform` attributes, except on embedded colour
/// bitmaps: ``addImage(_:transform:opacity:)``), with ``SVGPathData`` numbers. Knockouts (``addKnockout(_:transform:rule:)``) cut a shape out of
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
    public internal(set) var elements: [String] = []
    /// The most path commands (moves, lines, curves, closes) the document takes; a path that would go past it
    /// is not added, and ``isFull`` turns true (default: no limit; a scene gets ``ResourceLimits/vectorCommands``).
    public var commandLimit: Int = .max
    /// The path commands of the paths added (or refused for going past ``commandLimit``).
    public private(set) var commandCount = 0
    var masks = 0
    /// Gradients defined so far (each painted path gets its own `<linearGradient>` or `<radialGradient>`).
    private var gradients = 0
    /// Whether an `<image>` was added (the root then declares the `xlink` namespace).
    private var hasImages = false
    /// Where each open group's elements start in ``elements``, innermost last.
    var groupStarts: [Int] = []

    /// Creates an empty document, optionally painted with `background`.
    public init(width: Double, height: Double, background: RGBAColor? = nil) {
        self.width = width; self.height = height; self.background = background
        if let background, background.a > 0 {
            elements.append("<rect width=\"\(n(width))\" height=\"\(n(height))\"\(paint("fill", background))/>")
        }
    }

    /// Adds a filled path.
    public mutating func addPath(_ path: BezPath, transform: Affine = .identity, fill: RGBAColor, rule: FillRule = .nonZero) {
        guard !path.isEmpty, admit(path) else { return }
        let r = rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        elements.append("<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\"\(paint("fill", fill))\(r)/>")
    }

    /// Adds a stroked path (not filled). The width is scaled by `√|det(transform)|`, as on a ``RasterCanvas``.
    public mutating func addStroke(_ path: BezPath, transform: Affine = .identity, width: Double, color: RGBAColor,
                                   cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4, dash: DashPattern? = nil) {
        guard !path.isEmpty, admit(path) else { return }
        let style = StrokeOptions(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash)
        let attrs = " fill=\"none\"" + paint("stroke", color) + strokeAttributes(style, transform: transform)
        elements.append("<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\"\(attrs)/>")
    }

    /// ` stroke-width=…` and the other stroke attributes that differ from SVG's defaults, lengths
    /// scaled by `√|det(transform)|` (the path is written in canvas coordinates).
    private func strokeAttributes(_ style: StrokeOptions, transform: Affine) -> String {
        let scale = abs(transform.determinant).squareRoot()
        var attrs = " stroke-width=\"\(n(style.width * scale))\""
        if style.cap != .butt { attrs += " stroke-linecap=\"\(style.cap.rawValue)\"" }
        if style.join != .miter { attrs += " stroke-linejoin=\"\(style.join.rawValue)\"" }
        if style.join == .miter && style.miterLimit != 4 { attrs += " stroke-miterlimit=\"\(n(style.miterLimit))\"" }
        if let dash = style.dash {
            attrs += " stroke-dasharray=\"" + dash.lengths.map { n($0 * scale) }.joined(separator: " ") + "\""
            if dash.offset != 0 { attrs += " stroke-dashoffset=\"\(n(dash.offset * scale))\"" }
        }
        return attrs
    }

    /// Adds a path filled (or, with `stroke`, stroked) with `source`: a gradient becomes a
    /// `<linearGradient>` or `<radialGradient>` in canvas coordinates (`userSpaceOnUse`, its transform as
    /// `gradientTransform`) defined just before the path; a sweep gradient, which SVG has not, is drawn as
    /// wedges of solid colour masked by the path (``addSweep(_:transform:gradient:opacity:stroke:rule:)``).
    public mutating func addPath(_ path: BezPath, transform: Affine = .identity, source: PaintSource, stroke: StrokeOptions?,
                                 rule: FillRule = .nonZero) {
        var attribute = "", extra = ""
        switch source {
        case .color(let c):
            if let stroke {
                return addStroke(path, transform: transform, width: stroke.width, color: c, cap: stroke.cap, join: stroke.join,
                                 miterLimit: stroke.miterLimit, dash: stroke.dash)
            }
            return addPath(path, transform: transform, fill: c, rule: rule)
        case .gradient(let g, let opacity):
            if case .sweep = g.shape, !path.isEmpty, addSweep(path, transform: transform, gradient: g, opacity: opacity, stroke: stroke, rule: rule) {
                return
            }
            guard !path.isEmpty, let defs = gradientElement(g) else {
                return addPath(path, transform: transform, source: .color(source.flatColor), stroke: stroke, rule: rule)
            }
            guard admit(path) else { return }
            elements.append(defs.element)
            let name = stroke == nil ? "fill" : "stroke"
            attribute = " \(name)=\"url(#\(defs.id))\""
            if opacity < 1 { attribute += " \(name)-opacity=\"\(SVGPathData.number(opacity, decimals: 3))\"" }
        }
        if let stroke {
            extra = " fill=\"none\"" + strokeAttributes(stroke, transform: transform)
        } else if rule == .evenOdd {
            extra = " fill-rule=\"evenodd\""
        }
        elements.append("<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\"\(attribute)\(extra)/>")
    }

    /// A `<defs>` holding `g` (canvas coordinates) and its id; `nil` for a sweep gradient.
    private mutating func gradientElement(_ g: Gradient) -> (element: String, id: String)? {
        let t = g.transform
        var e: String
        gradients += 1
        let id = "gradient\(gradients)"
        switch g.shape {
        case .linear(let a, let b):
            e = "<linearGradient id=\"\(id)\" x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\""
        case .radial(let f, let fr, let c, let r):
            e = "<radialGradient id=\"\(id)\" cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(r))\" fx=\"\(n(f.x))\" fy=\"\(n(f.y))\""
            if fr != 0 { e += " fr=\"\(n(fr))\"" }
        case .sweep:
            gradients -= 1
            return nil
        }
        e += " gradientUnits=\"\(g.units == .objectBoundingBox ? "objectBoundingBox" : "userSpaceOnUse")\""
        if t != .identity {
            e += " gradientTransform=\"matrix(" + [t.a, t.b, t.c, t.d, t.e, t.f].map { SVGPathData.number($0, decimals: 6) }.joined(separator: " ") + ")\""
        }
        if g.spread != .pad { e += " spreadMethod=\"\(g.spread.rawValue)\"" }
        e += ">"
        for s in g.stops {
            e += "<stop offset=\"\(SVGPathData.number(s.offset, decimals: 4))\" stop-color=\"\(RGBAColor(r: s.color.r, g: s.color.g, b: s.color.b))\""
            if s.color.a != 255 { e += " stop-opacity=\"\(SVGPathData.number(Double(s.color.a) / 255, decimals: 3))\"" }
            e += "/>"
        }
        e += g.shape.isLinear ? "</linearGradient>" : "</radialGradient>"
        return ("<defs>" + e + "</defs>", id)
    }

    /// The wedges a sweep gradient is drawn with in SVG: this many around the full turn (1°: the colour of a
    /// wedge is the gradient's at its middle, within half a degree's change of any pixel's in it).
    static let sweepWedges = 360

    /// Draws `path` (or its stroke) filled with the sweep gradient `g` (canvas coordinates), which SVG has
    /// not: ``sweepWedges`` wedges around the centre, each filled with the gradient's colour at its middle
    /// angle (neighbours of one colour merged), in a group masked by the path (a `<mask>`, so strokes and
    /// fill rules mask as they paint) with `opacity` as the group's. The wedges are drawn
    /// `shape-rendering="crispEdges"`, so their shared edges leave no anti-aliased seams in Chromium; the
    /// mask's edge is anti-aliased. False (nothing added) when the gradient's transform cannot be inverted.
    mutating func addSweep(_ path: BezPath, transform: Affine, gradient g: Gradient, opacity: Double, stroke: StrokeOptions?,
                           rule: FillRule) -> Bool {
        guard case .sweep(let c, _, _) = g.shape, let inverse = g.transform.inverse else { return false }
        // The painted box in canvas coordinates, then the radius (gradient space) that covers it.
        let box = path.controlBox
        guard !box.isEmpty else { return false }
        let grow = (stroke.map { $0.width * max(1, $0.miterLimit) } ?? 0) * abs(transform.determinant).squareRoot() + 1
        let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY)]
            .map { transform.apply($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let canvasCorners = [Point(xs.min()! - grow, ys.min()! - grow), Point(xs.max()! + grow, ys.min()! - grow),
                             Point(xs.max()! + grow, ys.max()! + grow), Point(xs.min()! - grow, ys.max()! + grow)]
        let reach = canvasCorners.map { (inverse.apply($0) - c).length }.max() ?? 0
        let count = Self.sweepWedges, step = 2 * Double.pi / Double(count)
        let radius = reach / cos(step / 2) + 1
        guard radius.isFinite, radius > 0, admit(path) else { return false }
        func point(_ k: Int) -> Point { g.transform.apply(c + Vector(cos(Double(k) * step), sin(Double(k) * step)) * radius) }
        func color(_ k: Int) -> RGBAColor {
            let mid = (Double(k) + 0.5) * step
            let t = g.offset(at: c + Vector(cos(mid), sin(mid))) ?? 0
            return g.color(at: Gradient.spread(t, g.spread))
        }
        masks += 1
        let id = "sweep\(masks)"
        let d = SVGPathData.encode(path, transform: transform, decimals: decimals)
        let shape = stroke.map { " fill=\"none\" stroke=\"#fff\"" + strokeAttributes($0, transform: transform) }
            ?? (" fill=\"#fff\"" + (rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""))
        var e = "<defs><mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"\(n(canvasCorners[0].x))\" y=\"\(n(canvasCorners[0].y))\" "
            + "width=\"\(n(canvasCorners[2].x - canvasCorners[0].x))\" height=\"\(n(canvasCorners[2].y - canvasCorners[0].y))\">"
            + "<path d=\"\(d)\"\(shape)/></mask></defs>"
        e += "<g mask=\"url(#\(id))\" shape-rendering=\"crispEdges\""
        if opacity < 1 { e += " opacity=\"\(SVGPathData.number(max(0, opacity), decimals: 3))\"" }
        e += ">"
        var k = 0
        while k < count {
            let colour = color(k)
            var end = k + 1
            while end < count, color(end) == colour { end += 1 }
            if colour.a > 0 {
                let wedge = BezPath.polyline([g.transform.apply(c)] + (k...end).map(point), closed: true)
                if admit(wedge) { e += "<path d=\"\(SVGPathData.encode(wedge, transform: .identity, decimals: decimals))\"\(paint("fill", colour))/>" }
            }
            k = end
        }
        elements.append(e + "</g>")
        return true
    }

    /// Adds a colour bitmap (an emoji) as an `<image>` holding a PNG data URI, placed by `transform`
    /// (bitmap pixels to canvas), its alpha times `opacity`. The PNG is the bitmap's own pixels; the
    /// viewer scales and rotates it, smoothly (`image-rendering` is left at its default).
    public mutating func addImage(_ bitmap: ColorBitmap, transform: Affine, opacity: Double = 1) {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.premultipliedRGBA.count == bitmap.width * bitmap.height * 4,
              opacity > 0 else { return }
        // PNG wants straight alpha.
        var straight = bitmap.premultipliedRGBA
        for i in stride(from: 0, to: straight.count, by: 4) {
            let c = RasterCanvas.unpremultiply(straight[i], straight[i + 1], straight[i + 2], straight[i + 3])
            straight[i] = c.r; straight[i + 1] = c.g; straight[i + 2] = c.b; straight[i + 3] = c.a
        }
        guard let png = try? PNGCodec.encode(straightRGBA: straight, width: bitmap.width, height: bitmap.height,
                                             compression: .smallest) else { return }
        hasImages = true
        let t = transform
        var e = "<image width=\"\(bitmap.width)\" height=\"\(bitmap.height)\" transform=\"matrix("
        e += [t.a, t.b, t.c, t.d, t.e, t.f].map { SVGPathData.number($0, decimals: 6) }.joined(separator: " ") + ")\""
        if opacity < 1 { e += " opacity=\"\(SVGPathData.number(opacity, decimals: 3))\"" }
        e += " preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,\(Base64.encode(png))\"/>"
        elements.append(e)
    }

    /// Starts a group: the elements added until ``closeGroup(opacity:)`` are wrapped in one `<g>`.
    public mutating func openGroup() { groupStarts.append(elements.count) }

    /// Wraps the elements added since the innermost ``openGroup()`` in `<g opacity="…">` (SVG composites a
    /// `<g>`'s opacity as a group); a blend mode (``GroupBlend/cssBlendMode``) becomes its `mix-blend-mode`;
    /// a Porter–Duff operator (``GroupBlend/isMasking``) inside an enclosing group masks one side by the other
    /// (the enclosing group's elements so far are the backdrop). A group at full opacity isolates what
    /// blends inside it (`isolation: isolate`). Nothing without an open group, and no element for an empty one.
    public mutating func closeGroup(opacity: Double, blend: GroupBlend = .sourceOver) {
        guard let start = groupStarts.popLast() else { return }
        if blend.isMasking, let outer = groupStarts.last, outer <= start, closeMasking(blend, backdrop: outer, source: start) { return }
        guard start < elements.count else { return }
        let o = max(0, min(1, opacity.isFinite ? opacity : 0))
        let inner = elements[start...].joined()
        elements.removeSubrange(start...)
        var g = o < 1 ? "<g opacity=\"\(SVGPathData.number(o, decimals: 3))\"" : "<g"
        if let css = blend.cssBlendMode {
            g += " style=\"mix-blend-mode:\(css)\""
        } else if o == 1 {
            g += " style=\"isolation:isolate\""
        }
        elements.append(g + ">" + inner + "</g>")
    }

    /// Writes a Porter–Duff operator (``GroupBlend/isMasking``) as the sum of its terms, each one side drawn
    /// through an alpha mask (`mask-type: alpha`) made of the other: src-in is the source through the
    /// backdrop's alpha αb, src-out through 1 − αb (a filter inverts the alpha over the canvas), src-atop
    /// src-in plus dest-out, xor src-out plus dest-out. A second term is added (`mix-blend-mode: plus-lighter`),
    /// not drawn over, so edges sum as the operator says. The backdrop's elements run from `backdrop` to
    /// `source`, the source's from `source` on.
    private mutating func closeMasking(_ blend: GroupBlend, backdrop: Int, source: Int) -> Bool {
        guard backdrop <= source, source <= elements.count, let terms = blend.maskedTerms else { return false }
        let under = elements[backdrop..<source].joined(), over = elements[source...].joined()
        elements.removeSubrange(backdrop...)
        let box = "x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\""
        var defs = "<defs>", drawn = ""
        for (k, term) in terms.enumerated() {
            masks += 1
            let id = "composite\(masks)"
            var content = term.drawsSource ? under : over
            if term.inverted {
                defs += "<filter id=\"\(id)-invert\" filterUnits=\"userSpaceOnUse\" \(box)><feColorMatrix type=\"matrix\" "
                    + "values=\"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1 1\"/></filter>"
                content = "<g filter=\"url(#\(id)-invert)\">" + content + "</g>"
            }
            defs += "<mask id=\"\(id)\" style=\"mask-type:alpha\" maskUnits=\"userSpaceOnUse\" \(box)>" + content + "</mask>"
            let added = k > 0 ? " style=\"mix-blend-mode:plus-lighter\"" : ""
            drawn += "<g mask=\"url(#\(id))\"\(added)>" + (term.drawsSource ? over : under) + "</g>"
        }
        elements += [defs + "</defs>", drawn]
        return true
    }

    /// Cuts `path` out of everything added so far (the background too), leaving it transparent; inside a
    /// group, out of the group's elements only.
    public mutating func addKnockout(_ path: BezPath, transform: Affine = .identity, rule: FillRule = .nonZero) {
        let start = groupStarts.last ?? 0
        guard !path.isEmpty, elements.count > start, admit(path) else { return }
        masks += 1
        let id = "knockout\(masks)"
        let r = rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        let mask = "<defs><mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(n(width))\" "
            + "height=\"\(n(height))\"><rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#fff\"/>"
            + "<path d=\"\(SVGPathData.encode(path, transform: transform, decimals: decimals))\" fill=\"#000\"\(r)/>"
            + "</mask></defs>"
        let inner = elements[start...].joined()
        elements.removeSubrange(start...)
        elements += [mask, "<g mask=\"url(#\(id))\">" + inner + "</g>"]
    }

    /// The document as SVG 1.1 text (groups still open are closed as they are, at full opacity).
    public var text: String {
        var doc = self
        while !doc.groupStarts.isEmpty { doc.closeGroup(opacity: 1) }
        return doc.body
    }

    private var body: String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\"" + (hasImages ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : "")
        s += " version=\"1.1\" width=\"\(n(width))\" height=\"\(n(height))\" "
        s += "viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        for e in elements { s += e; s += "\n" }
        s += "</svg>\n"
        return s
    }

    /// Writes ``text`` to `path` with ``AtomicFile/write(_:to:)``: atomically for a regular file (nothing
    /// left on failure), in place for a device or FIFO.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)``.
    public func write(to path: String) throws(RenderError) {
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw RenderError(error) }
    }

    func n(_ v: Double) -> String { SVGPathData.number(v, decimals: decimals) }

    /// Counts `path`'s commands and says whether it fits within ``commandLimit``.
    private mutating func admit(_ path: BezPath) -> Bool {
        guard commandCount <= commandLimit else { return false }
        let commands = path.subpaths.reduce(0) { $0 + $1.segments.count + 2 }
        commandCount = commandCount.addingReportingOverflow(commands).partialValue
        return commandCount <= commandLimit
    }

    /// ` fill="#rrggbb"` plus ` fill-opacity` when not opaque (the same for `stroke`).
    private func paint(_ attribute: String, _ c: RGBAColor) -> String {
        let opaque = RGBAColor(r: c.r, g: c.g, b: c.b)
        var s = " \(attribute)=\"\(opaque)\""
        if c.a != 255 { s += " \(attribute)-opacity=\"\(SVGPathData.number(Double(c.a) / 255, decimals: 3))\"" }
        return s
    }
}

extension GradientShape {
    /// Whether the shape is ``linear(start:end:)``.
    var isLinear: Bool { if case .linear = self { true } else { false } }
}

/// Base64 (RFC 4648, with padding), for data URIs.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in Base64.
    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(v >> UInt32(shift) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            var v = UInt32(bytes[i]) << 16
            if rest == 2 { v |= UInt32(bytes[i + 1]) << 8 }
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
