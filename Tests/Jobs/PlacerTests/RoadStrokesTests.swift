import Testing
import Geometry
import Shaping
import Requests
import Render
@testable import Placer

/// The roads stroked by neighbourhood (``RoadStrokes``): the same ways, the same picture but for a few
/// antialiased edge pixels.
@Suite struct RoadStrokesTests {
    func stroke(_ d: BezPath, color: RGBAColor = RGBAColor(r: 200, g: 192, b: 180)) -> SceneShape {
        var s = SceneShape(type: .path)
        s.d = d; s.stroke = color; s.strokeWidth = 7
        return s
    }

    @Test func waysAreGroupedByTheCellOfTheirCentre() throws {
        // Four ways: two in cell (0, 0), one in (1, 0) whose start lies in (0, 0), one in (2, 2).
        let ways = [[Point(10, 10), Point(60, 20)], [Point(300, 300), Point(310, 300)], [Point(100, 50), Point(250, 60)],
                    [Point(20, 30), Point(40, 90)]].map { BezPath.polyline($0, closed: false).subpaths[0] }
        let d = BezPath(subpaths: ways)
        let pieces = RoadStrokes.split([stroke(d)], cell: 128)
        #expect(pieces.map { $0.d!.subpaths } == [[ways[0], ways[3]], [ways[1]], [ways[2]]])
        #expect(pieces.allSatisfy { $0.stroke == RGBAColor(r: 200, g: 192, b: 180) && $0.strokeWidth == 7 })
        // What could paint differently where two pieces overlap is left whole: a translucent stroke, a
        // fill, another blend, a shape a label may follow by id; and a single way has nothing to cut.
        var translucent = stroke(d, color: RGBAColor(r: 200, g: 192, b: 180, a: 128))
        var filled = stroke(d); filled.fill = .black
        var knockout = stroke(d); knockout.blend = .destinationOut
        var named = stroke(d); named.id = "roads"
        let one = stroke(BezPath(subpaths: [ways[0]]))
        for shape in [translucent, filled, knockout, named, one] { #expect(RoadStrokes.split([shape]) == [shape]) }
        translucent.stroke?.a = 255
        #expect(RoadStrokes.split([translucent]).count == 3)
        // The order of the shapes is kept: the pieces of each where it was.
        let order = RoadStrokes.split([stroke(d), one, stroke(d, color: .black)], cell: 128)
        #expect(order.map { $0.stroke?.r } == [200, 200, 200, 200, 0, 0, 0])
        #expect(order[3] == one)
    }

    @Test func theHelsinkiRoadsLookTheSame() throws {
        // The fixture's 24 road strokes (casings, then fills), whole and cut into 128 px cells: the
        // channels that differ (5 443 of 5.06 million, by 26 levels at most) are antialiased edges where
        // ways of two cells overlap, blended twice instead of once through their union (whose non-zero
        // coverage is itself approximate there: see ``Rasterizer``).
        let whole = try PlaceDocument.draw(helsinki.scene, PlacementResult(), resolver: resolver(), cell: nil)
        let cut = try PlaceDocument.draw(helsinki.scene, PlacementResult(), resolver: resolver())
        #expect(RoadStrokes.split(helsinki.scene.shapes).count > 10 * helsinki.scene.shapes.count)
        var differing = 0, worst = 0
        for (a, b) in zip(whole.pixels, cut.pixels) where a != b {
            differing += 1
            worst = max(worst, abs(Int(a) - Int(b)))
        }
        let pixels = whole.width * whole.height
        #expect(differing > 0 && differing < pixels / 200, "\(differing) channels of \(pixels) pixels differ")
        #expect(worst <= 32, "worst channel difference \(worst)")
    }
}
