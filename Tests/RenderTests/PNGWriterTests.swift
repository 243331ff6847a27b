import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Render
import CPNGWriter

@Suite struct PNGWriterTests {
    /// A picture with flat areas, gradients-by-antialiasing and transparency.
    func picture() throws -> RasterCanvas {
        var c = try RasterCanvas(width: 300, height: 200, background: RGBAColor(r: 250, g: 248, b: 240))
        c.fill(BezPath.circle(center: Point(150, 100), radius: 80), color: RGBAColor(r: 200, g: 30, b: 60, a: 200))
        c.fill(BezPath.circle(center: Point(150, 100), radius: 40), color: .black, mode: .destinationOut)
        c.stroke(BezPath.circle(center: Point(60, 60), radius: 30), style: StrokeOptions(width: 6), color: RGBAColor(r: 10, g: 90, b: 200))
        return c
    }

    @Test(arguments: PNGCompression.allCases)
    func everyCompressionReadsBackTheSamePixels(compression: PNGCompression) throws {
        let c = try picture()
        let data = try c.pngData(compression: compression)
        #expect(Array(data.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        let back = try RasterCanvas(pngData: data)
        #expect(back.width == c.width && back.height == c.height)
        // Straight-alpha pixels are what the file holds: they must round-trip exactly.
        #expect(back.straightPixels() == c.straightPixels())
    }

    @Test func theClassicWriterAgreesWithTheSimplifiedAPI() throws {
        let c = try picture()
        let ours = try RasterCanvas(pngData: try c.pngData(compression: .balanced))
        let reference = try RasterCanvas(pngData: try PNGCodec.encodeSimplified(straightRGBA: c.straightPixels(), width: c.width, height: c.height))
        #expect(ours.pixels == reference.pixels)
        // Harder compression gives smaller files at the same filter choice (adaptive); `.fast` uses no
        // filter, which on this flat picture is smaller still than adaptive filtering at level 9, but is
        // still far from the stored size (300 × 200 × 4 bytes).
        let balanced = try c.pngData(compression: .balanced).count, smallest = try c.pngData(compression: .smallest).count
        let fast = try c.pngData(compression: .fast).count
        #expect(smallest < balanced)
        #expect(fast < 300 * 200 * 4 / 20)
    }

    /// A picture large enough for the two-thread writer (1 << 20 pixels or more): libpng reads it back
    /// with the same pixels (it checks every chunk's CRC and the zlib stream's Adler-32), and the file
    /// is within a few per cent of libpng's own level-1 file without filters.
    @Test func theTwoThreadWriterWritesWhatLibpngReads() throws {
        var c = try RasterCanvas(width: 1100, height: 1001, background: RGBAColor(r: 250, g: 248, b: 240))
        for k in 0..<40 {
            let x = Double(k % 8) * 130 + 70, y = Double(k / 8) * 190 + 100
            c.fill(BezPath.circle(center: Point(x, y), radius: 20 + Double(k)), color: RGBAColor(r: UInt8(k * 6), g: 90, b: 200, a: 180))
        }
        #expect(c.width * c.height >= PNGCodec.parallelPixels)
        let data = try c.pngData(compression: .fast)
        let back = try RasterCanvas(pngData: data)
        #expect(back.width == 1100 && back.height == 1001)
        // Two IDAT chunks (one per half) show the two-thread path wrote it, not libpng's fallback.
        let idat = Array("IDAT".utf8)
        #expect((0..<(data.count - 4)).filter { Array(data[$0..<$0 + 4]) == idat }.count == 2)
        #expect(back.straightPixels() == c.straightPixels())
        // The same settings through libpng in one thread (level 1, no filter) for the size.
        var buffer = pt_png_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let rgba = c.straightPixels()
        let status = rgba.withUnsafeBufferPointer { pt_png_encode_rgba($0.baseAddress, 1100, 1001, 1, 0, &buffer, &message, 256) }
        defer { pt_png_free(&buffer) }
        #expect(status == 0)
        let single = Double(buffer.count)
        #expect(abs(Double(data.count) - single) < 0.05 * single)
    }

    /// The pairwise opaque check in `straightPixels` gives what unpremultiplying every pixel gives, on a
    /// picture with opaque, translucent and clear pixels and an odd pixel count (the last pixel alone).
    @Test func straightPixelsUnpremultiplyEveryTranslucentPixel() throws {
        var c = try RasterCanvas(width: 301, height: 201, background: RGBAColor(r: 0, g: 0, b: 0, a: 0))
        c.fill(BezPath.circle(center: Point(150, 100), radius: 90), color: RGBAColor(r: 200, g: 30, b: 60, a: 255))
        c.fill(BezPath.circle(center: Point(200, 100), radius: 60), color: RGBAColor(r: 10, g: 200, b: 90, a: 120))
        c.fill(BezPath.circle(center: Point(300, 200), radius: 3), color: RGBAColor(r: 90, g: 90, b: 250, a: 77))
        var reference = c.pixels
        var translucent = 0
        for i in stride(from: 0, to: reference.count, by: 4) where reference[i + 3] != 255 {
            let u = RasterCanvas.unpremultiply(reference[i], reference[i + 1], reference[i + 2], reference[i + 3])
            reference[i] = u.r; reference[i + 1] = u.g; reference[i + 2] = u.b
            if reference[i + 3] != 0 { translucent += 1 }
        }
        #expect(translucent > 1000)
        #expect(c.pixels[c.pixels.count - 1] != 255 && c.pixels[c.pixels.count - 1] != 0)  // the lone last pixel is translucent
        #expect(c.straightPixels() == reference)
    }
}
