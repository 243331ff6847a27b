import Support

extension PathMeasure {
    /// What a query needs of one piece, in one record: where the piece starts, a polynomial for its
    /// parameter as a function of distance, and the curve on the piece as a polynomial in that parameter.
    ///
    /// With `u = (s − start)/span ∈ [0, 1]` the distance into the piece, the piece's own parameter is
    /// `w = fit(2u − 1)`, a degree-16 polynomial through the 17 Chebyshev nodes of the piece's speed (the
    /// segment's parameter is `t0 + (t1 − t0)·w`). The point is `c0 + w·(c1 + w·(c2 + w·c3))` and the
    /// tangent the direction of `c1 + w·(2c2 + 3w·c3)`. The builder checks the fit between every two
    /// nodes and halves a piece until it holds; there is no Newton step after it.
    ///
    /// Coefficients are kept in pairs, the even power's beside the odd one's, and the curve's as
    /// (x, y) pairs: a polynomial `p(y) = E(y²) + y·O(y²)` is then Horner's rule on the pair `(E, O)`
    /// in `y²`, one packed multiply and add per pair of coefficients (the compiler's vectorising of
    /// Estrin's scheme on separate coefficients spent as many instructions again on shuffles).
    @usableFromInline struct FitRecord: Sendable {
        /// The coefficients of `fit(y)` in powers of `y = 2u − 1`, in pairs `(f₀, f₁) … (f₁₄, f₁₅)`, then
        /// `f₁₆`. `w = u` is `(½, ½)`.
        var f01 = SIMD2<Double>(0.5, 0.5), f23 = SIMD2<Double>(), f45 = SIMD2<Double>(), f67 = SIMD2<Double>(),
            f89 = SIMD2<Double>(), f1011 = SIMD2<Double>(), f1213 = SIMD2<Double>(), f1415 = SIMD2<Double>()
        /// The curve on the piece in powers of `w`, as (x, y) pairs.
        var c0 = SIMD2<Double>(), c1 = SIMD2<Double>(), c2 = SIMD2<Double>(), c3 = SIMD2<Double>()
        var f16 = 0.0
        /// The distance at the piece's start, its length, and the distance span that the fraction `u`
        /// divides by (a division, not a multiplication by the inverse: on a line the point at distance
        /// `s` then comes out exact, as 10.224 / 300 · 300 does not).
        var start: Double, length: Double, span: Double
        /// Below this squared derivative (in `w`) the direction is not trusted and the segment's
        /// tangent rule is asked; `+∞` for elliptical arcs, which are evaluated on the segment itself.
        var minDerivSquared = Double.infinity
        /// Arc length is proportional to `w` on this piece (a segment of constant speed: lines, circular
        /// arcs): `w` is the distance fraction itself, with no fit to round it.
        var linear = false
        /// Makes a record four whole cache lines (256 bytes, not 240), so that a slot's records start on
        /// lines and a query's record is the four lines a batch asks for.
        private var padding: (Double, Double) = (0, 0)

        init(start: Double, length: Double) {
            self.start = start; self.length = length; span = length
        }

        /// The piece's parameter `w = fit(2u − 1)` at distance fraction `u`, clamped to `[0, 1]`.
        @inline(__always) func parameter(_ u: Double) -> Double {
            let y = 2 * u - 1
            let y2 = SIMD2(repeating: y * y)
            var p = SIMD2(f16, 0) * y2 + f1415
            p = p * y2 + f1213
            p = p * y2 + f1011
            p = p * y2 + f89
            p = p * y2 + f67
            p = p * y2 + f45
            p = p * y2 + f23
            p = p * y2 + f01
            return min(max(p.x + y * p.y, 0), 1)
        }

        /// Sets the coefficients of the fit from `c` (17 of them, constant first).
        mutating func setFit(_ c: UnsafePointer<Double>) {
            f01 = SIMD2(c[0], c[1]); f23 = SIMD2(c[2], c[3]); f45 = SIMD2(c[4], c[5]); f67 = SIMD2(c[6], c[7])
            f89 = SIMD2(c[8], c[9]); f1011 = SIMD2(c[10], c[11]); f1213 = SIMD2(c[12], c[13])
            f1415 = SIMD2(c[14], c[15]); f16 = c[16]
        }

