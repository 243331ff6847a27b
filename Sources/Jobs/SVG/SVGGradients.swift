import Support
import Geometry
import Shaping
import XML

/// `<linearGradient>` and `<radialGradient>` paint servers, read as SVG 1.1/2 define them and Chromium
/// draws them: each attribute (`x1`…, `cx`…, `gradientUnits`, `gradientTransform`, `spreadMethod`) and the
/// stops from the element or, where it has none, from the gradient its `href` points to (a chain of up to
/// ``SVGDocumentReader/maximumGradientChain`` links); a linear gradient may inherit a radial one's stops and
/// the other way round. `objectBoundingBox` coordinates are fractions (percentages divided by 100);
/// `userSpaceOnUse` ones lengths in the referencing element's user space, mapped to the canvas by its
/// transform, which is folded into the gradient's.
extension SVGDocumentReader {
    /// The longest `href` chain followed.
    static let maximumGradientChain = 16

    /// The gradient `paint` refers to, ready for a run whose user space maps to the canvas by `ctm`; `nil`
    /// when it is no gradient (the caller falls back and warns). A gradient with no stops is `none`
    /// (SVG), given as a gradient whose one stop is transparent; one stop paints its colour.
    func gradient(_ paint: SVGPaint, element e: XMLElement, ctm: Affine) -> Gradient? {
        guard case .server(let id, _) = paint, let server = ids[id], server.name == "linearGradient" || server.name == "radialGradient"
        else { return nil }
        // The chain: the element, then what its href points to.
        var chain: [XMLElement] = [server]
        while chain.count < Self.maximumGradientChain, let next = referenced(chain[chain.count - 1]),
              next.name == "linearGradient" || next.name == "radialGradient", !chain.contains(where: { $0 === next }) {
            chain.append(next)
        }
        func attribute(_ name: String) -> String? {
            for g in chain { if let v = g.attribute(name) { return v } }
            return nil
        }
        let units: GradientUnits = attribute("gradientUnits")?.trimmingCharacters(in: " ") == "userSpaceOnUse" ? .userSpaceOnUse : .objectBoundingBox
        let spread: GradientSpread = switch attribute("spreadMethod")?.trimmingCharacters(in: " ") {
        case "reflect": .reflect
        case "repeat": .repeat
        default: .pad
        }
        var transform = Affine.identity
        if let t = attribute("gradientTransform"), let m = self.transform(t, server) { transform = m }
        // A coordinate: a fraction (objectBoundingBox) or a length (userSpaceOnUse, percentages of the viewport).
        func coordinate(_ name: String, _ fallback: String, axis: Int) -> Double {
            guard let l = attribute(name).flatMap({ SVGLength($0) }) ?? SVGLength(fallback) else { return 0 }
            if units == .objectBoundingBox { return l.unit == .percent ? l.value / 100 : l.value }
            var c = context
            c.percentBase = switch axis {
            case 0: viewport.width
            case 1: viewport.height
            default: (viewport.width * viewport.width + viewport.height * viewport.height).squareRoot() / 2.0.squareRoot()
            }
            return l.resolved(c)
        }
        let shape: GradientShape
        if server.name == "linearGradient" {
            shape = .linear(start: Point(coordinate("x1", "0%", axis: 0), coordinate("y1", "0%", axis: 1)),
                            end: Point(coordinate("x2", "100%", axis: 0), coordinate("y2", "0%", axis: 1)))
        } else {
            let c = Point(coordinate("cx", "50%", axis: 0), coordinate("cy", "50%", axis: 1))
            let r = max(0, coordinate("r", "50%", axis: 2))
            let f = Point(attribute("fx") == nil ? c.x : coordinate("fx", "50%", axis: 0), attribute("fy") == nil ? c.y : coordinate("fy", "50%", axis: 1))
            let fr = max(0, coordinate("fr", "0%", axis: 2))
            shape = .radial(start: f, startRadius: fr, end: c, endRadius: r)
        }
        // The stops of the first gradient of the chain that has any.
        var stops: [GradientStop] = []
        for g in chain {
            for case .element(let s) in g.children where s.name == "stop" && isSVG(s) {
                stops.append(stop(s))
                if stops.count >= Gradient.maximumStops { break }
            }
            if !stops.isEmpty { break }
        }
        if stops.isEmpty { stops = [GradientStop(offset: 0, color: .transparent)] }
        // A radius of zero paints the last stop (SVG); so does a zero-length vector (Gradient.offset).
        if case .radial(_, _, _, let r) = shape, r == 0, let last = stops.last { stops = [GradientStop(offset: 0, color: last.color)] }
        var g = Gradient(shape, stops: stops, units: units, transform: transform, spread: spread)
        if units == .userSpaceOnUse { g.transform = ctm * transform }
        return g
    }

    /// A `<stop>`: its offset (a number or a percentage, clamped to 0…1) and `stop-color` times `stop-opacity`
    /// (attributes, style sheet rules or `style`).
    func stop(_ s: XMLElement) -> GradientStop {
        var offset = 0.0
        if let o = s.attribute("offset")?.trimmingCharacters(in: " ") {
            let v = o.hasSuffix("%") ? Double(o.dropLast()).map { $0 / 100 } : Double(o)
            offset = max(0, min(1, v ?? 0))
        }
        var color = RGBAColor.black, opacity = 1.0
        var declared: [(name: String, value: String)] = []
        for name in ["stop-color", "stop-opacity"] { if let v = s.attribute(name) { declared.append((name, v)) } }
        let classes = (s.attribute("class") ?? "").split(separator: " ").map(String.init)
        declared += sheet.declarations(name: s.name, id: s.attribute("id"), classes: classes)
        if let style = s.attribute("style") { declared += CSSStyleSheet.declarations(style) }
        for (name, value) in declared {
            let v = value.trimmingCharacters(in: " ")
            if name == "stop-color" {
                if v.lowercased() == "currentcolor" { continue }
                if let c = SVGColor.parse(v) { color = c } else { warn(s, name, "cannot read \"\(v)\": black is used") }
            } else if name == "stop-opacity", let o = SVGStyle.opacity(v) {
                opacity = o
            }
        }
        color.a = UInt8(max(0, min(255, (Double(color.a) * opacity).rounded())))
        return GradientStop(offset: offset, color: color)
    }
}
