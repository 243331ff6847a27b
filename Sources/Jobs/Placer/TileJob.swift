import Support
import JSON
import Geometry
import Shaping
import Layout
import Render
import Requests

/// A tile's (or a metatile's) address: zoom, column, row.
public struct TileAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The zoom.
    public var z: Int
    /// The column (from the west) and the row (from the north).
    public var x: Int, y: Int
    /// Creates an address.
    public init(z: Int, x: Int, y: Int) { self.z = z; self.x = x; self.y = y }
    /// `z/x/y`.
    public var description: String { "\(z)/\(x)/\(y)" }
    /// Zoom, then row, then column.
    public static func < (a: TileAddress, b: TileAddress) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}

/// One zoom's labels: a single placement over the whole area mapped, in world pixels, that every tile
/// of the zoom cuts its labels from.
public struct ZoomPlacement: Sendable {
    /// The zoom.
    public var zoom: Int
    /// The placement, in world pixels.
    public var result: PlacementResult
    /// The roads, in world pixels.
    public var roads: [ProjectedRoad]
    /// The requests placed (for each placed label's halo).
    public var requests: [PlaceRequest]
}

/// XYZ tiles of a GeoJSON road map: for each zoom, `DIR/z/x/y.png` and `DIR/z/x/y.json`.
///
/// **Seamless by construction.** For each zoom there is one placement, over the whole area mapped (the
/// tiles covering it) in world pixels (``place(zoom:resolver:)``); the placer's order is total and
/// input-blind, so the placement is a function of the input alone. Every tile (``render(_:_:resolver:)``)
/// takes from it the labels that reach into the tile, moved by the tile's origin, and draws them. A label
/// across a tile edge, or a metatile edge, is one label of the one placement: the same glyphs at the same
/// world positions in every tile that shows it, whichever process or task draws each tile. Metatiles are
/// units of work only (``write(metatile:_:to:resolver:)``); the output does not depend on their size.
///
/// A label is listed (and drawn) in every tile its collision boxes, grown by half its halo and a pixel,
/// reach into: everything it inks there.
public struct TileJob: Sendable {
    /// The roads, and which properties name and rank them.
    public var map: RoadMap
    /// The zooms, the tile size and the metatile size.
    public var tiles: TileOptions
    /// Every label's defaults (``RoadMap/labelDefaults`` unless a job says otherwise).
    public var labelDefaults: PlaceRequest
    /// How the placer searches.
    public var placement: PlacerOptions
    /// The tiles' background.
    public var background: RGBAColor
    /// A hash of the JSON the job was read from (FNV-1a, 64 bits; 0 for a job made in code): a zoom's
    /// placement record (``record(_:)``) carries it, so a record is read back only by the job it was made for.
    public var fingerprint: UInt64 = 0

    /// The most tiles one job may write, all zooms together.
    public static let maximumTiles = 20_000

    /// Creates a job.
    public init(map: RoadMap, tiles: TileOptions = TileOptions(), labelDefaults: PlaceRequest = RoadMap.labelDefaults,
                placement: PlacerOptions = PlacerOptions(), background: RGBAColor = RoadMap.background) {
        self.map = map; self.tiles = tiles; self.labelDefaults = labelDefaults; self.placement = placement; self.background = background
    }

    static let keys = ["geojson", "labelDefaults", "placement", "background"] + TileOptions.catalog.map(\.key)
        + RoadMapOptions.catalog.map(\.key).filter { $0 != "zoom" }

    /// Reads a tiles job: a GeoJSON FeatureCollection (every option at its default), or an object
    /// `{"geojson": {…}, "zooms": "13-17", "tileSize": 256, "metatile": 4, "bbox": [W, S, E, N],
    /// "nameProperty": "name", "classProperty": "highway", "labelDefaults": {…}, "placement": {…}, "background": "#efece6"}`.
    /// - Throws: ``SceneError`` naming the bad key or feature; over ``maximumTiles`` tiles, naming `zooms`.
    public static func decode(_ bytes: [UInt8]) throws(SceneError) -> TileJob {
        do throws(JSONError) {
            guard bytes.count <= SceneJSON.maximumBytes else {
                throw JSONError("", "the JSON is \(bytes.count) bytes, over the limit of \(SceneJSON.maximumBytes)")
            }
            var job = try job(try JSONValue.parse(bytes))
            try job.check()
            job.fingerprint = Self.fingerprint(bytes)
            return job
        } catch { throw SceneError(error.path, error.message) }
    }

