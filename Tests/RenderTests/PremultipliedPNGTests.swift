import Testing
@testable import Render

/// A large canvas's `.fast` PNG is compressed straight from its premultiplied pixels, each thread
/// unpremultiplying its rows as it copies them: the file must be byte for byte the one made from
/// `straightPixels()` (Swift's rounding), and libpng must read back the straight pixels.
@Suite struct PremultipliedPNGTests {
    /// 1024 × 1024 (the two-thread size): every alpha with colour values from 0 to alpha, opaque runs
    /// (the 64-bit skip) and odd-width leftovers checked by a second, odd-sized canvas.
    static func canvas(width: Int, height: Int) -> RasterCanvas {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in 0..<(width * height) {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            // A third of the pixels opaque (in pairs mostly), the rest any alpha including 0.
            let a: UInt8 = (i / 2) % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: state >> 8)
            for c in 0..<3 {
                let v = UInt8(truncatingIfNeeded: state >> (16 + 8 * c))
                px[i * 4 + c] = a == 0 ? 0 : UInt8(UInt32(v) % (UInt32(a) + 1))
            }
            px[i * 4 + 3] = a
        }
        return RasterCanvas(width: width, height: height, premultiplied: px)
    }

    @Test(arguments: [(1024, 1024), (1031, 1019)])
    func sameFileAsFromStraightPixels(size: (Int, Int)) throws {
        let canvas = Self.canvas(width: size.0, height: size.1)
        let direct = try canvas.pngData()
        let viaStraight = try PNGCodec.encode(straightRGBA: canvas.straightPixels(), width: canvas.width, height: canvas.height)
        // Counts, not the arrays: a failing #expect on megabyte arrays would print them whole.
        #expect(direct.count == viaStraight.count)
        #expect(zip(direct, viaStraight).filter { $0 != $1 }.count == 0)
        let (w, h, straight) = try PNGCodec.decode(direct) { (_: Int, _: Int) throws(RenderError) in }
        #expect(w == canvas.width && h == canvas.height)
        let expected = canvas.straightPixels()
        #expect(straight.count == expected.count)
        #expect(zip(straight, expected).filter { $0 != $1 }.count == 0)
    }
}
