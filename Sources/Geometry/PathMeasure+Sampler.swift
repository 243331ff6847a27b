extension PathMeasure {
    /// A sampler for many distances in (mostly) monotone order, as placement asks them: the same
    /// points and tangents as ``sample(at:)`` (arc length inverted by the same routine to the measure's
    /// ``Accuracy``), but found by walking the pieces from the last query instead of a binary
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
        /// For a cubic piece, its derivative as a polynomial.
        private var cubic: CubicSpeed?

        /// A piece whose end speed is under this fraction of its mean speed holds or touches a cusp: the
        /// sampler inverts there with the measure's own first guess, not its second-order step.
        static let cuspSpeedRatio = 1e-3

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
                if case .cubic(let c) = storage.segments[p.segment] { cubic = CubicSpeed(c) } else { cubic = nil }
            }
            t = invert(p, sigma)
            var tangent: Vector
            let d = cubic?.deriv(t) ?? .zero
            let l = d.length
            if cubic != nil, l > Tolerance.tangentSpeed * storage.segLength[p.segment], l.isFinite {
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
            if p.v0 < Self.cuspSpeedRatio * mean || p.v1 < Self.cuspSpeedRatio * mean { return measure.invert(p, sigma) }
            if let cubic { return invert(on: cubic, p, sigma) }
            return invert(on: storage.segments[p.segment], p, sigma)
        }

        /// ``invert(_:_:)`` on `curve`: the first guess is a second-order step from the base, the arc
        /// length over it is added to the base's, and the measure's one inversion routine corrects it.
        private mutating func invert<C: ArclenCurve>(on curve: C, _ p: Piece, _ sigma: Double) -> Double {
            let span = p.t1 - p.t0, mean = p.length / span
            var t = PathMeasure.secondOrderGuess(on: curve, from: baseT, by: sigma - baseArc,
                                                 minSpeed: Tolerance.tangentSpeed * mean)
            if !(t > p.t0 && t < p.t1) {
                // No usable step (a cusp at the base, or beyond the piece): the measure's own inversion.
                t = measure.invert(p, sigma)
                baseT = t; baseArc = curve.arclen(from: p.t0, to: t)
                return t
            }
            let near = abs(t - baseT) <= PathMeasure.shortStepFraction * span
            let f = baseArc + (near ? curve.shortArclen(from: baseT, to: t) : curve.arclen(from: baseT, to: t)) - sigma
            let r = PathMeasure.parameter(on: curve, piece: p, atArclen: sigma, from: t, residual: f,
                                          tolerance: measure.inversionTolerance(p))
            baseT = r.t; baseArc = sigma + r.residual
            return r.t
        }
    }
}
