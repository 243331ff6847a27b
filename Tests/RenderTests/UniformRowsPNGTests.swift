import Testing
import Foundation
@testable import Render
import CPNGWriter

/// `pt_png_encode_rgba_uniform_rows` (what `.fast` uses below ``PNGCodec/parallelPixels``) writes rows of
/// one colour as its own deflate blocks between zlib's: libpng must read back every pixel (it checks each
/// chunk's CRC and the stream's Adler-32), for any width (the match lengths' remainders), any colour
/// (literals of 8 and 9 bits), and runs of either kind of row at the start, middle and end.
@Suite struct UniformRowsPNGTests {
    /// Straight RGBA rows: `kinds[y]` nil is a row of noise, otherwise a row of that pixel.
    static func image(width: Int, kinds: [[UInt8]?], seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var out: [UInt8] = []
        for kind in kinds {
            if let pixel = kind {
                for _ in 0..<width { out += pixel }
            } else {
                // Mostly the background with a few marks, like a row crossing a label.
                for x in 0..<width { out += x % 7 == 3 ? [next(), next(), next(), next()] : [255, 255, 255, 255] }
            }
        }
        return out
    }

    static func roundTrip(_ rgba: [UInt8], width: Int, height: Int) throws -> (pixels: [UInt8], bytes: Int) {
        var buffer = pt_png_buffer()
        let status = rgba.withUnsafeBufferPointer { pt_png_encode_rgba_uniform_rows($0.baseAddress, UInt32(width), UInt32(height), &buffer) }
        try #require(status == 0)
        defer { pt_png_free(&buffer) }
        let png = Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.count))
        let decoded = try PNGCodec.decode(png) { _, _ in }
        #expect(decoded.width == width && decoded.height == height)
        return (decoded.rgba, png.count)
    }

    @Test(arguments: [1, 2, 3, 64, 65, 66, 67, 129, 130, 300, 801])
    func everyWidthReadsBack(width: Int) throws {
        let white: [UInt8] = [255, 255, 255, 255], clear: [UInt8] = [0, 0, 0, 0]
        let teal: [UInt8] = [0, 128, 128, 255], pale: [UInt8] = [250, 248, 240, 160]
        let kinds: [[UInt8]?] = [white, white, nil, clear, clear, clear, nil, nil, teal, pale, pale, nil, white]
        let rgba = Self.image(width: width, kinds: kinds, seed: UInt64(width))
        #expect(try Self.roundTrip(rgba, width: width, height: kinds.count).pixels == rgba)
    }

    @Test func allOneKindReadsBack() throws {
        let width = 257
        let uniform = Self.image(width: width, kinds: Array(repeating: [17, 200, 144, 143], count: 9), seed: 1)
        #expect(try Self.roundTrip(uniform, width: width, height: 9).pixels == uniform)
        let noisy = Self.image(width: width, kinds: Array(repeating: nil, count: 9), seed: 2)
        #expect(try Self.roundTrip(noisy, width: width, height: 9).pixels == noisy)
    }

    /// Random sequences of row kinds, and the size against libpng at the same level without filters: the
    /// rows of one colour cost a few dozen bytes each here (fixed Huffman), a few bytes in zlib.
    @Test func randomRowsReadBackAndStayNearLibpngsSize() throws {
        var state: UInt64 = 7
        for round in 0..<20 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let width = 1 + Int(state >> 54)  // 1…1024
            let colours: [[UInt8]] = [[255, 255, 255, 255], [0, 0, 0, 0], [12, 34, 56, 78], [200, 150, 100, 255]]
            var kinds: [[UInt8]?] = []
            for _ in 0..<(8 + round) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pick = Int(state >> 61)
                kinds.append(pick < colours.count ? colours[pick] : nil)
            }
            let rgba = Self.image(width: width, kinds: kinds, seed: state)
            let ours = try Self.roundTrip(rgba, width: width, height: kinds.count)
            #expect(ours.pixels == rgba, "round \(round): width \(width)")
            let libpng = try PNGCodec.encode(straightRGBA: rgba, width: width, height: kinds.count, compression: .balanced)
            #expect(ours.bytes <= libpng.count * 3 / 2 + 300, "round \(round): \(ours.bytes) bytes against libpng's \(libpng.count)")
        }
    }

    /// `.fast` below the two-thread size goes through this writer: a picture of one colour is far smaller
    /// than its pixels, and reads back.
    @Test func fastUsesItBelowTheParallelSize() throws {
        let width = 400, height = 300
        let rgba = [UInt8](repeating: 255, count: width * height * 4)
        let png = try PNGCodec.encode(straightRGBA: rgba, width: width, height: height, compression: .fast)
        #expect(png.count < 300 * 40)
        #expect(try PNGCodec.decode(png) { _, _ in }.rgba == rgba)
    }
}
