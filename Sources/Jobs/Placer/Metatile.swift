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
