import Support
extension RasterCanvas {
    /// The canvas as an 8-bit RGBA PNG with straight alpha (colour channels unpremultiplied, rounded).
    /// - Parameter compression: speed against size (default ``PNGCompression/fast``).
    /// - Throws: ``RenderError/pngEncodingFailed(reason:)`` with libpng's message.
    public func pngData(compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        if compression == .fast, let png = PNGCodec.encodeFastParallel(premultipliedRGBA: pixels, width: width, height: height) {
            return png
        }
        return try PNGCodec.encode(straightRGBA: straightPixels(), width: width, height: height, compression: compression)
    }

    /// Writes the canvas as a PNG to `path` with ``AtomicFile/write(_:to:)``: atomically for a regular
    /// file (an unnamed temporary file linked in once complete; on failure nothing is left behind), in
    /// place for a device or FIFO.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` (for example an unwritable or missing folder),
    ///   or an encoding error.
    public func writePNG(to path: String, compression: PNGCompression = .fast) throws(RenderError) {
        let bytes = try pngData(compression: compression)
        do { try AtomicFile.write(bytes, to: path) } catch { throw RenderError(error) }
    }

    /// Reads a PNG of any colour type and bit depth libpng supports (converted to 8-bit RGBA).
    /// - Throws: ``RenderError/pngDecodingFailed(reason:)`` for bytes libpng cannot read, and the size
    ///   errors of ``init(width:height:background:pixelLimit:)``, checked before the pixels are allocated.
    public init(pngData: [UInt8], pixelLimit: Int = RasterCanvas.defaultPixelLimit) throws(RenderError) {
        let (w, h, rgba) = try PNGCodec.decode(pngData) { (w: Int, h: Int) throws(RenderError) in
            try RasterCanvas.checkSize(width: w, height: h, pixelLimit: pixelLimit)
        }
        var px = rgba
        px.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    p[i] = UInt8(RasterCanvas.mul255(UInt32(p[i]), a))
                    p[i + 1] = UInt8(RasterCanvas.mul255(UInt32(p[i + 1]), a))
                    p[i + 2] = UInt8(RasterCanvas.mul255(UInt32(p[i + 2]), a))
                }
                i += 4
            }
        }
        self.init(width: w, height: h, premultiplied: px)
    }

    /// Reads the PNG file at `path`; see ``init(pngData:pixelLimit:)``.
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` when the file cannot be read.
    public init(pngFile path: String, pixelLimit: Int = RasterCanvas.defaultPixelLimit) throws(RenderError) {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch { throw RenderError(error) }
        try self.init(pngData: bytes, pixelLimit: pixelLimit)
    }

    /// The pixels with straight alpha.
    package func straightPixels() -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBytes { p in
            // Two pixels per 64-bit load: when both alphas (bytes 3 and 7) are 255 there is nothing to
            // do, which is most of a canvas (the 4096² bench scene: 7 → about 2 instructions per pixel).
            let opaque: UInt64 = 0xFF00_0000_FF00_0000
            let pairs = p.count / 8
            var k = 0
            while k < pairs {
                if p.loadUnaligned(fromByteOffset: k &* 8, as: UInt64.self) & opaque != opaque {
                    Self.unpremultiplyPixel(p, at: k &* 8)
                    Self.unpremultiplyPixel(p, at: k &* 8 &+ 4)
                }
                k &+= 1
            }
            if p.count % 8 != 0 { Self.unpremultiplyPixel(p, at: p.count - 4) }
        }
        return out
    }

    /// Unpremultiplies the pixel at byte `i` in place (nothing to do when it is opaque).
    @inline(__always)
    private static func unpremultiplyPixel(_ p: UnsafeMutableRawBufferPointer, at i: Int) {
        let a = p[i + 3]
        if a != 255 {
            let c = RasterCanvas.unpremultiply(p[i], p[i + 1], p[i + 2], a)
            p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b
        }
    }
}
