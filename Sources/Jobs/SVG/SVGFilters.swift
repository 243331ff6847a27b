import XML
import Support
import Geometry
import Shaping
import Render
import Requests

/// `filter="url(#id)"`: the `<filter>` element read into a ``FilterEffect``, and the element drawn into a
/// group the renderer runs it on (``SceneItem/beginFilter(_:)``).
///
/// Read: the region (`x`, `y`, `width`, `height`, `filterUnits`), `primitiveUnits`, and the primitives
/// `feFlood`, `feGaussianBlur`, `feOffset`, `feMerge`, `feComposite`, `feBlend`, `feMorphology`, `feComponentTransfer`, `feColorMatrix` and `feDropShadow`
/// (written as the blur, offset, flood, composite and merge it is), each with `in`, `in2`, `result` and
/// `color-interpolation-filters`, and its subregion (`x`, `y`, `width`, `height`). Anything else (another primitive, a template
/// `href`, an input such as `BackgroundImage`) is reported and the element is drawn without the filter.
enum SVGFilters {
    /// The id in `url(#id)` (quotes allowed), or `nil` for any other value.
    static func reference(_ value: String) -> String? {
        let v = value.trimmingCharacters(in: " \t\r\n")
        guard v.hasPrefix("url("), v.hasSuffix(")") else { return nil }
        let inner = v.dropFirst(4).dropLast().trimmingCharacters(in: " \t\r\n\"'")
        guard inner.hasPrefix("#"), inner.count > 1 else { return nil }
        return String(inner.dropFirst())
    }

    /// The primitives read; the others are reported by name.
    static let primitives: Set<String> = ["feFlood", "feGaussianBlur", "feOffset", "feMerge", "feComposite", "feColorMatrix", "feDropShadow",
                                          "feBlend", "feMorphology", "feComponentTransfer"]

    /// An `feBlend` `mode`: `normal` or one of the blend modes Chromium accepts (CSS `mix-blend-mode`'s),
    /// `nil` for any other value.
    static func blendMode(_ raw: String) -> GroupBlend? {
        if raw == "normal" { return .sourceOver }
        guard let m = GroupBlend(rawValue: raw), m.isSeparable || [.hue, .saturation, .color, .luminosity].contains(m) else { return nil }
        return m
    }

    /// The 4 × 5 matrix of an `feColorMatrix` of `type` with `values`, or `nil` when they cannot be read.
    static func colorMatrix(type: String, values: [Double]?) -> [Double]? {
        switch type {
        case "matrix":
            guard let v = values else { return identity }
            return v.count == 20 ? v : nil
        case "saturate":
            let s = values?.first ?? 1
            guard values == nil || values!.count == 1, s >= 0 else { return nil }
            return [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                    0, 0, 0, 1, 0]
        case "hueRotate":
            guard values == nil || values!.count == 1 else { return nil }
            let a = (values?.first ?? 0) * Double.pi / 180, c = cos(a), s = sin(a)
            return [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
                    0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
                    0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
                    0, 0, 0, 1, 0]
        case "luminanceToAlpha":
            return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
        default: return nil
        }
    }

    static let identity: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
}

extension SVGDocumentReader {
    /// Draws what `draw` adds through `e`'s filter (`style.filter`): in a ``SceneItem/beginFilter(_:)`` group
    /// when the filter can be read, else (with a warning naming why) as it is.
    func filtered<E: Error>(_ e: XMLElement, _ style: SVGStyle, ctm: Affine, _ draw: () throws(E) -> Void) throws(E) {
        guard let id = style.filter else { return try draw() }
        guard let effect = filterEffect(id, for: e, style: style, ctm: ctm) else { return try draw() }
        guard openGroups < SceneItem.maximumGroupDepth else {
            warn(e, "filter", "nested deeper than \(SceneItem.maximumGroupDepth) groups and filters: drawn without it")
            return try draw()
        }
        scene.order!.append(.beginFilter(effect))
        openGroups += 1
        defer { openGroups -= 1; scene.order!.append(.endGroup) }
        try draw()
    }

