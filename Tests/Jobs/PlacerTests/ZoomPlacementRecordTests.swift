import Testing
import Foundation
import JSON
import Geometry
import Requests
@testable import Placer

/// A zoom's placement written as a record and read back in place of placing: the same labels, bit for bit,
/// and the same tiles; a record that is not this job's and zoom's is refused by name.
@Suite struct ZoomPlacementRecordTests {
    func job(_ file: String = "geojson/edges.geojson", _ extra: String = "") throws -> TileJob {
        let geojson = String(decoding: fixture(file), as: UTF8.self)
        return try TileJob.decode(Array(#"{"geojson": \#(geojson), "zooms": "13-17"\#(extra)}"#.utf8))
    }

    /// Every placed label's request, path, offset, glyphs and boxes are the same values, to the bit.
    func expectSame(_ a: ZoomPlacement, _ b: ZoomPlacement, _ what: String) {
        #expect(a.result.placed.count == b.result.placed.count, "\(what)")
        for (p, q) in zip(a.result.placed, b.result.placed) {
            #expect(p.request == q.request && p.requests == q.requests && p.text == q.text && p.group == q.group, "\(what): \(p.text)")
            #expect(p.path == q.path && p.offset.bitPattern == q.offset.bitPattern, "\(what): \(p.text)")
            #expect(p.label.glyphs == q.label.glyphs, "\(what): \(p.text)")
            #expect(p.boxes == q.boxes && p.blend == q.blend, "\(what): \(p.text)")
        }
    }

    @Test func theHelsinkiZoomsReadBackAsTheSameLabelsAndTiles() throws {
        let j = try job("osm/helsinki-roads.geojson")
        for (zoom, atLeast) in [(13, 1), (15, 20), (16, 40), (17, 60)] {
            let zone = try j.place(zoom: zoom, resolver: resolver())
            #expect(zone.result.placed.count >= atLeast, "zoom \(zoom): \(zone.result.placed.count) labels")
            let record = try j.record(zone)
            let again = try j.placement(record: record, zoom: zoom, resolver: resolver())
            expectSame(zone, again, "zoom \(zoom)")
            // The record of the zone read back is the record itself.
            #expect(try j.record(again) == record, "zoom \(zoom)")
            // A tile with labels in it: the same PNG and JSON bytes from either.
            let tile = try #require(j.metatiles(zoom: zoom).flatMap { j.tiles(in: $0) }.first { t in
                let area = j.area(of: t)
                return zone.result.placed.contains { $0.boxes.contains { Metatile.overlaps($0.bounds, area) } }
            })
            let (pa, ja) = try j.render(tile, zone, resolver: resolver())
            let (pb, jb) = try j.render(tile, again, resolver: resolver())
            #expect(pa == pb && ja == jb, "zoom \(zoom), tile \(tile)")
            #expect(ja.contains("\"placed\":[{"), "zoom \(zoom), tile \(tile)")
        }
    }

    @Test func theRecordHoldsWhatLaysALabelOut() throws {
        let j = try job()
        let zone = try j.place(zoom: 16, resolver: resolver())
        let value = try JSONValue.parse(try j.record(zone))
        #expect(value["pathtextPlacement"] == .number(2) && value["zoom"] == .number(16))
        #expect(value["job"] == .string(TileJob.hex(j.fingerprint)) && j.fingerprint != 0)
        guard case .array(let labels) = value["labels"] ?? .null else { Issue.record("no labels"); return }
        #expect(labels.count == zone.result.placed.count)
        let first = zone.result.placed[0]
        #expect(labels[0]["text"] == .string(first.text) && labels[0]["request"] == .number(Double(first.request)))
        #expect(labels[0]["offset"] == .number(first.offset))
        // A polyline: each segment is its end point.
        guard case .array(let path) = labels[0]["path"] ?? .null, case .array(let segments) = path[0]["segments"] ?? .null else {
            Issue.record("no path"); return
        }
        #expect(segments.count == first.path.subpaths[0].segments.count)
        #expect(path[0]["start"] == .array([.number(first.path.subpaths[0].start.x), .number(first.path.subpaths[0].start.y)]))
    }

