import Geometry
import Shaping

extension RasterCanvas {
    /// Fills `path`, mapped by `transform` to canvas pixels, with `color`.
    ///
    /// - Parameters:
    ///   - path: the shape (glyph outlines, circles, rings…); open subpaths are filled as if closed.
    ///   - transform: path coordinates to canvas pixels, y down.
    ///   - color: straight-alpha colour; its alpha multiplies the coverage.
    ///   - rule: the fill rule.
    ///   - mode: ``CompositeMode/sourceOver`` to paint, ``CompositeMode/destinationOut`` to knock out.
    public mutating func fill(_ path: BezPath, transform: Affine = .identity, color: RGBAColor,
                              rule: FillRule = .nonZero, mode: CompositeMode = .sourceOver) {
        var mask = scratchMask
        scratchMask = CoverageMask()  // keep the storage uniquely referenced while we use it
        rasterizer.rasterize(path, transform: transform, rule: rule, clip: bounds, into: &mask)
        fill(mask, color: color, mode: mode)
        scratchMask = mask
    }

    /// Paints `color` through a coverage mask (its pixels off the canvas are ignored).
    public mutating func fill(_ mask: CoverageMask, color: RGBAColor, mode: CompositeMode = .sourceOver) {
        let rect = mask.bounds.intersection(bounds)
        guard !rect.isEmpty else { return }
        let src = Self.premultiply(color)
        if mode == .sourceOver && src.a == 0 { return }
        let canvasWidth = width
        mask.coverage.withUnsafeBufferPointer { cov in
            pixels.withUnsafeMutableBufferPointer { px in
                for y in rect.y..<rect.maxY {
                    let m = cov.baseAddress! + (y - mask.bounds.y) * mask.bounds.width + (rect.x - mask.bounds.x)
                    let d = px.baseAddress! + (y * canvasWidth + rect.x) * 4
                    switch mode {
                    case .sourceOver: Self.sourceOverRow(m, d, rect.width, src)
                    case .destinationOut: Self.destinationOutRow(m, d, rect.width, UInt32(src.a))
                    }
                }
            }
        }
    }

    /// `d = s·c + d·(1 − αs·c)` for one row, premultiplied.
    @inline(__always)
    private static func sourceOverRow(_ m: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ n: Int,
                                      _ s: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let sr = UInt32(s.r), sg = UInt32(s.g), sb = UInt32(s.b), sa = UInt32(s.a)
        for i in 0..<n {
            let c = UInt32(m[i])
            if c == 0 { continue }
            let p = d + 4 * i
            if c == 255 && sa == 255 {
                p[0] = s.r; p[1] = s.g; p[2] = s.b; p[3] = 255
                continue
            }
            let r = mul255(sr, c), g = mul255(sg, c), b = mul255(sb, c), a = mul255(sa, c)
            let keep = 255 - a
            p[0] = UInt8(r + mul255(UInt32(p[0]), keep))
            p[1] = UInt8(g + mul255(UInt32(p[1]), keep))
            p[2] = UInt8(b + mul255(UInt32(p[2]), keep))
            p[3] = UInt8(a + mul255(UInt32(p[3]), keep))
        }
    }

    /// `d = d·(1 − αs·c)` for one row.
    @inline(__always)
    private static func destinationOutRow(_ m: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ n: Int,
                                          _ sa: UInt32) {
        for i in 0..<n {
            let c = UInt32(m[i])
            if c == 0 { continue }
            let p = d + 4 * i
            let keep = 255 - mul255(sa, c)
            if keep == 0 { p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0; continue }
            p[0] = UInt8(mul255(UInt32(p[0]), keep))
            p[1] = UInt8(mul255(UInt32(p[1]), keep))
            p[2] = UInt8(mul255(UInt32(p[2]), keep))
            p[3] = UInt8(mul255(UInt32(p[3]), keep))
        }
    }
}

extension RasterCanvas {
    /// Strokes `path`, mapped by `transform`, with `color`; see ``StrokeOptions`` and
    /// ``Rasterizer/rasterizeStroke(_:transform:style:clip:into:)``.
    /// - Parameter width: the full stroke width in path units.
    public mutating func stroke(_ path: BezPath, transform: Affine = .identity, width: Double, color: RGBAColor,
                                cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
                                mode: CompositeMode = .sourceOver) {
        var mask = scratchMask
        scratchMask = CoverageMask()
        rasterizer.rasterizeStroke(path, transform: transform,
                                   style: StrokeOptions(width: width, cap: cap, join: join, miterLimit: miterLimit),
                                   clip: bounds, into: &mask)
        fill(mask, color: color, mode: mode)
        scratchMask = mask
    }
}
