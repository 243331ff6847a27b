import Support
import Geometry

/// COLRv1 paint graphs, read from the font's own `COLR` table and flattened into the layers a renderer
/// fills bottom first.
///
/// Read here rather than through FreeType's paint API because Debian 12's FreeType (2.12.1) refuses
/// current COLRv1 tables whole: `FT_Get_Color_Glyph_Paint` and `FT_Get_Color_Glyph_ClipBox` answer
/// nothing for resvg's Noto Color Emoji subset and for a table fontTools builds.
///
/// Every `PaintGlyph` becomes one ``ColorLayer``: its outline under the transforms above it, filled with
/// the solid colour or gradient under it (that gradient under the transforms between them).
/// `PaintColrLayers` and `PaintColrGlyph` add their layers in order. `PaintComposite` flattens in the modes
/// that can (clear: nothing; src: the source; dest: the backdrop; src-over: the backdrop, then the source;
/// dest-over: the source, then the backdrop); the Porter–Duff operators and separable blend modes of
/// ``GroupBlend`` (every mode of the table but clear…dest-over) become a group (``ColorGroupMark``) that
/// surfaces composite; an unknown mode draws the source over the backdrop and is reported
/// (``ColorGlyphFallback/Reason/compositeMode(_:)``). Variable paints are read at the default
/// instance. Every read is bounds-checked, and a hostile graph is bounded: ``maximumDepth`` nested
/// paints, ``maximumVisits`` paints in all and ``maximumLayers`` layers (a cycle through `PaintColrGlyph`
/// ends there), past which the glyph is given up (drawn as its outline, and reported:
/// ``ColorGlyphFallback/Reason/paintBound(_:)``).
struct COLRv1: Sendable {
    /// The deepest nesting of paints followed.
    static let maximumDepth = 64
    /// The most paints read for one glyph.
    static let maximumVisits = 4096
    /// The most layers one glyph may flatten into.
    static let maximumLayers = 1024
    /// The most composites drawn as groups in one glyph, and the deepest nesting of them (each open group
    /// holds a copy of the canvas); past either, a composite draws its source over its backdrop, reported.
    static let maximumComposites = 16, maximumCompositeNesting = 2

    let table: [UInt8]
    let baseList: Int, layerList: Int

    /// The paint graphs of `table` (a `COLR` table's bytes), or `nil` when it is not version 1 or has no
    /// base glyph list.
    init?(_ table: [UInt8]) {
        self.table = table
        guard table.count >= 34 else { return nil }
        let r = Reader(table)
        guard r.u16(0) == 1 else { return nil }
        baseList = r.u32(14); layerList = r.u32(18)
        guard baseList > 0, baseList + 4 <= table.count else { return nil }
    }

    /// What flattening one glyph's paint graph gave.
    struct Flattened: Hashable, Sendable {
        /// The layers, bottom first; `nil` when the glyph has no paint, gives no layer or was given up.
        var layers: [ColorLayer]?
        /// Why the glyph is not drawn as its graph says: the bound it went past (then ``layers`` is `nil` and
        /// ``partial`` holds what was read before it), or the first composite mode drawn as source-over.
        var fallback: ColorGlyphFallback.Reason?
        /// The layers read before a bound stopped the walk.
        var partial: [ColorLayer] = []
    }

    /// The layers of `glyph` with colours from `palette` (`nil` colour: the text's), or `nil` when the
    /// glyph has no paint, or its graph is too deep or too large or gives no layer.
    func layers(glyph: UInt32, palette: [RGBAColor]) -> [ColorLayer]? { flatten(glyph: glyph, palette: palette).layers }

    /// ``layers(glyph:palette:)`` with what was approximated or given up.
    func flatten(glyph: UInt32, palette: [RGBAColor]) -> Flattened {
        guard let root = paint(of: glyph) else { return Flattened() }
        var walk = Walk(colr: self, palette: palette)
        let finished = walk.layers(root, .identity, depth: 0)
        if !finished, let bound = walk.bound { return Flattened(layers: nil, fallback: .paintBound(bound), partial: walk.out) }
        guard finished, !walk.out.isEmpty else { return Flattened() }
        return Flattened(layers: walk.out, fallback: walk.approximated)
    }