    /// The `<filter id>` that `e` refers to, for an element drawn with `ctm`; `nil` (with a warning) when it
    /// is not a filter or holds what the renderer does not run.
    func filterEffect(_ id: String, for e: XMLElement, style: SVGStyle, ctm: Affine) -> FilterEffect? {
        guard let f = ids[id], f.name == "filter", isSVG(f) else {
            warn(e, "filter", "url(#\(id)) refers to no <filter>: drawn without it")
            return nil
        }
        func unsupported(_ what: String) -> FilterEffect? {
            warn(e, "filter", "url(#\(id)): \(what) is not supported: drawn without the filter")
            return nil
        }
        if f.attribute("href") != nil || f.attribute("href", namespace: SVGInput.xlinkNamespace) != nil {
            return unsupported("a <filter> template (href)")
        }
        func units(_ name: String, _ fallback: FilterEffect.Units) -> FilterEffect.Units {
            f.attribute(name).flatMap { FilterEffect.Units(rawValue: $0.trimmingCharacters(in: " ")) } ?? fallback
        }
        let regionUnits = units("filterUnits", .objectBoundingBox), primitiveUnits = units("primitiveUnits", .userSpaceOnUse)
        // The region: fractions (or percentages) of the box, or user-space lengths (percentages of the viewport).
        func length(_ name: String, _ fallback: Double, horizontal: Bool) -> Double {
            guard let raw = f.attribute(name) else { return fallback }
            guard let l = SVGLength(raw) else {
                warn(f, name, "cannot read \"\(raw)\": \(fallback) is used")
                return fallback
            }
            if regionUnits == .objectBoundingBox { return l.unit == .percent ? l.value / 100 : l.value }
            var c = context
            c.percentBase = horizontal ? viewport.width : viewport.height
            return l.resolved(c)
        }
        let bbox = regionUnits == .objectBoundingBox
        let x = length("x", bbox ? -0.1 : -0.1 * viewport.width, horizontal: true), y = length("y", bbox ? -0.1 : -0.1 * viewport.height, horizontal: false)
        let w = length("width", bbox ? 1.2 : 1.2 * viewport.width, horizontal: true), h = length("height", bbox ? 1.2 : 1.2 * viewport.height, horizontal: false)
        if ctm.b != 0 || ctm.c != 0 { warn(e, "filter", "under a rotation or skew the filter is applied along the canvas's axes") }
        let filterLinear = colorInterpolation(f) ?? true
        var primitives: [FilterPrimitive] = []
        var drops = 0
        for p in f.elements where isSVG(p) {
            guard SVGFilters.primitives.contains(p.name) else {
                return unsupported(p.name.hasPrefix("fe") ? "<\(p.name)>" : "<\(p.name)> inside a <filter>")
            }
            let subregion = primitiveSubregion(p, units: primitiveUnits)
            guard let input = filterInput(p.attribute("in")) else { return unsupported("<\(p.name)> in=\"\(p.attribute("in") ?? "")\"") }
            let result = p.attribute("result").flatMap { $0.isEmpty ? nil : $0 }
            let linear = colorInterpolation(p) ?? filterLinear
            func number(_ name: String, _ fallback: Double) -> Double? {
                guard let raw = p.attribute(name) else { return fallback }
                guard let v = Double(raw.trimmingCharacters(in: " \t\r\n")), v.isFinite else { return nil }
                return v
            }
            func numbers(_ name: String) -> [Double]? { p.attribute(name).flatMap(numberList) }
            func pair(_ name: String) -> (Double, Double)? {
                guard let raw = p.attribute(name) else { return (0, 0) }
                guard let v = numberList(raw), v.count == 1 || v.count == 2, v.allSatisfy({ $0.isFinite }) else { return nil }
                // Filter Effects 1: a negative deviation is an error; Chromium draws it as no blur.
                return (max(0, v[0]), max(0, v.count == 2 ? v[1] : v[0]))
            }
            switch p.name {
            case "feFlood":
                primitives.append(FilterPrimitive(.flood(floodColor(p, style: style)), input: input, result: result, linearRGB: linear))
            case "feGaussianBlur":
                guard let (sx, sy) = pair("stdDeviation") else { return unsupported("<feGaussianBlur> stdDeviation=\"\(p.attribute("stdDeviation") ?? "")\"") }
                if let edge = p.attribute("edgeMode"), edge != "none" { return unsupported("<feGaussianBlur> edgeMode=\"\(edge)\"") }
                primitives.append(FilterPrimitive(.gaussianBlur(x: sx, y: sy), input: input, result: result, linearRGB: linear))
            case "feOffset":
                guard let dx = number("dx", 0), let dy = number("dy", 0) else { return unsupported("<feOffset> dx/dy that are not numbers") }
                primitives.append(FilterPrimitive(.offset(dx: dx, dy: dy), input: input, result: result, linearRGB: linear))
            case "feMerge":
                var layers: [FilterInput] = []
                for node in p.elements where isSVG(node) && node.name == "feMergeNode" {
                    guard let l = filterInput(node.attribute("in")) else { return unsupported("<feMergeNode> in=\"\(node.attribute("in") ?? "")\"") }
                    layers.append(l)
                }
                primitives.append(FilterPrimitive(.merge(layers), input: input, result: result, linearRGB: linear))
            case "feComposite":
                guard let in2 = filterInput(p.attribute("in2")) else { return unsupported("<feComposite> in2=\"\(p.attribute("in2") ?? "")\"") }
                let op: FilterCompositeOperator
                switch p.attribute("operator")?.trimmingCharacters(in: " ") ?? "over" {
                case "over": op = .over
                case "in": op = .in
                case "out": op = .out
                case "atop": op = .atop
                case "xor": op = .xor
                case "arithmetic":
                    guard let k1 = number("k1", 0), let k2 = number("k2", 0), let k3 = number("k3", 0), let k4 = number("k4", 0) else {
                        return unsupported("<feComposite> k1…k4 that are not numbers")
                    }
                    op = .arithmetic(k1: k1, k2: k2, k3: k3, k4: k4)
                case let other: return unsupported("<feComposite> operator=\"\(other)\"")
                }
                primitives.append(FilterPrimitive(.composite(op, in2: in2), input: input, result: result, linearRGB: linear))
            case "feBlend":
                guard let in2 = filterInput(p.attribute("in2")) else { return unsupported("<feBlend> in2=\"\(p.attribute("in2") ?? "")\"") }
                let raw = p.attribute("mode")?.trimmingCharacters(in: " \t\r\n") ?? "normal"
                guard let mode = SVGFilters.blendMode(raw) else { return unsupported("<feBlend> mode=\"\(raw)\"") }
                primitives.append(FilterPrimitive(.blend(mode, in2: in2), input: input, result: result, linearRGB: linear))
            case "feMorphology":
                let op = p.attribute("operator")?.trimmingCharacters(in: " \t\r\n") ?? "erode"
                guard op == "erode" || op == "dilate" else { return unsupported("<feMorphology> operator=\"\(op)\"") }
                let radii = p.attribute("radius").map(numberList) ?? [0]
                guard let r = radii, r.count == 1 || r.count == 2, r.allSatisfy({ $0.isFinite }) else {
                    return unsupported("<feMorphology> radius=\"\(p.attribute("radius") ?? "")\"")
                }
                let (rx, ry) = (r[0], r.count == 2 ? r[1] : r[0])
                // Filter Effects 1: zero or negative disables the primitive; Chromium leaves a zero radius's axis as it is.
                if rx < 0 || ry < 0 { warn(p, "radius", "negative (\(p.attribute("radius") ?? "")): the primitive passes its input through") }
                primitives.append(FilterPrimitive(.morphology(dilate: op == "dilate", x: rx, y: ry), input: input, result: result, linearRGB: linear))
            case "feComponentTransfer":
                var functions = [FilterTransferFunction](repeating: .identity, count: 4)
                for node in p.elements where isSVG(node) {
                    guard let c = ["feFuncR", "feFuncG", "feFuncB", "feFuncA"].firstIndex(of: node.name) else { continue }
                    guard let f = transferFunction(node) else { return unsupported("<\(node.name)> type=\"\(node.attribute("type") ?? "")\" and its numbers") }
                    functions[c] = f   // the last of a channel's counts
                }
                primitives.append(FilterPrimitive(.componentTransfer(functions), input: input, result: result, linearRGB: linear))
            case "feColorMatrix":
                let type = p.attribute("type")?.trimmingCharacters(in: " ") ?? "matrix"
                guard let m = SVGFilters.colorMatrix(type: type, values: numbers("values")) else {
                    return unsupported("<feColorMatrix> type=\"\(type)\" values=\"\(p.attribute("values") ?? "")\"")
                }
                primitives.append(FilterPrimitive(.colorMatrix(m), input: input, result: result, linearRGB: linear))
            default:  // feDropShadow: its input's alpha blurred, offset and flooded, under the input.
                guard let (sx, sy) = pair("stdDeviation"), let dx = number("dx", 2), let dy = number("dy", 2) else {
                    return unsupported("<feDropShadow> numbers that cannot be read")
                }
                // Filter Effects 1's defaults: a deviation of 2, an offset of 2, 2.
                let (sxd, syd) = p.attribute("stdDeviation") == nil ? (2.0, 2.0) : (sx, sy)
                drops += 1
                let source = "\u{1}drop\(drops)", alpha = "\u{1}shadow\(drops)"
                primitives += [
                    FilterPrimitive(.offset(dx: 0, dy: 0), input: input, result: source, linearRGB: linear),  // the input, named
                    FilterPrimitive(.gaussianBlur(x: sxd, y: syd), input: .named(source), linearRGB: linear),
                    FilterPrimitive(.offset(dx: dx, dy: dy), result: alpha, linearRGB: linear),
                    FilterPrimitive(.flood(floodColor(p, style: style)), linearRGB: linear),
                    FilterPrimitive(.composite(.in, in2: .named(alpha)), linearRGB: linear),
                    FilterPrimitive(.merge([.previous, .named(source)]), result: result, linearRGB: linear),
                ]
            }
            // The subregion clips the primitive's result (feDropShadow's: its last step, the merge).
            primitives[primitives.count - 1].subregion = subregion
            guard primitives.count <= FilterEffect.maximumPrimitives else {
                return unsupported("a filter of more than \(FilterEffect.maximumPrimitives) primitives")
            }
        }
        var region = Rect(minX: x, minY: y, maxX: x + w, maxY: y + h)
        if w <= 0 || h <= 0 {
            // Filter Effects 1: an empty region disables the effect; the element is not drawn.
            region = Rect(minX: x, minY: y, maxX: x, maxY: y)
        }
        return FilterEffect(region: region, units: regionUnits, primitiveUnits: primitiveUnits, transform: ctm, primitives: primitives)
    }

