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
            }
            t = invert(p, sigma)
            var tangent = measure.unitTangent(p.segment, t, entering: !preferEarlier)
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
            var f = baseArc + (abs(t - baseT) <= 1e-2 * span ? seg.shortArclen(from: baseT, to: t) : seg.arclen(from: baseT, to: t)) - sigma
            for _ in 0..<100 {
                if abs(f) <= tol { break }
                if f > 0 { hi = t } else { lo = t }
                // Halley's step, as in PathMeasure.invert.
                let e1 = seg.deriv(t)
                let w = e1.length
                var next = t - f / w
                if w > 0 {
                    let fpp = e1.dot(seg.deriv2(t)) / w
                    let denom = 1 - f * fpp / (2 * w * w)
                    if denom > 0.5 && denom < 2 { next = t - f / (w * denom) }
                }
                var bisect = false
                if !(next > lo && next < hi) { next = (lo + hi) / 2; bisect = true }
                if next == t || hi - lo <= 1e-16 { break }
                if !bisect && abs(next - t) <= 1e-2 * span {
                    f += seg.shortArclen(from: t, to: next)
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
