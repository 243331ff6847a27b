import Foundation
import Geometry
import Requests
import Render
import Placer
import Shaping

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
        var perTileNs: [Int: [Double]] = [:]
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
            perTileNs[zoom] = perTile
            rows.append(makeRow("tiles/helsinki/z\(zoom)", ours: times[0], peer: times[1], peerName: "the zoom's map placed and drawn as one canvas",
                                note: String(format: "%d tiles of %d px (%.2f ms a tile), %d labels; one canvas %d × %d px",
                                             tiles.count, job.tiles.tileSize, median(perTile) / 1e6, labels, document.scene.width, document.scene.height)))
            for i in allOurs.indices { allOurs[i] += times[0][i]; allPeer[i] += times[1][i] }
            allTiles += tiles.count
        }
        if !config.smoke { rows += mapnikRows(config, job: job, zooms: zooms, ours: perTileNs, root: root) }
        let name = "tiles/helsinki/\(zooms.lowerBound)-\(zooms.upperBound)"
        rows.append(makeRow(name, ours: allOurs, peer: allPeer, peerName: "each zoom's map placed and drawn as one canvas",
                            note: String(format: "%d tiles, one process, one thread for the placements (%.2f ms a tile); `pathtext tiles` does this and writes the files", allTiles, median(allOurs) / Double(max(allTiles, 1)) / 1e6)))
        return rows
    }

    /// `tiles/helsinki/z<N>/mapnik`: our time per tile (placing the zoom once, then drawing and encoding each
    /// tile) against Mapnik 3.1 rendering the same zoom's map as tiles of the same size the way a map server
    /// does (`scripts/mapnik-tiles.py`: each tile zoomed to, its labels placed within a 128 px buffer, drawn
    /// with AGG and encoded as PNG), CPU time of one thread, per tile. Mapnik's tiles are cut from the
    /// zoom's canvas, ours from the XYZ grid, so the counts differ a little; the ratio is per tile.
    static func mapnikRows(_ config: BenchConfig, job: TileJob, zooms: ClosedRange<Int>, ours: [Int: [Double]], root: String) -> [Row] {
        var rows: [Row] = []
        for zoom in zooms {
            var map = job.map
            map.options.zoom = zoom
            guard let document = try? map.document(defaults: job.labelDefaults, placement: job.placement, background: job.background),
                  let mine = ours[zoom] else { continue }
            let file = NSTemporaryDirectory() + "pathtext-bench-mapnik-tiles-z\(zoom).json"
            guard (try? placeFile(document).write(toFile: file, atomically: true, encoding: .utf8)) != nil else { continue }
            defer { try? FileManager.default.removeItem(atPath: file) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
            p.arguments = ["-c", "0", "/usr/bin/python3", root + "/scripts/mapnik-tiles.py", file, "--tile", String(job.tiles.tileSize),
                           "--runs", String(config.runs)]
            let out = Pipe(); p.standardOutput = out
            guard (try? p.run()) != nil else { progress("tiles: cannot run scripts/mapnik-tiles.py"); return rows }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            guard p.terminationStatus == 0, let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tiles = json["tiles"] as? Int, tiles > 0, let cpu = json["cpuMs"] as? [Double] else {
                progress("tiles: scripts/mapnik-tiles.py failed (status \(p.terminationStatus)); is python3-mapnik installed?")
                return rows
            }
            let peer = cpu.map { $0 * 1e6 / Double(tiles) }
            rows.append(makeRow("tiles/helsinki/z\(zoom)/mapnik", ours: mine, peer: peer, peerName: "Mapnik \(json["mapnik"] ?? "") rendering the zoom as tiles",
                                note: String(format: "per tile: %.2f ms ours (the zoom placed once, then each tile drawn), %.2f ms Mapnik's (%d tiles of %d px, labels within a 128 px buffer)",
                                             median(mine) / 1e6, median(peer) / 1e6, tiles, job.tiles.tileSize)))
        }
        return rows
    }

    /// The place file `scripts/mapnik-place.py` reads, for `document`: the roads as stroked paths, the
    /// labels' texts and paths, the label defaults and the spacing.
    static func placeFile(_ document: PlaceDocument) -> String {
        // Mapnik's colours as `#rrggbb`: RGBAColor's own spelling, without an alpha.
        func hex(_ c: RGBAColor?) -> String { String((c ?? .black).description.prefix(7)) }
        let shapes: [[String: Any]] = document.scene.shapes.compactMap { s in
            guard let d = s.d, s.stroke != nil else { return nil }
            return ["type": "path", "d": d.svgPathData, "stroke": hex(s.stroke), "strokeWidth": s.strokeWidth ?? 1]
        }
        let labels: [[String: Any]] = document.requests.compactMap { r in
            guard let path = r.label.path else { return nil }
            return ["text": r.text, "path": path.svgPathData]
        }
        let first = document.requests.first?.label
        let defaults: [String: Any] = ["size": first?.style.size ?? 13, "haloWidth": first?.options.haloWidth ?? 0,
                                       "maxAngle": first?.options.maxAngle ?? 30, "color": hex(first?.style.color),
                                       "haloColor": hex(first?.options.haloColor)]
        let doc: [String: Any] = ["width": document.scene.width, "height": document.scene.height, "background": hex(document.scene.background ?? .white),
                                  "shapes": shapes, "labels": labels, "labelDefaults": defaults, "placement": ["spacing": document.options.spacing]]
        let data = try! JSONSerialization.data(withJSONObject: doc)
        return String(decoding: data, as: UTF8.self)
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
