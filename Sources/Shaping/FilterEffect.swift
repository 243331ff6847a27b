import Geometry

/// An SVG filter (`<filter>`) as data: its region, its units and its chain of primitives, in the user space
/// of the element it applies to, with the map from that space to the canvas.
///
/// ``resolved(box:)`` turns it into canvas pixels for the element's bounding box; the raster canvas runs
/// the resolved chain on the element's layer, an SVG document writes it as a `<filter>` (see the
/// "Rendering an SVG file" article).
public struct FilterEffect: Hashable, Sendable {
    /// What the region's (or the primitives') numbers are relative to.
    public enum Units: String, Hashable, Sendable {
        /// User-space lengths.
        case userSpaceOnUse
        /// Fractions of the element's bounding box.
        case objectBoundingBox
    }

    /// The filter region (`x`, `y`, `width`, `height`), in ``units``: by default 10 % of the bounding box
    /// beyond it on each side.
    public var region: Rect
    /// `filterUnits` (default `objectBoundingBox`).
    public var units: Units
    /// `primitiveUnits` (default `userSpaceOnUse`): what blur deviations and offsets are measured in.
    public var primitiveUnits: Units
    /// The element's user space to the canvas.
    public var transform: Affine
    /// The primitives, in document order; the last one's result is what is drawn.
    public var primitives: [FilterPrimitive]

    /// A filter with SVG's defaults: the region −10 %/120 % of the bounding box, primitives in user space.
    public init(region: Rect = Rect(minX: -0.1, minY: -0.1, maxX: 1.1, maxY: 1.1), units: Units = .objectBoundingBox,
                primitiveUnits: Units = .userSpaceOnUse, transform: Affine = .identity, primitives: [FilterPrimitive]) {
        self.region = region; self.units = units; self.primitiveUnits = primitiveUnits; self.transform = transform
        self.primitives = primitives
    }

    /// The most primitives one filter may hold (each keeps an image of the region while it is needed).
    public static let maximumPrimitives = 16
    /// The largest filter region, in canvas pixels (each primitive's image holds 16 bytes a pixel).
    public static let maximumRegionPixels = 4_194_304
    /// The largest blur deviation, in canvas pixels (the blur's cost does not grow with it; the bound keeps
    /// its numbers finite).
    public static let maximumDeviation = 10_000.0

    /// The largest morphology radius, in canvas pixels (the cost does not grow with it; the bound keeps it an
    /// integer).
    public static let maximumRadius = 10_000.0

    /// The most `tableValues` an `feFuncR`/`G`/`B`/`A` may hold (more are refused by name).
    public static let maximumTableValues = 4_096

    /// The largest offset, in canvas pixels (more moves everything out of any region a canvas can hold).
    public static let maximumOffset = 10_000_000.0

    /// The filter in canvas pixels for an element whose bounding box on the canvas is `box`: the region in
    /// canvas coordinates, deviations and offsets in pixels, ``transform`` the identity and both units
    /// `userSpaceOnUse`. Lengths are mapped by the transform's scale along each axis (offsets by its linear
    /// part); under a rotation the region is the bounding box of the mapped one. `nil` when the region is
    /// empty (objectBoundingBox units with no box or an empty one: the element is not drawn).
    ///
    /// Each primitive's subregion is resolved too, all four sides in canvas coordinates (Filter Effects 1,
    /// "filter primitive subregion"): by default the union of its inputs' subregions, or the filter region for
    /// a primitive that reads `SourceGraphic`, `SourceAlpha`, nothing or only empty subregions; each of `x`,
    /// `y`, `width`, `height` given replaces that side; the whole clipped to the filter region.
    public func resolved(box: Rect?) -> FilterEffect? {
        let t = transform
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        var canvasRegion: Rect
        switch units {
        case .objectBoundingBox:
            guard let b = box, b.maxX > b.minX, b.maxY > b.minY else { return nil }
            canvasRegion = Rect(minX: b.minX + region.minX * b.width, minY: b.minY + region.minY * b.height,
                                maxX: b.minX + region.maxX * b.width, maxY: b.minY + region.maxY * b.height)
        case .userSpaceOnUse:
            canvasRegion = Self.mapped(region, by: t)
        }
        guard canvasRegion.maxX > canvasRegion.minX, canvasRegion.maxY > canvasRegion.minY else { return nil }
        // A length along x and one along y, in primitive units, to canvas pixels.
        func lengths(_ x: Double, _ y: Double) -> (Double, Double) {
            switch primitiveUnits {
            case .userSpaceOnUse: return (x * sx, y * sy)
            case .objectBoundingBox:
                guard let b = box else { return (0, 0) }
                return (x * b.width, y * b.height)
            }
        }
        var out = self
        out.region = canvasRegion
        out.units = .userSpaceOnUse
        out.primitiveUnits = .userSpaceOnUse
        out.transform = .identity
        var subregions: [String: Rect] = [:]
        var previous = canvasRegion
        for k in out.primitives.indices {
            let p = out.primitives[k]
            var fallback: Rect?
            for i in p.inputs {
                let r: Rect
                switch i {
                case .sourceGraphic, .sourceAlpha: r = canvasRegion
                case .previous: r = previous
                case .named(let n): r = subregions[n] ?? previous
                }
                // As Chromium unites them: an empty subregion adds nothing (all empty: the filter region).
                guard r.maxX > r.minX, r.maxY > r.minY else { continue }
                fallback = fallback.map { Rect(minX: min($0.minX, r.minX), minY: min($0.minY, r.minY), maxX: max($0.maxX, r.maxX), maxY: max($0.maxY, r.maxY)) } ?? r
            }
            let sub = Self.clipped(p.subregion.replacing(fallback ?? canvasRegion, units: primitiveUnits, transform: t, box: box), to: canvasRegion)
            out.primitives[k].subregion = FilterSubregion(x: sub.minX, y: sub.minY, width: sub.width, height: sub.height)
            previous = sub
            if let n = p.result { subregions[n] = sub }
            switch out.primitives[k].operation {
            case .gaussianBlur(let x, let y):
                let (px, py) = lengths(x, y)
                func bounded(_ v: Double) -> Double { v.isNaN ? 0 : max(0, min(v, Self.maximumDeviation)) }
                out.primitives[k].operation = .gaussianBlur(x: bounded(px), y: bounded(py))
            case .morphology(let dilate, let x, let y):
                let (px, py) = lengths(x, y)
                func bounded(_ v: Double) -> Double { v.isNaN ? -1 : min(v, Self.maximumRadius) }
                out.primitives[k].operation = .morphology(dilate: dilate, x: bounded(px), y: bounded(py))
            case .offset(let dx, let dy):
                var (px, py) = primitiveUnits == .userSpaceOnUse ? (t.a * dx + t.c * dy, t.b * dx + t.d * dy) : lengths(dx, dy)
                px = px.isNaN ? 0 : max(-Self.maximumOffset, min(Self.maximumOffset, px))
                py = py.isNaN ? 0 : max(-Self.maximumOffset, min(Self.maximumOffset, py))
                out.primitives[k].operation = .offset(dx: px, dy: py)
            default: break
            }
        }
        return out
    }

