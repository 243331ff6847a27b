import Foundation
import Testing
import PathText

/// `pathtext tiles`: the must-show of issue #40, end to end through the binary. The hand-made fixture
/// (fixtures/geojson/edges.geojson) has roads across a tile edge (x = 37309 · 256 at zoom 16) and across
/// metatile edges (x = 37308 · 256, y = 18968 · 256: multiples of the 4-tile metatile), at zooms 16 and 17.
@Suite struct TilesCommandTests {
    func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "pathtext-tiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// One label as a tile shows it: its glyphs in world pixels (tile pixels plus the tile's origin).
    struct Shown: Equatable {
        var glyphs: [Int]
        var positions: [(Double, Double)]
        static func == (a: Shown, b: Shown) -> Bool {
            a.glyphs == b.glyphs && a.positions.count == b.positions.count
                && zip(a.positions, b.positions).allSatisfy { abs($0.0 - $1.0) <= 1e-6 && abs($0.1 - $1.1) <= 1e-6 }
        }
    }

    @Test func aLabelAcrossATileEdgeOrAMetatileEdgeIsIdenticalInEveryTileAtTwoZooms() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try pathtext(["tiles", packageRoot + "/fixtures/geojson/edges.geojson", "--zooms", "16-17", "--out", dir])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wrote 54 tiles of zooms 16-17"))
        for zoom in [16, 17] {
            // Every tile's labels, by the request they came from (the same index in every tile of a zoom).
            var shown: [Int: [(x: Int, y: Int, label: Shown)]] = [:]
            let columns = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/\(zoom)").compactMap(Int.init)
            for x in columns {
                for name in try FileManager.default.contentsOfDirectory(atPath: "\(dir)/\(zoom)/\(x)") where name.hasSuffix(".json") {
                    let y = Int(name.dropLast(5))!
                    #expect(FileManager.default.fileExists(atPath: "\(dir)/\(zoom)/\(x)/\(y).png"))
                    let tile = try #require(try json(String(contentsOfFile: "\(dir)/\(zoom)/\(x)/\(name)", encoding: .utf8)) as? [String: Any])
                    let info = try #require(tile["tile"] as? [String: Any])
                    let origin = try #require(info["origin"] as? [Double])
                    #expect(info["z"] as? Int == zoom && info["x"] as? Int == x && info["y"] as? Int == y)
                    #expect(origin == [Double(x * 256), Double(y * 256)])
                    let labels = try #require(tile["labels"] as? [[String: Any]]), placed = try #require(tile["placed"] as? [[String: Any]])
                    #expect(labels.count == placed.count)
                    for (label, p) in zip(labels, placed) {
                        let glyphs = try #require(label["glyphs"] as? [[String: Any]])
                        let view = Shown(glyphs: glyphs.map { $0["glyph"] as! Int },
                                         positions: glyphs.map { ($0["x"] as! Double + origin[0], $0["y"] as! Double + origin[1]) })
                        shown[p["request"] as! Int, default: []].append((x, y, view))
                    }
                }
            }
            var acrossTiles = 0, acrossMetatiles = 0
            for (_, views) in shown where views.count > 1 {
                for v in views.dropFirst() {
                    #expect(v.label == views[0].label, "zoom \(zoom): a label differs between tiles \(views[0].x)/\(views[0].y) and \(v.x)/\(v.y)")
                    if v.x / 4 != views[0].x / 4 || v.y / 4 != views[0].y / 4 { acrossMetatiles += 1 } else { acrossTiles += 1 }
                }
            }
            #expect(acrossTiles >= 1, "zoom \(zoom): no label shown by two tiles of one metatile")
            #expect(acrossMetatiles >= 1, "zoom \(zoom): no label shown by tiles of two metatiles")
        }
    }

    @Test func badInputIsAnErrorNamingTheFeatureAndNothingIsWritten() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = dir + "/bad.geojson"
        try #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"A"},"geometry":{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.1]]}},{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1],[200,0]]}}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let run = try pathtext(["tiles", bad, "--zooms", "16", "--out", dir + "/tiles"])
        #expect(run.status == 1)
        #expect(run.stderr == "pathtext: \(bad): features[1].geometry.coordinates[2]: longitude 200 is outside -180…180\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/tiles"))
        let many = try pathtext(["tiles", packageRoot + "/fixtures/geojson/edges.geojson", "--zooms", "12-20", "--bbox", "24,60,26,61", "--out", dir + "/tiles"])
        #expect(many.status == 1 && many.stderr.contains("zooms: zooms 12-20 over the area mapped are ") && many.stderr.contains("over the limit of 20000"))
        let size = try pathtext(["tiles", packageRoot + "/fixtures/geojson/edges.geojson", "--tile-size", "300", "--out", dir + "/tiles"])
        #expect(size.status == 2 && size.stderr == "pathtext: --tile-size: expected 256 or 512, got 300\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/tiles"))
    }

    @Test func placeReadsGeoJSONAtAZoom() throws {
        let run = try pathtext(["place", packageRoot + "/fixtures/geojson/edges.geojson", "--zoom", "17", "--json", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let reply = try #require(try json(run.stdout) as? [String: Any])
        let placed = try #require(reply["placed"] as? [[String: Any]])
        #expect(Set(placed.compactMap { $0["text"] as? String }) == ["Mannerheimintie", "Aleksanterinkatu", "Unioninkatu", "Kaivokatu", "Esplanadi"])
        let other = try pathtext(["place", packageRoot + "/fixtures/osm/helsinki-roads.json", "--zoom", "17", "--json", "-"])
        #expect(other.status == 2 && other.stderr.contains("--zoom is for a GeoJSON input"))
    }
}