    /// Reads a tiles job from its JSON value (unchecked: see ``check()``).
    package static func job(_ json: JSONValue) throws(JSONError) -> TileJob {
        if GeoJSONRoads.isGeoJSON(json) { return TileJob(map: try RoadMap(geoJSON: json)) }
        guard case .object(let members) = json else { throw JSONError("", "expected a GeoJSON object or a tiles job, got \(json.shownInMessage)") }
        for m in members where !keys.contains(m.key) {
            let near = OptionCatalog.nearest(m.key, among: keys)
            throw JSONError(MessageText.shortened(MessageText.escaped(m.key), limit: 40), "unknown key" + (near.map { " (did you mean \($0)?)" } ?? ""))
        }
        var tiles = TileOptions()
        let tileKeys = Set(TileOptions.catalog.map(\.key))
        try OptionCatalog.read(.object(members.filter { tileKeys.contains($0.key) }), into: &tiles, entries: TileOptions.catalog, at: "")
        var mapOptions = RoadMapOptions()
        let mapEntries = RoadMapOptions.catalog.filter { $0.key != "zoom" }, mapKeys = Set(mapEntries.map(\.key))
        try OptionCatalog.read(.object(members.filter { mapKeys.contains($0.key) }), into: &mapOptions, entries: mapEntries, at: "")
        guard let geojson = json["geojson"], geojson != .null else { throw JSONError("geojson", "a tiles job needs its roads as GeoJSON") }
        var job = TileJob(map: try RoadMap(geoJSON: geojson, options: mapOptions, at: "geojson"), tiles: tiles)
        if let p = json["placement"], p != .null { try OptionCatalog.read(p, into: &job.placement, entries: PlacerOptions.catalog, at: "placement") }
        if let d = json["labelDefaults"], d != .null { try OptionCatalog.read(d, into: &job.labelDefaults, entries: PlaceRequest.catalog, at: "labelDefaults") }
        if let b = json["background"], b != .null {
            do throws(OptionValueError) { job.background = try OptionSyntax<RGBAColor>.color.fromJSON(b) } catch {
                throw JSONError("background", error.message)
            }
        }
        return job
    }

    /// FNV-1a, 64 bits, of `bytes`.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    // MARK: Which tiles

    /// The columns and rows of the tiles covering the area mapped at `zoom`; `nil` when there is nothing to map.
    public func tileRange(zoom: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let size = Double(tiles.tileSize)
        guard let area = map.pixelBounds(zoom: zoom, tileSize: size) else { return nil }
        let last = Double((1 << zoom) - 1)
        func index(_ v: Double) -> Int { Int(max(0, min(last, (v / size).rounded(.down)))) }
        return (index(area.minX)...index(area.maxX), index(area.minY)...index(area.maxY))
    }

    /// The number of tiles the job writes, all zooms together (as a `Double`: it is counted before it is known to be small).
    public var tileCount: Double {
        tiles.zooms.reduce(0) { sum, z in
            guard let r = tileRange(zoom: z) else { return sum }
            return sum + Double(r.x.count) * Double(r.y.count)
        }
    }

    /// Refuses a job over ``maximumTiles`` tiles, or with nothing to map, before any work.
    /// - Throws: ``JSONError`` naming `zooms` (or `geojson`).
    package func check() throws(JSONError) {
        guard map.bounds != nil else { throw JSONError("geojson", "no LineString or MultiLineString feature, and no bbox: nothing to map") }
        let n = tileCount
        guard n <= Double(Self.maximumTiles) else {
            throw JSONError("zooms", "zooms \(tiles.zooms.lowerBound)-\(tiles.zooms.upperBound) over the area mapped are \(MessageText.number(n)) tiles, over the limit of \(Self.maximumTiles) (fewer zooms or a smaller bbox)")
        }
    }

    /// The metatiles (addresses in metatile units) holding the tiles of `zoom`, row by row.
    public func metatiles(zoom: Int) -> [TileAddress] {
        guard let r = tileRange(zoom: zoom) else { return [] }
        let m = tiles.metatile
        var out: [TileAddress] = []
        for my in (r.y.lowerBound / m)...(r.y.upperBound / m) {
            for mx in (r.x.lowerBound / m)...(r.x.upperBound / m) { out.append(TileAddress(z: zoom, x: mx, y: my)) }
        }
        return out
    }

    /// The tiles of `metatile` that cover the area mapped, row by row.
    public func tiles(in metatile: TileAddress) -> [TileAddress] {
        guard let r = tileRange(zoom: metatile.z) else { return [] }
        let m = tiles.metatile
        let xs = max(r.x.lowerBound, metatile.x * m)...min(r.x.upperBound, metatile.x * m + m - 1)
        let ys = max(r.y.lowerBound, metatile.y * m)...min(r.y.upperBound, metatile.y * m + m - 1)
        guard !xs.isEmpty, !ys.isEmpty, xs.lowerBound <= xs.upperBound, ys.lowerBound <= ys.upperBound else { return [] }
        return ys.flatMap { y in xs.map { TileAddress(z: metatile.z, x: $0, y: y) } }
    }

    /// The world pixels of `tile`.
    public func area(of tile: TileAddress) -> Rect {
        let s = Double(tiles.tileSize)
        return Rect(x: Double(tile.x) * s, y: Double(tile.y) * s, width: s, height: s)
    }

    // MARK: Placing and drawing

