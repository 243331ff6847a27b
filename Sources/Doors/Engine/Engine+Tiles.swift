import JSON
import Support
import PathText

/// One zoom's placement of one tiles job, kept by the engine so the metatile calls of a zoom place it once.
struct TileZone: Sendable {
    var job: String
    var zoom: Int
    var zone: ZoomPlacement
}

extension Engine {
    /// The most placements ``tilesRender(_:batch:out:)`` keeps (one per zoom of the latest jobs).
    public static let keptTilePlacements = 8

    /// Plans a tiles job (a GeoJSON FeatureCollection, or `{"geojson": {…}, "zooms": "13-17", "tileSize": 256,
    /// "metatile": 4, …}`: ``TileJob/decode(_:)``): the tiles it writes and the metatiles of each zoom,
    /// `{"tiles": 54, "tileSize": 256, "metatile": 4, "zooms": [{"zoom": 16, "tiles": 12, "metatiles": [[9326, 4741], …]}, …]}`.
    /// - Throws: ``EngineError`` naming the bad key or feature, or over ``TileJob/maximumTiles`` tiles.
    public func tilesPlan(_ job: String) throws(EngineError) -> String {
        let j = try tileJob(job)
        var zooms: [String] = []
        for z in j.tiles.zooms {
            let metatiles = j.metatiles(zoom: z)
            let count = metatiles.reduce(0) { $0 + j.tiles(in: $1).count }
            zooms.append("{\"zoom\":\(z),\"tiles\":\(count),\"metatiles\":[" + metatiles.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]}")
        }
        return "{\"tiles\":\(MessageText.number(j.tileCount)),\"tileSize\":\(j.tiles.tileSize),\"metatile\":\(j.tiles.metatile),\"zooms\":[" + zooms.joined(separator: ",") + "]}\n"
    }

    /// Renders metatiles of one zoom of a tiles job and writes their tiles, `OUT/z/x/y.png` and `OUT/z/x/y.json`,
    /// byte for byte what `pathtext tiles` writes. `batch` is `{"zoom": 16, "metatiles": [[9326, 4741], …]}`
    /// (metatile addresses from ``tilesPlan(_:)``). The zoom's placement (over the whole job) is made once
    /// per engine and kept for the next calls. Returns `{"tiles": 12, "labels": 5}`: the tiles written and
    /// the labels of the zoom's placement.
    public func tilesRender(_ job: String, batch: String, out: String) throws(EngineError) -> String {
        let j = try tileJob(job)
        let (zoom, metatiles) = try Self.tileBatch(batch, job: j)
        guard !out.isEmpty else { throw EngineError(key: "out", "expected a folder, got nothing") }
        let kept = tileZones.withLock { zones in zones.first { $0.zoom == zoom && $0.job == job }?.zone }
        return try withResolver { r throws(EngineError) in
            do throws(SceneError) {
                let zone: ZoomPlacement
                if let kept { zone = kept } else {
                    zone = try j.place(zoom: zoom, resolver: r)
                    tileZones.withLock { zones in
                        zones.removeAll { $0.zoom == zoom && $0.job == job }
                        zones.append(TileZone(job: job, zoom: zoom, zone: zone))
                        if zones.count > Self.keptTilePlacements { zones.removeFirst(zones.count - Self.keptTilePlacements) }
                    }
                }
                var written = 0
                for m in metatiles { written += try j.write(metatile: m, zone, to: out, resolver: r).count }
                return "{\"tiles\":\(written),\"labels\":\(zone.result.placed.count)}\n"
            } catch { throw EngineError(error.description) }
        }
    }

    /// A tiles job, checked within the engine's rules (fonts by name only when paths are not allowed).
    func tileJob(_ text: String) throws(EngineError) -> TileJob {
        let job: TileJob
        do { job = try TileJob.decode(Array(text.utf8)) } catch { throw EngineError(key: error.path, error.message) }
        if !allowFontPaths { try RequestDecoding.checkFontNames(job.labelDefaults.label.fontFiles, at: "labelDefaults.font") }
        return job
    }

    /// The zoom and metatiles of a batch, each within the job's plan.
    static func tileBatch(_ text: String, job: TileJob) throws(EngineError) -> (Int, [TileAddress]) {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw EngineError("batch: " + error.description) }
        guard case .number(let z) = value["zoom"] ?? .null, job.tiles.zooms.contains(where: { Double($0) == z }) else {
            throw EngineError("batch.zoom: expected one of the job's zooms \(job.tiles.zooms.lowerBound)-\(job.tiles.zooms.upperBound), got \((value["zoom"] ?? .null).shownInMessage)")
        }
        let zoom = Int(z)
        guard case .array(let items) = value["metatiles"] ?? .null else {
            throw EngineError("batch.metatiles: expected a list of [x, y] metatile addresses, got \((value["metatiles"] ?? .null).shownInMessage)")
        }
        let plan = Set(job.metatiles(zoom: zoom))
        var out: [TileAddress] = []
        for (i, item) in items.enumerated() {
            guard case .array(let xy) = item, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1],
                  x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9, plan.contains(TileAddress(z: zoom, x: Int(x), y: Int(y))) else {
                throw EngineError("batch.metatiles[\(i)]: expected a metatile [x, y] of the job's plan at zoom \(zoom), got \(item.shownInMessage)")
            }
            out.append(TileAddress(z: zoom, x: Int(x), y: Int(y)))
        }
        return (zoom, out)
    }
}
