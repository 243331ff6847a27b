import Shaping

extension FilterRaster {
    /// `feBlend`: `a` (`in`) blended over `b` (`in2`) by `mode` (source-over for `normal`, or a blend mode of
    /// W3C Compositing and Blending: `a·(1 − αb) + b·(1 − αa) + αa·αb·B(Ca, Cb)`, B on straight colour, in
    /// the images' space), as a group's layer blends onto its backdrop (``RasterCanvas/separable(_:_:_:)``).
    static func blend(_ a: FilterImage, _ b: FilterImage, _ mode: GroupBlend) -> FilterImage {
        pixelwise(a, b) { A, B, o, i in
            let sa = Double(A[i + 3]), da = Double(B[i + 3])
            if sa == 0 && da == 0 { return }
            let s = (Double(A[i]), Double(A[i + 1]), Double(A[i + 2])), d = (Double(B[i]), Double(B[i + 1]), Double(B[i + 2]))
            let cs = sa > 0 ? (s.0 / sa, s.1 / sa, s.2 / sa) : (0, 0, 0), cd = da > 0 ? (d.0 / da, d.1 / da, d.2 / da) : (0, 0, 0)
            let mixed: (Double, Double, Double)
            if let n = RasterCanvas.nonSeparable(mode, cs, cd) {
                mixed = n
            } else {
                mixed = (RasterCanvas.separable(mode, cs.0, cd.0), RasterCanvas.separable(mode, cs.1, cd.1), RasterCanvas.separable(mode, cs.2, cd.2))
            }
            func channel(_ sc: Double, _ dc: Double, _ bc: Double) -> Float {
                Float(max(0, min(1, sc * (1 - da) + dc * (1 - sa) + sa * da * bc)))
            }
            let alpha = Float(max(0, min(1, sa + da - sa * da)))
            o[i] = min(alpha, channel(s.0, d.0, mixed.0)); o[i + 1] = min(alpha, channel(s.1, d.1, mixed.1))
            o[i + 2] = min(alpha, channel(s.2, d.2, mixed.2)); o[i + 3] = alpha
        }
    }
}
