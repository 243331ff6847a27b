#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Gauss–Legendre quadrature, for the tests: the rules computed from scratch, against which the library's
/// literal rules (`FixedGaussLegendre`) are checked.
///
/// `∫ₐᵇ f ≈ h Σ wᵢ f(m + h xᵢ)` with `m`, `h` the interval's midpoint and
/// half-width, exact for polynomials of degree `2n − 1`.
///
/// The nodes are the roots of the Legendre polynomial `Pₙ`, found once by Newton's method from
/// Tricomi's initial guesses; the weights are `2 / ((1 − x²) Pₙ′(x)²)`.
struct GaussLegendre: Sendable {
    /// The non-negative nodes, in decreasing order (the rule is symmetric; for odd `n` the last is 0).
    let nodes: [Double]
    /// The weights of ``nodes``.
    let weights: [Double]
    /// The number of points of the rule.
    let order: Int

    /// The `n`-point rule (`n ≥ 1`).
    init(order n: Int) {
        precondition(n >= 1)
        order = n
        var xs: [Double] = [], ws: [Double] = []
        for i in 1...(n + 1) / 2 {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var dp = 1.0
            for _ in 0..<100 {
                var p0 = 1.0, p1 = x
                if n >= 2 {
                    for k in 2...n {
                        let p2 = ((2 * Double(k) - 1) * x * p1 - Double(k - 1) * p0) / Double(k)
                        p0 = p1; p1 = p2
                    }
                } else { p0 = 1 }
                dp = n == 1 ? 1 : Double(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / dp
                x -= dx
                if abs(dx) <= 1e-17 { break }
            }
            if n % 2 == 1 && i == (n + 1) / 2 { x = 0 }
            xs.append(x); ws.append(2 / ((1 - x * x) * dp * dp))
        }
        nodes = xs; weights = ws
    }

    /// The 16-point rule used for arc lengths.
    static let sixteen = GaussLegendre(order: 16)
    /// A 5-point rule, for the short corrections of Newton iterations.
    static let five = GaussLegendre(order: 5)

    /// `∫ₐᵇ f(t) dt` by this rule.
    func integrate(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        var sum = 0.0
        nodes.withUnsafeBufferPointer { xs in
            weights.withUnsafeBufferPointer { ws in
                for k in 0..<xs.count {
                    let x = xs[k]
                    if x == 0 { sum += ws[k] * f(m) } else { sum += ws[k] * (f(m + h * x) + f(m - h * x)) }
                }
            }
        }
        return sum * h
    }
}
