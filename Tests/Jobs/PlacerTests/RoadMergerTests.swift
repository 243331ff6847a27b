import Testing
import Geometry
@testable import Placer

/// Joining road pieces end to end and cutting them at sharp turns.
@Suite struct RoadMergerTests {
    func piece(_ points: [Point]) -> Subpath { BezPath.polyline(points, closed: false).subpaths[0] }

    @Test func piecesInAnyOrderAndDirectionJoinIntoOne() throws {
        let a = piece([Point(0, 0), Point(50, 0)]), b = piece([Point(100, 5), Point(50, 0)]), c = piece([Point(100, 5), Point(160, 5)])
        let one = try RoadMerger.merge([a, b, c], splitAngle: 60)
        #expect(one.count == 1)
        #expect(one[0].start == Point(0, 0) && one[0].end == Point(160, 5))
        #expect(one[0].segments.count == 3)
        for order in [[c, a, b], [b, c, a], [a.reversed(), c, b.reversed()]] {
            #expect(try RoadMerger.merge(order, splitAngle: 60) == one)
        }
    }

    @Test func atAJunctionTheStraightestContinuationIsTaken() throws {
        // A T: the road goes on straight; the side piece of the same name is a path of its own.
        let west = piece([Point(0, 0), Point(100, 0)]), east = piece([Point(100, 0), Point(200, 0)])
        let side = piece([Point(100, 0), Point(100, 80)])
        let joined = try RoadMerger.merge([side, west, east], splitAngle: 100)
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

    /// Issue #38 row 3: a chain cut into pieces gave every piece the whole chain's tags (8 000 pieces:
    /// 64 million tags, 1 GB). Each piece now carries the tags of the pieces it holds.
    @Test func piecesCutFromAChainKeepOnlyTheirOwnTags() throws {
        // A zigzag of 2 000 pieces, each turning 90° from the last: one chain, cut at every vertex.
        var pieces: [(Subpath, Int)] = []
        for k in 0..<2_000 {
            let a = Point(Double(k) * 10, k % 2 == 0 ? 0 : 10), b = Point(Double(k + 1) * 10, k % 2 == 0 ? 10 : 0)
            pieces.append((piece([a, b]), k))
        }
        let out = try RoadMerger.merge(tagged: pieces, splitAngle: 60)
        #expect(out.count == 2_000)
        #expect(out.allSatisfy { $0.tags.count == 1 })
        #expect(Set(out.flatMap(\.tags)) == Set(0..<2_000))
    }

    /// Issue #38 row 3: 20 000 copies of one road went back and forth through one node (quadratic, 29-47 s).
    @Test func identicalPiecesAreOnePieceWithEveryTag() throws {
        let road = piece([Point(0, 0), Point(100, 0)])
        let out = try RoadMerger.merge(tagged: (0..<20_000).map { (it: Int) in (it % 2 == 0 ? road : road.reversed(), it) }, splitAngle: 60)
        #expect(out.count == 1)
        #expect(out[0].tags == Array(0..<20_000))
    }

    /// Issue #38 row 1: `Int64(x / 1e-3)` trapped for x beyond 9.2e15; node keys clamp.
    @Test func nodeKeysOfHugeOrNonFiniteCoordinatesDoNotTrap() {
        #expect(RoadMerger.NodeKey(Point(1e16, -1e300)).x == .max)
        #expect(RoadMerger.NodeKey(Point(1e16, -1e300)).y == .min)
        #expect(RoadMerger.NodeKey(Point(.nan, .infinity)).x == 0)
        #expect(RoadMerger.NodeKey(Point(1.5, -2)).x == 1_500)
    }
}
