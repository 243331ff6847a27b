import Support

extension FilterRaster {
    /// One pass of a blur along a line: each output pixel the mean of the inputs from `lo` to `hi` pixels
    /// away (a box), or the inputs weighted by a kernel centred on it.
    enum BlurPass: Equatable {
        case box(lo: Int, hi: Int)
        case kernel([Double])
    }

    /// The passes that blur by deviation `sigma` (pixels), as SVG Filter Effects 1 says and browsers do: for
    /// `sigma` ≥ 2 three box blurs of size d = ⌊sigma · 3√(2π)/4 + 0.5⌋ (an odd d: three centred boxes; an
    /// even one: two boxes of d, set half a pixel left then right, and one of d + 1 centred), within 3 % of
    /// the Gaussian; below 2 the Gaussian kernel itself, sampled over ±3 sigma and normalized. None for 0.
    static func blurPasses(sigma: Double) -> [BlurPass] {
        guard sigma.isFinite, sigma > 0 else { return [] }
        if sigma >= 2 {
            let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
            if d % 2 == 1 {
                let r = d / 2
                return Array(repeating: .box(lo: -r, hi: r), count: 3)
            }
            let r = d / 2
            return [.box(lo: -r, hi: r - 1), .box(lo: -r + 1, hi: r), .box(lo: -r, hi: r)]
        }
        let radius = Int((3 * sigma).rounded(.up))
        var w = (-radius...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        return [.kernel(w)]
    }

    /// `feGaussianBlur` with deviations `x` and `y` in pixels (a zero one leaves its axis alone), over the
    /// image's own extent: pixels beyond it count as transparent.
    static func blur(_ img: FilterImage, x: Double, y: Double) -> FilterImage {
        var out = img
        let w = img.width, h = img.height
        let horizontal = blurPasses(sigma: x), vertical = blurPasses(sigma: y)
        out.pixels.withUnsafeMutableBufferPointer { p in
            if !horizontal.isEmpty {
                var line = [Double](repeating: 0, count: w * 4), spare = line
                for row in 0..<h { blurLine(p, start: row * w * 4, step: 4, count: w, passes: horizontal, &line, &spare) }
            }
            if !vertical.isEmpty {
                var line = [Double](repeating: 0, count: h * 4), spare = line
                for col in 0..<w { blurLine(p, start: col * 4, step: w * 4, count: h, passes: vertical, &line, &spare) }
            }
        }
        return out
    }

    /// Blurs the `count` pixels of `p` from `start`, `step` floats apart, by `passes` (in `line` and `spare`,
    /// scratch of `count` × 4).
    static func blurLine(_ p: UnsafeMutableBufferPointer<Float>, start: Int, step: Int, count n: Int, passes: [BlurPass],
                         _ line: inout [Double], _ spare: inout [Double]) {
        for i in 0..<n { for c in 0..<4 { line[i * 4 + c] = Double(p[start + i * step + c]) } }
        for pass in passes {
            switch pass {
            case .box(let lo, let hi):
                // A running sum over the window [i + lo, i + hi], zero outside the line.
                let size = Double(hi - lo + 1)
                for c in 0..<4 {
                    var sum = 0.0
                    let first = max(0, lo), last = min(n - 1, hi)
                    if first <= last { for k in first...last { sum += line[k * 4 + c] } }
                    for i in 0..<n {
                        spare[i * 4 + c] = sum / size
                        let enter = i + 1 + hi, leave = i + lo
                        if enter >= 0, enter < n { sum += line[enter * 4 + c] }
                        if leave >= 0, leave < n { sum -= line[leave * 4 + c] }
                    }
                }
            case .kernel(let weights):
                let r = weights.count / 2
                for i in 0..<n {
                    var acc = (0.0, 0.0, 0.0, 0.0)
                    for k in max(0, i - r)...min(n - 1, i + r) {
                        let wk = weights[k - i + r], j = k * 4
                        acc.0 += wk * line[j]; acc.1 += wk * line[j + 1]; acc.2 += wk * line[j + 2]; acc.3 += wk * line[j + 3]
                    }
                    spare[i * 4] = acc.0; spare[i * 4 + 1] = acc.1; spare[i * 4 + 2] = acc.2; spare[i * 4 + 3] = acc.3
                }
            }
            swap(&line, &spare)
        }
        for i in 0..<n { for c in 0..<4 { p[start + i * step + c] = Float(max(0, line[i * 4 + c])) } }
    }
}
