extension PathMeasure {
    /// A sampler for many distances in (mostly) monotone order, as placement asks them: the same
    /// points and tangents as ``sample(at:)`` (arc length inverted to the same tolerance, 1e-11 of the
    /// piece's length), but found by walking the pieces from the last query instead of a binary
    /// search, and inverting arc length from the last query's parameter: the first guess is a
    /// second-order step from there and the arc length is added over the step only.
    public func sampler() -> Sampler { Sampler(self) }

    /// See ``PathMeasure/sampler()``. Any order of distances is allowed; jumps cost a binary search.
    public struct Sampler {
        /// The measure sampled.
        public let measure: PathMeasure
        private let storage: PathMeasure.Storage
        /// The piece of the last query, and a parameter on it with the arc length from the piece's start
        /// (computed by quadrature) — `-1` when there is none.
        private var piece = -1
        private var baseT = 0.0, baseArc = 0.0
        /// For a cubic piece: B′(t) = c0 + (c1 + c2·t)·t, so B″(t) = c1 + 2·c2·t.
        private var isCubic = false
        private var c0 = Vector(0, 0), c1 = Vector(0, 0), c2 = Vector(0, 0)

        init(_ measure: PathMeasure) { self.measure = measure; storage = measure.storage }

        /// The point and unit tangent at distance `s`; see ``PathMeasure/sample(at:)``.
        public mutating func sample(at s: Double) -> PathSample {
            let fs = measure.forwardDistance(s)
            let preferEarlier = measure.isReversed
            let k = locate(fs, preferEarlier: preferEarlier)
            let p = storage.pieces[k]
            let sigma = min(max(fs - storage.pieceStart[k], 0), p.length)
            let t: Double
            if k != piece {
                piece = k
                baseT = p.t0; baseArc = 0
                if case .cubic(let c) = storage.segments[p.segment] {
                    let q0 = c.p1 - c.p0, q1 = c.p2 - c.p1, q2 = c.p3 - c.p2
                    c0 = q0 * 3; c1 = (q1 - q0) * 6; c2 = (q0 - q1 * 2 + q2) * 3
                    isCubic = true
                } else {
                    isCubic = false
                }
            }
            t = invert(p, sigma)
            var tangent: Vector
            let d = isCubic ? c0 + (c1 + c2 * t) * t : Vector(0, 0)
            let l = d.length
            if isCubic, l > 1e-9 * storage.segLength[p.segment], l.isFinite {
                tangent = Vector(d.x / l, d.y / l)  // Segment.unitTangent's regular case, from the cached B′
            } else {
                tangent = measure.unitTangent(p.segment, t, entering: !preferEarlier)
            }
            if preferEarlier { tangent = -tangent }
            return PathSample(point: storage.segments[p.segment].eval(t), tangent: tangent)
        }

        /// The index of the piece for forward distance `fs`, as ``PathMeasure/locate(forward:preferEarlier:)``
        /// chooses it: the last piece whose start is ≤ `fs` (< with `preferEarlier`), or 0.
        @inline(__always) private func locate(_ fs: Double, preferEarlier: Bool) -> Int {
            let starts = storage.pieceStart
            @inline(__always) func before(_ x: Double) -> Bool { preferEarlier ? x < fs : x <= fs }
            var k = max(piece, 0)
            var steps = 0
            while k + 1 < starts.count, before(starts[k + 1]) {
                k += 1; steps += 1
                if steps > 4 { return measure.locate(forward: fs, preferEarlier: preferEarlier).piece }
            }
            while k > 0, !before(starts[k]) {
                k -= 1; steps += 1
                if steps > 4 { return measure.locate(forward: fs, preferEarlier: preferEarlier).piece }
            }
            return k
        }

