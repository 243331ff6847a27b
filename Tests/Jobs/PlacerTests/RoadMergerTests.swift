import Testing
import Geometry
@testable import Placer

/// Joining road pieces end to end and cutting them at sharp turns.
@Suite struct RoadMergerTests {
    func piece(_ points: [Point]) -> Subpath { BezPath.polyline(points, closed: false).subpaths[0] }

    @Test func piecesInAnyOrderAndDirectionJoinIntoOne() {
        let a = piece([Point(0, 0), Point(50, 0)]), b = piece([Point(100, 5), Point(50, 0)]), c = piece([Point(100, 5), Point(160, 5)])
        let one = RoadMerger.merge([a, b, c], splitAngle: 60)
        #expect(one.count == 1)
        #expect(one[0].start == Point(0, 0) && one[0].end == Point(160, 5))
        #expect(one[0].segments.count == 3)
        for order in [[c, a, b], [b, c, a], [a.reversed(), c, b.reversed()]] {
            #expect(RoadMerger.merge(order, splitAngle: 60) == one)
        }
    }

    @Test func atAJunctionTheStraightestContinuationIsTaken() {
        // A T: the road goes on straight; the side piece of the same name is a path of its own.
        let west = piece([Point(0, 0), Point(100, 0)]), east = piece([Point(100, 0), Point(200, 0)])
        let side = piece([Point(100, 0), Point(100, 80)])
        let joined = RoadMerger.merge([side, west, east], splitAngle: 100)
        #expect(joined.count == 2)
        #expect(joined.contains { $0.start == Point(0, 0) && $0.end == Point(200, 0) })
    }

    @Test func aSharpTurnCutsTheRoad() {
        let corner = piece([Point(0, 0), Point(100, 0), Point(100, 100)])
        #expect(RoadMerger.split(corner, at: 60).count == 2)
        #expect(RoadMerger.split(corner, at: 95).count == 1)
        let gentle = piece([Point(0, 0), Point(100, 0), Point(200, 30)])
        #expect(RoadMerger.split(gentle, at: 60).count == 1)
    }
}
