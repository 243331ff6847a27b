import Support
import Geometry
import Shaping

extension SVGDocument {
    /// Wraps the elements added since the innermost ``openGroup()`` in `<g filter="url(#…)">`, with `filter`
    /// (resolved: canvas coordinates, ``FilterEffect/resolved(box:)``) written as a `<filter>` in user space
    /// (the document's coordinates are the canvas's): its region, each primitive with its
    /// `color-interpolation-filters` and its subregion (where it is not the region), results renamed `r0`, `r1`, … Nothing without an open group, and no
    /// element for an empty one.
    public mutating func closeGroup(filter: FilterEffect) {
        guard let start = groupStarts.popLast(), start < elements.count else { return }
        let inner = elements[start...].joined()
        elements.removeSubrange(start...)
        masks += 1
        let id = "filter\(masks)", r = filter.region
        var names: [String: String] = [:]
        func name(_ i: FilterInput) -> String? {
            switch i {
            case .previous: nil
            case .sourceGraphic: "SourceGraphic"
            case .sourceAlpha: "SourceAlpha"
            case .named(let n): names[n]
            }
        }
        func attribute(_ key: String, _ i: FilterInput) -> String { name(i).map { " \(key)=\"\($0)\"" } ?? "" }
        var e = "<defs><filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" primitiveUnits=\"userSpaceOnUse\" x=\"\(n(r.minX))\" "
            + "y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\">"
        for p in filter.primitives {
            // Inputs are named before the result (a primitive may read the name it then gives).
            let input = attribute("in", p.input)
            var tail = p.linearRGB ? "" : " color-interpolation-filters=\"sRGB\""
            // The subregion, where it is not the whole region.
            let s = p.subregion
            if let x = s.x, let y = s.y, let w = s.width, let h = s.height,
               [x - r.minX, y - r.minY, x + w - r.maxX, y + h - r.maxY].contains(where: { abs($0) > 1e-9 }) {
                tail += " x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\""
            }
            if let rn = p.result {
                names[rn] = "r\(names.count)"
                tail += " result=\"\(names[rn]!)\""
            }
            switch p.operation {
            case .flood(let c):
                e += "<feFlood flood-color=\"\(RGBAColor(r: c.r, g: c.g, b: c.b))\""
                    + (c.a < 255 ? " flood-opacity=\"\(n(Double(c.a) / 255))\"" : "") + tail + "/>"
            case .gaussianBlur(let x, let y):
                e += "<feGaussianBlur\(input) stdDeviation=\"\(n(x)) \(n(y))\"\(tail)/>"
            case .offset(let dx, let dy):
                e += "<feOffset\(input) dx=\"\(n(dx.rounded()))\" dy=\"\(n(dy.rounded()))\"\(tail)/>"
            case .merge(let layers):
                e += "<feMerge\(tail)>" + layers.map { "<feMergeNode\(attribute("in", $0))/>" }.joined() + "</feMerge>"
            case .composite(let op, let in2):
                let o: String
                switch op {
                case .over: o = "over"
                case .in: o = "in"
                case .out: o = "out"
                case .atop: o = "atop"
                case .xor: o = "xor"
                case .arithmetic(let k1, let k2, let k3, let k4):
                    o = "arithmetic\" k1=\"\(n(k1))\" k2=\"\(n(k2))\" k3=\"\(n(k3))\" k4=\"\(n(k4))"
                }
                e += "<feComposite\(input)\(attribute("in2", in2)) operator=\"\(o)\"\(tail)/>"
            case .morphology(let dilate, let x, let y):
                e += "<feMorphology\(input) operator=\"\(dilate ? "dilate" : "erode")\" radius=\"\(n(x)) \(n(y))\"\(tail)/>"
            case .componentTransfer(let functions):
                e += "<feComponentTransfer\(input)\(tail)>"
                for (f, channel) in zip(functions, ["R", "G", "B", "A"]) {
                    let a: String
                    switch f {
                    case .identity: a = "identity\""
                    case .table(let v): a = "table\" tableValues=\"\(v.map(n).joined(separator: " "))\""
                    case .discrete(let v): a = "discrete\" tableValues=\"\(v.map(n).joined(separator: " "))\""
                    case .linear(let s, let i): a = "linear\" slope=\"\(n(s))\" intercept=\"\(n(i))\""
                    case .gamma(let am, let ex, let of): a = "gamma\" amplitude=\"\(n(am))\" exponent=\"\(n(ex))\" offset=\"\(n(of))\""
                    }
                    e += "<feFunc\(channel) type=\"\(a)/>"
                }
                e += "</feComponentTransfer>"
            case .blend(let mode, let in2):
                e += "<feBlend\(input)\(attribute("in2", in2)) mode=\"\(mode == .sourceOver ? "normal" : mode.rawValue)\"\(tail)/>"
            case .colorMatrix(let m):
                e += "<feColorMatrix\(input) type=\"matrix\" values=\"\(m.map(n).joined(separator: " "))\"\(tail)/>"
            }
        }
        e += "</filter></defs>"
        elements += [e, "<g filter=\"url(#\(id))\">" + inner + "</g>"]
    }
}