        /// The parameter at arc length `sigma` from the start of piece `p` (the current ``piece``),
        /// starting from ``baseT``; moves the base there.
        private mutating func invert(_ p: Piece, _ sigma: Double) -> Double {
            if sigma <= 0 { return p.t0 }
            if sigma >= p.length { return p.t1 }
            let span = p.t1 - p.t0
            if p.linear { return min(max(p.t0 + span * (sigma / p.length), p.t0), p.t1) }
            // Near a cusp (an end speed under 1e-3 of the mean) the parameter is ill-conditioned and the
            // tangent turns sharply: the measure's own inversion, so the tangent is the same there too.
            let mean = p.length / span
            if p.v0 < 1e-3 * mean || p.v1 < 1e-3 * mean { return measure.invert(p, sigma) }
            if isCubic { return invertCubic(p, sigma) }
            let seg = storage.segments[p.segment]
            let tol = 1e-11 * max(1, p.length)
            let d = sigma - baseArc
            // Second-order step from the base: t ≈ tb + d/v − f″ d² / (2 v³), with f″ = B′·B″/|B′|.
            let d1 = seg.deriv(baseT)
            let v = d1.length
            var lo = p.t0, hi = p.t1
            var t: Double
            if v > 1e-9 * mean {
                let fpp = d1.dot(seg.deriv2(baseT)) / v
                t = baseT + d / v - fpp * d * d / (2 * v * v * v)
            } else {
                t = .nan
            }
            if !(t > lo && t < hi) {
                // No usable step (a cusp at the base, or beyond the piece): the measure's own inversion.
                t = measure.invert(p, sigma)
                baseT = t; baseArc = seg.arclen(from: p.t0, to: t)
                return t
            }
            // Steps up to a tenth of the piece take the 5-point rule: the piece was cut so that the
            // 16-point rule is accurate to 1e-12 over all of it, which bounds it to about 1.7 times the
            // distance ρ from the interval to the nearest complex zero of the speed; the 5-point
            // rule's error over h ≤ ρ/6 is then about 1.4e-6·(h/ρ)^10 ≈ 2e-14 of the step's length.
            let short = 0.1 * span
            var f = baseArc + (abs(t - baseT) <= short ? seg.shortArclen(from: baseT, to: t) : seg.arclen(from: baseT, to: t)) - sigma
            for _ in 0..<100 {
                if abs(f) <= tol { break }
                if f > 0 { hi = t } else { lo = t }
                let (next, bisect) = seg.halleyStep(at: t, residual: f, lo: lo, hi: hi)
                if next == t || hi - lo <= 1e-16 { break }
                if !bisect && abs(next - t) <= short {
                    f += seg.shortArclen(from: t, to: next)
                } else {
                    f = seg.arclen(from: p.t0, to: next) - sigma
                }
                t = next
            }
            baseT = t; baseArc = sigma + f
            return t
        }

        /// ``invert(_:_:)`` for a cubic piece, with the derivatives and the 5-point rule evaluated from
        /// the cached polynomial coefficients (the same iteration, without a `Segment` per call).
        private mutating func invertCubic(_ p: Piece, _ sigma: Double) -> Double {
            let c0 = c0, c1 = c1, c2 = c2
            @inline(__always) func d1(_ t: Double) -> Vector { c0 + (c1 + c2 * t) * t }
            @inline(__always) func d2(_ t: Double) -> Vector { c1 + c2 * (2 * t) }
            @inline(__always) func gl5(_ a: Double, _ b: Double) -> Double {
                FixedGaussLegendre.gl5(a, b) { t in (c0 + (c1 + c2 * t) * t).length }
            }
            let seg = storage.segments[p.segment]
            let span = p.t1 - p.t0, mean = p.length / span
            let tol = 1e-11 * max(1, p.length)
            let d = sigma - baseArc
            let e0 = d1(baseT)
            let v = e0.length
            var lo = p.t0, hi = p.t1
            var t = Double.nan
            if v > 1e-9 * mean {
                let fpp = e0.dot(d2(baseT)) / v
                t = baseT + d / v - fpp * d * d / (2 * v * v * v)
            }
            if !(t > lo && t < hi) {
                t = measure.invert(p, sigma)
                baseT = t; baseArc = seg.arclen(from: p.t0, to: t)
                return t
            }
            let short = 0.1 * span  // see invert(_:_:)
            var f = baseArc + (abs(t - baseT) <= short ? gl5(baseT, t) : seg.arclen(from: baseT, to: t)) - sigma
            for _ in 0..<100 {
                if abs(f) <= tol { break }
                if f > 0 { hi = t } else { lo = t }
                let e1 = d1(t)
                let w = e1.length
                var next = t - f / w
                if w > 0 {
                    let fpp = e1.dot(d2(t)) / w
                    let denom = 1 - f * fpp / (2 * w * w)
                    if denom > 0.5 && denom < 2 { next = t - f / (w * denom) }
                }
                var bisect = false
                if !(next > lo && next < hi) { next = (lo + hi) / 2; bisect = true }
                if next == t || hi - lo <= 1e-16 { break }
                if !bisect && abs(next - t) <= short {
                    f += gl5(t, next)
                } else {
                    f = seg.arclen(from: p.t0, to: next) - sigma
                }
                t = next
            }
            baseT = t; baseArc = sigma + f
            return t
        }
    }
}
