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

    @Test func alternativesFormTheRoadsTheMergeCouldNot() throws {
        // Three pieces at (90, 100): the merge joins the straight stub; the join through the bend is
        // among the alternatives, with its pieces' tags.
        let west = piece([Point(20, 100), Point(90, 100)]), stub = piece([Point(90, 100), Point(110, 100)])
        let bend = piece([Point(90, 100), Point(165, 127)])
        let tagged = [(west, 0), (stub, 1), (bend, 2)]
        #expect(try RoadMerger.merge(tagged: tagged, splitAngle: 60).map(\.tags) == [[0, 1], [2]])
        var budget = RoadMerger.examinationBudget
        let other = try RoadMerger.alternatives(tagged: tagged, splitAngle: 60, budget: &budget)
        #expect(other.map(\.tags) == [[0, 1], [0, 2]])
        #expect(other.contains { $0.path.start == Point(20, 100) && $0.path.end == Point(165, 127) })
        #expect(budget < RoadMerger.examinationBudget)
        for order in [[tagged[2], tagged[0], tagged[1]], [(bend.reversed(), 2), (west.reversed(), 0), (stub, 1)]] {
            var b = RoadMerger.examinationBudget
            #expect(try RoadMerger.alternatives(tagged: order, splitAngle: 60, budget: &b).map(\.tags) == other.map(\.tags))
        }
    }

    @Test func alternativesStopWhenTheirBudgetIsSpent() throws {
        // One road of 20 000 pieces: every seed's chain would copy all of them (256 × 20 000 segments).
        let pieces = (0..<20_000).map { (piece([Point(Double($0) * 10, 0), Point(Double($0 + 1) * 10, 0)]), $0) }
        var budget = 100_000
        let out = try RoadMerger.alternatives(tagged: pieces, splitAngle: 60, budget: &budget)
        #expect(budget <= 0)
        #expect(out.count <= 5)
        var none = 0
        #expect(try RoadMerger.alternatives(tagged: pieces, splitAngle: 60, budget: &none).isEmpty)
    }

    /// A zigzag turning 90° at every node (HardeningRoundFourTests' 8 000 pieces): no alternative goes
    /// through a sharp turn, so each seed is one piece and the budget is barely touched (it was spent on
    /// 256 chains of every piece, 12 s in a debug build).
    @Test func alternativesEndAtSharpTurns() throws {
        var pieces: [(Subpath, Int)] = []
        for k in 0..<2_000 {
            let x = Double(k) * 10, up: Double = k % 2 == 0 ? 0 : 10
            pieces.append((piece([Point(x, up), Point(x + 10, 10 - up)]), k))
        }
        var budget = RoadMerger.examinationBudget
        let out = try RoadMerger.alternatives(tagged: pieces, splitAngle: 60, budget: &budget)
        #expect(out.count == RoadMerger.maximumAlternativeSeeds)
        #expect(out.allSatisfy { $0.tags.count == 1 && $0.path.segments.count == 1 })
        #expect(RoadMerger.examinationBudget - budget <= 4 * RoadMerger.maximumAlternativeSeeds)
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
