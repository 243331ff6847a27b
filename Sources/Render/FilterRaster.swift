import Support
import Geometry
import Shaping

/// Runs a resolved ``FilterEffect`` (canvas pixels, ``FilterEffect/resolved(box:)``) on the pixels of a filter
/// region, as SVG Filter Effects 1 describes each primitive.
///
/// Each primitive's result is kept within its subregion (resolved, canvas coordinates; the whole pixels it
/// touches); what lies outside it, and outside the filter region, is transparent. Images are
/// premultiplied floats (``FilterImage``), each primitive working in its `color-interpolation-filters` space;
/// the chain's result is returned in sRGB.
enum FilterRaster {
    /// The whole pixels that `region` (canvas coordinates) touches, within `canvas`.
    static func pixelRegion(_ region: Rect, within canvas: PixelRect) -> PixelRect {
        guard region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite, region.maxY.isFinite,
              region.maxX > region.minX, region.maxY > region.minY else { return .empty }
        func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(max(Double(lo), min(Double(hi), v))) }
        let x0 = clamp(region.minX.rounded(.down), canvas.x, canvas.maxX), x1 = clamp(region.maxX.rounded(.up), canvas.x, canvas.maxX)
        let y0 = clamp(region.minY.rounded(.down), canvas.y, canvas.maxY), y1 = clamp(region.maxY.rounded(.up), canvas.y, canvas.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The chain's result, in sRGB, for `source` (the element's pixels over the region, its top-left pixel at
    /// `origin` on the canvas): the last primitive's.
    static func apply(_ filter: FilterEffect, source: FilterImage, origin: (x: Int, y: Int) = (0, 0)) -> FilterImage {
        // A filter without primitives draws nothing (Filter Effects 1: the element is transparent).
        guard !filter.primitives.isEmpty else { return FilterImage(width: source.width, height: source.height, linear: false) }
        var results: [String: FilterImage] = [:]
        var previous: FilterImage?
        var sourceAlpha: FilterImage?
        // The last primitive that reads each named result: after it, the image is let go.
        var lastUse: [String: Int] = [:]
        for (k, p) in filter.primitives.enumerated() {
            for i in p.inputs { if case .named(let n) = i { lastUse[n] = k } }
        }
        for (k, p) in filter.primitives.enumerated() {
            func image(_ i: FilterInput) -> FilterImage {
                let img: FilterImage
                switch i {
                case .previous: img = previous ?? source
                case .sourceGraphic: img = source
                case .sourceAlpha:
                    if sourceAlpha == nil { sourceAlpha = source.alphaOnly }
                    img = sourceAlpha!
                // A name no earlier primitive gave: the previous result (SVG 1.1).
                case .named(let n): img = results[n] ?? previous ?? source
                }
                return img.converted(linear: p.linearRGB)
            }
            var out: FilterImage
            switch p.operation {
            case .flood(let color):
                out = flood(color, width: source.width, height: source.height, linear: p.linearRGB)
            case .gaussianBlur(let x, let y):
                out = blur(image(p.input), x: x, y: y)
            case .offset(let dx, let dy):
                // Whole pixels; past the region's size everything moves out (and the number stays an integer).
                func whole(_ d: Double) -> Int { d.isFinite ? Int(max(-1e7, min(1e7, d)).rounded()) : 0 }
                out = offset(image(p.input), dx: whole(dx), dy: whole(dy))
            case .merge(let layers):
                var acc = FilterImage(width: source.width, height: source.height, linear: p.linearRGB)
                for l in layers { acc = composite(image(l), acc, .over) }
                out = acc
            case .composite(let op, let in2):
                out = composite(image(p.input), image(in2), op)
            case .colorMatrix(let m):
                out = colorMatrix(image(p.input), m)
            case .morphology(let dilate, let x, let y):
                // Radii rounded to whole pixels; a negative one (an error): the input; zero: that axis unchanged.
                func whole(_ v: Double) -> Int { v > 0 ? Int(min(FilterEffect.maximumRadius, v).rounded()) : 0 }
                out = x < 0 || y < 0 || x.isNaN || y.isNaN ? image(p.input) : morphology(image(p.input), dilate: dilate, rx: whole(x), ry: whole(y))
            case .componentTransfer(let functions):
                out = componentTransfer(image(p.input), functions)
            case .blend(let mode, let in2):
                out = blend(image(p.input), image(in2), mode)
            }
            if let x = p.subregion.x, let y = p.subregion.y, let w = p.subregion.width, let h = p.subregion.height {
                let image = PixelRect(x: origin.x, y: origin.y, width: source.width, height: source.height)
                let sub = pixelRegion(Rect(minX: x, minY: y, maxX: x + w, maxY: y + h), within: image)
                out.keep(PixelRect(x: sub.x - origin.x, y: sub.y - origin.y, width: sub.width, height: sub.height))
            }
            for (n, last) in lastUse where last == k { results[n] = nil }
            if let r = p.result, (lastUse[r] ?? -1) > k { results[r] = out }
            previous = out
        }
        return (previous ?? source).converted(linear: false)
    }

    /// `feFlood`: `color` (straight alpha, in sRGB) over the whole region, in the primitive's space.
    static func flood(_ color: RGBAColor, width: Int, height: Int, linear: Bool) -> FilterImage {
        var out = FilterImage(width: width, height: height, linear: linear)
        let a = Float(color.a) / 255
        var c = [Float(color.r), Float(color.g), Float(color.b)].map { $0 / 255 }
        if linear { c = c.map(FilterImage.toLinear) }
        let px: [Float] = [c[0] * a, c[1] * a, c[2] * a, a]
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) { for k in 0..<4 { p[i + k] = px[k] } }
        }
        return out
    }

    /// `feOffset`: each pixel moved by whole pixels (`dx`, `dy` rounded by the caller); what comes in from
    /// outside the region is transparent.
    static func offset(_ img: FilterImage, dx: Int, dy: Int) -> FilterImage {
        var out = FilterImage(width: img.width, height: img.height, linear: img.linear)
        let w = img.width, h = img.height
        guard abs(dx) < w, abs(dy) < h else { return out }
        out.pixels.withUnsafeMutableBufferPointer { o in
            img.pixels.withUnsafeBufferPointer { s in
                for y in max(0, dy)..<min(h, h + dy) {
                    let x0 = max(0, dx), x1 = min(w, w + dx)
                    guard x1 > x0 else { continue }
                    (o.baseAddress! + (y * w + x0) * 4).update(from: s.baseAddress! + ((y - dy) * w + x0 - dx) * 4, count: (x1 - x0) * 4)
                }
            }
        }
        return out
    }

    /// An image of `a`'s size and space whose pixels `body` writes from `a`'s and `b`'s (same size), one
    /// pixel at a time: `body(A, B, o, i)` with `i` the pixel's first channel in all three.
    @inline(__always)
    static func pixelwise(_ a: FilterImage, _ b: FilterImage,
                          _ body: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, Int) -> Void) -> FilterImage {
        var out = FilterImage(width: a.width, height: a.height, linear: a.linear)
        out.pixels.withUnsafeMutableBufferPointer { o in
            a.pixels.withUnsafeBufferPointer { A in
                b.pixels.withUnsafeBufferPointer { B in
                    for i in stride(from: 0, to: o.count, by: 4) { body(A, B, o, i) }
                }
            }
        }
        return out
    }

    /// `feComposite` of `a` (`in`) with `b` (`in2`), both premultiplied in the same space.
    static func composite(_ a: FilterImage, _ b: FilterImage, _ op: FilterCompositeOperator) -> FilterImage {
        pixelwise(a, b) { A, B, o, i in
            let aa = A[i + 3], ab = B[i + 3]
            switch op {
            case .over: for c in 0..<4 { o[i + c] = A[i + c] + B[i + c] * (1 - aa) }
            case .in: for c in 0..<4 { o[i + c] = A[i + c] * ab }
            case .out: for c in 0..<4 { o[i + c] = A[i + c] * (1 - ab) }
            case .atop: for c in 0..<4 { o[i + c] = A[i + c] * ab + B[i + c] * (1 - aa) }
            case .xor: for c in 0..<4 { o[i + c] = A[i + c] * (1 - ab) + B[i + c] * (1 - aa) }
            case .arithmetic(let k1, let k2, let k3, let k4):
                func value(_ c: Int) -> Float {
                    let x = Double(A[i + c]), y = Double(B[i + c])
                    return Float(max(0, min(1, k1 * x * y + k2 * x + k3 * y + k4)))
                }
                // Premultiplied: a colour is kept within the alpha.
                let alpha = value(3)
                o[i + 3] = alpha
                for c in 0..<3 { o[i + c] = min(value(c), alpha) }
            }
        }
    }

    /// `feColorMatrix`: `m` (4 × 5, row-major) on each pixel's straight-alpha colour, clamped to 0…1.
    static func colorMatrix(_ img: FilterImage, _ m: [Double]) -> FilterImage {
        guard m.count == 20 else { return img }
        var out = img
        let f = m.map(Float.init)
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                let v = a > 0 ? SIMD4<Float>(p[i] / a, p[i + 1] / a, p[i + 2] / a, a) : SIMD4<Float>(repeating: 0)
                var r = SIMD4<Float>(repeating: 0)
                for row in 0..<4 {
                    let k = row * 5
                    r[row] = max(0, min(1, f[k] * v[0] + f[k + 1] * v[1] + f[k + 2] * v[2] + f[k + 3] * v[3] + f[k + 4]))
                }
                p[i] = r[0] * r[3]; p[i + 1] = r[1] * r[3]; p[i + 2] = r[2] * r[3]; p[i + 3] = r[3]
            }
        }
        return out
    }
}
