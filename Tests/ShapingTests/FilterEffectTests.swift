import Testing
import Geometry
@testable import Shaping

/// Filters resolved to canvas pixels (FilterEffect.swift).
@Suite struct FilterEffectTests {
    @Test func resolvedRegionAndLengths() throws {
        // objectBoundingBox defaults on a 100 × 50 box at (10, 20), scaled by 2: 10 % beyond each side.
        let f = FilterEffect(transform: .scale(2), primitives: [FilterPrimitive(.gaussianBlur(x: 3, y: 1)), FilterPrimitive(.offset(dx: 4, dy: -1))])
        let r = try #require(f.resolved(box: Rect(x: 10, y: 20, width: 100, height: 50)))
        #expect(abs(r.region.minX - 0) < 1e-9 && abs(r.region.minY - 15) < 1e-9 && abs(r.region.maxX - 120) < 1e-9 && abs(r.region.maxY - 75) < 1e-9)
        #expect(r.primitives[0].operation == .gaussianBlur(x: 6, y: 2))
        #expect(r.primitives[1].operation == .offset(dx: 8, dy: -2))
        #expect(f.resolved(box: nil) == nil)
        // primitiveUnits objectBoundingBox: fractions of the box on the canvas.
        var g = f
        g.primitiveUnits = .objectBoundingBox
        g.primitives = [FilterPrimitive(.gaussianBlur(x: 0.1, y: 0.1))]
        #expect(g.resolved(box: Rect(x: 0, y: 0, width: 100, height: 50))?.primitives[0].operation == .gaussianBlur(x: 10, y: 5))
    }

    @Test func userSpaceRegionsFollowTheTransformAndAShiftMovesThem() throws {
        let f = FilterEffect(region: Rect(x: 10, y: 10, width: 20, height: 10), units: .userSpaceOnUse, transform: Affine(2, 0, 0, 3, 5, 0),
                             primitives: [FilterPrimitive(.gaussianBlur(x: 1, y: 1)), FilterPrimitive(.offset(dx: 1, dy: 1))])
        let r = try #require(f.resolved(box: nil))
        #expect(r.region == Rect(minX: 25, minY: 30, maxX: 65, maxY: 60))
        #expect(r.primitives.map(\.operation) == [.gaussianBlur(x: 2, y: 3), .offset(dx: 2, dy: 3)])
        // Resolved again after a move by (−25, −30): the region and the subregions at the origin, the lengths unchanged.
        let moved = try #require(r.moved(by: .translate(Vector(-25, -30))).resolved(box: nil))
        #expect(moved.region == Rect(minX: 0, minY: 0, maxX: 40, maxY: 30) && moved.primitives.map(\.operation) == r.primitives.map(\.operation))
        #expect(r.primitives[1].subregion == FilterSubregion(x: 25, y: 30, width: 40, height: 30))
        #expect(moved.primitives[1].subregion == FilterSubregion(x: 0, y: 0, width: 40, height: 30))
        // An empty region, or a bounding-box region without a box: nothing to draw.
        #expect(FilterEffect(region: Rect(x: 0, y: 0, width: 0, height: 5), units: .userSpaceOnUse, primitives: []).resolved(box: nil) == nil)
        #expect(FilterEffect(primitives: []).resolved(box: Rect(x: 0, y: 0, width: 0, height: 5)) == nil)
    }

    @Test func primitiveSubregionsDefaultToTheirInputsAndTakeTheSidesGiven() throws {
        // Region 0…100 × 0…50 in user space, scaled by 2 onto the canvas: 0…200 × 0…100.
        let f = FilterEffect(region: Rect(x: 0, y: 0, width: 100, height: 50), units: .userSpaceOnUse, transform: .scale(2), primitives: [
            FilterPrimitive(.flood(.black), result: "a", subregion: FilterSubregion(x: 10, width: 20)),
            FilterPrimitive(.flood(.black), result: "b", subregion: FilterSubregion(y: 40, height: 30)),
            FilterPrimitive(.merge([.named("a"), .named("b")])),             // the union of a and b
            FilterPrimitive(.gaussianBlur(x: 1, y: 1)),                      // the previous one's
            FilterPrimitive(.gaussianBlur(x: 1, y: 1), input: .sourceGraphic, subregion: FilterSubregion(width: 0)),
        ])
        let r = try #require(f.resolved(box: nil))
        func rect(_ k: Int) -> Rect {
            let s = r.primitives[k].subregion
            return Rect(minX: s.x!, minY: s.y!, maxX: s.x! + s.width!, maxY: s.y! + s.height!)
        }
        #expect(rect(0) == Rect(minX: 20, minY: 0, maxX: 60, maxY: 100))
        #expect(rect(1) == Rect(minX: 0, minY: 80, maxX: 200, maxY: 100))   // 40…70 clipped to the region's 50
        #expect(rect(2) == Rect(minX: 0, minY: 0, maxX: 200, maxY: 100))
        #expect(rect(3) == rect(2))
        #expect(rect(4) == Rect(minX: 0, minY: 0, maxX: 0, maxY: 100))      // empty: a transparent result
        // objectBoundingBox units: fractions of the 100 × 50 box at (10, 20).
        let g = FilterEffect(region: Rect(x: 0, y: 0, width: 1, height: 1), primitiveUnits: .objectBoundingBox, primitives: [
            FilterPrimitive(.flood(.black), subregion: FilterSubregion(x: 0.5, y: 0.1, width: 0.25, height: 0.5)),
        ])
        let s = try #require(g.resolved(box: Rect(x: 10, y: 20, width: 100, height: 50))).primitives[0].subregion
        #expect(s == FilterSubregion(x: 60, y: 25, width: 25, height: 25))
    }
}
