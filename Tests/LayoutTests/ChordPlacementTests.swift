import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

@Suite struct ChordPlacementTests {
    /// A polyline with one 90° corner: right along y = 200, then down.
    func corner() -> BezPath {
        var p = BezPath(); p.move(to: Point(0, 200)); p.line(to: Point(300, 200)); p.line(to: Point(300, 600)); return p
    }

    /// The ends of each unit along its own baseline direction: [start, end] on the canvas.
    func unitEnds(_ label: PlacedLabel) -> [(Point, Point)] {
        units(label.glyphs).map { u in
            let a = u.reduce(0) { $0 + $1.advance }
            let start = u[0].origin
            return (start, start + Vector.polar(u[0].angle.radians) * a)
        }
    }

    @Test func chordsKeepBothEndsOfEveryClusterOnThePath() throws {
        var options = LabelOptions()
        options.method = .chord; options.offset = .pixels(150); options.upright = .off
        let label = try LabelLayout.place(shaped("CORNERING TEXT", size: 40), along: corner(), options: options)[0]
        for (a, b) in unitEnds(label) {
            for p in [a, b] {
                let onPath = abs(p.y - 200) < 1e-6 && p.x <= 300 + 1e-6 || abs(p.x - 300) < 1e-6 && p.y >= 200 - 1e-6
                #expect(onPath, "\(p) is off the polyline")
            }
        }
    }

    @Test func noOverlapAndNoWideGapAtTheCorner() throws {
        var options = LabelOptions()
        options.method = .chord; options.offset = .pixels(150); options.upright = .off
        let label = try LabelLayout.place(shaped("CORNERING TEXT", size: 40), along: corner(), options: options)[0]
        let ends = unitEnds(label)
        // Consecutive units: the next starts exactly where the previous ended (no spacing), on the path.
        var gaps: [Double] = []
        for k in 1..<ends.count { gaps.append(ends[k].0.distance(to: ends[k - 1].1)) }
        #expect(gaps.allSatisfy { $0 < 1e-6 })
        // Ink boxes of distinct units do not overlap (separating-axis test on the rotated rectangles).
        let boxes = units(label.glyphs).map { u in u.flatMap { label.inkBox(of: $0) } }
        for i in 0..<boxes.count { for j in (i + 1)..<boxes.count {
            #expect(!convexOverlap(hull(boxes[i]), hull(boxes[j])), "units \(i) and \(j) overlap")
        } }
        // With align, the units gap open on the outside of the corner.
        options.method = .align
        let aligned = unitEnds(try LabelLayout.place(shaped("CORNERING TEXT", size: 40), along: corner(), options: options)[0])
        var widest = 0.0
        for k in 1..<aligned.count { widest = max(widest, aligned[k].0.distance(to: aligned[k - 1].1)) }
        #expect(widest > 5)
    }
}

/// Convex hull (monotone chain).
func hull(_ pts: [Point]) -> [Point] {
    let p = pts.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
    guard p.count > 2 else { return p }
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a - o).cross(b - o) }
    var lower: [Point] = [], upper: [Point] = []
    for q in p { while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }; lower.append(q) }
    for q in p.reversed() { while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }; upper.append(q) }
    return Array(lower.dropLast() + upper.dropLast())
}

/// Whether two convex polygons overlap with positive area (touching edges do not count).
func convexOverlap(_ a: [Point], _ b: [Point]) -> Bool {
    guard a.count > 2, b.count > 2 else { return false }
    for poly in [a, b] {
        for i in 0..<poly.count {
            let e = poly[(i + 1) % poly.count] - poly[i]
            let axis = Vector(-e.y, e.x)
            let pa = a.map { axis.dot($0.vector) }, pb = b.map { axis.dot($0.vector) }
            if pa.max()! <= pb.min()! + 1e-6 || pb.max()! <= pa.min()! + 1e-6 { return false }
        }
    }
    return true
}
