import Shaping
import Layout
import Geometry

extension SceneShape {
    /// The shape's outline. A `ring` is two circles of opposite directions (filled with non-zero it
    /// is the band between them); a circle's path starts at ``startAngle`` and runs clockwise unless
    /// ``clockwise`` is false, which is what labels that follow it use.
    /// - Throws: ``SceneError`` naming `at` and the missing or bad field.
    public func path(at: String) throws(SceneError) -> BezPath {
        func need(_ v: Double?, _ key: String) throws(SceneError) -> Double {
            guard let v else { throw SceneError("\(at).\(key)", "required for a \(type)") }
            guard v.isFinite else { throw SceneError("\(at).\(key)", "expected a finite number") }
            return v
        }
        func centre() throws(SceneError) -> Point {
            guard let c = center else { throw SceneError("\(at).center", "required for a \(type)") }
            guard c.x.isFinite, c.y.isFinite else { throw SceneError("\(at).center", "expected [x, y]") }
            return c
        }
        func positive(_ v: Double, _ key: String) throws(SceneError) -> Double {
            guard v >= 0 else { throw SceneError("\(at).\(key)", "expected a radius ≥ 0") }
            return v
        }
        let radians = Double.pi / 180
        let cw = clockwise ?? true
        switch type {
        case .circle:
            return BezPath.circle(center: try centre(), radius: try positive(try need(radius, "radius"), "radius"),
                               startAngle: .radians((startAngle ?? 0) * radians), clockwise: cw)
        case .ring:
            let c = try centre()
            let inner = try positive(try need(innerRadius, "innerRadius"), "innerRadius")
            let outer = try positive(try need(outerRadius, "outerRadius"), "outerRadius")
            var p = BezPath.circle(center: c, radius: outer, startAngle: .radians((startAngle ?? 0) * radians), clockwise: cw)
            p.subpaths += BezPath.circle(center: c, radius: inner, startAngle: .radians((startAngle ?? 0) * radians), clockwise: !cw).subpaths
            return p
        case .sector:
            let c = try centre()
            let inner = try positive(try need(innerRadius, "innerRadius"), "innerRadius")
            let outer = try positive(try need(outerRadius, "outerRadius"), "outerRadius")
            return BezPath.ringSector(center: c, innerRadius: inner, outerRadius: outer,
                                   startAngle: .radians(try need(startAngle, "startAngle") * radians),
                                   endAngle: .radians(try need(endAngle, "endAngle") * radians), clockwise: cw)
        case .arc:
            return BezPath.arc(center: try centre(), radius: try positive(try need(radius, "radius"), "radius"),
                               startAngle: .radians(try need(startAngle, "startAngle") * radians),
                               endAngle: .radians(try need(endAngle, "endAngle") * radians), clockwise: cw)
        case .rect:
            let w = try need(width, "width"), h = try need(height, "height")
            guard w > 0, h > 0 else { throw SceneError("\(at).width", "expected a positive width and height") }
            return BezPath.roundedRectangle(origin: Point(try need(x, "x"), try need(y, "y")), width: w, height: h,
                                         cornerRadius: try finiteOrZero(cornerRadius, "cornerRadius"))
        case .path:
            guard let d else { throw SceneError("\(at).d", "required for a path") }
            return d
        }
        func finiteOrZero(_ v: Double?, _ key: String) throws(SceneError) -> Double {
            guard let v else { return 0 }
            guard v.isFinite else { throw SceneError("\(at).\(key)", "expected a finite number") }
            return v
        }
    }
}
