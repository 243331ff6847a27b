import Support
import Shaping

extension FilterRaster {
    /// `feComponentTransfer`: each channel of each pixel's straight-alpha colour mapped by its function
    /// (red, green, blue, alpha), clamped to 0…1, premultiplied again.
    static func componentTransfer(_ img: FilterImage, _ functions: [FilterTransferFunction]) -> FilterImage {
        guard functions.count == 4, functions.contains(where: { $0 != .identity }) else { return img }
        var out = img
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                var v = a > 0 ? [p[i] / a, p[i + 1] / a, p[i + 2] / a, a] : [0, 0, 0, 0]
                for c in 0..<4 { v[c] = Float(functions[c].apply(Double(v[c]))) }
                p[i] = v[0] * v[3]; p[i + 1] = v[1] * v[3]; p[i + 2] = v[2] * v[3]; p[i + 3] = v[3]
            }
        }
        return out
    }
}

extension FilterTransferFunction {
    /// The function at `c` (0…1), clamped to 0…1 (Filter Effects 1, `feComponentTransfer`).
    func apply(_ c: Double) -> Double {
        let r: Double
        switch self {
        case .identity: return c
        case .table(let v):
            guard v.count > 1 else { return v.first.map { max(0, min(1, $0)) } ?? c }
            let n = Double(v.count - 1), k = min(v.count - 2, Int(max(0, c) * n))
            r = v[k] + (c - Double(k) / n) * n * (v[k + 1] - v[k])
        case .discrete(let v):
            guard !v.isEmpty else { return c }
            r = v[min(v.count - 1, Int(max(0, c) * Double(v.count)))]
        case .linear(let slope, let intercept): r = slope * c + intercept
        case .gamma(let amplitude, let exponent, let offset): r = amplitude * pow(c, exponent) + offset
        }
        return r.isNaN ? 0 : max(0, min(1, r))
    }
}
