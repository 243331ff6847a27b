#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// Whether two numbers agree to `tol` (absolute).
func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }

/// Whether two points agree to `tol` in Euclidean distance.
func close(_ a: Point, _ b: Point, _ tol: Double) -> Bool { a.distance(to: b) <= tol }

/// The largest distance between two segments sampled at the same parameters.
func maxDeviation(_ a: Segment, _ b: Segment, samples: Int = 16) -> Double {
    (0...samples).map { k in
        let t = Double(k) / Double(samples)
        return a.eval(t).distance(to: b.eval(t))
    }.max()!
}

/// The largest distance between two paths with the same structure, segment by segment; `.infinity`
/// when their subpaths or segments do not correspond.
func maxDeviation(_ p: BezPath, _ q: BezPath) -> Double {
    guard p.subpaths.count == q.subpaths.count else { return .infinity }
    var worst = 0.0
    for (a, b) in zip(p.subpaths, q.subpaths) {
        guard a.segments.count == b.segments.count, a.isClosed == b.isClosed else { return .infinity }
        worst = max(worst, a.start.distance(to: b.start))
        for (s, t) in zip(a.segments, b.segments) { worst = max(worst, maxDeviation(s, t)) }
    }
    return worst
}

/// A reference arc length written independently of the library: adaptive Gauss–Legendre quadrature
/// (10 nodes, computed here by Newton's method on the Legendre polynomial) of the speed `|B′(t)|`,
/// where `B′` comes from the control points by the test's own formula, refined until two halves agree
/// with the whole to `tol` (after a minimum of 32 panels).
enum Reference {
    static let gl10: [(x: Double, w: Double)] = {
        let n = 10
        var out: [(Double, Double)] = []
        for i in 1...n {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var dp = 0.0
            for _ in 0..<100 {
                var p0 = 1.0, p1 = x
                for k in 2...n { let p2 = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k); p0 = p1; p1 = p2 }
                dp = Double(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / dp
                x -= dx
                if abs(dx) < 1e-16 { break }
            }
            out.append((x, 2 / ((1 - x * x) * dp * dp)))
        }
        return out
    }()

    static func gl(_ f: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        return h * gl10.reduce(0) { $0 + $1.w * f(m + h * $1.x) }
    }

    static func adaptive(_ f: (Double) -> Double, _ a: Double, _ b: Double, tol: Double = 1e-9, depth: Int = 0) -> Double {
        let whole = gl(f, a, b), m = (a + b) / 2
        let l = gl(f, a, m), r = gl(f, m, b)
        // At least 32 panels first, so that a kink (a near-cusp) cannot be accepted by a coincidental
        // agreement of a coarse interval with its halves.
        if (depth >= 5 && abs(l + r - whole) <= tol) || depth > 40 { return l + r }
        return adaptive(f, a, m, tol: tol / 2, depth: depth + 1) + adaptive(f, m, b, tol: tol / 2, depth: depth + 1)
    }

    /// Speed of a cubic from its control points (not using the library's `deriv`).
    static func cubicSpeed(_ p: [Point]) -> (Double) -> Double {
        { t in
            let mt = 1 - t
            let x = 3 * mt * mt * (p[1].x - p[0].x) + 6 * mt * t * (p[2].x - p[1].x) + 3 * t * t * (p[3].x - p[2].x)
            let y = 3 * mt * mt * (p[1].y - p[0].y) + 6 * mt * t * (p[2].y - p[1].y) + 3 * t * t * (p[3].y - p[2].y)
            return (x * x + y * y).squareRoot()
        }
    }

    static func cubicLength(_ p: [Point], from a: Double = 0, to b: Double = 1) -> Double {
        adaptive(cubicSpeed(p), a, b)
    }

    /// The perimeter of an ellipse by the Gauss–Kummer series
    /// `π(a+b) Σ binom(1/2, n)² hⁿ`, `h = ((a−b)/(a+b))²`, summed until the terms vanish.
    static func ellipsePerimeter(_ a: Double, _ b: Double) -> Double {
        let h = ((a - b) / (a + b)) * ((a - b) / (a + b))
        var sum = 1.0, binom = 1.0, hn = 1.0
        for n in 1..<2000 {
            binom *= (0.5 - Double(n - 1)) / Double(n)
            hn *= h
            let term = binom * binom * hn
            sum += term
            if term < 1e-18 { break }
        }
        return .pi * (a + b) * sum
    }
}
