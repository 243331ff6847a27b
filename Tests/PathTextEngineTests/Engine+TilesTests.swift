import Foundation
import Testing
import PathText
@testable import PathTextEngine
import TestSupport

/// The tiles job through the engine (what the C door and Python's pathtext.dask.tiles call).
@Suite struct EngineTilesTests {
    static let edges = try! String(contentsOfFile: PackagePaths.file("fixtures/geojson/edges.geojson"), encoding: .utf8)

    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "pathtext-engine-tiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func metatilesRenderedApartAreTheFilesOfOneCall() throws {
        let job = #"{"geojson": \#(Self.edges), "zooms": "16-17"}"#
        let a = try Engine(fontsDir: fontsDir), b = try Engine(fontsDir: fontsDir)
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(try a.tilesPlan(job).utf8)) as? [String: Any])
        #expect(plan["tiles"] as? Int == 54 && plan["metatile"] as? Int == 4)
        let zooms = try #require(plan["zooms"] as? [[String: Any]])
        #expect(zooms.map { $0["zoom"] as? Int } == [16, 17] && zooms.map { $0["tiles"] as? Int } == [12, 42])
        let together = try folder(), apart = try folder()
        defer { try? FileManager.default.removeItem(atPath: together); try? FileManager.default.removeItem(atPath: apart) }
        for zone in zooms {
            let zoom = zone["zoom"] as! Int, metatiles = zone["metatiles"] as! [[Int]]
            let all = "[" + metatiles.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",") + "]"
            #expect(try a.tilesRender(job, batch: #"{"zoom": \#(zoom), "metatiles": \#(all)}"#, out: together).hasPrefix("{\"tiles\":\(zone["tiles"]!),"))
            for m in metatiles.reversed() { _ = try b.tilesRender(job, batch: #"{"zoom": \#(zoom), "metatiles": [[\#(m[0]), \#(m[1])]]}"#, out: apart) }
        }
        // Each engine placed each zoom once, and kept it.
        #expect(a.tileZones.withLock { $0.map(\.zoom) } == [16, 17] && b.tileZones.withLock { $0.count } == 2)
        let files = try FileManager.default.subpathsOfDirectory(atPath: together).filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 108)
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: apart).filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }.sorted()))
        for f in files { #expect(FileManager.default.contents(atPath: together + "/" + f) == FileManager.default.contents(atPath: apart + "/" + f), "\(f)") }
    }

    @Test func aZoomPlacedOnceDrawsEveryMetatileOnOtherEngines() throws {
        let job = #"{"geojson": \#(Self.edges), "zooms": "16-17"}"#
        let placer = try Engine(fontsDir: fontsDir), drawer = try Engine(fontsDir: fontsDir), alone = try Engine(fontsDir: fontsDir)
        let placed = try folder(), own = try folder()
        defer { try? FileManager.default.removeItem(atPath: placed); try? FileManager.default.removeItem(atPath: own) }
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(try placer.tilesPlan(job).utf8)) as? [String: Any])
        for zone in try #require(plan["zooms"] as? [[String: Any]]) {
            let zoom = zone["zoom"] as! Int, metatiles = zone["metatiles"] as! [[Int]]
            let record = try placer.tilesPlace(job, zoom: zoom)
            #expect(record.hasPrefix("{\"pathtextPlacement\":2,") && record.contains("\"zoom\":\(zoom),"))
            // Placing again on the same engine hands back the kept record.
            #expect(try placer.tilesPlace(job, zoom: zoom) == record)
            for m in metatiles {
                let batch = #"{"zoom": \#(zoom), "metatiles": [[\#(m[0]), \#(m[1])]]}"#
                _ = try drawer.tilesRender(job, batch: batch, out: placed, placement: record)
                _ = try alone.tilesRender(job, batch: batch, out: own)
            }
        }
        // The drawer read each record once and never placed; the placer kept what it placed.
        #expect(drawer.tileZones.withLock { $0.map(\.zoom) } == [16, 17] && drawer.tileZones.withLock { $0.allSatisfy { $0.record != nil } })
        #expect(placer.tileZones.withLock { $0.count } == 2)
        let files = try FileManager.default.subpathsOfDirectory(atPath: own).filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 108)
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: placed).filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }.sorted()))
        for f in files { #expect(FileManager.default.contents(atPath: own + "/" + f) == FileManager.default.contents(atPath: placed + "/" + f), "\(f)") }
    }

    @Test func aPlacementOfAnotherJobOrZoomIsAnErrorNamingIt() throws {
        let engine = try Engine(fontsDir: fontsDir)
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let job = #"{"geojson": \#(Self.edges), "zooms": "16-17"}"#
        let record = try engine.tilesPlace(job, zoom: 16)
        let batch16 = #"{"zoom": 16, "metatiles": [[9326, 4741]]}"#
        for (job, batch, placement, key, words) in [
            (job, #"{"zoom": 17, "metatiles": [[18653, 9483]]}"#, record, "placement.zoom", "of zoom 16, the metatiles of zoom 17"),
            (#"{"geojson": \#(Self.edges), "zooms": "16"}"#, batch16, record, "placement.job", "another tiles job"),
            (job, batch16, "{}", "placement", "not a placement record"),
            (job, batch16, "", "placement", "not a placement record"),
        ] {
            do { _ = try engine.tilesRender(job, batch: batch, out: dir, placement: placement); Issue.record("no error for \(key)") } catch {
                #expect(error.key == key && error.reason.contains(words), "\(error.message)")
            }
        }
        #expect(throws: EngineError(key: "zoom", "expected one of the job's zooms 16-17, got 15")) { _ = try engine.tilesPlace(job, zoom: 15) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/16"))
    }

    @Test func theLastJobIsKeptDecodedAndAnotherTextIsDecodedAgain() throws {
        // A job drawn metatile by metatile passes its text each time; the engine keeps the last one decoded.
        let engine = try Engine(fontsDir: fontsDir)
        let job = #"{"geojson": \#(Self.edges), "zooms": "16"}"#
        let plan = try engine.tilesPlan(job)
        #expect(try engine.tilesPlan(job) == plan)
        #expect(engine.lastTileJob.withLock { $0?.text } == job)
        // Another text (here the same roads at another zoom, then a bad one) is decoded and checked anew.
        let other = #"{"geojson": \#(Self.edges), "zooms": "17"}"#
        #expect(try engine.tilesPlan(other) != plan)
        #expect(engine.lastTileJob.withLock { $0?.text } == other)
        #expect(throws: EngineError.self) { _ = try engine.tilesPlan(#"{"geojson": \#(Self.edges), "zooms": "99"}"#) }
        #expect(engine.lastTileJob.withLock { $0?.text } == other)
        #expect(try engine.tilesPlan(job) == plan)
    }

    @Test func aBadFeatureIsAnErrorWithItsKey() throws {
        let job = #"{"geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [200, 0]]}}]}, "zooms": "16"}"#
        #expect(throws: EngineError(key: "geojson.features[0].geometry.coordinates[1]", "longitude 200 is outside -180…180")) {
            _ = try Engine(fontsDir: fontsDir).tilesPlan(job)
        }
    }

    @Test func badBatchesAreErrorsNamingTheKey() throws {
        let engine = try Engine(fontsDir: fontsDir)
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (batch, message) in [(#"{"zoom": 12, "metatiles": []}"#, "batch.zoom: expected one of the job's zooms 16-16, got 12"),
                                 (#"{"zoom": 16}"#, "batch.metatiles: expected a list of [x, y] metatile addresses, got null"),
                                 (#"{"zoom": 16, "metatiles": [[9326.5, 4741]]}"#, "batch.metatiles[0]: expected a metatile [x, y] of the job's plan at zoom 16, got a list"),
                                 ("[", "batch: ")] {
            do { _ = try engine.tilesRender(Self.edges, batch: batch, out: dir); Issue.record("no error for \(batch)") } catch {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
        do { _ = try engine.tilesPlan(#"{"geojson": \#(Self.edges), "zooms": "0-20", "bbox": [20, 55, 30, 65]}"#); Issue.record("no error") } catch {
            #expect(error.message.contains("over the limit of 20000"))
        }
        let server = try Engine(fontsDir: fontsDir, allowFontPaths: false)
        do { _ = try server.tilesPlan(#"{"geojson": \#(Self.edges), "labelDefaults": {"font": ["/etc/passwd"]}}"#); Issue.record("no error") } catch {
            #expect(error.message.hasPrefix("labelDefaults.font"))
        }
    }
}