    /// The bounding box of `r` mapped by `t`.
    static func mapped(_ r: Rect, by t: Affine) -> Rect {
        let c = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)].map { t.apply($0) }
        return Rect(minX: c.map(\.x).min()!, minY: c.map(\.y).min()!, maxX: c.map(\.x).max()!, maxY: c.map(\.y).max()!)
    }

    /// `r` within `region` (empty, at `r`'s corner, when they do not meet).
    static func clipped(_ r: Rect, to region: Rect) -> Rect {
        let x0 = max(r.minX, region.minX), y0 = max(r.minY, region.minY)
        return Rect(minX: x0, minY: y0, maxX: max(x0, min(r.maxX, region.maxX)), maxY: max(y0, min(r.maxY, region.maxY)))
    }

    /// The filter with its region and lengths in a space moved by `shift` (a fitted canvas's offset).
    public func moved(by shift: Affine) -> FilterEffect {
        var out = self
        out.transform = shift * transform
        return out
    }
}

/// One filter primitive: what it does, what it reads and the name of its result.
public struct FilterPrimitive: Hashable, Sendable {
    /// The operation.
    public var operation: FilterOperation
    /// `in`: the image it reads (default: the previous primitive's result, or the source graphic first).
    public var input: FilterInput
    /// `result`: the name later primitives read it by.
    public var result: String?
    /// `color-interpolation-filters`: whether it works on linear-light values (`linearRGB`, the default)
    /// or on sRGB values.
    public var linearRGB: Bool
    /// The primitive subregion's `x`, `y`, `width`, `height` as given (in the filter's `primitiveUnits`);
    /// after ``FilterEffect/resolved(box:)``, all four in canvas coordinates.
    public var subregion: FilterSubregion

    /// A primitive reading `input`, in linear light unless told otherwise, with the default subregion.
    public init(_ operation: FilterOperation, input: FilterInput = .previous, result: String? = nil, linearRGB: Bool = true,
                subregion: FilterSubregion = FilterSubregion()) {
        self.operation = operation; self.input = input; self.result = result; self.linearRGB = linearRGB
        self.subregion = subregion
    }

    /// The images it reads.
    public var inputs: [FilterInput] {
        switch operation {
        case .flood: []
        case .merge(let l): l
        case .composite(_, let in2), .blend(_, let in2): [input, in2]
        default: [input]
        }
    }
}

/// A filter primitive subregion: the `x`, `y`, `width` and `height` a primitive gives, each `nil` where it
/// takes the default (its inputs' subregions, or the filter region).
public struct FilterSubregion: Hashable, Sendable {
    /// The left side, in the filter's `primitiveUnits`.
    public var x: Double?
    /// The top side.
    public var y: Double?
    /// The width (zero or less: an empty subregion, the primitive's result is transparent).
    public var width: Double?
    /// The height.
    public var height: Double?

