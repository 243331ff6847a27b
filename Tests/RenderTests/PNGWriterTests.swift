import Testing
import Foundation
import Geometry
import Shaping
@testable import Render

@Suite struct PNGWriterTests {
    /// A picture with flat areas, gradients-by-antialiasing and transparency.
    func picture() throws -> RasterCanvas {
        var c = try RasterCanvas(width: 300, height: 200, background: RGBAColor(r: 250, g: 248, b: 240))
        c.fill(BezPath.circle(center: Point(150, 100), radius: 80), color: RGBAColor(r: 200, g: 30, b: 60, a: 200))
        c.fill(BezPath.circle(center: Point(150, 100), radius: 40), color: .black, mode: .destinationOut)
        c.stroke(BezPath.circle(center: Point(60, 60), radius: 30), width: 6, color: RGBAColor(r: 10, g: 90, b: 200))
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
}
