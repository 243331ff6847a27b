import Testing
import Geometry
import Layout
import Requests
@testable import Placer

/// The last search before a name is given up (``Placer/searchFinely(_:order:first:run:)``), and the
/// repair's moves to another path of a name, or out when the name keeps another label.
@Suite struct FineSearchTests {
    /// "Opintoputki" placed alone with its centre at x = `centre` on a straight road at y = 100: its collision boxes' bounds.
    func boundsAlone(centre: Double) throws -> (bounds: Rect, glyphX: Double) {
        let alone = road("Opintoputki", [Point(centre - 60, 100), Point(centre + 60, 100)])
        let result = try Placer.place([alone], width: 400, height: 200, resolver: resolver())
        let placed = try #require(result.placed.first)
        let bounds = placed.boxes.map(\.bounds).reduce(placed.boxes[0].bounds) { $0.union($1) }
        return (bounds, placed.label.glyphs[0].origin.x)
    }

    @Test func aGapBetweenTheCoarseCandidatesIsFound() throws {
        // Two obstacles leave the label a window 0.8 px wider than its clearance, centred at x = 153 on a
        // 300 px road: the coarse candidates (every 6 px from the centre, 150 ± 6k, and the ends) all
        // meet an obstacle; the fine one at 153 fits.
        let (b, glyphX) = try boundsAlone(centre: 153)
        let inflate = (1.5 + PlacerOptions().padding) / 2
        let left = Obstacle.box(Rect(minX: 0, minY: 60, maxX: b.minX - inflate - 0.4, maxY: 140))
        let right = Obstacle.box(Rect(minX: b.maxX + inflate + 0.4, minY: 60, maxX: 400, maxY: 140))
        let long = road("Opintoputki", [Point(0, 100), Point(300, 100)])
        let result = try Placer.place([long], obstacles: [left, right], width: 400, height: 200, resolver: resolver())
        let placed = try #require(result.placed.first)
        #expect(abs(placed.label.glyphs[0].origin.x - glyphX) < 1e-6)
        // The coarse candidates (the centre, 19 on each side and the two ends), the repair's best 32 (an
        // obstacle is never moved), then at most six fine ones from the centre out (149, 151, … 153).
        let coarse = 1 + 2 * 19 + 2
        #expect(result.candidates > coarse + Placer.repairCandidates && result.candidates <= coarse + Placer.repairCandidates + 6)
        #expect(result.dropped.isEmpty)
        // A window 0.8 px narrower than the clearance: nothing fits, and the road is given up for collisions.
        let tight = [Obstacle.box(Rect(minX: 0, minY: 60, maxX: b.minX - inflate + 0.4, maxY: 140)),
                     Obstacle.box(Rect(minX: b.maxX + inflate - 0.4, minY: 60, maxX: 400, maxY: 140))]
        let none = try Placer.place([long], obstacles: tight, width: 400, height: 200, resolver: resolver())
        #expect(none.placed.isEmpty)
        #expect(none.dropped.map(\.reason.code) == ["collides"])
        // Giving up costs a bounded few more layouts: the best fineCandidates of the 1 px positions.
        #expect(none.candidates > coarse + Placer.repairCandidates && none.candidates <= coarse + Placer.repairCandidates + Placer.fineCandidates,
                "\(none.candidates) candidates")
        // A step already as fine leaves nothing to the fine search: the first pass finds 153 itself.
        var fine = PlacerOptions()
        fine.step = Placer.fineStep
        let first = try Placer.place([long], obstacles: [left, right], width: 400, height: 200, options: fine, resolver: resolver())
        #expect(signature(first) == signature(result))
        #expect(first.candidates == 7)
    }

    @Test func aNameLabelledElsewhereYieldsItsSecondLabel() throws {
        // Vuorikatu has two roads, each labelled in the first pass (higher priority). Opintoputki's only
        // road runs 8 px beside Vuorikatu's short one, over the same 90 px: the two labels (59 and 70 px)
        // cannot both fit there. The repair gives the room to Opintoputki, which has no label, and
        // Vuorikatu keeps its label on its other road.
        let north = road("Vuorikatu", [Point(20, 40), Point(220, 40)], priority: 9, id: "north")
        let south = road("Vuorikatu", [Point(20, 150), Point(110, 150)], priority: 9, id: "south")
        let path = road("Opintoputki", [Point(20, 158), Point(110, 158)], priority: 2, id: "path")
        let result = try Placer.place([north, south, path], width: 300, height: 200, resolver: resolver())
        #expect(result.placed.map(\.text).sorted() == ["Opintoputki", "Vuorikatu"])
        #expect(result.placed.first { $0.text == "Vuorikatu" }?.requests == [0])
        #expect(result.dropped.map(\.request) == [1])
        #expect(result.dropped.map(\.reason.code) == ["collides"])
        let report = check(result)
        #expect(report.haloOverlappingPairs == 0 && report.upsideDownGlyphs == 0)
        // With Vuorikatu's other road gone, its label stays and Opintoputki is given up.
        let alone = try Placer.place([south, path], width: 300, height: 200, resolver: resolver())
        #expect(alone.placed.map(\.text) == ["Vuorikatu"])
        #expect(alone.dropped.map(\.request) == [1])
    }

    @Test func aBlockerMovesToAnotherRoadOfItsName() throws {
        // As above, but Vuorikatu's other road is too close to the short one to take a label in the first
        // pass (minDistance 100): the repair moves Vuorikatu's label there and Opintoputki takes the room.
        let south = road("Vuorikatu", [Point(20, 150), Point(110, 150)], priority: 9, minDistance: 100, id: "south")
        let east = road("Vuorikatu", [Point(130, 150), Point(230, 150)], priority: 8, minDistance: 100, id: "east")
        let path = road("Opintoputki", [Point(20, 158), Point(110, 158)], priority: 2, id: "path")
        let result = try Placer.place([south, east, path], width: 300, height: 200, resolver: resolver())
        #expect(result.placed.map(\.text).sorted() == ["Opintoputki", "Vuorikatu"])
        #expect(result.placed.first { $0.text == "Vuorikatu" }?.requests == [1])
        #expect(result.dropped.map(\.request) == [0])
        #expect(check(result, minDistance: 100).closePairs == 0)
    }
}
