import Testing
import Foundation
import Geometry
import Requests
@testable import Placer

/// A record read back lays out only the labels a batch of metatiles draws, each once, and the tiles drawn
/// from that partial zone are the bytes the whole zone gives.
@Suite struct ZoomRecordTests {
    func job() throws -> TileJob {
        let geojson = String(decoding: fixture("osm/helsinki-roads.geojson"), as: UTF8.self)
        return try TileJob.decode(Array(#"{"geojson": \#(geojson), "zooms": "16-17", "metatile": 2}"#.utf8))
    }

    @Test func aBatchLaysOutItsLabelsOnlyAndDrawsTheSameTiles() throws {
        let j = try job()
        for zoom in [16, 17] {
            let whole = try j.place(zoom: zoom, resolver: resolver())
            let text = try j.record(whole)
            let metatiles = j.metatiles(zoom: zoom)
            #expect(metatiles.count >= 9, "zoom \(zoom)")
            var kept = try ZoomRecord(text, zoom: zoom, job: j)
            #expect(kept.labelCount == whole.result.placed.count && kept.laidOutCount == 0)
            var most = 0
            for m in metatiles {
                // A fresh record for this metatile alone: only the labels reaching into it are laid out.
                var alone = try ZoomRecord(text, zoom: zoom, job: j)
                let zone = try alone.zone(for: [m], job: j, resolver: resolver())
                #expect(alone.laidOutCount == zone.result.placed.count)
                most = max(most, zone.result.placed.count)
                // The labels of the whole zone that any of the metatile's tiles draws are all in it, in order.
                let area = j.tiles(in: m).map { j.area(of: $0) }.reduce(Rect.empty) { $0.union($1) }.outset(by: 2)
                let needed = whole.result.placed.filter { p in p.boxes.contains { Metatile.overlaps($0.bounds, area) } }.map(\.text)
                let got = zone.result.placed.map(\.text)
                #expect(needed.allSatisfy(got.contains), "zoom \(zoom), metatile \(m)")
                for tile in j.tiles(in: m) {
                    let (pa, ja) = try j.render(tile, whole, resolver: resolver())
                    let (pb, jb) = try j.render(tile, zone, resolver: resolver())
                    #expect(pa == pb && ja == jb, "zoom \(zoom), tile \(tile)")
                }
                // The kept record lays out each label once, whichever batches reach it.
                let before = kept.laidOutCount
                let again = try kept.zone(for: [m], job: j, resolver: resolver())
                #expect(again.result.placed.map(\.text) == got)
                #expect(kept.laidOutCount - before <= got.count)
                let once = kept.laidOutCount
                _ = try kept.zone(for: [m], job: j, resolver: resolver())
                #expect(kept.laidOutCount == once)
            }
            // No metatile needs the whole zoom's labels, so a task drawing one lays out a part of them.
            #expect(most < whole.result.placed.count / 2, "zoom \(zoom): \(most) of \(whole.result.placed.count)")
            #expect(kept.laidOutCount <= kept.labelCount && kept.laidOutCount >= kept.labelCount * 9 / 10, "zoom \(zoom)")
        }
    }

    @Test func theWholeZoneChecksEveryLabel() throws {
        let j = try job()
        let whole = try j.place(zoom: 16, resolver: resolver())
        var record = try ZoomRecord(try j.record(whole), zoom: 16, job: j)
        let zone = try record.zone(resolver: resolver())
        #expect(record.laidOutCount == record.labelCount && zone.result.placed.map(\.text) == whole.result.placed.map(\.text))
        #expect(zone.result.placed.map(\.label.glyphs) == whole.result.placed.map(\.label.glyphs))
    }
}
