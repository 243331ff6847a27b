import Support
import Geometry

/// A colour stop of a ``Gradient``: where on the gradient (0 at its start, 1 at its end) and which colour.
public struct GradientStop: Hashable, Sendable {
    /// The stop's position, 0…1 (the renderer sorts nothing: offsets are kept non-decreasing by ``Gradient/init(_:stops:units:transform:spread:)``).
    public var offset: Double
    /// The stop's colour, straight alpha.
    public var color: RGBAColor

    /// Creates a stop.
    public init(offset: Double, color: RGBAColor) { self.offset = offset; self.color = color }
}

/// What a gradient's coordinates are relative to (SVG `gradientUnits`).
public enum GradientUnits: String, Hashable, Sendable, CaseIterable {
    /// Fractions of the painted object's bounding box (for a label, the union of its glyph cells, as SVG
    /// defines a text's box): `0 0` is its top-left corner, `1 1` its bottom-right.
    case objectBoundingBox
    /// Canvas coordinates (the user space of the element that paints).
    case userSpaceOnUse
}

/// What a gradient paints beyond its ends (SVG `spreadMethod`, COLRv1's `extend`).
public enum GradientSpread: String, Hashable, Sendable, CaseIterable {
    /// The end colours go on.
    case pad
    /// The gradient repeats mirrored.
    case reflect
    /// The gradient repeats.
    case `repeat`
}

/// The geometry of a gradient, in its own space (before ``Gradient/transform``).
public enum GradientShape: Hashable, Sendable {
    /// Colour changes along the line from `start` (offset 0) to `end` (offset 1) and is constant across it.
    case linear(start: Point, end: Point)
    /// A two-point conical gradient: offset t is on the circle whose centre and radius are interpolated
    /// from (`start`, `startRadius`) at 0 to (`end`, `endRadius`) at 1 (an SVG radial gradient starts at its
    /// focal point `fx fy fr` and ends at `cx cy r`; COLRv1's radial gradient is the same).
    case radial(start: Point, startRadius: Double, end: Point, endRadius: Double)
    /// Colour changes with the angle around `center`, from `startAngle` (offset 0) to `endAngle` (offset 1),
    /// clockwise on a y-down canvas (COLRv1's sweep gradient, its angles taken counter-clockwise in y-up font
    /// space, arrives here already mapped).
    case sweep(center: Point, startAngle: Angle, endAngle: Angle)
}

/// A gradient paint: a shape, colour stops, what the coordinates are relative to, a transform and a spread.
public struct Gradient: Hashable, Sendable {
    /// The most stops kept (a longer list is cut).
    public static let maximumStops = 256

    /// The geometry in gradient space.
    public var shape: GradientShape
    /// The stops, offsets non-decreasing in 0…1; at least one.
    public var stops: [GradientStop]
    /// What the coordinates are relative to.
    public var units: GradientUnits
    /// Gradient space to the units' space (SVG `gradientTransform`).
    public var transform: Affine
    /// What is painted beyond the ends.
    public var spread: GradientSpread

    /// Creates a gradient. Offsets are clamped to 0…1 and each to at least the one before it (as SVG says);
    /// no stop gives a transparent one; more than ``maximumStops`` are cut.
    public init(_ shape: GradientShape, stops: [GradientStop], units: GradientUnits = .objectBoundingBox,
                transform: Affine = .identity, spread: GradientSpread = .pad) {
        self.shape = shape; self.units = units; self.transform = transform; self.spread = spread
        var clean: [GradientStop] = []
        var last = 0.0
        for s in stops.prefix(Self.maximumStops) {
            let o = s.offset.isFinite ? max(last, min(1, s.offset)) : last
            clean.append(GradientStop(offset: o, color: s.color)); last = o
        }
        self.stops = clean.isEmpty ? [GradientStop(offset: 0, color: .transparent)] : clean
    }

