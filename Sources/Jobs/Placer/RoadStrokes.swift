import Geometry
import Requests

/// The roads under a map's labels, cut into neighbourhoods before they are stroked.
///
/// A place file draws each road class as one path of hundreds of ways spread over the whole canvas, so
/// each of its strokes rasterizes a mask as large as the canvas: a cell per pixel to accumulate into, a
/// coverage byte per pixel to resolve and to composite, almost all of them empty (on the Helsinki map
/// 24 such strokes of 1.27 million pixels, and the scratch buffers, fresh in every draw, cost as many page
/// faults). Stroked by neighbourhood, a class costs the area its roads cover, in buffers that stay in the
/// cache.
///
/// Only a stroke that paints the same wherever it is drawn twice is cut: an opaque colour, source-over,
/// no fill, no id (a label may follow a shape by its id). Each piece holds whole ways (dashes restart at
/// every subpath anyway), and the pieces of a shape are drawn one after another, where the shape was: the
/// picture is the same but for the antialiased edge pixels where ways of two pieces overlap (one coverage
/// there is `c₁ + c₂ − c₁c₂` instead of the union's, within a few levels of 255).
public enum RoadStrokes {
    /// The side of the square neighbourhoods, pixels: ways are grouped by the cell of their control box's centre.
    public static let cell = 128.0

    /// `shapes` with every stroke that may be cut (see ``RoadStrokes``) replaced by its pieces, one per
    /// cell of side `cell` that holds a way's centre, in the order the cells are first met along the path.
    public static func split(_ shapes: [SceneShape], cell: Double = cell) -> [SceneShape] {
        guard cell > 0, cell.isFinite else { return shapes }
        var out: [SceneShape] = []
        out.reserveCapacity(shapes.count)
        for shape in shapes {
            guard let d = shape.d, mayCut(shape), d.subpaths.count > 1 else { out.append(shape); continue }
            var pieces: [[Subpath]] = []
            var index: [Cell: Int] = [:]
            for sp in d.subpaths {
                let box = BezPath(subpaths: [sp]).controlBox
                let key = Cell(x: Self.cellIndex((box.minX + box.maxX) / 2, cell), y: Self.cellIndex((box.minY + box.maxY) / 2, cell))
                if let k = index[key] { pieces[k].append(sp) } else { index[key] = pieces.count; pieces.append([sp]) }
            }
            for piece in pieces {
                var s = shape
                s.d = BezPath(subpaths: piece)
                out.append(s)
            }
        }
        return out
    }

    /// Whether `shape` paints the same where two of its pieces overlap as where one does.
    static func mayCut(_ shape: SceneShape) -> Bool {
        guard shape.type == .path, shape.id == nil, shape.fill == nil, shape.fillGradient == nil,
              let stroke = shape.stroke, stroke.a == 255 else { return false }
        return (shape.blend ?? .sourceOver) == .sourceOver
    }

    /// A neighbourhood.
    struct Cell: Hashable { let x: Int, y: Int }

    /// The cell of coordinate `v` (clamped: a path's coordinates are finite and bounded by the scene's limits).
    static func cellIndex(_ v: Double, _ cell: Double) -> Int {
        let q = (v / cell).rounded(.down)
        guard q.isFinite else { return 0 }
        return Int(max(-1e15, min(1e15, q)))
    }
}
