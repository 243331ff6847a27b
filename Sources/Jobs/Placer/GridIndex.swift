import Geometry
import Requests

/// A uniform grid of square cells over a rectangle, holding oriented boxes: the placer's collision index.
///
/// A box is listed in every cell its bounds touch; a query tests only the boxes listed in the cells the
/// query's bounds touch, each once (a per-query stamp skips repeats). Since placed boxes do not overlap,
/// a cell holds a bounded number of them, so a query's cost depends on its own size, not on how many
/// boxes the index holds. Boxes outside the grid's rectangle are clamped to its border cells.
/// (The design of Mapbox GL's `GridIndex`, 25 px cells by default.)
public struct GridIndex: Sendable {
    /// The rectangle the cells cover.
    public let area: Rect
    /// The side of a cell in pixels.
    public let cellSize: Double
    /// Columns and rows of cells.
    public let columns: Int, rows: Int
    private var cells: [[Int32]]
    private var boxes: [OrientedBox] = []
    /// The owner of each box (a label's number): boxes of one owner never collide with each other.
    private var owners: [Int32] = []
    private var stamps: [UInt32] = []
    private var stamp: UInt32 = 0
    /// Boxes tested against a query so far (for the benchmark's per-candidate figures).
    public private(set) var tests = 0

    /// The largest number of cells a grid may have (a 16-megapixel canvas at 4 px cells).
    public static let maximumCells = 1 << 20

    /// Creates an empty grid over `area` with cells of `cellSize` pixels (grown when `area` would need
    /// more than ``maximumCells`` cells).
    public init(area: Rect, cellSize: Double = 25) {
        self.area = area
        var size = max(cellSize.isFinite ? cellSize : 25, 1)
        func count(_ extent: Double, _ s: Double) -> Int { max(1, Int((max(extent, 0) / s).rounded(.up))) }
        while count(area.width, size) * count(area.height, size) > Self.maximumCells { size *= 2 }
        self.cellSize = size
        columns = count(area.width, size)
        rows = count(area.height, size)
        cells = Array(repeating: [], count: columns * rows)
    }

    /// The number of boxes held.
    public var count: Int { boxes.count }

    private func cellRange(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func clamp(_ v: Double, _ n: Int) -> Int {
            guard v.isFinite else { return v > 0 ? n - 1 : 0 }
            return min(max(Int(v.rounded(.down)), 0), n - 1)
        }
        let c0 = clamp((r.minX - area.minX) / cellSize, columns), c1 = clamp((r.maxX - area.minX) / cellSize, columns)
        let r0 = clamp((r.minY - area.minY) / cellSize, rows), r1 = clamp((r.maxY - area.minY) / cellSize, rows)
        return (c0...c1, r0...r1)
    }

    /// Adds `box`, owned by `owner`.
    public mutating func insert(_ box: OrientedBox, owner: Int) {
        let index = Int32(boxes.count)
        boxes.append(box); owners.append(Int32(truncatingIfNeeded: owner)); stamps.append(0)
        let (cs, rs) = cellRange(box.bounds)
        for r in rs { for c in cs { cells[r * columns + c].append(index) } }
    }

    /// Owners whose boxes are taken out (a label being moved): ``collides(_:except:)`` and
    /// ``owners(meeting:)`` pass over them.
    public private(set) var removedOwners: Set<Int> = []

    /// Takes `owner`'s boxes out of the index (they stay stored, and come back with ``restore(owner:)``).
    public mutating func remove(owner: Int) { removedOwners.insert(owner) }

    /// Puts `owner`'s boxes back.
    public mutating func restore(owner: Int) { removedOwners.remove(owner) }

    /// The owners of the boxes that meet `box`, each once, in the order first met.
    public mutating func owners(meeting box: OrientedBox) -> [Int] {
        var found: [Int] = [], tested = 0
        let removed = removedOwners
        forEachCandidate(box) { other, o in
            if removed.contains(o) || found.contains(o) { return true }
            tested += 1
            if other.intersects(box) { found.append(o) }
            return true
        }
        tests += tested
        return found
    }

    /// Whether `box` intersects a held box of another owner than `owner` (`nil`: any owner), leaving out
    /// the removed owners.
    public mutating func collides(_ box: OrientedBox, except owner: Int? = nil) -> Bool {
        var hit = false, tested = 0
        let removed = removedOwners
        forEachCandidate(box) { other, o in
            if let owner, o == owner { return true }
            if !removed.isEmpty && removed.contains(o) { return true }
            tested += 1
            if other.intersects(box) { hit = true; return false }
            return true
        }
        tests += tested
        return hit
    }

    /// Calls `body` with each held box listed in a cell under `box`'s bounds, once each, and its owner,
    /// until `body` returns false.
    mutating func forEachCandidate(_ box: OrientedBox, _ body: (OrientedBox, Int) -> Bool) {
        stamp &+= 1
        if stamp == 0 { for i in stamps.indices { stamps[i] = 0 }; stamp = 1 }
        let (cs, rs) = cellRange(box.bounds)
        for r in rs {
            for c in cs {
                for i in cells[r * columns + c] {
                    let k = Int(i)
                    if stamps[k] == stamp { continue }
                    stamps[k] = stamp
                    if !body(boxes[k], Int(owners[k])) { return }
                }
            }
        }
    }
}