    /// The gradient with its coordinates in canvas space: for ``GradientUnits/objectBoundingBox`` the box
    /// `box` (canvas coordinates) is mapped in front of ``transform``. `nil` when that box has no width or
    /// no height (SVG then paints nothing).
    public func resolved(in box: Rect) -> Gradient? {
        guard units == .objectBoundingBox else { return self }
        let w = box.maxX - box.minX, h = box.maxY - box.minY
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
        var g = self
        g.units = .userSpaceOnUse
        g.transform = Affine(w, 0, 0, h, box.minX, box.minY) * transform
        return g
    }

    /// The colour of the stops at offset `t` (clamped to 0…1: spread `t` first with ``spread(_:_:)``),
    /// straight alpha, stops interpolated in straight-alpha sRGB as browsers do for SVG.
    public func color(at t: Double) -> RGBAColor {
        let u = t.isFinite ? max(0, min(1, t)) : 0
        guard let first = stops.first, let last = stops.last else { return .transparent }
        if u <= first.offset { return first.color }
        if u >= last.offset { return last.color }
        var i = 1
        while i < stops.count && stops[i].offset < u { i += 1 }
        let a = stops[i - 1], b = stops[min(i, stops.count - 1)]
        let span = b.offset - a.offset
        let f = span > 0 ? (u - a.offset) / span : 1
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(x) + (Double(y) - Double(x)) * f).rounded()))) }
        return RGBAColor(r: mix(a.color.r, b.color.r), g: mix(a.color.g, b.color.g), b: mix(a.color.b, b.color.b), a: mix(a.color.a, b.color.a))
    }

    /// `t` mapped into 0…1 by `spread`.
    public static func spread(_ t: Double, _ spread: GradientSpread) -> Double {
        guard t.isFinite else { return 0 }
        switch spread {
        case .pad: return max(0, min(1, t))
        case .repeat: return t - t.rounded(.down)
        case .reflect:
            let m = t.truncatingRemainder(dividingBy: 2), r = m < 0 ? m + 2 : m
            return r > 1 ? 2 - r : r
        }
    }

    /// The offset (before spreading) of the point `p` in gradient space, or `nil` where the gradient
    /// paints nothing (outside both circles of a radial gradient whose circles do not enclose each other).
    public func offset(at p: Point) -> Double? {
        switch shape {
        case .linear(let s, let e):
            let d = e - s, l2 = d.dot(d)
            guard l2 > 0 else { return 1 }   // SVG: a zero-length vector paints the last stop
            return (p - s).dot(d) / l2
        case .radial(let f, let fr, let c, let r):
            // |p − lerp(f, c, t)| = lerp(fr, r, t), the largest t with a radius ≥ 0.
            let cd = c - f, pd = p - f, dr = r - fr
            let a = cd.dot(cd) - dr * dr, b = pd.dot(cd) + fr * dr, k = pd.dot(pd) - fr * fr
            if abs(a) < 1e-12 {
                guard abs(b) > 1e-12 else { return nil }
                let t = k / (2 * b)
                return fr + t * dr >= 0 ? t : nil
            }
            let disc = b * b - a * k
            guard disc >= 0 else { return nil }
            let q = disc.squareRoot()
            let t1 = (b + q) / a, t2 = (b - q) / a
            let hi = max(t1, t2), lo = min(t1, t2)
            if fr + hi * dr >= 0 { return hi }
            if fr + lo * dr >= 0 { return lo }
            return nil
        case .sweep(let c, let a0, let a1):
            let v = p - c
            var angle = atan2(v.y, v.x)   // clockwise on a y-down canvas
            if angle < 0 { angle += 2 * Double.pi }
            let span = a1.radians - a0.radians
            guard span != 0 else { return angle >= a0.radians ? 1 : 0 }
            return (angle - a0.radians) / span
        }
    }

    /// The colour of the stop halfway along, for surfaces that draw one colour only.
    public var meanColor: RGBAColor { color(at: 0.5) }
}