        /// The point at the piece's parameter `w`.
        @inline(__always) func point(_ w: Double) -> Point {
            let v = SIMD2(repeating: w)
            let p = c0 + v * (c1 + v * (c2 + v * c3))
            return Point(p.x, p.y)
        }

        /// The derivative with respect to `w`, as an (x, y) pair.
        @inline(__always) func derivative(_ w: Double) -> SIMD2<Double> {
            let v = SIMD2(repeating: w)
            return c1 + v * ((c2 + c2) + v * (3 * c3))
        }
    }

    /// The degree of each piece's fit of parameter against distance (it goes through all of the
    /// ``FitTables/n`` + 1 speed nodes).
    static let fitDegree = FitTables.n
}

/// The speed `|B′(t)|` of a segment, for building the fits.
protocol SpeedCurve {
    func speed(_ t: Double) -> Double
}

extension CubicSpeed: SpeedCurve {}

/// The speed of an elliptical arc (the segment's own derivative).
struct SegmentSpeed: SpeedCurve {
    let segment: Segment
    func speed(_ t: Double) -> Double { segment.deriv(t).length }
}

/// The fixed linear maps of the piece fit, computed once: from the speeds at the ``n`` + 1
/// Chebyshev–Lobatto points of a parameter interval to the arc length at those points and halfway
/// between them (Clenshaw–Curtis: the integral of the speed's interpolating polynomial), and to the last
/// four Chebyshev coefficients of the speed's polynomial (its error estimate).
final class FitTables: @unchecked Sendable {
    /// The number of intervals between the nodes (so `n + 1` speeds per piece).
    static let n = 16
    /// The number of tail coefficients in the error estimate.
    static let tailCount = 4
    static let shared = FitTables()

    /// A matrix of an even number of rows of `n + 1` weights, kept as pairs of rows, so that two rows'
    /// sums against the speeds take one packed multiply and add a weight (each row summed in the order
    /// one at a time would sum it, so the same bits).
    struct RowPairs {
        /// Pair `p`'s weights for speed `j` at `p · (n + 1) + j`: rows `2p` and `2p + 1`.
        let pairs: UnsafeMutablePointer<SIMD2<Double>>

        init(rows: Int) { pairs = .allocate(capacity: (rows + 1) / 2 * (FitTables.n + 1)) }

        /// Sets row `row`'s weight of speed `j`.
        func set(row: Int, _ j: Int, _ weight: Double) { pairs[row / 2 * (FitTables.n + 1) + j][row % 2] = weight }

        /// Rows `2p` and `2p + 1` applied to the speeds `v`.
        @inline(__always) func apply(pair p: Int, to v: UnsafePointer<Double>) -> SIMD2<Double> {
            let m = FitTables.n + 1, row = pairs + p * m
            var s = SIMD2<Double>()
            for j in 0..<m { s += row[j] * SIMD2(repeating: v[j]) }
            return s
        }
    }

    /// The nodes' parameters on `[0, 1]` (ascending, 0 and 1 included).
    let nodeW: UnsafeMutablePointer<Double>
    /// `n` rows: the integral from the first node to node `i + 1`, in the variable `x ∈ [−1, 1]`, as
    /// weights of the speeds.
    let nodeIntegral = RowPairs(rows: FitTables.n)
    /// `n` rows: the integral from the first node to halfway (in `w`) between nodes `i` and `i + 1`, where
    /// the builder checks the fit.
    let midIntegral = RowPairs(rows: FitTables.n)
    /// `tailCount` rows: the Chebyshev coefficients `a[n − 3] … a[n]` of the speed.
    let tail = RowPairs(rows: FitTables.tailCount)

