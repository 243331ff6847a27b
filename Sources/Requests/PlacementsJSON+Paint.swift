import JSON
import Geometry
import Shaping

extension PlacementsJSON {
    /// A run's paint as the placements JSON writes it (its gradients already in canvas coordinates).
    static func paintJSON(_ p: RunPaint) -> JSONValue {
        var m: [JSONMember] = [JSONMember("fill", p.fillGradient.map(gradientJSON) ?? .string(p.color.description))]
        m.append(JSONMember("fillOpacity", .number(p.fillOpacity)))
        m.append(JSONMember("opacity", .number(p.opacity)))
        m.append(JSONMember("paintOrder", .string(p.paintOrder.rawValue)))
        if let s = p.stroke {
            var sm = [JSONMember("color", .string(s.color.description))]
            if let g = s.gradient { sm.append(JSONMember("gradient", gradientJSON(g))) }
            sm += [JSONMember("width", .number(s.width)), JSONMember("opacity", .number(s.opacity)),
                   JSONMember("linejoin", .string(s.join.rawValue)), JSONMember("miterlimit", .number(s.miterLimit))]
            if let d = s.dash {
                sm += [JSONMember("dasharray", .array(d.lengths.map { .number($0) })), JSONMember("dashoffset", .number(d.offset))]
            }
            m.append(JSONMember("stroke", .object(sm)))
        }
        return .object(m)
    }

    /// A gradient object: `type`, its geometry, `stops`, `spread`, `units` and `transform`.
    static func gradientJSON(_ g: Gradient) -> JSONValue {
        var m: [JSONMember] = []
        func num(_ k: String, _ v: Double) { m.append(JSONMember(k, .number(v))) }
        switch g.shape {
        case .linear(let a, let b):
            m.append(JSONMember("type", .string("linear"))); num("x1", a.x); num("y1", a.y); num("x2", b.x); num("y2", b.y)
        case .radial(let f, let fr, let c, let r):
            m.append(JSONMember("type", .string("radial"))); num("fx", f.x); num("fy", f.y); num("fr", fr)
            num("cx", c.x); num("cy", c.y); num("r", r)
        case .sweep(let c, let a0, let a1):
            m.append(JSONMember("type", .string("sweep"))); num("cx", c.x); num("cy", c.y)
            num("startAngle", a0.degrees); num("endAngle", a1.degrees)
        }
        m.append(JSONMember("stops", .array(g.stops.map { .object([JSONMember("offset", .number($0.offset)),
                                                                   JSONMember("color", .string($0.color.description))]) })))
        m.append(JSONMember("spread", .string(g.spread.rawValue)))
        m.append(JSONMember("units", .string(g.units.rawValue)))
        let t = g.transform
        m.append(JSONMember("transform", .array([t.a, t.b, t.c, t.d, t.e, t.f].map { .number($0) })))
        return .object(m)
    }
}
