#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// Polylines in device pixels: a path with its transform applied, curves replaced by chords.
///
/// The scratch geometry that the ``Rasterizer`` fills and the stroker builds; its arrays keep their
/// capacity across uses, so flattening one glyph after another allocates nothing once warm.
///
/// Curves are flattened with the transform applied to the control points first, so the tolerance is in
/// device pixels whatever the scale: Béziers in `n` equal parameter steps evaluated by forward differences,
/// with `n` from the bound on the second derivative (a chord of a curve with `‖B''‖ ≤ M` over a parameter
/// step `h` strays at most `M·h²/8`); elliptical arcs in `n` equal angle steps whose sagitta on the larger
/// radius is at most the tolerance, evaluated by a rotation recurrence, with area-preserving vertices
/// (see ``appendArc(_:_:_:)``).
struct FlattenedContours: Sendable {
    /// Interleaved x, y coordinates of all points.
    var coordinates: [Double] = []
    /// For each contour, the number of points (not coordinates) up to and including its last point.
    var ends: [Int] = []
    /// For each contour, whether its subpath was closed.
    var closed: [Bool] = []

    /// The largest number of chords one curve is cut into.
    static let maxSteps = 1 << 16

    /// Number of points.
    var pointCount: Int { coordinates.count / 2 }

    /// Forgets all contours, keeping capacity.
    mutating func removeAll() {
        coordinates.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        closed.removeAll(keepingCapacity: true)
    }

    @inline(__always) mutating func push(_ x: Double, _ y: Double) {
        coordinates.append(x); coordinates.append(y)
    }

    /// Ends the contour begun after the previous one; a contour of fewer than two points is dropped.
    mutating func endContour(closed isClosed: Bool) {
        let start = ends.last ?? 0
        if pointCount - start < 2 {
            coordinates.removeLast(2 * (pointCount - start))
            return
        }
        ends.append(pointCount)
        closed.append(isClosed)
    }

