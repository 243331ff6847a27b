import Support

/// Distances along a measured path as Skia's `SkContourMeasure` counts them (what Chromium lays SVG
/// `textPath` text out with), mapped to the path's true arc length.
///
/// Skia does not integrate a curve's length: it halves the curve until each piece is "flat" (its
/// control points within `tolerance` of the points a third and two thirds along the chord, measured as
/// max(|dx|, |dy|)), and adds up the pieces' chords. A distance `d` then falls in one chord, the curve
/// parameter is interpolated linearly along that chord, and the point is the curve's point at that
/// parameter. Chords are shorter than the arcs they span, so the path comes out short (a semicircle of
/// radius 60, 188.50 long, measures 188.22) and every distance lands a little further along the curve
/// than the same true arc length would.
///
/// The curves are the ones Chromium hands Skia for SVG path data: lines; cubics; quadratics as their
/// exact cubics (the same parameter); elliptical arcs as Blink decomposes them, in pieces of at most a
/// quarter turn, each the cubic with handles `4/3·tan(δ/4)` of the unit circle mapped onto the ellipse.
/// Halving stops at 2⁻²⁰ of a curve's parameter (Skia's `tspan_big_enough` on its 30-bit parameter), and
/// here also at ``maximumDepth`` halvings, which bounds a curve's chords at 1 024 on huge coordinates.
///
/// ``arcDistance(at:)`` turns a chord distance into the true arc length (from the measure) of the point
/// Skia gives for it, so a layout counts its distances in chords and samples the exact measure.
public struct ChordDistances: Sendable {
    /// One chord: its end as a chord distance from the path's start, and the piece of curve it spans.
    struct Chord: Sendable {
        /// The chord distance at the chord's end (its start is the previous chord's end, or 0).
        var end: Double
        /// The measured segment it lies on (an index of the measure's segments).
        var segment: Int
        /// The parameter span of the modelled curve (the cubic; for an arc, the Blink piece's cubic).
        var t0: Double, t1: Double
        /// For an elliptical arc: which of `pieces` quarter-turn pieces the cubic is (0 of 0 otherwise).
        var piece: Int, pieces: Int
    }

    /// The path's length in chords (Skia's `SkContourMeasure::length()`, summed over the subpaths).
    public let length: Double
    /// The true arc length of the measured path (the measure's ``PathMeasure/length``).
    public let arcLength: Double
    /// Whether distances wrap around (the measure is one closed subpath).
    public let isClosed: Bool
    /// The flatness limit the chords were made with, in the path's units.
    public let tolerance: Double
    /// Whether distances run the path backwards (see ``reversed()``).
    public private(set) var isReversed = false
    private let chords: [Chord]
    private let measure: PathMeasure

    /// The most halvings of one curve (Skia allows 20; 10 gives 1 024 chords, flat to the tolerance on any
    /// curve smaller than about 10⁵ times the tolerance, which is every curve a document draws).
    public static let maximumDepth = 10

    /// Skia's chords of `measure`'s path, counted in the measure's direction (a reversed measure's from
    /// the path's end), each curve halved until flat to `tolerance` (Skia's default, `CHEAP_DIST_LIMIT` at `resScale` 1, is 0.5).
    /// A tolerance that is not a positive finite number is taken as 0.5.
    public init(_ measure: PathMeasure, tolerance: Double = 0.5) {
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.5
        var chords: [Chord] = []
        var d = 0.0
        for (i, seg) in measure.storage.segments.enumerated() {
            switch seg {
            case .line(let l):
                d += l.length
                chords.append(Chord(end: d, segment: i, t0: 0, t1: 1, piece: 0, pieces: 0))
            case .quad(let q):
                Self.halve(q.cubic, tolerance: tol, from: 0, to: 1, depth: 0) { t0, t1, c in
                    d += c; chords.append(Chord(end: d, segment: i, t0: t0, t1: t1, piece: 0, pieces: 0))
                }
            case .cubic(let c):
                Self.halve(c, tolerance: tol, from: 0, to: 1, depth: 0) { t0, t1, c in
                    d += c; chords.append(Chord(end: d, segment: i, t0: t0, t1: t1, piece: 0, pieces: 0))
                }
            case .arc(let a):
                let cubics = Self.blinkCubics(a)
                for (k, cubic) in cubics.enumerated() {
                    Self.halve(cubic, tolerance: tol, from: 0, to: 1, depth: 0) { t0, t1, c in
                        d += c; chords.append(Chord(end: d, segment: i, t0: t0, t1: t1, piece: k, pieces: cubics.count))
                    }
                }
            }
        }
        // Chords of no length (a point-like piece) add nothing and are dropped, as Skia drops them.
        var kept: [Chord] = []
        kept.reserveCapacity(chords.count)
        var last = 0.0
        for c in chords where c.end > last { kept.append(c); last = c.end }
        self.chords = kept
        self.measure = measure.isReversed ? measure.reversed() : measure
        length = last
        arcLength = measure.length
        isClosed = measure.isClosed
        self.tolerance = tol
        isReversed = measure.isReversed
    }

    /// The number of chords.
    public var chordCount: Int { chords.count }

    /// The same chords counted from the path's end, for the reversed measure: chord distance `d` of the
    /// result is `length − d` of this one, and its arc distance is `arcLength` minus this one's. O(1).
    /// (Skia's halving is symmetric, so the reversed curve has the same chords.)
    public func reversed() -> ChordDistances {
        var r = self
        r.isReversed.toggle()
        return r
    }

