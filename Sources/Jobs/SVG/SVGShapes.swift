import XML
import Geometry

/// The basic shapes as paths in their own user space, starting where SVG says their paths start (a
/// circle at 3 o'clock, a rectangle at its top edge after the first corner), as `textPath` needs.
enum SVGShapes {
    /// The names of the elements that are shapes.
    static let names: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// The outline of shape `e`; `nil` (with `problem` set) when an attribute cannot be read, and an empty
    /// path when the shape is empty (zero radius, no points), as SVG then draws nothing.
    static func path(of e: XMLElement, context: SVGLength.Context, problem: inout (attribute: String, value: String)?) -> BezPath? {
        func length(_ name: String, base: Double) -> Double? {
            guard let raw = e.attribute(name) else { return 0 }
            var c = context
            c.percentBase = base
            guard let l = SVGLength(raw) else { problem = (name, raw); return nil }
            return l.resolved(c)
        }
        let w = context.viewport.width, h = context.viewport.height
        let diagonal = (w * w + h * h).squareRoot() / 2.0.squareRoot()
        switch e.name {
        case "path":
            let d = e.attribute("d") ?? ""
            do { return try BezPath(svgPathData: d) } catch {
                problem = ("d", d)
                return nil
            }
        case "rect":
            guard let x = length("x", base: w), let y = length("y", base: h), let width = length("width", base: w),
                  let height = length("height", base: h) else { return nil }
            guard width > 0, height > 0 else { return BezPath() }
            var rxRaw = e.attribute("rx").flatMap { SVGLength($0) }.map { l -> Double in var c = context; c.percentBase = w; return l.resolved(c) }
            var ryRaw = e.attribute("ry").flatMap { SVGLength($0) }.map { l -> Double in var c = context; c.percentBase = h; return l.resolved(c) }
            if rxRaw == nil { rxRaw = ryRaw }
            if ryRaw == nil { ryRaw = rxRaw }
            let rx = max(0, min(rxRaw ?? 0, width / 2)), ry = max(0, min(ryRaw ?? 0, height / 2))
            return roundedRect(x: x, y: y, width: width, height: height, rx: rx, ry: ry)
        case "circle":
            guard let cx = length("cx", base: w), let cy = length("cy", base: h), let r = length("r", base: diagonal) else { return nil }
            guard r > 0 else { return BezPath() }
            return BezPath.circle(center: Point(cx, cy), radius: r)
        case "ellipse":
            guard let cx = length("cx", base: w), let cy = length("cy", base: h), let rx = length("rx", base: w),
                  let ry = length("ry", base: h) else { return nil }
            guard rx > 0, ry > 0 else { return BezPath() }
            return BezPath.ellipse(center: Point(cx, cy), radii: Vector(rx, ry))
        case "line":
            guard let x1 = length("x1", base: w), let y1 = length("y1", base: h), let x2 = length("x2", base: w),
                  let y2 = length("y2", base: h) else { return nil }
            return BezPath.line(from: Point(x1, y1), to: Point(x2, y2))
        case "polyline", "polygon":
            let raw = e.attribute("points") ?? ""
            guard var v = numberList(raw) else { problem = ("points", raw); return nil }
            if v.count % 2 == 1 { v.removeLast() }  // SVG draws the points before an odd one out
            let points = stride(from: 0, to: v.count, by: 2).map { Point(v[$0], v[$0 + 1]) }
            guard points.count >= 2 else { return BezPath() }
            return BezPath.polyline(points, closed: e.name == "polygon")
        default:
            return nil
        }
    }

    /// A rectangle with elliptical corners (rx, ry), starting at (x + rx, y) and running clockwise on screen.
    static func roundedRect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double) -> BezPath {
        let x1 = x + width, y1 = y + height
        var p = BezPath()
        p.move(to: Point(x + rx, y))
        func corner(_ c: Point, _ start: Double) {
            guard rx > 0, ry > 0 else { return }
            p.append(.arc(EllipticalArc(center: c, radii: Vector(rx, ry), startAngle: start, sweepAngle: .pi / 2)))
        }
        p.line(to: Point(x1 - rx, y))
        corner(Point(x1 - rx, y + ry), -.pi / 2)
        p.line(to: Point(x1, y1 - ry))
        corner(Point(x1 - rx, y1 - ry), 0)
        p.line(to: Point(x + rx, y1))
        corner(Point(x + rx, y1 - ry), .pi / 2)
        p.line(to: Point(x, y + ry))
        corner(Point(x + rx, y + ry), .pi)
        p.close()
        // Zero-length lines (a corner radius of half the side) are left out.
        p.subpaths[0].segments.removeAll { $0.start == $0.end }
        return p
    }
}