    private init() {
        let n = Self.n, m = n + 1, tails = Self.tailCount
        nodeW = .allocate(capacity: m)
        // Nodes x_j = −cos(jπ/n) on [−1, 1].
        var x = (0...n).map { -cos(Double($0) * .pi / Double(n)) }
        x[0] = -1; x[n] = 1; x[n / 2] = 0
        for j in 0...n { nodeW[j] = (x[j] + 1) / 2 }
        func cheb(_ k: Int, _ x: Double) -> Double { cos(Double(k) * acos(min(max(x, -1), 1))) }
        for j in 0...n {
            // The Chebyshev coefficients of node j's Lagrange basis polynomial.
            let endWeight = (j == 0 || j == n) ? 0.5 : 1
            var a = [Double](repeating: 0, count: n + 3)
            for k in 0...n {
                a[k] = 2 / Double(n) * endWeight * cheb(k, x[j]) * ((k == 0 || k == n) ? 0.5 : 1)
            }
            for r in 0..<tails { tail.set(row: r, j, a[n - tails + 1 + r]) }
            // Its indefinite integral, A_1 = a_0 − a_2/2, A_k = (a_{k−1} − a_{k+1})/(2k), from −1.
            var A = [Double](repeating: 0, count: n + 2)
            A[1] = a[0] - a[2] / 2
            for k in 2...(n + 1) { A[k] = (a[k - 1] - a[k + 1]) / (2 * Double(k)) }
            func integral(to x: Double) -> Double {
                var s = 0.0
                for k in 1...(n + 1) { s += A[k] * (cheb(k, x) - cheb(k, -1)) }
                return s
            }
            for i in 0..<n {
                nodeIntegral.set(row: i, j, integral(to: x[i + 1]))
                midIntegral.set(row: i, j, integral(to: nodeW[i] + nodeW[i + 1] - 1))  // 2·(mid w) − 1
            }
        }
    }
}

extension PathMeasure {
    /// Builds the pieces of one segment: cuts `[0, 1]` into parameter intervals on which the Clenshaw–Curtis
    /// length from 17 speeds is accurate to `lengthTolerance` (judged by the size of the speed's last four
    /// Chebyshev coefficients, an estimate that errs on the large side) and the query's parameter (the fit
    /// through the 17 nodes, see ``FitRecord``) is accurate to `fitTolerance` in arc length — checked halfway
    /// between every two nodes, where an interpolant's error peaks, with a margin of ``checkMargin`` (64) —
    /// halving an interval until both hold (at most ``maxDepth`` times). The margin is wide because the fit's
    /// error is the query's own (no Newton step follows to square it): queries then land within 1e-7 px of the
    /// fit-and-Newton-step queries this replaced (`scripts/compare-placements`).
    struct FitBuilder: ~Copyable {
        let tables = FitTables.shared
        /// Scratch: speeds, distance fractions at the nodes (and as `y = 2u − 1`), divided differences,
        /// and the coefficients of the fit.
        let v: UnsafeMutablePointer<Double>, u: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>
        let dd: UnsafeMutablePointer<Double>, coef: UnsafeMutablePointer<Double>
        /// Intervals still to do.
        var stack: [(Double, Double, Int)] = []
        /// The most times an interval is halved; at this depth it is taken as it is.
        static let maxDepth = 40
        /// How far below the tolerance the fit must be where it is checked (see above).
        static let checkMargin = 64.0

        init() {
            // One allocation for the five arrays (a builder is made for each segment's records), and a
            // stack as deep as halving goes (each halving pushes two and pops one).
            let m = FitTables.n + 1, f = fitDegree + 1
            v = .allocate(capacity: 3 * m + 2 * f)
            u = v + m; y = u + m; dd = y + m; coef = dd + f
            stack.reserveCapacity(Self.maxDepth + 2)
        }

        deinit { v.deallocate() }