    /// `change` applied to the record of zoom 16 read back at `zoom`: the error's path and message.
    func refused(_ change: (inout String) -> Void, zoom: Int = 16, job other: TileJob? = nil) throws -> SceneError? {
        let j = try job()
        var record = try j.record(try j.place(zoom: 16, resolver: resolver()))
        change(&record)
        do { _ = try (other ?? j).placement(record: record, zoom: zoom, resolver: resolver()) } catch { return error }
        return nil
    }

    @Test func badOrMismatchedRecordsAreRefusedByName() throws {
        func expectRefused(_ e: SceneError?, _ path: String, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(e?.path == path && e?.message.contains(words) == true, "\(e.map(\.description) ?? "no error")", sourceLocation: sourceLocation)
        }
        expectRefused(try refused { $0 = "[1, 2]" }, "placement", "not a placement record")
        expectRefused(try refused { $0 = "{\"pathtext" }, "placement", "not a placement record")
        expectRefused(try refused { $0 = $0.replacingOccurrences(of: "\"pathtextPlacement\":2", with: "\"pathtextPlacement\":3") },
                      "placement.pathtextPlacement", "version 3")
        // Another job: any change to its JSON (here the metatile size) is another fingerprint.
        expectRefused(try refused({ _ in }, job: try job("geojson/edges.geojson", #", "metatile": 2"#)), "placement.job", "another tiles job")
        expectRefused(try refused({ _ in }, zoom: 17), "placement.zoom", "of zoom 16, the metatiles of zoom 17")
        expectRefused(try refused { $0 = $0.replacingOccurrences(of: "{\"request\":", with: "{\"request\":1e6,\"x\":") },
                      "placement.labels[0].request", "expected a request of the job")
        expectRefused(try refused { r in
            let at = r.range(of: "\"text\":\"")!.upperBound
            r.insert(contentsOf: "Not ", at: at)
        }, "placement.labels[0].text", "the placement is of another job")
        expectRefused(try refused { r in
            let at = r.range(of: "\"offset\":")!.upperBound
            r.insert(contentsOf: "1e300,\"o\":", at: at)
        }, "placement.labels[0].offset", "expected a number from -1000000000 to 1000000000")
        expectRefused(try refused { r in
            let at = r.range(of: "\"start\":[")!.upperBound
            r.insert(contentsOf: "1e20,", at: at)
        }, "placement.labels[0].path[0].start", "expected 2 coordinates")
        expectRefused(try refused { r in
            let at = r.range(of: "\"segments\":[[")!.upperBound
            r.insert(contentsOf: "-2e9,0],[", at: at)
        }, "placement.labels[0].path[0].segments[0][0]", "expected coordinates from")
        expectRefused(try refused { $0 = $0.replacingOccurrences(of: "\"closed\":false", with: "\"closed\":0") },
                      "placement.labels[0].path[0].closed", "expected true or false")
        // The bounds: four coordinates within the limit, the least first (or null); a record without them is not version 2's.
        func bounds(_ with: String) -> (inout String) -> Void {
            { r in
                let from = r.range(of: "\"bounds\":")!
                let end = r[from.upperBound...].firstIndex(of: "]")!
                r.replaceSubrange(from.upperBound...end, with: with)
            }
        }
        expectRefused(try refused(bounds("[1,2,3]")), "placement.labels[0].bounds", "expected [minX, minY, maxX, maxY] or null")
        expectRefused(try refused(bounds("[0,0,2e9,1]")), "placement.labels[0].bounds[2]", "expected a coordinate from")
        expectRefused(try refused(bounds("[5,0,1,1]")), "placement.labels[0].bounds", "expected minX ≤ maxX")
        expectRefused(try refused { $0 = $0.replacingOccurrences(of: "\"bounds\":", with: "\"b\":") },
                      "placement.labels[0].bounds", "expected [minX, minY, maxX, maxY] or null")
        // An offset that puts the label past its path's end: it no longer lays out whole.
        expectRefused(try refused { r in
            let at = r.range(of: "\"offset\":")!.upperBound
            r.insert(contentsOf: "100000,\"o\":", at: at)
        }, "placement.labels[0]", "does not lay out on its path")
        // The record as written reads back.
        #expect(try refused { _ in } == nil)
    }
}
