import Testing
import Geometry
@testable import Shaping
@testable import Render

/// A group ended through a filter on the raster canvas (RasterCanvas+Filter.swift).
@Suite struct RasterCanvasFilterTests {
    @Test func floodFillsExactlyTheRegion() throws {
        // A 20 × 20 canvas; a resolved filter region from (3.2, 4) to (12, 9.5): whole pixels 3…11 × 4…9.
        var canvas = try RasterCanvas(width: 20, height: 20)
        canvas.beginGroup()
        let f = FilterEffect(region: Rect(minX: 3.2, minY: 4, maxX: 12, maxY: 9.5), units: .userSpaceOnUse,
                             primitives: [FilterPrimitive(.flood(RGBAColor(r: 0, g: 128, b: 0)))])
        canvas.endGroup(filter: f)
        var inside = 0
        for y in 0..<20 { for x in 0..<20 where canvas.pixel(x: x, y: y).a > 0 {
            inside += 1
            #expect(canvas.pixel(x: x, y: y) == RGBAColor(r: 0, g: 128, b: 0), "(\(x), \(y))")
        } }
        #expect(inside == 9 * 6)
        #expect(canvas.pixel(x: 3, y: 4).a == 255 && canvas.pixel(x: 11, y: 9).a == 255)
        #expect(canvas.pixel(x: 2, y: 4).a == 0 && canvas.pixel(x: 12, y: 4).a == 0 && canvas.pixel(x: 3, y: 10).a == 0)
    }

    @Test func theResultGoesOverTheBackdropAndTheGroupOutsideTheRegionIsDropped() throws {
        // A red backdrop; the group draws a blue square 0…10; the filter (an offset by 2, region 0…6) keeps
        // the square's part within the region, moved, over the red.
        var canvas = try RasterCanvas(width: 12, height: 12, background: RGBAColor(r: 255, g: 0, b: 0))
        canvas.beginGroup()
        canvas.fill(.polyline([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true), color: RGBAColor(r: 0, g: 0, b: 255, a: 128))
        canvas.endGroup(filter: FilterEffect(region: Rect(x: 0, y: 0, width: 6, height: 6), units: .userSpaceOnUse,
                                             primitives: [FilterPrimitive(.offset(dx: 2, dy: 2))]))
        #expect(canvas.pixel(x: 1, y: 1) == RGBAColor(r: 255, g: 0, b: 0))          // moved away: the backdrop
        #expect(canvas.pixel(x: 3, y: 3) == RGBAColor(r: 127, g: 0, b: 128))        // half blue over red
        #expect(canvas.pixel(x: 8, y: 8) == RGBAColor(r: 255, g: 0, b: 0))          // outside the region: dropped
    }
}