    /// The points of contour `i`.
    func range(of i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    /// Appends every non-empty subpath of `path`, mapped by `m` and flattened within `tolerance` pixels.
    mutating func append(_ path: Path, transform m: Affine, tolerance: Double) {
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
        for sp in path.subpaths where !sp.segments.isEmpty {
            let s = m.apply(sp.start)
            push(s.x, s.y)
            for seg in sp.segments {
                switch seg {
                case .line(let l):
                    let p = m.apply(l.p1)
                    push(p.x, p.y)
                case .quad(let q):
                    appendQuad(m.apply(q.p0), m.apply(q.p1), m.apply(q.p2), tol)
                case .cubic(let c):
                    appendCubic(m.apply(c.p0), m.apply(c.p1), m.apply(c.p2), m.apply(c.p3), tol)
                case .arc(let a):
                    appendArc(a, m, tol)
                }
            }
            endContour(closed: sp.isClosed)
        }
    }

    /// `⌈√(bound / (8·tol))⌉` steps, clamped to `1...maxSteps` (1 for non-finite input).
    @inline(__always) static func steps(secondDerivativeBound bound: Double, _ tol: Double) -> Int {
        let n = (bound / (8 * tol)).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        return Swift.max(1, Swift.min(maxSteps, Int(n)))
    }

    /// Quadratics (all TrueType glyphs) use FreeType's step rule, scaled by the tolerance: the number of
    /// chords is the smallest power of two `n` with `⌊…⌊⌊u⌋/4⌋…/4⌋ ≤ 64` (log₄ n divisions), where
    /// `u = max(|ddx|, |ddy|)·64/(2.5·tol)` and `dd = p0 − 2·p1 + p2`. So `|dd|∞/n² < 2.5·tol·65/64`, a chord
    /// strays at most `|dd|/(4n²) < 0.9·tol`, and at
    /// the default 0.1 px the chords are FreeType's own (`|dd|∞ ≤ ¼ px`), so glyphs match its renderer
    /// to within rounding rather than to within two different flattenings.
    mutating func appendQuad(_ p0: Point, _ p1: Point, _ p2: Point, _ tol: Double) {
        // B(t) = p0 + 2t(p1 − p0) + t²·dd, B'' = 2·dd.
        let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
        // In units of limit/64 (1/256 px at the default), truncated at each step like FreeType's shifts.
        let scaled = Swift.max(abs(ddx), abs(ddy)) * (64 / (2.5 * tol))
        var units = scaled.isFinite ? Int(Swift.min(scaled, 1e15)) : 0
        var n = 1
        while units > 64 && n < Self.maxSteps { units >>= 2; n <<= 1 }
        if n > 1 {
            let h = 1 / Double(n), h2 = h * h
            var x = p0.x, y = p0.y
            var d1x = 2 * h * (p1.x - p0.x) + h2 * ddx, d1y = 2 * h * (p1.y - p0.y) + h2 * ddy
            let d2x = 2 * h2 * ddx, d2y = 2 * h2 * ddy
            for _ in 1..<n {
                x += d1x; y += d1y
                d1x += d2x; d1y += d2y
                push(x, y)
            }
        }
        push(p2.x, p2.y)
    }

    mutating func appendCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tol: Double) {
        // B(t) = p0 + c·t + b·t² + a·t³; B'' is a convex combination of 6·(second differences).
        let cx = 3 * (p1.x - p0.x), cy = 3 * (p1.y - p0.y)
        let bx = 3 * (p0.x - 2 * p1.x + p2.x), by = 3 * (p0.y - 2 * p1.y + p2.y)
        let ax = p3.x - 3 * p2.x + 3 * p1.x - p0.x, ay = p3.y - 3 * p2.y + 3 * p1.y - p0.y
        let e1x = p0.x - 2 * p1.x + p2.x, e1y = p0.y - 2 * p1.y + p2.y
        let e2x = p1.x - 2 * p2.x + p3.x, e2y = p1.y - 2 * p2.y + p3.y
        let m = 6 * Swift.max((e1x * e1x + e1y * e1y).squareRoot(), (e2x * e2x + e2y * e2y).squareRoot())
        let n = Self.steps(secondDerivativeBound: m, tol)
        if n > 1 {
            let h = 1 / Double(n), h2 = h * h, h3 = h2 * h
            var x = p0.x, y = p0.y
            var d1x = ax * h3 + bx * h2 + cx * h, d1y = ay * h3 + by * h2 + cy * h
            var d2x = 6 * ax * h3 + 2 * bx * h2, d2y = 6 * ay * h3 + 2 * by * h2
            let d3x = 6 * ax * h3, d3y = 6 * ay * h3
            for _ in 1..<n {
                x += d1x; y += d1y
                d1x += d2x; d1y += d2y
                d2x += d3x; d2y += d3y
                push(x, y)
            }
        }
        push(p3.x, p3.y)
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
        var n = 1
        if r > tol && abs(arc.sweepAngle) > 0 {
            let step = 2 * acos(Swift.max(-1, Swift.min(1, 1 - tol / r)))
            let count = (abs(arc.sweepAngle) / step).rounded(.up)
            if count.isFinite, step > 0 { n = Swift.max(1, Swift.min(Self.maxSteps, Int(count))) }
        }
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
        guard !coordinates.isEmpty else { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var probe = 0.0  // becomes NaN when any coordinate is NaN or infinite
        coordinates.withUnsafeBufferPointer { c in
            var i = 0
            while i < c.count {
                let x = c[i], y = c[i + 1]
                x0 = Swift.min(x0, x); x1 = Swift.max(x1, x)
                y0 = Swift.min(y0, y); y1 = Swift.max(y1, y)
                probe += x * 0 + y * 0
                i += 2
            }
        }
        guard probe == 0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let lim = Double(1 << 24)
        func clamp(_ v: Double) -> Int { Int(Swift.max(-lim, Swift.min(lim, v))) }
        let ix0 = clamp(x0.rounded(.down)), iy0 = clamp(y0.rounded(.down))
        let ix1 = clamp(x1.rounded(.up)), iy1 = clamp(y1.rounded(.up))
        return PixelRect(x: ix0, y: iy0, width: ix1 - ix0, height: iy1 - iy0)
    }
}