    /// A primitive's `x`, `y`, `width`, `height` in `units`: fractions (or percentages) of the bounding box,
    /// or user-space lengths (percentages of the viewport). One that cannot be read, or a negative width or
    /// height (an error in Filter Effects 1), is reported; the first takes its default, the second is an
    /// empty subregion (as Chromium draws it: nothing).
    func primitiveSubregion(_ p: XMLElement, units: FilterEffect.Units) -> FilterSubregion {
        func side(_ name: String, horizontal: Bool) -> Double? {
            guard let raw = p.attribute(name) else { return nil }
            guard let l = SVGLength(raw), l.value.isFinite else {
                warn(p, name, "cannot read \"\(raw)\": the default subregion's is used")
                return nil
            }
            var v: Double
            if units == .objectBoundingBox { v = l.unit == .percent ? l.value / 100 : l.value } else {
                var c = context
                c.percentBase = horizontal ? viewport.width : viewport.height
                v = l.resolved(c)
            }
            if (name == "width" || name == "height") && v < 0 {
                warn(p, name, "negative (\(raw)): the primitive's result is empty")
                v = 0
            }
            return v
        }
        return FilterSubregion(x: side("x", horizontal: true), y: side("y", horizontal: false),
                               width: side("width", horizontal: true), height: side("height", horizontal: false))
    }

