import Support
import Geometry

/// Polylines in device pixels: a path with its transform applied, curves replaced by chords.
///
/// The scratch geometry that the ``Rasterizer`` fills and the stroker builds. Points go straight into a
/// manually managed buffer that grows geometrically and is kept across uses, so flattening one glyph
/// after another allocates nothing once warm and stores each point with a plain write (no checked
/// `Array.append`). The bounding box is tracked as points are stored, so the rasterizer needs no
/// separate pass over them.
///
/// Curves are flattened with the transform applied to the control points first, so the tolerance is in
/// device pixels whatever the scale. The step counts are Geometry's one rule, ``Flattening``: cubics in
/// `n` equal parameter steps from the bound on the second derivative, evaluated by forward differences;
/// elliptical arcs in `n` equal angle steps whose sagitta on the larger radius is at most the tolerance,
/// evaluated by a rotation recurrence, with area-preserving vertices (see ``appendArc(_:_:_:)``).
/// Quadratics are the documented special case: FreeType's own step rule (see ``appendQuad(_:_:_:_:)``).
///
/// Value semantics: the point buffer is shared between copies until ``removeAll()``, which every
/// rebuild starts with, gives this value a buffer of its own.
struct FlattenedContours: Sendable {
    /// The point buffer. Only a uniquely referenced one is ever written (see ``removeAll()``).
    private final class Storage: @unchecked Sendable {
        let points: UnsafeMutablePointer<SIMD2<Double>>
        let capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            points = .allocate(capacity: capacity)
        }
        deinit { points.deallocate() }
    }

    private var storage = Storage(capacity: 256)
    /// Number of points.
    private(set) var pointCount = 0
    /// For each contour, the number of points up to and including its last point.
    private(set) var ends: [Int] = []
    /// For each contour, whether its subpath was closed.
    private(set) var closed: [Bool] = []
    /// The least and greatest coordinates of all points (±∞ when there are none).
    private var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
    /// Zero while every input point was finite, NaN otherwise.
    private var probe = SIMD2<Double>.zero

    /// The largest number of chords one curve is cut into (``Flattening/maxSteps``).
    static let maxSteps = Flattening.maxSteps

    /// Forgets all contours, keeping the buffer if no copy shares it.
    mutating func removeAll() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
        pointCount = 0
        if !ends.isEmpty {
            ends.removeAll(keepingCapacity: true)
            closed.removeAll(keepingCapacity: true)
        }
        lo = SIMD2(repeating: .infinity); hi = SIMD2(repeating: -.infinity)
        probe = .zero
    }

    /// Room for `n` more points; returns where the next point goes.
    @inline(__always) private mutating func reserve(_ n: Int) -> UnsafeMutablePointer<SIMD2<Double>> {
        if pointCount + n > storage.capacity { grow(pointCount + n) }
        return storage.points + pointCount
    }

    @inline(never) private mutating func grow(_ needed: Int) {
        let bigger = Storage(capacity: Swift.max(needed, 2 * storage.capacity))
        bigger.points.update(from: storage.points, count: pointCount)
        storage = bigger
    }

    /// Includes `p` in the bounding box.
    @inline(__always) private mutating func include(_ p: SIMD2<Double>) {
        lo = lo.replacing(with: p, where: p .< lo)
        hi = hi.replacing(with: p, where: p .> hi)
    }

    /// Records whether `p` is finite (`p·0` is 0 for finite values, NaN otherwise).
    @inline(__always) private mutating func check(_ p: SIMD2<Double>) { probe += p * 0 }

    /// Appends a point, which must be finite for the contours to be rasterized.
    @inline(__always) mutating func push(_ x: Double, _ y: Double) {
        let p = SIMD2(x, y)
        reserve(1).pointee = p
        pointCount += 1
        include(p)
        check(p)
    }

    @inline(__always) private mutating func push(_ p: Point) { push(p.x, p.y) }

    /// Point `i`.
    subscript(i: Int) -> Point {
        let p = storage.points[i]
        return Point(p.x, p.y)
    }

    /// Calls `body` with the points.
    func withPoints<R>(_ body: (UnsafePointer<SIMD2<Double>>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.points) }
    }

    /// Ends the contour begun after the previous one; a contour of fewer than two points is dropped.
    mutating func endContour(closed isClosed: Bool) {
        let start = ends.last ?? 0
        if pointCount - start < 2 {
            if pointCount > start { dropPoints(from: start) }
            return
        }
        ends.append(pointCount)
        closed.append(isClosed)
    }

    /// Forgets the points from `start` on and recomputes the bounding box (rare: a lone point).
    private mutating func dropPoints(from start: Int) {
        pointCount = start
        lo = SIMD2(repeating: .infinity); hi = SIMD2(repeating: -.infinity)
        probe = .zero
        for i in 0..<start {
            let p = storage.points[i]
            include(p); check(p)
        }
    }

    /// The points of contour `i`.
    func range(of i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    /// Appends every non-empty subpath of `path`, mapped by `m` and flattened within `tolerance` pixels.
    mutating func append(_ path: BezPath, transform m: Affine, tolerance: Double) {
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
        let quadScale = Self.quadScale(tol)
        for sp in path.subpaths where !sp.segments.isEmpty {
            push(m.apply(sp.start))
            for seg in sp.segments {
                switch seg {
                case .line(let l):
                    push(m.apply(l.p1))
                case .quad(let q):
                    appendQuad(m.apply(q.p0), m.apply(q.p1), m.apply(q.p2), scale: quadScale)
                case .cubic(let c):
                    appendCubic(m.apply(c.p0), m.apply(c.p1), m.apply(c.p2), m.apply(c.p3), tol)
                case .arc(let a):
                    appendArc(a, m, tol)
                }
            }
            endContour(closed: sp.isClosed)
        }
    }

    /// Stores the `n − 1` inner points of forward differences from `p` (first and second differences
    /// `d1`, `d2`, third `d3`), then `end`. The control points were checked by the caller; the inner
    /// points of finite input are finite or overflow to ±∞, which the bounding box then shows.
    @inline(__always) private mutating func forwardDifferences(_ n: Int, from p0: SIMD2<Double>, _ d1: SIMD2<Double>,
                                                               _ d2: SIMD2<Double>, _ d3: SIMD2<Double>,
                                                               to end: SIMD2<Double>) {
        let out = reserve(n)
        var p = p0, d1 = d1, d2 = d2
        var lo = self.lo, hi = self.hi
        for i in 0..<(n - 1) {
            p += d1; d1 += d2; d2 += d3
            out[i] = p
            lo = lo.replacing(with: p, where: p .< lo)
            hi = hi.replacing(with: p, where: p .> hi)
        }
        out[n - 1] = end
        self.lo = lo.replacing(with: end, where: end .< lo)
        self.hi = hi.replacing(with: end, where: end .> hi)
        pointCount += n
    }

    /// Quadratics (all TrueType glyphs) use FreeType's step rule, scaled by the tolerance: the number of
    /// chords is the smallest power of two `n` with `⌊…⌊⌊u⌋/4⌋…/4⌋ ≤ 64` (log₄ n divisions), where
    /// `u = max(|ddx|, |ddy|)·64/(2.5·tol)` and `dd = p0 − 2·p1 + p2`. So `|dd|∞/n² < 2.5·tol·65/64`, a chord
    /// strays at most `|dd|/(4n²) < 0.9·tol`, and at
    /// the default 0.1 px the chords are FreeType's own (`|dd|∞ ≤ ¼ px`), so glyphs match its renderer
    /// to within rounding rather than to within two different flattenings.
    mutating func appendQuad(_ q0: Point, _ q1: Point, _ q2: Point, _ tol: Double) {
        appendQuad(q0, q1, q2, scale: Self.quadScale(tol))
    }

    /// The factor from `|dd|∞` (pixels) to the units of ``appendQuad(_:_:_:_:)``'s step rule at tolerance `tol`.
    static func quadScale(_ tol: Double) -> Double { 64 / (2.5 * tol) }

    /// ``appendQuad(_:_:_:_:)`` with the tolerance given as ``quadScale(_:)``. A quadratic flat enough for
    /// one chord (most of a small glyph's) is its end point; the rest are flattened out of line.
    @inline(__always)
    mutating func appendQuad(_ q0: Point, _ q1: Point, _ q2: Point, scale: Double) {
        let p0 = SIMD2(q0.x, q0.y), p1 = SIMD2(q1.x, q1.y), p2 = SIMD2(q2.x, q2.y)
        let dd = p0 - 2 * p1 + p2
        // One chord when ⌊u⌋ ≤ 64; NaN goes the long way, which gives one chord too.
        if Swift.max(abs(dd.x), abs(dd.y)) * scale < 65 {
            check(p1)
            push(q2.x, q2.y)
            return
        }
        appendCurvedQuad(p0, p1, p2, dd * scale)
    }

    /// A quadratic of more than one chord (`scaledDD` is `dd` in the step rule's units).
    @inline(never)
    private mutating func appendCurvedQuad(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>,
                                           _ scaledDD: SIMD2<Double>) {
        check(p1); check(p2)
        // B(t) = p0 + 2t(p1 − p0) + t²·dd, B'' = 2·dd.
        let dd = p0 - 2 * p1 + p2
        // In units of limit/64 (1/256 px at the default), truncated at each step like FreeType's shifts.
        let scaled = Swift.max(abs(scaledDD.x), abs(scaledDD.y))
        var units = scaled.isFinite ? Int(Swift.min(scaled, 1e15)) : 0
        var n = 1
        while units > 64 && n < Self.maxSteps { units >>= 2; n <<= 1 }
        let h = 1 / Double(n), h2 = h * h
        forwardDifferences(n, from: p0, 2 * h * (p1 - p0) + h2 * dd, 2 * h2 * dd, .zero, to: p2)
    }

    mutating func appendCubic(_ q0: Point, _ q1: Point, _ q2: Point, _ q3: Point, _ tol: Double) {
        let p0 = SIMD2(q0.x, q0.y), p1 = SIMD2(q1.x, q1.y), p2 = SIMD2(q2.x, q2.y), p3 = SIMD2(q3.x, q3.y)
        check(p1); check(p2); check(p3)
        // B(t) = p0 + c·t + b·t² + a·t³; B'' is a convex combination of 6·(second differences).
        let c = 3 * (p1 - p0)
        let b = 3 * (p0 - 2 * p1 + p2)
        let a = p3 - 3 * p2 + 3 * p1 - p0
        let e1 = p0 - 2 * p1 + p2, e2 = p1 - 2 * p2 + p3
        let m = 6 * Swift.max((e1 * e1).sum().squareRoot(), (e2 * e2).sum().squareRoot())
        let n = Flattening.steps(secondDerivativeBound: m, tolerance: tol)
        let h = 1 / Double(n), h2 = h * h, h3 = h2 * h
        forwardDifferences(n, from: p0, a * h3 + b * h2 + c * h, 6 * a * h3 + 2 * b * h2, 6 * a * h3, to: p3)
    }

    mutating func appendArc(_ arc: EllipticalArc, _ t: Affine, _ tol: Double) {
        // p(θ) = c + M·(cos θ, sin θ), M = t.linear · R(xRotation) · diag(rx, ry).
        let cr = cos(arc.xRotation), sr = sin(arc.xRotation)
        let ea = cr * arc.radii.x, eb = sr * arc.radii.x, ec = -sr * arc.radii.y, ed = cr * arc.radii.y
        let ma = t.a * ea + t.c * eb, mb = t.b * ea + t.d * eb
        let mc = t.a * ec + t.c * ed, md = t.b * ec + t.d * ed
        let center = t.apply(arc.center)
        // Largest singular value of M: the larger radius on the device.
        let s = ma * ma + mb * mb + mc * mc + md * md, det = ma * md - mb * mc
        let r = ((s + Swift.max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
        let n = Flattening.arcSteps(radius: r, sweep: arc.sweepAngle, tolerance: tol)
        if n > 1 {
            // The inner vertices sit at the middles of the n equal steps, scaled by k slightly outside the
            // ellipse, and the exact end points join the first and last of them. k makes the fan from the
            // centre exactly as large as the sector: (n−1)·k²·sin δ + 2k·sin(δ/2) = n·δ (on the unit
            // circle; affine maps scale all areas alike). So a flattened circle keeps its area instead of
            // losing ⅔·sagitta·chord per chord, and the polygon strays less than plain chords would.
            let delta = arc.sweepAngle / Double(n)
            let cd = cos(delta), sd = sin(delta)
            let qa = Double(n - 1) * abs(sd), qb = 2 * abs(sin(delta / 2)), qc = Double(n) * abs(delta)
            let k = qa > 0 ? ((qb * qb + 4 * qa * qc).squareRoot() - qb) / (2 * qa) : 1  // δ ∈ (0, π): qa > 0
            let ka = k * ma, kb = k * mb, kc = k * mc, kd = k * md
            var co = cos(arc.startAngle + delta / 2), si = sin(arc.startAngle + delta / 2)
            for _ in 0..<n {
                push(center.x + ka * co + kc * si, center.y + kb * co + kd * si)
                (co, si) = (co * cd - si * sd, si * cd + co * sd)
            }
        }
        let th = arc.startAngle + arc.sweepAngle
        push(center.x + ma * cos(th) + mc * sin(th), center.y + mb * cos(th) + md * sin(th))
    }

    /// The smallest pixel rectangle holding every point, or `nil` when there are no points or one is not
    /// finite. Coordinates are limited to ±2²⁴ so that the result is a valid rectangle.
    var pixelBounds: PixelRect? {
        guard pointCount > 0, probe == .zero, lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite
        else { return nil }
        let lim = Double(1 << 24)
        func clamp(_ v: Double) -> Int { Int(Swift.max(-lim, Swift.min(lim, v))) }
        let ix0 = clamp(lo.x.rounded(.down)), iy0 = clamp(lo.y.rounded(.down))
        let ix1 = clamp(hi.x.rounded(.up)), iy1 = clamp(hi.y.rounded(.up))
        return PixelRect(x: ix0, y: iy0, width: ix1 - ix0, height: iy1 - iy0)
    }
}
