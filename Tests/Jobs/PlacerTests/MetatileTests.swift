import Testing
import Geometry
import Layout
import Requests
@testable import Placer

/// Labels across tile edges.
@Suite struct MetatileTests {
    @Test func aLabelAcrossATileEdgeIsPlacedTheSameInBothTiles() throws {
        // The Helsinki roads on a 512 × 512 metatile of four 256 px tiles, with a 64 px buffer.
        let metatile = Rect(x: 256, y: 512, width: 512, height: 512)
        let (tiles, result) = try Metatile.place(helsinki.requests, metatile: metatile, tileSize: 256, buffer: 64,
                                                 options: helsinki.options, resolver: resolver())
        #expect(tiles.count == 4)
        #expect(!result.placed.isEmpty)
        var crossings = 0
        for a in tiles {
            for b in tiles where b.column == a.column + 1 && b.row == a.row {
                // Labels reaching into both tiles: the same glyphs at the same map positions.
                for la in a.labels {
                    guard let lb = b.labels.first(where: { $0.request == la.request && $0.text == la.text
                        && abs($0.label.glyphs[0].origin.x + b.area.minX - la.label.glyphs[0].origin.x - a.area.minX) < 1e-9 }) else { continue }
                    crossings += 1
                    for (ga, gb) in zip(la.label.glyphs, lb.label.glyphs) {
                        #expect(abs(ga.origin.x + a.area.minX - (gb.origin.x + b.area.minX)) < 1e-9)
                        #expect(abs(ga.origin.y + a.area.minY - (gb.origin.y + b.area.minY)) < 1e-9)
                        #expect(ga.direction == gb.direction && ga.glyph == gb.glyph)
                    }
                    // It really crosses the edge: glyph boxes on both sides of it.
                    let edge = a.area.maxX
                    let xs = la.boxes.map { $0.center.x + a.area.minX }
                    #expect(xs.contains { $0 < edge } && xs.contains { $0 > edge })
                }
            }
        }
        #expect(crossings >= 1)
        // A label lying wholly in the buffer belongs to no tile here.
        let inTiles = Set(tiles.flatMap { $0.labels.map(\.request) })
        for p in result.placed where !inTiles.contains(p.request) {
            #expect(p.boxes.allSatisfy { !metatile.contains($0.center) })
        }
        // Labels' ink stays within the metatile and its buffer (the boxes hold half the 1.5 px halo and the 1 px padding).
        let area = metatile.outset(by: 64)
        for p in result.placed {
            for b in p.boxes {
                let ink = b.outset(by: -1.25).bounds
                #expect(area.contains(Point(ink.minX, ink.minY)) && area.contains(Point(ink.maxX, ink.maxY)))
            }
        }
    }

    /// Issue #38: NaN, infinite and huge sizes reached `Int(…)` and trapped; each is now an error naming it.
    @Test func nanInfiniteAndHugeSizesAreRefusedByName() throws {
        let label = PlaceRequest(label: SceneLabel(text: "A", path: try BezPath(svgPathData: "M0 10 L200 10")))
        let good = Rect(x: 0, y: 0, width: 256, height: 256)
        let cases: [(Rect, Double, Double, String)] = [
            (good, .nan, 0, "tileSize"), (good, .infinity, 0, "tileSize"), (good, 0, 0, "tileSize"), (good, Double.leastNonzeroMagnitude * 2_000, 0, "tileSize"),
            (good, 256, .nan, "buffer"), (good, 256, -1, "buffer"), (good, 256, 1e308, "buffer"),
            (Rect(x: .nan, y: 0, width: 256, height: 256), 256, 0, "metatile.x"),
            (Rect(x: 0, y: 0, width: .infinity, height: 256), 256, 0, "metatile.width"),
            (Rect(x: 0, y: 0, width: 1e300, height: 1e300), 256, 0, "metatile.width"),
            (Rect(x: 1e308, y: 0, width: 256, height: 256), 256, 0, "metatile.x"),
            (Rect(x: 0, y: 0, width: 1e6, height: 1e6), 1, 0, "tileSize"),
        ]
        for (rect, size, buffer, key) in cases {
            do {
                _ = try Metatile.place([label], metatile: rect, tileSize: size, buffer: buffer, resolver: resolver())
                Issue.record("\(rect) \(size) \(buffer): accepted")
            } catch { #expect(error.path == key, "\(error)") }
        }
        let (tiles, _) = try Metatile.place([label], metatile: good, tileSize: 256, buffer: 0, resolver: resolver())
        #expect(tiles.count == 1)
    }
}