    /// An `feFuncR`/`G`/`B`/`A`, or `nil` when its type or numbers cannot be read or its table holds more
    /// than ``FilterEffect/maximumTableValues`` values. No `type`: identity (as Chromium takes it).
    func transferFunction(_ node: XMLElement) -> FilterTransferFunction? {
        func number(_ name: String, _ fallback: Double) -> Double? {
            guard let raw = node.attribute(name) else { return fallback }
            guard let v = Double(raw.trimmingCharacters(in: " \t\r\n")), v.isFinite else { return nil }
            return v
        }
        func table() -> [Double]? {
            guard let raw = node.attribute("tableValues") else { return [] }
            guard let v = numberList(raw), v.allSatisfy({ $0.isFinite }), v.count <= FilterEffect.maximumTableValues else { return nil }
            return v
        }
        switch node.attribute("type")?.trimmingCharacters(in: " \t\r\n") ?? "identity" {
        case "identity": return .identity
        case "table": return table().map { .table($0) }
        case "discrete": return table().map { .discrete($0) }
        case "linear":
            guard let s = number("slope", 1), let i = number("intercept", 0) else { return nil }
            return .linear(slope: s, intercept: i)
        case "gamma":
            guard let a = number("amplitude", 1), let e = number("exponent", 1), let o = number("offset", 0) else { return nil }
            return .gamma(amplitude: a, exponent: e, offset: o)
        default: return nil
        }
    }

