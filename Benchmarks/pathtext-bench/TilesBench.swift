import Foundation
import Geometry
import Requests
import Render
import Placer

/// `tiles/helsinki/…`: XYZ tiles of the Helsinki roads (fixtures/osm/helsinki-roads.geojson) at zooms 13–17,
/// one process, one thread: each zoom's one placement and every tile drawn and encoded as PNG (files not
/// written), against the peer of the same run: the same zoom's map placed and drawn as one canvas
/// (`pathtext place roads.geojson --zoom Z`). The ratio is what cutting a map into seamless tiles costs
/// over drawing it whole. Wall-clock medians (the PNG encoder may use a second thread).
enum TilesBench {
    static func run(_ config: BenchConfig, fontsDir: String, root: String) -> [Row] {
        // A smoke run: the hand-made fixture at two zooms.
        let file = config.smoke ? root + "/fixtures/geojson/edges.geojson" : root + "/fixtures/osm/helsinki-roads.geojson"
        let zooms = config.smoke ? 16...17 : 13...17
        guard let bytes = FileManager.default.contents(atPath: file) else { progress("tiles: cannot read \(file)"); return [] }
        let resolver = SceneResolver(fontsDir: fontsDir)
        var job = try! TileJob.decode(Array(bytes))
        job.tiles.zooms = zooms
        var rows: [Row] = [], allOurs = [Double](repeating: 0, count: config.smoke ? 1 : config.runs)
        var allPeer = allOurs, allTiles = 0
        for zoom in zooms {
            let tiles = job.metatiles(zoom: zoom).flatMap { job.tiles(in: $0) }
            var map = job.map
            map.options.zoom = zoom
            let document = try! map.document(defaults: job.labelDefaults, placement: job.placement, background: job.background)
            var labels = 0
            let tilesBody = {
                let zone = try! job.place(zoom: zoom, resolver: resolver)
                labels = zone.result.placed.count
                for t in tiles { blackHole(try! job.render(t, zone, resolver: resolver).png) }
            }
            let wholeBody = {
                let (canvas, _) = try! document.render(resolver: resolver)
                blackHole(try! canvas.pngData())
            }
            let times = config.smoke ? smokeTimes([tilesBody, wholeBody], clock: nowNs) : timeOnce(config, [tilesBody, wholeBody])
            let perTile = times[0].map { $0 / Double(max(tiles.count, 1)) }
            rows.append(makeRow("tiles/helsinki/z\(zoom)", ours: times[0], peer: times[1], peerName: "the zoom's map placed and drawn as one canvas",
                                note: String(format: "%d tiles of %d px (%.2f ms a tile), %d labels; one canvas %d × %d px",
                                             tiles.count, job.tiles.tileSize, median(perTile) / 1e6, labels, document.scene.width, document.scene.height)))
            for i in allOurs.indices { allOurs[i] += times[0][i]; allPeer[i] += times[1][i] }
            allTiles += tiles.count
        }
        let name = "tiles/helsinki/\(zooms.lowerBound)-\(zooms.upperBound)"
        rows.append(makeRow(name, ours: allOurs, peer: allPeer, peerName: "each zoom's map placed and drawn as one canvas",
                            note: String(format: "%d tiles, one process, one thread for the placements (%.2f ms a tile); `pathtext tiles` does this and writes the files", allTiles, median(allOurs) / Double(max(allTiles, 1)) / 1e6)))
        return rows
    }

    /// Each body once per run (a zoom's tiles take tens of milliseconds at least), after one warm-up, interleaved.
    static func timeOnce(_ config: BenchConfig, _ bodies: [() -> Void]) -> [[Double]] {
        for b in bodies { b() }
        var out = Array(repeating: [Double](), count: bodies.count)
        for r in 0..<config.runs {
            for k in bodies.indices {
                let i = (k + r) % bodies.count
                let t0 = nowNs()
                bodies[i]()
                out[i].append(Double(nowNs() - t0))
            }
        }
        return out
    }
}