        /// Calls `body(t0, t1, length, coefficients)` for each interval in order (the coefficients laid
        /// out as in ``coef``).
        mutating func pieces<C: SpeedCurve>(_ curve: C, lengthTolerance: Double, fitTolerance: Double,
                                             _ body: (Double, Double, Double, UnsafePointer<Double>) -> Void) {
            stack.removeAll(keepingCapacity: true)
            stack.append((0, 1, 0))
            while let (a, b, depth) = stack.popLast() {
                if let len = piece(curve, a, b, lengthTolerance: lengthTolerance, fitTolerance: fitTolerance,
                                   force: depth >= Self.maxDepth) {
                    body(a, b, len, coef)
                } else {
                    let mid = (a + b) / 2
                    stack.append((mid, b, depth + 1))
                    stack.append((a, mid, depth + 1))
                }
            }
        }

        /// The length of `[a, b]` with its coefficients in ``coef``, or `nil` when the interval must be
        /// halved.
        private func piece<C: SpeedCurve>(_ curve: C, _ a: Double, _ b: Double, lengthTolerance: Double,
                                          fitTolerance: Double, force: Bool) -> Double? {
            let n = FitTables.n, fd = fitDegree
            let span = b - a, h = span / 2
            let t = tables
            var vmax = 0.0
            for j in 0...n {
                let s = curve.speed(a + span * t.nodeW[j])
                v[j] = s; vmax = max(vmax, s)
            }
            var tailSum = 0.0
            for p in 0..<FitTables.tailCount / 2 {
                let s = t.tail.apply(pair: p, to: v)
                tailSum += abs(s.x); tailSum += abs(s.y)
            }
            let lengthHolds = span * tailSum <= lengthTolerance
            // Halve at once when the length estimate fails on a piece too long to be accepted anyway.
            if !lengthHolds && !force && span * vmax > fitTolerance { return nil }
            u[0] = 0
            for p in 0..<n / 2 {
                let s = t.nodeIntegral.apply(pair: p, to: v)
                u[2 * p + 1] = h * s.x; u[2 * p + 2] = h * s.y
            }
            let length = u[n]
            let inv = 1 / length
            for i in 1...n { u[i] *= inv }
            u[n] = 1
            if !length.isFinite || force || (length <= fitTolerance && lengthHolds) {
                // So short that any parameter in it is within the tolerance (or an overflow, which the
                // caller reports, or as deep as halving goes): a linear fit, w = u.
                for k in 0...fd { coef[k] = k < 2 ? 0.5 : 0 }
                return length
            }
            guard lengthHolds else { return nil }
            // Newton's divided differences of w against y = 2u − 1 at every node.
            for e in 0...fd { dd[e] = t.nodeW[e]; y[e] = 2 * u[e] - 1 }
            for level in 1...fd {
                for e in stride(from: fd, through: level, by: -1) {
                    dd[e] = (dd[e] - dd[e - 1]) / (y[e] - y[e - level])
                }
            }
            // To powers of y: p = dd[fd]; p ← p·(y − y_i) + dd[i] for i = fd − 1 … 0.
            for k in 0...fd { coef[k] = 0 }
            coef[0] = dd[fd]
            for i in stride(from: fd - 1, through: 0, by: -1) {
                let yi = y[i]
                var k = fd - i
                while k > 0 { coef[k] = coef[k - 1] - yi * coef[k]; k -= 1 }
                coef[0] = dd[i] - yi * coef[0]
            }
            // Check the fit halfway (in w) between every two nodes, where an interpolant's error peaks: the
            // arc-length error of the parameter the query finds there, evaluated as the query evaluates it.
            var r = FitRecord(start: 0, length: length)
            r.setFit(coef)
            let limit = fitTolerance / (Self.checkMargin * span * max(vmax, .leastNormalMagnitude))
            func holds(_ c: Int, _ integral: Double) -> Bool {
                abs(r.parameter(h * integral * inv) - (t.nodeW[c] + t.nodeW[c + 1]) / 2) <= limit  // false for NaN
            }
            for p in 0..<n / 2 {
                let s = t.midIntegral.apply(pair: p, to: v)
                guard holds(2 * p, s.x), holds(2 * p + 1, s.y) else { return nil }
            }
            return length
        }
    }
}
