import Geometry
import Shaping

extension RasterCanvas {
    /// Entries of a gradient's colour table: the offset 0…1 is looked up in this many steps.
    static let gradientTableSize = 1024

    /// Fills `path`, mapped by `transform`, with `gradient` (its coordinates in canvas pixels:
    /// ``Gradient/resolved(in:)`` first), every colour's alpha times `opacity`.
    public mutating func fill(_ path: BezPath, transform: Affine = .identity, gradient: Gradient, opacity: Double = 1,
                              rule: FillRule = .nonZero, mode: CompositeMode = .sourceOver) {
        var mask = scratchMask
        scratchMask = CoverageMask()
        rasterizer.rasterize(path, transform: transform, rule: rule, clip: bounds, into: &mask)
        fill(mask, gradient: gradient, opacity: opacity, mode: mode)
        scratchMask = mask
    }

    /// Strokes `path`, mapped by `transform`, with `gradient` (canvas coordinates), alpha times `opacity`.
    public mutating func stroke(_ path: BezPath, transform: Affine = .identity, style: StrokeOptions, gradient: Gradient,
                                opacity: Double = 1, mode: CompositeMode = .sourceOver) {
        var mask = scratchMask
        scratchMask = CoverageMask()
        rasterizer.rasterizeStroke(path, transform: transform, style: style, clip: bounds, into: &mask)
        fill(mask, gradient: gradient, opacity: opacity, mode: mode)
        scratchMask = mask
    }

    /// Paints `gradient` (canvas coordinates) through a coverage mask, sampled at each pixel's centre.
    public mutating func fill(_ mask: CoverageMask, gradient: Gradient, opacity: Double = 1, mode: CompositeMode = .sourceOver) {
        let rect = mask.bounds.intersection(bounds)
        guard !rect.isEmpty, opacity > 0, let inverse = (gradient.units == .userSpaceOnUse ? gradient.transform : .identity).inverse
        else { return }
        let table = Self.gradientTable(gradient, opacity: opacity)
        let n = Double(Self.gradientTableSize - 1)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let c = UInt32(mask.coverage[(y - mask.bounds.y) * mask.bounds.width + (x - mask.bounds.x)])
                guard c != 0 else { continue }
                let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard let t = gradient.offset(at: p) else { continue }
                let s = table[Int((Gradient.spread(t, gradient.spread) * n).rounded())]
                let i = (y * width + x) * 4
                switch mode {
                case .sourceOver:
                    let sa = Self.mul255(UInt32(s.a), c)
                    guard sa != 0 else { continue }
                    let keep = 255 - sa
                    pixels[i] = UInt8(Self.mul255(UInt32(s.r), c) + Self.mul255(UInt32(pixels[i]), keep))
                    pixels[i + 1] = UInt8(Self.mul255(UInt32(s.g), c) + Self.mul255(UInt32(pixels[i + 1]), keep))
                    pixels[i + 2] = UInt8(Self.mul255(UInt32(s.b), c) + Self.mul255(UInt32(pixels[i + 2]), keep))
                    pixels[i + 3] = UInt8(sa + Self.mul255(UInt32(pixels[i + 3]), keep))
                case .destinationOut:
                    let keep = 255 - Self.mul255(UInt32(s.a), c)
                    for k in 0..<4 { pixels[i + k] = UInt8(Self.mul255(UInt32(pixels[i + k]), keep)) }
                }
            }
        }
    }

    /// The gradient's premultiplied colours at ``gradientTableSize`` evenly spaced offsets from 0 to 1.
    static func gradientTable(_ g: Gradient, opacity: Double) -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
        let n = gradientTableSize
        return (0..<n).map { i in premultiply(RunPaint.faded(g.color(at: Double(i) / Double(n - 1)), opacity)) }
    }
}
