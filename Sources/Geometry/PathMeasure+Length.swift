import Support

extension PathMeasure {
    /// The length of `seg` to `accuracy` of its size: exact for lines and circular arcs; otherwise the
    /// Clenshaw–Curtis rule on the speed at the 17 Chebyshev–Lobatto points of a parameter interval,
    /// its error estimated from the nested 9- and 5-point rules on the same speeds (see
    /// ``LengthRules/estimate(_:_:_:)``), the interval halved until the estimate holds (at most 40 times).
    /// Not finite when the length overflows.
    static func segmentLength(_ seg: Segment, accuracy: Accuracy, stack: inout LengthStack) -> Double {
        if seg.hasConstantSpeed { return seg.arclen(from: 0, to: 1) }
        let size = max(seg.controlPolygonLength, .leastNormalMagnitude)
        // A quarter of the accuracy: the estimate errs large, but not by a margin to rely on everywhere.
        let tolerance = max(accuracy.arclen, 1e-14) * size / 4
        switch seg {
        case .cubic(let c): return stack.length(CubicSpeed(c), tolerance: tolerance)
        case .quad(let q): return stack.length(CubicSpeed(q.cubic), tolerance: tolerance)
        case .line, .arc: return stack.length(SegmentSpeed(segment: seg), tolerance: tolerance)
        }
    }

    /// The fixed weights of the nested Clenshaw–Curtis rules on `[−1, 1]` with 17, 9 and 5 points.
    enum LengthRules {
        /// The nodes' parameters on `[0, 1]`, ascending (those of ``FitTables``).
        static let nodeW: [Double] = (0...16).map { (j: Int) -> Double in
            if j == 0 { return 0 }
            if j == 16 { return 1 }
            if j == 8 { return 0.5 }
            return (1 - cos(Double(j) * Double.pi / 16)) / 2
        }
        static let w17 = weights(16)
        static let w9 = weights(8)
        static let w5 = weights(4)

        /// The Clenshaw–Curtis weights of the `n + 1` points `−cos(jπ/n)` (n even).
        static func weights(_ n: Int) -> [Double] {
            (0...n).map { (j: Int) -> Double in
                var s = 1.0
                for k in 1...(n / 2) {
                    let b = 2 * k == n ? 1.0 : 2.0
                    s -= b / Double(4 * k * k - 1) * cos(2 * Double(k * j) * .pi / Double(n))
                }
                let c: Double = j == 0 || j == n ? 1 : 2
                return c / Double(n) * s
            }
        }

        /// The error estimate of the 17-point value from the differences `d9 = |I17 − I9|` and
        /// `d5 = |I9 − I5|` of the nested rules: `d9·min(1, 2·√(d9/d5))`. Their ratio is the rate of
        /// convergence per doubling; for smooth speeds (errors falling geometrically) the estimate is
        /// still large by `√(d5/d9)`, but the square root keeps it safe where the rate misleads (on 450
        /// bench-like cubics and halves, the measured error was at most 0.35 of the estimate; the full
        /// extrapolation `d9·(d9/d5)²` underestimated by up to 10⁴). A kink (a cusp's speed, where each
        /// doubling only quarters the error) gives `d9` itself. A 5-point rule off by more than 1e-3 of
        /// the value means the rules are not yet converging at a rate to trust (near a cusp, where `I9`
        /// and `I17` can agree by chance: a near-cusp folding back was 8× off): the estimate is `d5`.
        @inline(__always) static func estimate(_ d9: Double, _ d5: Double, _ value: Double) -> Double {
            guard d9 < d5 else { return d9 }
            guard d5 <= 1e-3 * value else { return d5 }
            return d9 * min(1, 2 * (d9 / d5).squareRoot())
        }
    }

    /// The nested rules' weights spread over the 17 nodes (zero where a coarser rule has no node), in
    /// fixed storage (no array checks in the loop).
    final class LengthTables: @unchecked Sendable {
        static let shared = LengthTables()
        let x: UnsafeMutablePointer<Double>, w17: UnsafeMutablePointer<Double>
        let w9: UnsafeMutablePointer<Double>, w5: UnsafeMutablePointer<Double>
        private init() {
            x = .allocate(capacity: 17); w17 = .allocate(capacity: 17); w9 = .allocate(capacity: 17); w5 = .allocate(capacity: 17)
            for j in 0...16 {
                x[j] = LengthRules.nodeW[j]; w17[j] = LengthRules.w17[j]
                w9[j] = j % 2 == 0 ? LengthRules.w9[j / 2] : 0
                w5[j] = j % 4 == 0 ? LengthRules.w5[j / 4] : 0
            }
        }
    }

    /// Scratch for ``segmentLength(_:accuracy:stack:)``: the intervals still to measure.
    struct LengthStack {
        var intervals: [(Double, Double, Int)] = []

        mutating func length<C: SpeedCurve>(_ curve: C, tolerance: Double) -> Double {
            intervals.removeAll(keepingCapacity: true)
            intervals.append((0, 1, 0))
            var total = 0.0
            let t = LengthTables.shared
            while let (a, b, depth) = intervals.popLast() {
                let span = b - a
                var i17 = 0.0, i9 = 0.0, i5 = 0.0
                for j in 0...16 {
                    let v = curve.speed(a + span * t.x[j])
                    i17 += t.w17[j] * v; i9 += t.w9[j] * v; i5 += t.w5[j] * v
                }
                let h = span / 2
                let value = h * i17
                let err = h * LengthRules.estimate(abs(i17 - i9), abs(i9 - i5), abs(i17))
                if err <= tolerance || depth >= 40 || !value.isFinite {
                    total += value
                } else {
                    let mid = (a + b) / 2
                    intervals.append((mid, b, depth + 1))
                    intervals.append((a, mid, depth + 1))
                }
            }
            return total
        }
    }
}