    /// Skia's rule for one cubic: halved at its midpoint while either inner control point lies more than
    /// `tolerance` (in x or in y) from the point a third (two thirds) along the chord, else one chord.
    private static func halve(_ c: CubicBez, tolerance: Double, from t0: Double, to t1: Double, depth: Int,
                              _ emit: (Double, Double, Double) -> Void) {
        func far(_ p: Point, _ q: Point) -> Bool { max(abs(p.x - q.x), abs(p.y - q.y)) > tolerance }
        let curvy = far(c.p1, c.p0.lerp(c.p3, 1.0 / 3)) || far(c.p2, c.p0.lerp(c.p3, 2.0 / 3))
        if curvy, depth < maximumDepth, t1 - t0 >= 0x1p-20 {
            let tm = (t0 + t1) / 2
            // de Casteljau at ½.
            let a = c.p0.lerp(c.p1, 0.5), b = c.p1.lerp(c.p2, 0.5), e = c.p2.lerp(c.p3, 0.5)
            let ab = a.lerp(b, 0.5), be = b.lerp(e, 0.5), m = ab.lerp(be, 0.5)
            halve(CubicBez(c.p0, a, ab, m), tolerance: tolerance, from: t0, to: tm, depth: depth + 1, emit)
            halve(CubicBez(m, be, e, c.p3), tolerance: tolerance, from: tm, to: t1, depth: depth + 1, emit)
        } else {
            emit(t0, t1, c.p0.distance(to: c.p3))
        }
    }

    /// The cubics Blink draws an elliptical arc with: ⌈|sweep| / (π/2 + 0.001)⌉ equal pieces, each the
    /// unit circle's cubic from θ₀ to θ₁ (handles of length 4/3·tan((θ₁ − θ₀)/4)) mapped onto the ellipse.
    static func blinkCubics(_ a: EllipticalArc) -> [CubicBez] {
        let n = max(1, Int((abs(a.sweepAngle) / (.pi / 2 + 0.001)).rounded(.up)))
        let cr = cos(a.xRotation), sr = sin(a.xRotation)
        func onEllipse(_ x: Double, _ y: Double) -> Point {
            let ex = a.radii.x * x, ey = a.radii.y * y
            return Point(a.center.x + cr * ex - sr * ey, a.center.y + sr * ex + cr * ey)
        }
        return (0..<n).map { k in
            let t0 = a.startAngle + Double(k) * a.sweepAngle / Double(n)
            let t1 = a.startAngle + Double(k + 1) * a.sweepAngle / Double(n)
            let h = 4.0 / 3 * tan((t1 - t0) / 4)
            let c0 = cos(t0), s0 = sin(t0), c1 = cos(t1), s1 = sin(t1)
            return CubicBez(onEllipse(c0, s0), onEllipse(c0 - h * s0, s0 + h * c0),
                            onEllipse(c1 + h * s1, s1 - h * c1), onEllipse(c1, s1))
        }
    }

    /// The true arc length (along the measure, forward) of the point Skia gives for chord distance `d`.
    ///
    /// Within `[0, length]` the chord holding `d` is found, the curve parameter interpolated linearly
    /// along it, and the arc length to that parameter returned. Beyond the ends: on a closed path
    /// distances wrap (whole turns of chords are whole turns of arc); on an open one they run on at
    /// the same rate (`d < 0` gives `d`, `d > length` gives `arcLength + d − length`), so a distance off
    /// the path stays off it by as much. NaN gives NaN.
    public func arcDistance(at d: Double) -> Double {
        isReversed ? arcLength - forwardArcDistance(at: length - d) : forwardArcDistance(at: d)
    }

    /// ``arcDistance(at:)`` counted from the path's start.
    private func forwardArcDistance(at d: Double) -> Double {
        guard d.isFinite, !chords.isEmpty else { return d }
        if isClosed, d < 0 || d > length {
            let turns = (d / length).rounded(.down)
            return turns * arcLength + within(d - turns * length)
        }
        if d <= 0 { return d }
        if d >= length { return arcLength + (d - length) }
        return within(d)
    }

    /// ``arcDistance(at:)`` for `d` in `[0, length]`.
    private func within(_ d: Double) -> Double {
        // The first chord ending at or after d (Skia's SkTKSearch).
        var lo = 0, hi = chords.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if chords[mid].end < d { lo = mid + 1 } else { hi = mid }
        }
        let c = chords[lo]
        let start = lo > 0 ? chords[lo - 1].end : 0
        let u = min(max((d - start) / (c.end - start), 0), 1)
        let t = c.t0 + (c.t1 - c.t0) * u
        return measure.forwardDistance(segment: c.segment, t: segmentParameter(c, t))
    }

    /// The parameter of the measured segment at parameter `t` of chord `c`'s modelled curve: the same for
    /// lines and Béziers; for an arc, the eccentric angle of the Blink cubic's point (which an affine map
    /// keeps), as a fraction of the sweep.
    private func segmentParameter(_ c: Chord, _ t: Double) -> Double {
        guard c.pieces > 0, case .arc(let a) = measure.storage.segments[c.segment] else { return t }
        let n = Double(c.pieces)
        let delta = a.sweepAngle / n
        // The piece's cubic on the unit circle from angle 0 to δ.
        let h = 4.0 / 3 * tan(delta / 4)
        let unit = CubicBez(Point(1, 0), Point(1, h), Point(cos(delta) + h * sin(delta), sin(delta) - h * cos(delta)),
                            Point(cos(delta), sin(delta)))
        let p = unit.eval(t)
        let phi = atan2(p.y, p.x)
        let fraction = delta == 0 ? t : min(max(phi / delta, 0), 1)
        return (Double(c.piece) + fraction) / n
    }
}