    /// A subregion with the sides given.
    public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The subregion in canvas coordinates: `fallback` (canvas) with the sides given replaced, measured in
    /// `units`: fractions of `box` (canvas), or user-space lengths mapped by `transform` (under a rotation,
    /// the bounding box of the mapped rectangle).
    func replacing(_ fallback: Rect, units: FilterEffect.Units, transform t: Affine, box: Rect?) -> Rect {
        guard x != nil || y != nil || width != nil || height != nil else { return fallback }
        // The default in the primitives' units, its sides replaced, back to the canvas.
        func sides(_ d: Rect, toCanvas: (Double, Double, Double, Double) -> Rect) -> Rect {
            toCanvas(x ?? d.minX, y ?? d.minY, max(0, width ?? d.width), max(0, height ?? d.height))
        }
        switch units {
        case .objectBoundingBox:
            guard let b = box, b.width > 0, b.height > 0 else { return fallback }
            let f = Rect(minX: (fallback.minX - b.minX) / b.width, minY: (fallback.minY - b.minY) / b.height,
                         maxX: (fallback.maxX - b.minX) / b.width, maxY: (fallback.maxY - b.minY) / b.height)
            return sides(f) { x, y, w, h in
                Rect(minX: b.minX + x * b.width, minY: b.minY + y * b.height, maxX: b.minX + (x + w) * b.width, maxY: b.minY + (y + h) * b.height)
            }
        case .userSpaceOnUse:
            guard let inverse = t.inverse else { return fallback }
            return sides(FilterEffect.mapped(fallback, by: inverse)) { x, y, w, h in
                FilterEffect.mapped(Rect(minX: x, minY: y, maxX: x + w, maxY: y + h), by: t)
            }
        }
    }
}

/// The image a primitive reads.
public enum FilterInput: Hashable, Sendable {
    /// The previous primitive's result (the source graphic for the first).
    case previous
    /// `SourceGraphic`: the element as drawn.
    case sourceGraphic
    /// `SourceAlpha`: the element's alpha, black.
    case sourceAlpha
    /// A named `result` of an earlier primitive.
    case named(String)
}

/// An `feFuncR`, `feFuncG`, `feFuncB` or `feFuncA` of an `feComponentTransfer`: a map of one channel, 0…1
/// to 0…1 (the result clamped).
public enum FilterTransferFunction: Hashable, Sendable {
    /// `identity`: the value as it is.
    case identity
    /// `table`: linear interpolation between `tableValues` spread evenly over 0…1 (an empty table: identity).
    case table([Double])
    /// `discrete`: a step function, the value's `tableValues` interval's value (an empty table: identity).
    case discrete([Double])
    /// `linear`: `slope`·C + `intercept`.
    case linear(slope: Double, intercept: Double)
    /// `gamma`: `amplitude`·C^`exponent` + `offset`.
    case gamma(amplitude: Double, exponent: Double, offset: Double)
}

/// A `feComposite` operator.
public enum FilterCompositeOperator: Hashable, Sendable {
    /// Porter–Duff source-over: `in` over `in2`.
    case over
    /// `in` where `in2` is (times its alpha).
    case `in`
    /// `in` where `in2` is not (times one minus its alpha).
    case out
    /// `in` over `in2`, within `in2`.
    case atop
    /// Each where the other is not.
    case xor
    /// `arithmetic`: k1·i1·i2 + k2·i1 + k3·i2 + k4 on premultiplied values, clamped.
    case arithmetic(k1: Double, k2: Double, k3: Double, k4: Double)
}

/// What a ``FilterPrimitive`` does.
public enum FilterOperation: Hashable, Sendable {
    /// `feFlood`: the region filled with a colour (straight alpha, `flood-opacity` multiplied in).
    case flood(RGBAColor)
    /// `feGaussianBlur`: deviations along x and y (a zero one does not blur along its axis).
    case gaussianBlur(x: Double, y: Double)
    /// `feOffset`: the input moved by dx, dy.
    case offset(dx: Double, dy: Double)
    /// `feMerge`: the inputs composited source-over, first at the bottom.
    case merge([FilterInput])
    /// `feComposite`: the input combined with `in2` by the operator.
    case composite(FilterCompositeOperator, in2: FilterInput)
    /// `feBlend`: the input blended over `in2` by a blend mode (`normal` is ``GroupBlend/sourceOver``; the
    /// others are the separable and non-separable modes).
    case blend(GroupBlend, in2: FilterInput)
    /// `feMorphology`: `erode` (each channel the minimum over a window) or `dilate` (the maximum), with radii
    /// along x and y; a zero radius leaves its axis unchanged, a negative one makes the result the input.
    case morphology(dilate: Bool, x: Double, y: Double)
    /// `feComponentTransfer`: a function for each of red, green, blue and alpha (four), on straight-alpha
    /// colour in 0…1.
    case componentTransfer([FilterTransferFunction])
    /// `feColorMatrix`: a 4 × 5 matrix (row-major, 20 values) on straight-alpha RGBA in 0…1.
    case colorMatrix([Double])
}
