import Support
import Geometry
import Shaping

/// An RGBA image, 8 bits per channel, with **premultiplied** alpha in memory, rows top to bottom.
///
/// Paint on it with ``fill(_:transform:color:rule:mode:)``, ``fill(_:color:mode:)`` and
/// ``stroke(_:transform:width:color:cap:join:miterLimit:mode:)``; write it with ``pngData()`` or
/// ``writePNG(to:)``. A canvas keeps a ``Rasterizer`` and a mask as scratch, so painting many glyphs
/// allocates nothing once warm. It is a value: copies are independent.
public struct RasterCanvas: Sendable {
    /// The largest canvas made when no limit is given: 100 megapixels (400 MB of pixels).
    public static let defaultPixelLimit = 100_000_000

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA bytes, `4 × width` per row, rows top to bottom.
    public internal(set) var pixels: [UInt8]

    /// Scratch for painting; not part of the image.
    var rasterizer = Rasterizer()
    var scratchMask = CoverageMask()
    /// The region of each open group (``beginGroup(bounds:)``) and the pixels it covered, innermost last.
    var groupBackdrops: [(PixelRect, [UInt8])] = []

    /// Creates a canvas filled with `background` (transparent by default).
    ///
    /// - Throws: ``RenderError/emptyCanvas(width:height:)`` when a side is below 1, and
    ///   ``RenderError/canvasTooLarge(width:height:limit:)`` when `width × height` exceeds `pixelLimit`;
    ///   both are checked before anything is allocated.
    public init(width: Int, height: Int, background: RGBAColor = .transparent,
                pixelLimit: Int = RasterCanvas.defaultPixelLimit) throws(RenderError) {
        try Self.checkSize(width: width, height: height, pixelLimit: pixelLimit)
        self.width = width; self.height = height
        let p = Self.premultiply(background)
        if p.a == 0 {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buf, count in
                Self.fillPixels(buf, with: p)
                count = buf.count
            }
        }
    }

    /// Creates a canvas from premultiplied RGBA bytes.
    /// - Precondition: `pixels.count == width × height × 4`, and no colour byte exceeds its alpha.
    init(width: Int, height: Int, premultiplied pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Throws when `width × height` is empty or above `pixelLimit` (without overflowing).
    static func checkSize(width: Int, height: Int, pixelLimit: Int) throws(RenderError) {
        guard width > 0, height > 0 else { throw .emptyCanvas(width: width, height: height) }
        let (n, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, n <= pixelLimit, n <= Int.max / 4 else {
            throw .canvasTooLarge(width: width, height: height, limit: pixelLimit)
        }
    }

    /// The whole canvas as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The colour of pixel (`x`, `y`) with straight alpha (colour channels are rounded when unpremultiplied).
    /// - Precondition: the pixel is on the canvas.
    public func pixel(x: Int, y: Int) -> RGBAColor {
        let p = premultipliedPixel(x: x, y: y)
        return Self.unpremultiply(p.r, p.g, p.b, p.a)
    }

    /// The stored (premultiplied) channels of pixel (`x`, `y`).
    /// - Precondition: the pixel is on the canvas.
    public func premultipliedPixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is off the canvas")
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Replaces every pixel with `color`.
    public mutating func clear(to color: RGBAColor) {
        let p = Self.premultiply(color)
        pixels.withUnsafeMutableBufferPointer { Self.fillPixels($0, with: p) }
    }

    /// `x·y/255` rounded, for bytes.
    /// Writes the premultiplied pixel `p` into every 4-byte pixel of `buf` (whose count is a multiple of 4):
    /// a `memset` when its four bytes are equal, else sixteen bytes per store.
    static func fillPixels(_ buf: UnsafeMutableBufferPointer<UInt8>, with p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        guard let base = buf.baseAddress else { return }
        let raw = UnsafeMutableRawPointer(base), n = buf.count
        if p.r == p.a && p.g == p.a && p.b == p.a {  // white, black, transparent: one byte
            buf.update(repeating: p.a)
            return
        }
        let word = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
        let wide = SIMD4<UInt32>(repeating: word)
        var i = 0
        while i + 16 <= n { raw.storeBytes(of: wide, toByteOffset: i, as: SIMD4<UInt32>.self); i += 16 }
        while i + 4 <= n { raw.storeBytes(of: word, toByteOffset: i, as: UInt32.self); i += 4 }
    }

    @inline(__always) static func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x * y + 128
        return (t + (t >> 8)) >> 8
    }

    /// A straight-alpha colour with its channels multiplied by alpha.
    static func premultiply(_ c: RGBAColor) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = UInt32(c.a)
        return (UInt8(mul255(UInt32(c.r), a)), UInt8(mul255(UInt32(c.g), a)), UInt8(mul255(UInt32(c.b), a)), c.a)
    }

    /// Premultiplied channels back to straight alpha, rounded (transparent pixels become `.transparent`).
    static func unpremultiply(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> RGBAColor {
        guard a != 0 else { return .transparent }
        if a == 255 { return RGBAColor(r: r, g: g, b: b, a: 255) }
        let a32 = UInt32(a), h = a32 / 2
        func u(_ v: UInt8) -> UInt8 { UInt8(min(255, (UInt32(v) * 255 + h) / a32)) }
        return RGBAColor(r: u(r), g: u(g), b: u(b), a: a)
    }
}
