import JSON
import Support
import PathText

/// One zoom's placement of one tiles job, kept by the engine so the metatile calls of a zoom place it (or
/// read its record) once.
struct TileZone: Sendable {
    var job: String
    var zoom: Int
    /// The record the zone was read from or written as (``Engine/tilesPlace(_:zoom:)``); `nil` when it was
    /// placed for a render without one.
    var record: String?
    /// The whole zone, when this engine placed it.
    var zone: ZoomPlacement?
    /// The record read back, when another engine placed the zone: its labels are laid out again as the
    /// batches that draw them come (``ZoomRecord``).
    var read: ZoomRecord?

    /// Whether the zone was read from or written as `record` (the same bytes: `==` on two long texts outside
    /// ASCII takes Swift's normalising comparison, about as long as drawing a tile).
    func hasRecord(_ record: String) -> Bool { self.record?.hasSameBytes(as: record) == true }
}

extension Engine {
    /// The most placements ``tilesRender(_:batch:out:placement:)`` keeps (one per zoom of the latest jobs).
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

    /// The placement of `zoom` of a tiles job as a record (``TileJob/record(_:)``): what ``tilesRender(_:batch:out:placement:)``
    /// takes so that a cluster places each zoom once, in one task, and every task drawing the zoom's
    /// metatiles reads the result. The zone is kept for this engine's next renders of it.
    /// - Throws: ``EngineError`` naming the bad key or feature, or `zoom` when it is not one of the job's zooms.
    public func tilesPlace(_ job: String, zoom: Int) throws(EngineError) -> String {
        let j = try tileJob(job)
        guard j.tiles.zooms.contains(zoom) else {
            throw EngineError(key: "zoom", "expected one of the job's zooms \(j.tiles.zooms.lowerBound)-\(j.tiles.zooms.upperBound), got \(zoom)")
        }
        if let kept = kept(job, zoom: zoom, where: { $0.record != nil }), let record = kept.record { return record }
        return try withResolver { r throws(EngineError) in
            do throws(SceneError) {
                let zone = try j.place(zoom: zoom, resolver: r)
                let record = try j.record(zone)
                keep(TileZone(job: job, zoom: zoom, record: record, zone: zone, read: nil))
                return record
            } catch { throw EngineError(key: error.path, error.message) }
        }
    }

    /// Renders metatiles of one zoom of a tiles job and writes their tiles, `OUT/z/x/y.png` and `OUT/z/x/y.json`,
    /// byte for byte what `pathtext tiles` writes. `batch` is `{"zoom": 16, "metatiles": [[9326, 4741], …]}`
    /// (metatile addresses from ``tilesPlan(_:)``). The labels come from the zoom's one placement over the whole
    /// job: `placement`, a record from ``tilesPlace(_:zoom:)`` (read once per engine and kept; each of its
    /// labels is laid out again by the first batch it reaches into, ``ZoomRecord``), or when `nil` the engine
    /// places the zoom itself, once, and keeps it for the next calls. Returns `{"tiles": 12, "labels": 5}`:
    /// the tiles written and the labels of the zoom's placement.
    /// - Throws: ``EngineError`` naming the bad key, `batch`, `out`, or `placement` (not a record, another
    ///   job's or zoom's) or the part of it at fault.
    public func tilesRender(_ job: String, batch: String, out: String, placement: String? = nil) throws(EngineError) -> String {
        let j = try tileJob(job)
        let (zoom, metatiles) = try Self.tileBatch(batch, job: j)
        guard !out.isEmpty else { throw EngineError(key: "out", "expected a folder, got nothing") }
        let kept = kept(job, zoom: zoom, where: { z in placement.map { z.hasRecord($0) } ?? (z.zone != nil) })
        return try withResolver { r throws(EngineError) in
            let zone: ZoomPlacement, labels: Int
            do throws(SceneError) {
                if let whole = kept?.zone {
                    zone = whole; labels = whole.result.placed.count
                } else if let placement {
                    var read: ZoomRecord
                    if let known = kept?.read { read = known } else { read = try ZoomRecord(placement, zoom: zoom, job: j) }
                    zone = try read.zone(for: metatiles, job: j, resolver: r); labels = read.labelCount
                    keep(TileZone(job: job, zoom: zoom, record: placement, zone: nil, read: read))
                } else {
                    zone = try j.place(zoom: zoom, resolver: r); labels = zone.result.placed.count
                    keep(TileZone(job: job, zoom: zoom, record: nil, zone: zone, read: nil))
                }
            } catch { throw EngineError(key: error.path, error.message) }
            do throws(SceneError) {
                var written = 0
                for m in metatiles { written += try j.write(metatile: m, zone, to: out, resolver: r).count }
                return "{\"tiles\":\(written),\"labels\":\(labels)}\n"
            } catch { throw EngineError(error.description) }
        }
    }

    /// The kept zone of `job` at `zoom` that `matches`, the latest first.
    private func kept(_ job: String, zoom: Int, where matches: (TileZone) -> Bool) -> TileZone? {
        tileZones.withLock { zones in zones.last { $0.zoom == zoom && $0.job.hasSameBytes(as: job) && matches($0) } }
    }

    /// Keeps `zone` (in place of one of the same job, zoom and record), at most ``keptTilePlacements`` in all.
    private func keep(_ zone: TileZone) {
        tileZones.withLock { zones in
            zones.removeAll { $0.zoom == zone.zoom && $0.job.hasSameBytes(as: zone.job) && (zone.record.map($0.hasRecord) ?? ($0.record == nil)) }
            zones.append(zone)
            if zones.count > Self.keptTilePlacements { zones.removeFirst(zones.count - Self.keptTilePlacements) }
        }
    }

    /// A tiles job, checked within the engine's rules (fonts by name only when paths are not allowed); the
    /// same text as the last call's gives the last call's job without decoding it again.
    func tileJob(_ text: String) throws(EngineError) -> TileJob {
        if let last = lastTileJob.withLock({ $0 }), last.text.hasSameBytes(as: text) { return last.job }
        let job: TileJob
        do { job = try TileJob.decode(Array(text.utf8)) } catch { throw EngineError(key: error.path, error.message) }
        if !allowFontPaths { try RequestDecoding.checkFontNames(job.labelDefaults.label.fontFiles, at: "labelDefaults.font") }
        lastTileJob.withLock { $0 = (text, job) }
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
