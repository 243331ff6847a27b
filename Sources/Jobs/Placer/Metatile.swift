import JSON
import Geometry
import Layout
import Requests

/// Placing for a tile server: one placement over a metatile and its buffer, cut into tiles.
///
/// The labels of every tile of a metatile come from one placement over the metatile grown by `buffer`,
/// so a label that crosses the edge between two of its tiles is the same label in both, at the same
/// place (each tile lists it in its own pixel coordinates). Labels may reach into the buffer; a label
/// entirely in the buffer belongs to a neighbouring metatile and is left out of every tile here.
public enum Metatile {
    /// One tile's labels.
    public struct Tile: Sendable {
        /// Column and row of the tile within the metatile.
        public var column: Int, row: Int
        /// The tile's rectangle in the requests' (map) pixels.
        public var area: Rect
        /// The labels that reach into the tile, moved into the tile's pixels (its top-left corner at 0, 0).
        public var labels: [PlacedRequestLabel]
    }

    /// Places `requests` (in map pixels) over `metatile` grown by `buffer`, and cuts the result into
    /// tiles of `tileSize` pixels, row by row.
    public static func place(_ requests: [PlaceRequest], obstacles: [Obstacle] = [], metatile: Rect, tileSize: Double,
                             buffer: Double, options: PlacerOptions = PlacerOptions(), resolver: SceneResolver = SceneResolver())
        throws(SceneError) -> (tiles: [Tile], result: PlacementResult)
    {
        try check(metatile: metatile, tileSize: tileSize, buffer: buffer)
        var o = options
        o.area = metatile.outset(by: buffer)
        let result = try Placer.place(requests, obstacles: obstacles, width: Int(metatile.maxX + buffer), height: Int(metatile.maxY + buffer),
                                      options: o, resolver: resolver)
        let columns = max(1, Int((metatile.width / tileSize).rounded(.up))), rows = max(1, Int((metatile.height / tileSize).rounded(.up)))
        var tiles: [Tile] = []
        for r in 0..<rows {
            for c in 0..<columns {
                let area = Rect(x: metatile.minX + Double(c) * tileSize, y: metatile.minY + Double(r) * tileSize, width: tileSize, height: tileSize)
                let shift = Vector(-area.minX, -area.minY)
                let inside = result.placed.filter { p in p.boxes.contains { b in Self.overlaps(b.bounds, area) } }
                tiles.append(Tile(column: c, row: r, area: area, labels: inside.map { moved($0, by: shift) }))
            }
        }
        return (tiles, result)
    }

    /// The most tiles one metatile may be cut into.
    public static let maximumTiles = 4_096

    /// Refuses sizes that are not finite, not positive, beyond ``Placer/maximumCoordinate`` or cut into more
    /// than ``maximumTiles`` tiles (each would trap on its way to an integer, or ask for unbounded work).
    static func check(metatile: Rect, tileSize: Double, buffer: Double) throws(SceneError) {
        let limit = Placer.maximumCoordinate
        func number(_ v: Double) -> String { MessageText.number(v) }
        for (name, v) in [("metatile.x", metatile.minX), ("metatile.y", metatile.minY)] where !(abs(v) <= limit) {
            throw SceneError(name, "expected a number from -\(number(limit)) to \(number(limit)), got \(number(v))")
        }
        for (name, v) in [("metatile.width", metatile.width), ("metatile.height", metatile.height)] where !(v > 0 && v <= limit) {
            throw SceneError(name, "expected a number above 0 and at most \(number(limit)), got \(number(v))")
        }
        guard tileSize >= 1, tileSize <= limit else { throw SceneError("tileSize", "expected a number from 1 to \(number(limit)), got \(number(tileSize))") }
        guard buffer >= 0, buffer <= limit else { throw SceneError("buffer", "expected a number from 0 to \(number(limit)), got \(number(buffer))") }
        guard metatile.maxX + buffer <= 2 * limit, metatile.maxY + buffer <= 2 * limit else {
            throw SceneError("metatile", "the metatile and its buffer reach beyond \(number(2 * limit)) pixels")
        }
        let tiles = (metatile.width / tileSize).rounded(.up) * (metatile.height / tileSize).rounded(.up)
        guard tiles <= Double(maximumTiles) else {
            throw SceneError("tileSize", "the metatile would be cut into \(number(tiles)) tiles, over the limit of \(maximumTiles)")
        }
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool { a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY }

    /// `label` moved by `v`: its glyphs, decorations, boxes and path (a bend warp's measure is dropped).
    static func moved(_ label: PlacedRequestLabel, by v: Vector) -> PlacedRequestLabel {
        var l = label
        for i in l.label.glyphs.indices { l.label.glyphs[i].origin += v }
        l.label.measure = nil
        let m = Affine(1, 0, 0, 1, v.x, v.y)
        for i in l.label.decorations.indices { l.label.decorations[i].outline = l.label.decorations[i].outline.transformed(by: m) }
        for i in l.boxes.indices { l.boxes[i].center += v }
        l.path = l.path.transformed(by: m)
        return l
    }
}
