/// Fixed Gauss–Legendre rules with literal nodes and weights, for the arc-length hot paths (no arrays,
/// so no reference counting per call). The tests compute the same rules from scratch and check them.
@usableFromInline enum FixedGaussLegendre {
    /// The 16-point rule on `[a, b]`, unrolled with literal nodes and weights.
    @inlinable @inline(__always) static func gl16(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        var s = 0.18945061045506864 * (f(m + h * 0.09501250983763744) + f(m - h * 0.09501250983763744))
        s += 0.18260341504492364 * (f(m + h * 0.2816035507792589) + f(m - h * 0.2816035507792589))
        s += 0.16915651939500265 * (f(m + h * 0.45801677765722737) + f(m - h * 0.45801677765722737))
        s += 0.1495959888165767 * (f(m + h * 0.6178762444026438) + f(m - h * 0.6178762444026438))
        s += 0.12462897125553407 * (f(m + h * 0.755404408355003) + f(m - h * 0.755404408355003))
        s += 0.0951585116824926 * (f(m + h * 0.8656312023878318) + f(m - h * 0.8656312023878318))
        s += 0.062253523938647456 * (f(m + h * 0.9445750230732326) + f(m - h * 0.9445750230732326))
        s += 0.027152459411754176 * (f(m + h * 0.9894009349916499) + f(m - h * 0.9894009349916499))
        return s * h
    }

    /// The 5-point rule on `[a, b]`, unrolled with literal nodes and weights.
    @inlinable @inline(__always) static func gl5(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        var s = 0.4786286704993663 * (f(m + h * 0.5384693101056831) + f(m - h * 0.5384693101056831))
        s += 0.23692688505618928 * (f(m + h * 0.906179845938664) + f(m - h * 0.906179845938664))
        s += 0.5688888888888887 * f(m)
        return s * h
    }
}
