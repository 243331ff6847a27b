import Testing
import Geometry
@testable import Placer

/// The oriented boxes and the grid that holds them.
@Suite struct CollisionIndexTests {
    @Test func turnedBoxesWhoseBoundsOverlapNeedNotIntersect() {
        let a = OrientedBox(center: Point(0, 0), axis: Vector(1, 1).normalized!, halfLength: 10, halfHeight: 1)
        let b = OrientedBox(center: Point(6, -6), axis: Vector(1, 1).normalized!, halfLength: 10, halfHeight: 1)
        #expect(Metatile.overlaps(a.bounds, b.bounds))
        #expect(!a.intersects(b))
        let c = OrientedBox(center: Point(1, 1), axis: Vector(1, -1).normalized!, halfLength: 10, halfHeight: 1)
        #expect(a.intersects(c) && c.intersects(a))
        // Touching is not intersecting.
        let d = OrientedBox(Rect(x: 0, y: 0, width: 10, height: 10)), e = OrientedBox(Rect(x: 10, y: 0, width: 10, height: 10))
        #expect(!d.intersects(e))
    }

    @Test func aQueryCostsTheSameWhateverTheBoxesHeld() {
        func tests(holding n: Int) -> Int {
            var grid = GridIndex(area: Rect(x: 0, y: 0, width: 4000, height: 4000), cellSize: 25)
            // n boxes of 8 × 8 px on a 10 px lattice, filling the canvas row by row.
            for k in 0..<n {
                let x = Double(k % 400) * 10 + 5, y = Double(k / 400) * 10 + 5
                grid.insert(OrientedBox(center: Point(x, y), axis: Vector(1, 0), halfLength: 4, halfHeight: 4), owner: k)
            }
            let before = grid.tests
            // A query box beside the first boxes, colliding with none.
            let hit = grid.collides(OrientedBox(center: Point(100, 10), axis: Vector(0, 1), halfLength: 0.4, halfHeight: 0.4))
            #expect(!hit)
            return grid.tests - before
        }
        // Beyond the rows around the query, more boxes cost a query nothing.
        let small = tests(holding: 16_000), large = tests(holding: 160_000)
        #expect(small > 0)
        #expect(small == large)
    }

    @Test func removedOwnersAreLeftOutAndComeBack() {
        var grid = GridIndex(area: Rect(x: 0, y: 0, width: 200, height: 200), cellSize: 25)
        let box = { (x: Double) in OrientedBox(center: Point(x, 50), axis: Vector(1, 0), halfLength: 10, halfHeight: 5) }
        grid.insert(box(50), owner: 0)
        grid.insert(box(60), owner: 1)
        let both = grid.owners(meeting: box(55))
        #expect(both == [0, 1])
        grid.remove(owner: 0)
        let one = grid.owners(meeting: box(55))
        #expect(one == [1])
        let left = grid.collides(box(40)), right = grid.collides(box(70))
        #expect(!left && right)
        grid.restore(owner: 0)
        let back = grid.collides(box(40))
        #expect(back)
        let none = grid.owners(meeting: box(150))
        #expect(none.isEmpty)
    }

    @Test func aBoxCollidesWithOtherOwnersOnly() {
        var grid = GridIndex(area: Rect(x: 0, y: 0, width: 100, height: 100))
        let box = OrientedBox(Rect(x: 10, y: 10, width: 20, height: 20))
        grid.insert(box, owner: 1)
        let any = grid.collides(box), others = grid.collides(box, except: 1)
        #expect(any)
        #expect(!others)
        // Boxes off the grid's area are clamped to its border cells and still found.
        let off = OrientedBox(Rect(x: -50, y: -50, width: 10, height: 10))
        grid.insert(off, owner: 2)
        let found = grid.collides(off.outset(by: 1))
        #expect(found)
    }
}
