/// Fixed Gauss–Legendre rules with literal nodes and weights, for the arc-length hot paths (no arrays,
/// so no reference counting per call). The tests compute the same rules from scratch and check them.
///
/// `∫ₐᵇ f ≈ h·Σ wᵢ·(f(m + h·xᵢ) + f(m − h·xᵢ))` (plus `w₀·f(m)` for a node at 0), with `m` and `h` the
/// interval's midpoint and half-width.
@usableFromInline enum FixedGaussLegendre {
    /// One symmetric pair of nodes `m ± h·x` with weight `w`.
    @inlinable @inline(__always)
    static func pair(_ f: (Double) -> Double, _ m: Double, _ h: Double, _ w: Double, _ x: Double) -> Double {
        w * (f(m + h * x) + f(m - h * x))
    }

    /// The 16-point rule on `[a, b]`, unrolled with literal nodes and weights.
    @inlinable @inline(__always) static func gl16(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        return h * (pair(f, m, h, 0.18945061045506864, 0.09501250983763744) + pair(f, m, h, 0.18260341504492364, 0.2816035507792589)
            + pair(f, m, h, 0.16915651939500265, 0.45801677765722737) + pair(f, m, h, 0.1495959888165767, 0.6178762444026438)
            + pair(f, m, h, 0.12462897125553407, 0.755404408355003) + pair(f, m, h, 0.0951585116824926, 0.8656312023878318)
            + pair(f, m, h, 0.062253523938647456, 0.9445750230732326) + pair(f, m, h, 0.027152459411754176, 0.9894009349916499))
    }
}
