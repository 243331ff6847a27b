import Shaping

extension RasterCanvas {
    /// Combines `layer` (premultiplied RGBA, its alpha times `opacity`) with `backdrop` (premultiplied RGBA
    /// of the same size) by `mode`, into `backdrop`: the Porter–Duff operators as `s·Fa + d·Fb`, the separable
    /// and non-separable blend modes as W3C Compositing and Blending defines them
    /// (`s·(1 − αd) + d·(1 − αs) + αs·αd·B(Cs, Cd)`, B on straight colour), in floating point, rounded.
    static func blend(_ layer: [UInt8], onto backdrop: inout [UInt8], opacity: Double, mode: GroupBlend) {
        let k = max(0, min(1, opacity))
        layer.withUnsafeBufferPointer { src in
            backdrop.withUnsafeMutableBufferPointer { dst in
                for i in stride(from: 0, to: min(src.count, dst.count), by: 4) {
                    let sa = Double(src[i + 3]) / 255 * k, da = Double(dst[i + 3]) / 255
                    if sa == 0 && da == 0 { continue }
                    var s = (Double(src[i]) / 255 * k, Double(src[i + 1]) / 255 * k, Double(src[i + 2]) / 255 * k)
                    let d = (Double(dst[i]) / 255, Double(dst[i + 1]) / 255, Double(dst[i + 2]) / 255)
                    var out: (Double, Double, Double, Double)
                    if let (fa, fb) = porterDuff(mode, sa: sa, da: da) {
                        out = (s.0 * fa + d.0 * fb, s.1 * fa + d.1 * fb, s.2 * fa + d.2 * fb, sa * fa + da * fb)
                    } else if mode == .plus {
                        out = (s.0 + d.0, s.1 + d.1, s.2 + d.2, sa + da)
                    } else if let b = nonSeparable(mode, sa > 0 ? (s.0 / sa, s.1 / sa, s.2 / sa) : (0, 0, 0),
                                                   da > 0 ? (d.0 / da, d.1 / da, d.2 / da) : (0, 0, 0)) {
                        func channel(_ sc: Double, _ dc: Double, _ bc: Double) -> Double { sc * (1 - da) + dc * (1 - sa) + sa * da * bc }
                        out = (channel(s.0, d.0, b.0), channel(s.1, d.1, b.1), channel(s.2, d.2, b.2), sa + da - sa * da)
                    } else {
                        func channel(_ sc: Double, _ dc: Double) -> Double {
                            let cs = sa > 0 ? sc / sa : 0, cd = da > 0 ? dc / da : 0
                            return sc * (1 - da) + dc * (1 - sa) + sa * da * separable(mode, cs, cd)
                        }
                        s = (channel(s.0, d.0), channel(s.1, d.1), channel(s.2, d.2))
                        out = (s.0, s.1, s.2, sa + da - sa * da)
                    }
                    let a = max(0, min(1, out.3))
                    func byte(_ v: Double) -> UInt8 { UInt8((max(0, min(a, v)) * 255).rounded()) }
                    dst[i] = byte(out.0); dst[i + 1] = byte(out.1); dst[i + 2] = byte(out.2); dst[i + 3] = UInt8((a * 255).rounded())
                }
            }
        }
    }

    /// The factors of a Porter–Duff operator (`s·Fa + d·Fb`), or `nil` for a blend mode.
    static func porterDuff(_ mode: GroupBlend, sa: Double, da: Double) -> (Double, Double)? {
        switch mode {
        case .sourceOver: (1, 1 - sa)
        case .sourceIn: (da, 0)
        case .destinationIn: (0, sa)
        case .sourceOut: (1 - da, 0)
        case .destinationOut: (0, 1 - sa)
        case .sourceAtop: (da, 1 - sa)
        case .destinationAtop: (1 - da, sa)
        case .xor: (1 - da, 1 - sa)
        default: nil
        }
    }

    /// A separable blend function B(Cs, Cd) on straight colour 0…1.
    static func separable(_ mode: GroupBlend, _ cs: Double, _ cd: Double) -> Double {
        func screen(_ a: Double, _ b: Double) -> Double { a + b - a * b }
        func hardLight(_ s: Double, _ d: Double) -> Double { s <= 0.5 ? d * 2 * s : screen(d, 2 * s - 1) }
        switch mode {
        case .multiply: return cs * cd
        case .screen: return screen(cs, cd)
        case .overlay: return hardLight(cd, cs)
        case .darken: return min(cs, cd)
        case .lighten: return max(cs, cd)
        case .colorDodge: return cd == 0 ? 0 : cs >= 1 ? 1 : min(1, cd / (1 - cs))
        case .colorBurn: return cd >= 1 ? 1 : cs <= 0 ? 0 : 1 - min(1, (1 - cd) / cs)
        case .hardLight: return hardLight(cs, cd)
        case .softLight:
            if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
            let dd = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
            return cd + (2 * cs - 1) * (dd - cd)
        case .difference: return abs(cs - cd)
        case .exclusion: return cs + cd - 2 * cs * cd
        default: return cs
        }
    }

    /// A non-separable blend B(Cs, Cd) on straight RGB (hue, saturation, color, luminosity), or `nil` for any
    /// other mode.
    static func nonSeparable(_ mode: GroupBlend, _ cs: (Double, Double, Double), _ cd: (Double, Double, Double)) -> (Double, Double, Double)? {
        typealias RGB = (Double, Double, Double)
        func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
        func clip(_ c: RGB) -> RGB {
            let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
            var c = c
            if n < 0 { c = (l + (c.0 - l) * l / (l - n), l + (c.1 - l) * l / (l - n), l + (c.2 - l) * l / (l - n)) }
            if x > 1 { c = (l + (c.0 - l) * (1 - l) / (x - l), l + (c.1 - l) * (1 - l) / (x - l), l + (c.2 - l) * (1 - l) / (x - l)) }
            return c
        }
        func setLum(_ c: RGB, _ l: Double) -> RGB { let d = l - lum(c); return clip((c.0 + d, c.1 + d, c.2 + d)) }
        func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
        func setSat(_ c: RGB, _ s: Double) -> RGB {
            var v = [c.0, c.1, c.2]
            let order = v.indices.sorted { v[$0] < v[$1] }   // min, mid, max
            let lo = order[0], mid = order[1], hi = order[2]
            if v[hi] > v[lo] {
                v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo]); v[hi] = s
            } else {
                v[mid] = 0; v[hi] = 0
            }
            v[lo] = 0
            return (v[0], v[1], v[2])
        }
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cd)), lum(cd))
        case .saturation: return setLum(setSat(cd, sat(cs)), lum(cd))
        case .color: return setLum(cs, lum(cd))
        case .luminosity: return setLum(cd, lum(cs))
        default: return nil
        }
    }
}