    /// `in` / `in2` as read: empty or absent for the previous result; `nil` for an input the renderer has not
    /// (`BackgroundImage`, `FillPaint`, …).
    func filterInput(_ raw: String?) -> FilterInput? {
        guard let v = raw?.trimmingCharacters(in: " \t\r\n"), !v.isEmpty else { return .previous }
        switch v {
        case "SourceGraphic": return .sourceGraphic
        case "SourceAlpha": return .sourceAlpha
        case "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint": return nil
        default: return .named(v)
        }
    }

    /// `color-interpolation-filters` on `e` (attribute, style sheet or `style`): linear light for `linearRGB`,
    /// sRGB for `sRGB` and `auto` (as Chromium takes it); `nil` when `e` does not say (it inherits).
    func colorInterpolation(_ e: XMLElement) -> Bool? {
        guard let v = declarations(e).last(where: { $0.name == "color-interpolation-filters" })?.value.trimmingCharacters(in: " ").lowercased() else { return nil }
        switch v {
        case "linearrgb": return true
        case "srgb", "auto": return false
        default: return nil
        }
    }

    /// `flood-color` times `flood-opacity` of a primitive (black, opaque by default; `currentColor` is the
    /// filtered element's `color`).
    func floodColor(_ p: XMLElement, style: SVGStyle) -> RGBAColor {
        let d = declarations(p)
        var c = RGBAColor.black
        if let v = d.last(where: { $0.name == "flood-color" })?.value.trimmingCharacters(in: " \t\r\n") {
            if v.lowercased() == "currentcolor" { c = style.color } else if let parsed = SVGColor.parse(v) { c = parsed } else {
                warn(p, "flood-color", "cannot read \"\(v)\": black is used")
            }
        }
        if let v = d.last(where: { $0.name == "flood-opacity" })?.value, let o = SVGStyle.opacity(v) {
            c.a = UInt8(max(0, min(255, (Double(c.a) * o).rounded())))
        }
        return c
    }
}
