import Testing
import Geometry
import Layout
import Requests
@testable import Placer

/// The placer's rules on small made-up maps.
@Suite struct PlacerRuleTests {
    @Test func aDualCarriagewayGetsOneLabel() throws {
        // Two carriageways 8 px apart, drawn in opposite directions, as OSM has them.
        let north = road("Mannerheimintie", [Point(20, 100), Point(380, 100)], minDistance: 120, id: "way/1")
        let south = road("Mannerheimintie", [Point(380, 108), Point(20, 108)], minDistance: 120, id: "way/2")
        let result = try Placer.place([north, south], width: 400, height: 200, resolver: resolver())
        #expect(result.placed.count == 1)
        #expect(result.dropped.count == 1)
        #expect(result.dropped.first?.reason == .tooClose(group: "Mannerheimintie"))
        // 40 px apart the two labels do not collide: without a minimum distance both get one, with it one.
        let far = road("Mannerheimintie", [Point(380, 140), Point(20, 140)], minDistance: 0, id: "way/3")
        let near = road("Mannerheimintie", [Point(20, 100), Point(380, 100)], minDistance: 0, id: "way/4")
        #expect(try Placer.place([near, far], width: 400, height: 200, resolver: resolver()).placed.count == 2)
        var spaced = [near, far]
        for i in spaced.indices { spaced[i].minDistance = 120 }
        #expect(try Placer.place(spaced, width: 400, height: 200, resolver: resolver()).placed.count == 1)
    }

    @Test func noGlyphUpsideDownOnAWayDrawnRightToLeft() throws {
        let r = road("Kaivokatu", [Point(380, 100), Point(20, 110)])
        let result = try Placer.place([r], width: 400, height: 200, resolver: resolver())
        #expect(result.placed.count == 1)
        let glyphs = result.placed[0].label.glyphs
        #expect(glyphs.allSatisfy { $0.direction.x > 0 })
        #expect(glyphs.first!.origin.x < glyphs.last!.origin.x)
        // Not joined, the way keeps its direction and the upright rule flips the label onto it.
        var options = PlacerOptions()
        options.mergeSameName = false
        let unjoined = try Placer.place([r], width: 400, height: 200, options: options, resolver: resolver())
        #expect(unjoined.placed.first?.label.flipped == true)
        #expect(unjoined.placed[0].label.glyphs.allSatisfy { $0.direction.x > 0 })
    }

    @Test func aHairpinIsNotWrappedButAStraightStretchIs() throws {
        // A U-turn: a label across it would turn 180°. Only its straight legs may carry the label.
        var u = BezPath()
        u.move(to: Point(40, 60)); u.line(to: Point(300, 60))
        u.arc(EllipticalArc(center: Point(300, 80), radii: Vector(20, 20), startAngle: -.pi / 2, sweepAngle: .pi))
        u.line(to: Point(40, 100))
        var request = road("Siltasaarenkatu", [])
        request.label.path = u
        let result = try Placer.place([request], width: 400, height: 200, resolver: resolver())
        let report = check(result)
        #expect(report.upsideDownGlyphs == 0)
        #expect(report.worstTotalTurn <= 60)
        #expect(!result.placed.isEmpty)
        // On the arc alone there is no room: every position turns too much.
        var arcOnly = road("Siltasaarenkatu", [])
        arcOnly.label.path = BezPath.circle(center: Point(200, 100), radius: 30)
        arcOnly.label.options.maxAngle = nil
        let curved = try Placer.place([arcOnly], width: 400, height: 200, resolver: resolver())
        #expect(curved.placed.isEmpty)
        if case .tooCurved = curved.dropped.first?.reason {} else { Issue.record("expected tooCurved, got \(String(describing: curved.dropped.first?.reason))") }
    }

    @Test func higherPriorityWinsACrossing() throws {
        let main = road("Mannerheimintie", [Point(20, 100), Point(380, 100)], priority: 9)
        let side = road("Simonkatu", [Point(200, 60), Point(200, 140)], priority: 5)
        let result = try Placer.place([side, main], width: 400, height: 200, resolver: resolver())
        #expect(result.placed.first?.text == "Mannerheimintie")
        // The side street is short and crosses the main road's label at its centre: it moves or drops,
        // but never overlaps.
        #expect(check(result).haloOverlappingPairs == 0)
    }

    @Test func obstaclesAreAvoided() throws {
        let r = road("Aleksanterinkatu", [Point(20, 100), Point(380, 100)])
        let free = try Placer.place([r], width: 400, height: 200, resolver: resolver())
        let centre = Rect(enclosing: free.placed[0].boxes.flatMap(\.corners))
        // An icon over the label's best place pushes it along the road.
        let icon = Rect(x: centre.center.x - 10, y: 90, width: 20, height: 20)
        let moved = try Placer.place([r], obstacles: [.box(icon)], width: 400, height: 200, resolver: resolver())
        #expect(moved.placed.count == 1)
        #expect(moved.placed[0].boxes.allSatisfy { !$0.intersects(OrientedBox(icon)) })
        // A road to keep clear, along the whole way: nowhere to go.
        let blocked = try Placer.place([r], obstacles: [.path(BezPath.polyline([Point(0, 100), Point(400, 100)], closed: false), width: 4)],
                                       width: 400, height: 200, resolver: resolver())
        #expect(blocked.placed.isEmpty)
        #expect(blocked.dropped.first?.reason == .collides)
    }

    @Test func aPathShorterThanItsLabelIsDropped() throws {
        let r = road("Pieni Roobertinkatu", [Point(20, 100), Point(60, 100)])
        let result = try Placer.place([r], width: 400, height: 200, resolver: resolver())
        guard case .tooShort(let length, let label)? = result.dropped.first?.reason else { Issue.record("expected tooShort"); return }
        #expect(length == 40)
        #expect(label > 100 && label < 140)
    }

    @Test func aLongRoadIsLabelledEverySpacing() throws {
        let r = road("Unioninkatu", [Point(0, 100), Point(1200, 100)], minDistance: 100)
        let result = try Placer.place([r], width: 1200, height: 200, resolver: resolver())
        #expect(result.placed.count == 4)   // 1200 px / spacing 300
        let centres = result.placed.map { p in p.boxes.map(\.center.x).reduce(0, +) / Double(p.boxes.count) }.sorted()
        for (a, b) in zip(centres, centres.dropFirst()) { #expect(abs(b - a - 300) < 1) }
    }
}