    /// The names of COLRv1's composite modes (`CompositeMode`), as CSS and Skia name them.
    static let compositeModeNames = ["clear", "src", "dest", "src-over", "dest-over", "src-in", "dest-in", "src-out", "dest-out",
                                     "src-atop", "dest-atop", "xor", "plus", "screen", "overlay", "darken", "lighten", "color-dodge",
                                     "color-burn", "hard-light", "soft-light", "difference", "exclusion", "multiply", "hue",
                                     "saturation", "color", "luminosity"]

    /// The offset of `glyph`'s root paint in the table (a binary search of the base glyph list).
    func paint(of glyph: UInt32) -> Int? {
        let r = Reader(table)
        var lo = 0, hi = min(r.u32(baseList), (table.count - baseList - 4) / 6) - 1
        while lo <= hi {
            let mid = (lo + hi) / 2, record = baseList + 4 + 6 * mid
            let g = UInt32(r.u16(record))
            if g == glyph { return baseList + r.u32(record + 2) }
            if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// Big-endian reads that give 0 past the table's end.
    struct Reader {
        let b: [UInt8]
        init(_ b: [UInt8]) { self.b = b }
        func u8(_ i: Int) -> Int { i >= 0 && i < b.count ? Int(b[i]) : 0 }
        func u16(_ i: Int) -> Int { u8(i) << 8 | u8(i + 1) }
        func i16(_ i: Int) -> Double { Double(Int16(truncatingIfNeeded: u16(i))) }
        func u24(_ i: Int) -> Int { u8(i) << 16 | u16(i + 1) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        func fixed(_ i: Int) -> Double { Double(Int32(truncatingIfNeeded: u32(i))) / 65536 }
        func f2dot14(_ i: Int) -> Double { Double(Int16(truncatingIfNeeded: u16(i))) / 16384 }
        /// The paint at an Offset24 read at `i`, relative to the paint at `base`; `nil` for offset 0.
        func child(_ base: Int, _ i: Int) -> Int? { let o = u24(i); return o == 0 ? nil : base + o }
    }

    /// One flattening of a paint graph.
    private struct Walk {
        let colr: COLRv1
        let palette: [RGBAColor]
        var out: [ColorLayer] = []
        var visits = 0
        /// The bound the walk went past, if it did.
        var bound: COLRPaintBound?
        /// The first composite mode drawn as source-over instead.
        var approximated: ColorGlyphFallback.Reason?
        /// Composites drawn as groups so far, and how many are open.
        var composites = 0, openComposites = 0
        var r: Reader { Reader(colr.table) }

        /// Counts a visit at `depth`; false (and ``bound`` set) past a bound.
        mutating func within(depth: Int) -> Bool {
            visits += 1
            if depth >= COLRv1.maximumDepth { bound = bound ?? .depth }
            else if visits > COLRv1.maximumVisits { bound = bound ?? .visits }
            else if out.count >= COLRv1.maximumLayers { bound = bound ?? .layers }
            return bound == nil
        }

        /// Adds the layers of the paint at `p` under `m` (paint space to glyph font units); false at a bound.
        mutating func layers(_ p: Int, _ m: Affine, depth: Int) -> Bool {
            guard within(depth: depth) else { return false }
            let r = self.r
            switch r.u8(p) {
            case 1:  // PaintColrLayers
                let count = r.u8(p + 1), first = r.u32(p + 2)
                guard colr.layerList > 0 else { return true }
                for k in 0..<count {
                    let index = first + k
                    guard index < r.u32(colr.layerList) else { break }
                    guard layers(colr.layerList + r.u32(colr.layerList + 4 + 4 * index), m, depth: depth + 1) else { return false }
                }
                return true
            case 10:  // PaintGlyph
                let fill = fill(r.child(p, p + 1), .identity, depth: depth + 1)
                guard bound == nil else { return false }
                let gradient = fill.gradient.map { g -> Gradient in var g = g; g.transform = m * g.transform; return g }
                out.append(ColorLayer(glyph: UInt32(r.u16(p + 4)), color: fill.color, gradient: gradient, transform: m))
                return true
            case 11:  // PaintColrGlyph
                guard let root = colr.paint(of: UInt32(r.u16(p + 1))) else { return true }
                return layers(root, m, depth: depth + 1)
            case 32:  // PaintComposite: each side flattened, in the order its mode draws them
                guard let source = r.child(p, p + 1), let backdrop = r.child(p, p + 5) else { return true }
                switch r.u8(p + 4) {
                case 0: return true
                case 1: return layers(source, m, depth: depth + 1)
                case 2: return layers(backdrop, m, depth: depth + 1)
                case 4: return layers(source, m, depth: depth + 1) && layers(backdrop, m, depth: depth + 1)
                case let mode:
                    let name = mode < COLRv1.compositeModeNames.count ? COLRv1.compositeModeNames[mode] : "\(mode) (unknown)"
                    if mode != 3, let blend = GroupBlend(rawValue: name), composites < COLRv1.maximumComposites,
                       openComposites < COLRv1.maximumCompositeNesting {
                        // Drawn as a group: the backdrop, the source, combined by the mode.
                        composites += 1; openComposites += 1
                        defer { openComposites -= 1 }
                        out.append(ColorLayer(group: .begin))
                        guard layers(backdrop, m, depth: depth + 1) else { return false }
                        out.append(ColorLayer(group: .source))
                        guard layers(source, m, depth: depth + 1) else { return false }
                        out.append(ColorLayer(group: .end(blend)))
                        return true
                    }
                    if mode != 3, approximated == nil { approximated = .compositeMode(name) }
                    return layers(backdrop, m, depth: depth + 1) && layers(source, m, depth: depth + 1)
                }
            default:
                if let (child, t) = transformed(p) { return layers(child, m * t, depth: depth + 1) }
                return true   // a fill with no glyph to clip it: nothing is drawn for it
            }
        }

        /// The fill under a `PaintGlyph`: a colour (`nil`: the text's) or a gradient in the glyph's font
        /// units under `m`.
        mutating func fill(_ p: Int?, _ m: Affine, depth: Int) -> (color: RGBAColor?, gradient: Gradient?) {
            guard let p else { return (nil, nil) }
            guard within(depth: depth) else { return (nil, nil) }
            let r = self.r, format = r.u8(p), variable = format % 2 == 1 && format < 32
            switch variable ? format - 1 : format {
            case 2:
                return (color(r.u16(p + 1), alpha: r.f2dot14(p + 3)), nil)
            case 4:  // colour is constant along p0→p2: the gradient runs from p0 to p1 projected onto its normal
                let p0 = Point(r.i16(p + 4), r.i16(p + 6)), p1 = Point(r.i16(p + 8), r.i16(p + 10)), p2 = Point(r.i16(p + 12), r.i16(p + 14))
                let normal = Vector(p2.y - p0.y, p0.x - p2.x), n2 = normal.x * normal.x + normal.y * normal.y
                let end = n2 > 0 ? p0 + normal * (((p1 - p0).x * normal.x + (p1 - p0).y * normal.y) / n2) : p1
                return (nil, gradient(.linear(start: p0, end: end), line: r.child(p, p + 1), variable: variable, m))
            case 6:
                let shape = GradientShape.radial(start: Point(r.i16(p + 4), r.i16(p + 6)), startRadius: Double(r.u16(p + 8)),
                                                 end: Point(r.i16(p + 10), r.i16(p + 12)), endRadius: Double(r.u16(p + 14)))
                return (nil, gradient(shape, line: r.child(p, p + 1), variable: variable, m))
            case 8:  // angles in 180° units biased by one (OpenType 1.9.1: 0…360° is -1…1, as Skia reads them),
                     // counter-clockwise in y-up font space (the transform carries the flip)
                let shape = GradientShape.sweep(center: Point(r.i16(p + 4), r.i16(p + 6)), startAngle: .radians((r.f2dot14(p + 8) + 1) * .pi),
                                                endAngle: .radians((r.f2dot14(p + 10) + 1) * .pi))
                return (nil, gradient(shape, line: r.child(p, p + 1), variable: variable, m))
            default:
                if let (child, t) = transformed(p) { return fill(child, m * t, depth: depth + 1) }
                return (nil, nil)   // a nested glyph clip or a composite inside a glyph: the text's colour
            }
        }

        /// A palette colour times `alpha` (index 0xFFFF, or one past the palette: the text's colour, `nil`).
        func color(_ index: Int, alpha: Double) -> RGBAColor? {
            guard index != 0xFFFF, index < palette.count else { return nil }
            var c = palette[index]
            c.a = UInt8((Double(c.a) * max(0, min(1, alpha))).rounded())
            return c
        }

        /// A gradient of `shape` with the colour line at `line` (a `VarColorLine` when `variable`), mapped by
        /// `m`. Stops outside 0…1 (which COLRv1 allows) are brought in by moving the shape's ends.
        func gradient(_ shape: GradientShape, line: Int?, variable: Bool, _ m: Affine) -> Gradient? {
            guard let line else { return nil }
            let r = self.r, stride = variable ? 10 : 6
            var stops: [(offset: Double, color: RGBAColor)] = []
            for k in 0..<min(r.u16(line + 1), Gradient.maximumStops) {
                let s = line + 3 + stride * k
                guard s + 6 <= colr.table.count else { break }
                stops.append((r.f2dot14(s), color(r.u16(s + 2), alpha: r.f2dot14(s + 4)) ?? .black))
            }
            stops.sort { $0.offset < $1.offset }
            guard let lo = stops.first?.offset, let hi = stops.last?.offset else { return nil }
            var shape = shape
            let rescale = (lo < 0 || hi > 1) && hi > lo
            if rescale {
                func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
                switch shape {
                case .linear(let a, let b): shape = .linear(start: a + (b - a) * lo, end: a + (b - a) * hi)
                case .radial(let a, let ra, let b, let rb):
                    shape = .radial(start: a + (b - a) * lo, startRadius: max(0, lerp(ra, rb, lo)), end: a + (b - a) * hi, endRadius: max(0, lerp(ra, rb, hi)))
                case .sweep(let c, let a, let b):
                    shape = .sweep(center: c, startAngle: .radians(lerp(a.radians, b.radians, lo)), endAngle: .radians(lerp(a.radians, b.radians, hi)))
                }
            }
            let spread: GradientSpread = switch r.u8(line) { case 1: .repeat; case 2: .reflect; default: .pad }
            let normalized = stops.map { GradientStop(offset: rescale ? ($0.offset - lo) / (hi - lo) : $0.offset, color: $0.color) }
            return Gradient(shape, stops: normalized, units: .userSpaceOnUse, transform: m, spread: spread)
        }

        /// A transform paint's child and its map (child space to this paint's space), or `nil` for any
        /// other paint (variable transforms at their default values).
        func transformed(_ p: Int) -> (Int, Affine)? {
            let r = self.r, format = r.u8(p)
            guard (12...31).contains(format), let child = r.child(p, p + 1) else { return nil }
            func around(_ i: Int, _ t: Affine) -> Affine {
                let c = Vector(r.i16(i), r.i16(i + 2))
                return .translate(c) * t * .translate(Vector(-c.x, -c.y))
            }
            switch format - format % 2 {
            case 12:
                guard let a = r.child(p, p + 4) else { return nil }
                return (child, Affine(r.fixed(a), r.fixed(a + 4), r.fixed(a + 8), r.fixed(a + 12), r.fixed(a + 16), r.fixed(a + 20)))
            case 14: return (child, .translate(Vector(r.i16(p + 4), r.i16(p + 6))))
            case 16: return (child, .scale(r.f2dot14(p + 4), r.f2dot14(p + 6)))
            case 18: return (child, around(p + 8, .scale(r.f2dot14(p + 4), r.f2dot14(p + 6))))
            case 20: return (child, .scale(r.f2dot14(p + 4)))
            case 22: return (child, around(p + 6, .scale(r.f2dot14(p + 4))))
            case 24: return (child, .rotate(r.f2dot14(p + 4) * .pi))
            case 26: return (child, around(p + 6, .rotate(r.f2dot14(p + 4) * .pi)))
            case 28, 30:
                let skew = Affine(1, tan(r.f2dot14(p + 6) * .pi), -tan(r.f2dot14(p + 4) * .pi), 1, 0, 0)
                return (child, format >= 30 ? around(p + 8, skew) : skew)
            default: return nil
            }
        }
    }
}