    /// The one placement of `zoom`: every named road, over the tiles covering the area mapped, in world pixels.
    public func place(zoom: Int, resolver: SceneResolver = SceneResolver()) throws(SceneError) -> ZoomPlacement {
        let roads = map.projected(zoom: zoom, tileSize: Double(tiles.tileSize))
        let requests = RoadMap.requests(roads, defaults: labelDefaults)
        guard let r = tileRange(zoom: zoom) else { return ZoomPlacement(zoom: zoom, result: PlacementResult(), roads: roads, requests: requests) }
        let first = area(of: TileAddress(z: zoom, x: r.x.lowerBound, y: r.y.lowerBound))
        let last = area(of: TileAddress(z: zoom, x: r.x.upperBound, y: r.y.upperBound))
        var options = placement
        options.area = first.union(last)
        let result = try Placer.place(requests, width: Int(last.maxX), height: Int(last.maxY), options: options, resolver: resolver)
        return ZoomPlacement(zoom: zoom, result: result, roads: roads, requests: requests)
    }

    /// `tile`'s picture (PNG) and labels (JSON), from its zoom's placement.
    ///
    /// The JSON is the placements JSON of the labels reaching into the tile, in the tile's pixels (world
    /// pixels less the tile's origin), with ink boxes, which request each came from (indices into the
    /// zoom's requests, the same in every tile), and the tile:
    /// `{"fonts": […], "labels": […], "placed": [{"request": 3, "requests": [3], "text": "…", "group": "…"}],
    ///   "tile": {"z": 16, "x": 37308, "y": 18969, "size": 256, "origin": [9550848, 4856064]}}`.
    public func render(_ tile: TileAddress, _ zone: ZoomPlacement, resolver: SceneResolver = SceneResolver()) throws(SceneError) -> (png: [UInt8], json: String) {
        let area = area(of: tile)
        let shift = Vector(-area.minX, -area.minY)
        let reach = area.outset(by: RoadMap.widestStroke(zoom: tile.z))
        let roads = zone.roads.filter { Metatile.overlaps($0.bounds, reach) }
        var scene = Scene(width: tiles.tileSize, height: tiles.tileSize, background: background)
        scene.shapes = RoadMap.shapes(roads, shift: shift, zoom: tile.z)
        let here = zone.result.placed.filter { p in
            let margin = zone.requests[p.request].label.options.haloWidth / 2 + 1
            let grown = area.outset(by: margin)
            return p.boxes.contains { Metatile.overlaps($0.bounds, grown) }
        }.map { Metatile.moved($0, by: shift) }
        var canvas = try PlaceDocument.draw(scene, PlacementResult(placed: here), resolver: resolver)
        canvas.releaseScratch()
        let png: [UInt8]
        do throws(RenderError) { png = try canvas.pngData() } catch { throw SceneError("", error.description) }
        return (png, Self.json(here, tile: tile, size: tiles.tileSize, origin: area))
    }

    static func json(_ placed: [PlacedRequestLabel], tile: TileAddress, size: Int, origin: Rect) -> String {
        var text = PlacementsJSON.encode(placed.map(\.label), inkBoxes: true, singleLine: true)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        guard text.last == "}" else { return text }
        text.removeLast()
        func quoted(_ s: String) -> String { JSONValue.string(s).serialized() }
        let items = placed.map { p in
            "{\"request\":\(p.request),\"requests\":[\(p.requests.map(String.init).joined(separator: ","))],\"text\":\(quoted(p.text)),\"group\":\(quoted(p.group))}"
        }
        text += ",\"placed\":[" + items.joined(separator: ",") + "]"
        text += ",\"tile\":{\"z\":\(tile.z),\"x\":\(tile.x),\"y\":\(tile.y),\"size\":\(size),\"origin\":[\(MessageText.number(origin.minX)),\(MessageText.number(origin.minY))]}}\n"
        return text
    }

    /// Draws every tile of `metatile` from its zoom's placement and writes `DIR/z/x/y.png` and `DIR/z/x/y.json`:
    /// the metatile's files all or none, each whole (``AtomicFile/write(all:)``, flushed to disk together);
    /// returns the tiles written.
    /// - Throws: ``SceneError`` naming the file that could not be written.
    @discardableResult
    public func write(metatile: TileAddress, _ zone: ZoomPlacement, to dir: String, resolver: SceneResolver = SceneResolver()) throws(SceneError) -> [TileAddress] {
        guard zone.zoom == metatile.z else { throw SceneError("zoom", "the placement is of zoom \(zone.zoom), the metatile of zoom \(metatile.z)") }
        let written = tiles(in: metatile)
        var files: [(bytes: [UInt8], path: String)] = []
        files.reserveCapacity(2 * written.count)
        var folders: [String] = []
        for tile in written {
            if let d = Deadline.passed { throw SceneError("", d.message) }
            let (png, json) = try render(tile, zone, resolver: resolver)
            let folder = "\(dir)/\(tile.z)/\(tile.x)"
            if !folders.contains(folder) { folders.append(folder) }
            files.append((png, "\(folder)/\(tile.y).png"))
            files.append((Array(json.utf8), "\(folder)/\(tile.y).json"))
        }
        do throws(FileError) {
            for folder in folders { try Folders.make(folder) }
            try AtomicFile.write(all: files)
        } catch { throw SceneError("out", error.description) }
        return written
    }
}
