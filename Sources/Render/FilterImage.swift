import Support

/// One image of a filter chain over the filter region: premultiplied RGBA in 0…1, four floats a pixel, rows
/// top to bottom, its colour channels in sRGB or in linear light.
struct FilterImage: Sendable {
    let width: Int
    let height: Int
    var pixels: [Float]
    /// Whether the colour channels are linear light (`linearRGB`) rather than sRGB values.
    var linear: Bool

    /// A transparent image.
    init(width: Int, height: Int, linear: Bool) {
        self.width = width; self.height = height; self.linear = linear
        pixels = [Float](repeating: 0, count: width * height * 4)
    }

    /// The premultiplied bytes of `rect` (inside the canvas) of a canvas `canvasWidth` wide, in sRGB.
    init(bytes: [UInt8], canvasWidth: Int, rect: PixelRect) {
        self.init(width: rect.width, height: rect.height, linear: false)
        let w = rect.width
        pixels.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { src in
                for y in 0..<rect.height {
                    let from = ((rect.y + y) * canvasWidth + rect.x) * 4, to = y * w * 4
                    for i in 0..<(w * 4) { out[to + i] = Float(src[from + i]) / 255 }
                }
            }
        }
    }

    /// The image with its colour channels in linear light (`linear`) or in sRGB: each pixel's colour is
    /// unpremultiplied, mapped by the sRGB transfer function (or its inverse) and premultiplied again.
    func converted(linear to: Bool) -> FilterImage {
        guard to != linear else { return self }
        var out = self
        out.linear = to
        (to ? Self.linearTable : Self.sRGBTable).withUnsafeBufferPointer { table in
            out.pixels.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let a = p[i + 3]
                    guard a > 0 else { continue }
                    for c in 0..<3 { p[i + c] = Self.lookUp(table, p[i + c] / a) * a }
                }
            }
        }
        return out
    }

    /// The sRGB transfer function's inverse: an sRGB value to linear light.
    static func toLinear(_ v: Float) -> Float { v <= 0.04045 ? v / 12.92 : Float(pow(Double((v + 0.055) / 1.055), 2.4)) }

    /// The sRGB transfer function: linear light to an sRGB value.
    static func toSRGB(_ v: Float) -> Float { v <= 0.0031308 ? v * 12.92 : Float(1.055 * pow(Double(v), 1 / 2.4) - 0.055) }

    /// Each function sampled at 4096 steps over 0…1, interpolated between (FilterRasterTests: within
    /// 2·10⁻⁷ of the function to linear light, 2·10⁻⁵ to sRGB, far below a byte's 1/255).
    static let linearTable = (0...tableSteps).map { toLinear(Float($0) / Float(tableSteps)) }
    static let sRGBTable = (0...tableSteps).map { toSRGB(Float($0) / Float(tableSteps)) }
    static let tableSteps = 4096

    /// `table` (``linearTable`` or ``sRGBTable``) at `v` in 0…1, linearly interpolated.
    @inline(__always) static func lookUp(_ table: UnsafeBufferPointer<Float>, _ v: Float) -> Float {
        let x = max(0, min(1, v)) * Float(tableSteps)
        let k = min(tableSteps - 1, Int(x)), t = x - Float(k)
        return table[k] + (table[k + 1] - table[k]) * t
    }

    /// Clears every pixel outside `rect` (image coordinates; an empty one clears all).
    mutating func keep(_ rect: PixelRect) {
        guard rect.x > 0 || rect.y > 0 || rect.width < width || rect.height < height else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let inside = !rect.isEmpty && y >= rect.y && y < rect.y + rect.height
                let x0 = inside ? min(max(rect.x, 0), w) : w, x1 = inside ? min(max(rect.x + rect.width, x0), w) : w
                for i in (y * w * 4)..<((y * w + x0) * 4) { p[i] = 0 }
                for i in ((y * w + x1) * 4)..<((y + 1) * w * 4) { p[i] = 0 }
            }
        }
    }

    /// `SourceAlpha`: black, with this image's alpha.
    var alphaOnly: FilterImage {
        var out = self
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0 }
        }
        return out
    }

    /// The premultiplied bytes of the image (sRGB expected), each channel rounded and kept within its alpha.
    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = UInt8(max(0, min(255, (p[i + 3] * 255).rounded())))
                out[i + 3] = a
                for c in 0..<3 { out[i + c] = min(a, UInt8(max(0, min(255, (p[i + c] * 255).rounded())))) }
            }
        }
        return out
    }
}
