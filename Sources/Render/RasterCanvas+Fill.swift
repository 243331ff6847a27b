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
    ///
    /// Coverage is read eight pixels at a time (one 64-bit load): uncovered runs are skipped, and fully
    /// covered runs of an opaque colour are written in one store (the inside of a road or a large glyph). Any
    /// other covered pixel is blended with its four channels in one vector (16-bit lanes: every product of
    /// two bytes fits), with the same rounding as ``mul255(_:_:)`` channel by channel.
    @inline(__always)
    private static func sourceOverRow(_ m: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ n: Int,
                                      _ s: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let src = SIMD4<UInt16>(UInt16(s.r), UInt16(s.g), UInt16(s.b), UInt16(s.a))
        let opaque = UInt32(s.r) | UInt32(s.g) << 8 | UInt32(s.b) << 16 | UInt32(s.a) << 24
        let solid = s.a == 255
        var i = 0
        while i < n {
            if i &+ 8 <= n {
                let eight = UnsafeRawPointer(m + i).loadUnaligned(as: UInt64.self)
                if eight == 0 { i &+= 8; continue }
                if eight == ~0 && solid {
                    UnsafeMutableRawPointer(d + 4 &* i).storeBytes(of: SIMD8<UInt32>(repeating: opaque), as: SIMD8<UInt32>.self)
                    i &+= 8; continue
                }
            }
            let c = m[i]
            if c != 0 {
                let p = UnsafeMutableRawPointer(d + 4 &* i)
                if c == 255 && solid {
                    p.storeBytes(of: opaque, as: UInt32.self)
                } else {
                    let sc = mul255(src, SIMD4(repeating: UInt16(c)))
                    let keep = 255 &- sc[3]
                    let dst = SIMD4<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD4<UInt8>.self))
                    p.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: sc &+ mul255(dst, SIMD4(repeating: keep))),
                                 as: SIMD4<UInt8>.self)
                }
            }
            i &+= 1
        }
    }

    /// `d = d·(1 − αs·c)` for one row, skipping uncovered pixels as ``sourceOverRow(_:_:_:_:)`` does.
    @inline(__always)
    private static func destinationOutRow(_ m: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ n: Int,
                                          _ sa: UInt32) {
        var i = 0
        while i < n {
            if i &+ 8 <= n && UnsafeRawPointer(m + i).loadUnaligned(as: UInt64.self) == 0 { i &+= 8; continue }
            let c = UInt32(m[i])
            if c != 0 {
                let p = UnsafeMutableRawPointer(d + 4 &* i)
                let keep = 255 - mul255(sa, c)
                if keep == 0 {
                    p.storeBytes(of: 0, as: UInt32.self)
                } else {
                    let dst = SIMD4<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD4<UInt8>.self))
                    p.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: mul255(dst, SIMD4(repeating: UInt16(keep)))),
                                 as: SIMD4<UInt8>.self)
                }
            }
            i &+= 1
        }
    }

    /// ``mul255(_:_:)`` lane by lane: `x·y/255` rounded, for bytes `x` and `y` (no lane overflows 16 bits).
    @inline(__always)
    static func mul255(_ x: SIMD4<UInt16>, _ y: SIMD4<UInt16>) -> SIMD4<UInt16> {
        let t = x &* y &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }
}

extension RasterCanvas {
    /// Strokes `path`, mapped by `transform`, with `color`, in `style` (width, caps, joins, dashes); see
    /// ``Rasterizer/rasterizeStroke(_:transform:style:clip:into:)``.
    public mutating func stroke(_ path: BezPath, transform: Affine = .identity, style: StrokeOptions, color: RGBAColor,
                                mode: CompositeMode = .sourceOver) {
        var mask = scratchMask
        scratchMask = CoverageMask()
        rasterizer.rasterizeStroke(path, transform: transform, style: style, clip: bounds, into: &mask)
        fill(mask, color: color, mode: mode)
        scratchMask = mask
    }
}
