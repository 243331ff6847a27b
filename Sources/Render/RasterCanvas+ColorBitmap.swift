import Geometry
import Shaping

extension RasterCanvas {
    /// Draws a colour bitmap (an emoji) mapped by an affine transform: scaled, rotated and placed.
    ///
    /// Each canvas pixel the transformed bitmap touches is sampled on an n × n grid of points
    /// (n = ⌈1 / scale⌉, at most 8, so a bitmap shrunk to a third is averaged over 3 × 3 points per
    /// pixel instead of skipping texels), each point mapped back into the bitmap and read with bilinear
    /// interpolation of **premultiplied** RGBA. Outside the bitmap texels are transparent, so the
    /// edges fade over one texel (anti-aliased, no jaggies), and because colour is interpolated
    /// premultiplied, transparent texels add no dark or coloured fringe.
    ///
    /// - Parameters:
    ///   - bitmap: the image; ``ColorBitmap/transform(size:)`` maps it into glyph space.
    ///   - transform: bitmap pixel coordinates (x right, y down, (0, 0) the top-left corner) to canvas pixels.
    ///   - opacity: multiplies every pixel's alpha (the text colour's alpha), 0…1.
    ///   - mode: ``CompositeMode/sourceOver`` paints; ``CompositeMode/destinationOut`` cuts the bitmap's
    ///     alpha out of the canvas.
    public mutating func draw(_ bitmap: ColorBitmap, transform: Affine, opacity: Double = 1,
                              mode: CompositeMode = .sourceOver) {
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0, bitmap.premultipliedRGBA.count == w * h * 4, opacity > 0,
              let inverse = transform.inverse else { return }
        // The canvas pixels the bitmap's corners span.
        let corners = [Point(0, 0), Point(Double(w), 0), Point(Double(w), Double(h)), Point(0, Double(h))].map(transform.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        // Clamped to the canvas in floating point first: a huge glyph's box may lie beyond what an Int holds.
        func clampedPixel(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let x0 = clampedPixel((minX - 1).rounded(.down), width), x1 = clampedPixel((maxX + 1).rounded(.up), width)
        let y0 = clampedPixel((minY - 1).rounded(.down), height), y1 = clampedPixel((maxY + 1).rounded(.up), height)
        guard x0 < x1, y0 < y1 else { return }
        // Texels per canvas pixel along each canvas axis: the lengths of the inverse's columns.
        let stretch = max((inverse.a * inverse.a + inverse.b * inverse.b).squareRoot(),
                          (inverse.c * inverse.c + inverse.d * inverse.d).squareRoot())
        let n = stretch.isFinite ? min(8, max(1, Int(min(stretch, 8).rounded(.up)))) : 8
        let weight = opacity.clamped01 / Double(n * n)
        let canvasWidth = width
        bitmap.premultipliedRGBA.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { px in
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        for j in 0..<n {
                            for i in 0..<n {
                                let p = inverse.apply(Point(Double(x) + (Double(i) + 0.5) / Double(n),
                                                            Double(y) + (Double(j) + 0.5) / Double(n)))
                                let s = Self.bilinear(src, w, h, p.x - 0.5, p.y - 0.5)
                                r += s.0; g += s.1; b += s.2; a += s.3
                            }
                        }
                        a *= weight
                        guard a > 0.5 / 255 else { continue }
                        r *= weight; g *= weight; b *= weight
                        let d = (y * canvasWidth + x) * 4
                        switch mode {
                        case .sourceOver:
                            let keep = 1 - a / 255
                            px[d] = Self.byte(r + Double(px[d]) * keep)
                            px[d + 1] = Self.byte(g + Double(px[d + 1]) * keep)
                            px[d + 2] = Self.byte(b + Double(px[d + 2]) * keep)
                            px[d + 3] = Self.byte(a + Double(px[d + 3]) * keep)
                        case .destinationOut:
                            let keep = 1 - a / 255
                            for c in 0..<4 { px[d + c] = Self.byte(Double(px[d + c]) * keep) }
                        }
                    }
                }
            }
        }
    }

    /// The premultiplied RGBA (0…255 each) at texel coordinates (`u`, `v`) where texel centres are whole
    /// numbers, interpolated bilinearly; texels outside the bitmap are transparent.
    @inline(__always)
    static func bilinear(_ src: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ u: Double, _ v: Double)
        -> (Double, Double, Double, Double) {
        guard u > -1, v > -1, u < Double(w), v < Double(h) else { return (0, 0, 0, 0) }
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let iu = Int(fu), iv = Int(fv)
        let tu = u - fu, tv = v - fv
        var out = (0.0, 0.0, 0.0, 0.0)
        @inline(__always) func add(_ sx: Int, _ sy: Int, _ k: Double) {
            guard k > 0, sx >= 0, sy >= 0, sx < w, sy < h else { return }
            let i = (sy * w + sx) * 4
            out.0 += k * Double(src[i]); out.1 += k * Double(src[i + 1])
            out.2 += k * Double(src[i + 2]); out.3 += k * Double(src[i + 3])
        }
        add(iu, iv, (1 - tu) * (1 - tv)); add(iu + 1, iv, tu * (1 - tv))
        add(iu, iv + 1, (1 - tu) * tv); add(iu + 1, iv + 1, tu * tv)
        return out
    }

    @inline(__always) private static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}

extension Double {
    /// The value clamped to 0…1.
    fileprivate var clamped01: Double { Swift.min(1, Swift.max(0, self)) }
}
