import Testing
import Foundation
import JSON
import Geometry
import Requests
@testable import Placer

/// Tiles of a GeoJSON map: which tiles, one placement per zoom, and labels the same in every tile.
@Suite struct TileJobTests {
    func job(_ extra: String = "") throws -> TileJob {
        let geojson = String(decoding: fixture("geojson/edges.geojson"), as: UTF8.self)
        return try TileJob.decode(Array(#"{"geojson": \#(geojson), "zooms": "16-17"\#(extra)}"#.utf8))
    }

    @Test func theTilesCoverTheRoadsAndMetatilesGroupThem() throws {
        let j = try job()
        let r16 = try #require(j.tileRange(zoom: 16))
        #expect(r16.x == 37307...37310 && r16.y == 18967...18969)
        #expect(j.tileCount == 12 + 7 * 6)
        // Metatiles of 4 × 4 tiles: columns 37307 | 37308…37310, rows 18967 | 18968…18969.
        let m = j.metatiles(zoom: 16)
        #expect(m == [TileAddress(z: 16, x: 9326, y: 4741), TileAddress(z: 16, x: 9327, y: 4741),
                      TileAddress(z: 16, x: 9326, y: 4742), TileAddress(z: 16, x: 9327, y: 4742)])
        #expect(m.flatMap { j.tiles(in: $0) }.count == 12)
        #expect(j.area(of: TileAddress(z: 16, x: 37308, y: 18968)) == Rect(x: 9550848, y: 4855808, width: 256, height: 256))
    }

    @Test func aLabelAcrossATileOrMetatileEdgeIsTheSameInEveryTile() throws {
        let j = try job()
        for zoom in [16, 17] {
            let zone = try j.place(zoom: zoom, resolver: resolver())
            #expect(zone.result.placed.count >= 5)
            let tiles = j.metatiles(zoom: zoom).flatMap { j.tiles(in: $0) }
            var shown: [Int: [(TileAddress, PlacedRequestLabel)]] = [:]
            for t in tiles {
                let area = j.area(of: t)
                let reach = area.outset(by: 0.75 + 1)
                for p in zone.result.placed where p.boxes.contains(where: { Metatile.overlaps($0.bounds, reach) }) {
                    shown[p.request, default: []].append((t, Metatile.moved(p, by: Vector(-area.minX, -area.minY))))
                }
            }
            var acrossMetatiles = 0
            for (_, views) in shown where views.count > 1 {
                let (t0, l0) = views[0]
                for (t, l) in views.dropFirst() {
                    #expect(l.label.glyphs.map(\.glyph) == l0.label.glyphs.map(\.glyph))
                    for (a, b) in zip(l0.label.glyphs, l.label.glyphs) {
                        let a0 = j.area(of: t0), b0 = j.area(of: t)
                        #expect(abs(a.origin.x + a0.minX - (b.origin.x + b0.minX)) < 1e-6 && abs(a.origin.y + a0.minY - (b.origin.y + b0.minY)) < 1e-6)
                    }
                    if t.x / 4 != t0.x / 4 || t.y / 4 != t0.y / 4 { acrossMetatiles += 1 }
                }
            }
            #expect(shown.values.contains { $0.count > 1 })
            #expect(acrossMetatiles >= 1, "zoom \(zoom): no label crosses a metatile edge")
        }
    }

    @Test func theOutputDoesNotDependOnTheMetatileSize() throws {
        let a = try job(), b = try job(#", "metatile": 1"#)
        let za = try a.place(zoom: 16, resolver: resolver()), zb = try b.place(zoom: 16, resolver: resolver())
        let tile = TileAddress(z: 16, x: 37308, y: 18968)
        let (pa, ja) = try a.render(tile, za, resolver: resolver()), (pb, jb) = try b.render(tile, zb, resolver: resolver())
        #expect(pa == pb && ja == jb)
        #expect(ja.contains(#""tile":{"z":16,"x":37308,"y":18968,"size":256,"origin":[9550848,4855808]}"#))
    }

    @Test func tooManyTilesAreRefusedBeforeAnyWork() throws {
        let geojson = String(decoding: fixture("geojson/edges.geojson"), as: UTF8.self)
        let text = #"{"geojson": \#(geojson), "zooms": "10-20", "bbox": [20, 55, 30, 65]}"#
        do { _ = try TileJob.decode(Array(text.utf8)); Issue.record("no error") } catch {
            #expect(error.path == "zooms" && error.message.contains("over the limit of 20000"))
        }
        do { _ = try TileJob.decode(Array(#"{"geojson": \#(geojson), "zoom": 3}"#.utf8)); Issue.record("no error") } catch {
            #expect(error.description == "zoom: unknown key (did you mean zooms?)")
        }
    }

    /// A metatile's files are written all or none: when one tile's file cannot be written (a folder stands
    /// where its JSON goes), no tile of the metatile is, and no temporary file is left; written whole, every
    /// tile's PNG and JSON are what `render` gives.
    @Test func aMetatileIsWrittenWholeOrNotAtAll() throws {
        let j = try job()
        let zone = try j.place(zoom: 16, resolver: resolver())
        let metatile = TileAddress(z: 16, x: 9327, y: 4742)
        let tiles = j.tiles(in: metatile)
        #expect(tiles.count == 6)
        let dir = NSTemporaryDirectory() + "tile-job-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let last = tiles[tiles.count - 1]
        try FileManager.default.createDirectory(atPath: "\(dir)/16/\(last.x)/\(last.y).json", withIntermediateDirectories: true)
        #expect(throws: SceneError.self) { try j.write(metatile: metatile, zone, to: dir, resolver: resolver()) }
        for x in Set(tiles.map(\.x)) {
            let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/16/\(x)")
            #expect(names == (x == last.x ? ["\(last.y).json"] : []), "column \(x): \(names)")
        }
        try FileManager.default.removeItem(atPath: "\(dir)/16/\(last.x)/\(last.y).json")
        #expect(try j.write(metatile: metatile, zone, to: dir, resolver: resolver()) == tiles)
        for t in tiles {
            let (png, json) = try j.render(t, zone, resolver: resolver())
            #expect(FileManager.default.contents(atPath: "\(dir)/16/\(t.x)/\(t.y).png") == Data(png))
            #expect(FileManager.default.contents(atPath: "\(dir)/16/\(t.x)/\(t.y).json") == Data(json.utf8))
        }
        let left = try FileManager.default.subpathsOfDirectory(atPath: dir).filter { $0.contains(".tmp") }
        #expect(left.isEmpty)
    }
}
