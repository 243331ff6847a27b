import Testing
import Geometry
import Layout
import Requests
@testable import Placer

/// The placer on the Helsinki roads fixture (fixtures/osm/helsinki-roads.json, ODbL).
@Suite struct HelsinkiPlacementTests {
    @Test func noOverlappingGlyphBoxesAndEveryLimitHeld() throws {
        let result = try helsinki.place(resolver: resolver())
        let report = check(result, minDistance: helsinki.requests[0].minDistance)
        #expect(report.overlappingPairs == 0)
        #expect(report.haloOverlappingPairs == 0)
        #expect(report.upsideDownGlyphs == 0)
        #expect(report.worstNeighbourAngle <= 30 + 1e-9)
        #expect(report.worstTotalTurn <= helsinki.options.maxTurn + 1e-9)
        #expect(report.closePairs == 0)
        // Mapnik 3.1 labels 58 names on these joined ways, one of them upside down (make bench-place).
        #expect(report.names >= 54, "\(report)")
        #expect(result.placed.count + result.dropped.count > 0)
        // Every request is either behind a placed label or dropped with a reason, never both.
        let behind = Set(result.placed.flatMap(\.requests))
        let dropped = Set(result.dropped.map(\.request))
        #expect(behind.isDisjoint(with: dropped))
        #expect(behind.union(dropped) == Set(helsinki.requests.indices))
    }

    @Test func theCheckerFindsOverlapsWhenThePlacerIsOff() throws {
        var forced = helsinki
        forced.options.allowOverlap = true
        let result = try forced.place(resolver: resolver())
        let report = check(result)
        #expect(report.overlappingPairs > 20, "\(report)")
        #expect(result.placed.count > (try helsinki.place(resolver: resolver())).placed.count)
    }

    @Test func theSamePlacementWhateverTheInputOrder() throws {
        let reference = signature(try helsinki.place(resolver: resolver()))
        var rng = SeededGenerator(state: 0x2024_0024)
        for _ in 0..<3 {
            var shuffled = helsinki
            shuffled.requests.shuffle(using: &rng)
            // Reverse some ways too: a way's direction must not matter either.
            for i in shuffled.requests.indices where rng.next() % 3 == 0 {
                shuffled.requests[i].label.path = shuffled.requests[i].label.path?.reversed()
            }
            #expect(signature(try shuffled.place(resolver: resolver())) == reference)
        }
    }

    @Test func joiningWaysLabelsMoreNames() throws {
        var raw = helsinki
        raw.options.mergeSameName = false
        let joined = check(try helsinki.place(resolver: resolver()))
        let separate = check(try raw.place(resolver: resolver()))
        #expect(joined.names > separate.names + 10, "joined \(joined), raw \(separate)")
    }

    @Test func droppedRequestsSayWhy() throws {
        let result = try helsinki.place(resolver: resolver())
        let codes = Set(result.dropped.map(\.reason.code))
        #expect(codes.isSubset(of: ["tooShort", "tooCurved", "outside", "collides", "tooClose"]))
        #expect(codes.contains("tooClose") && codes.contains("collides"))
        let json = result.json()
        #expect(json.contains("\"dropped\":[{\"request\":"))
        #expect(json.contains("\"ink\":["))
    }
}
