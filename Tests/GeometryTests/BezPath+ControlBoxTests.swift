import Testing
@testable import Geometry

/// `BezPath.controlBox`: the box of the points that define a path.
@Suite struct BezPathControlBoxTests {
    @Test func holdsTheControlPointsThatStickOutOfTheCurve() {
        var p = BezPath()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(10, 0), control1: Point(2, -8), control2: Point(12, 6))
        p.quad(to: Point(4, 3), control: Point(-3, 1))
        // The curve itself stays inside; the box is the hull of all six points.
        #expect(p.controlBox == Rect(minX: -3, minY: -8, maxX: 12, maxY: 6))
    }

    @Test func anArcAddsOnlyItsEnd() {
        var p = BezPath()
        p.move(to: Point(10, 0))
        // A half circle through (0, 10) from (10, 0) to (−10, 0): its top is not in the box.
        p.arc(EllipticalArc(center: Point(0, 0), radii: Vector(10, 10), startAngle: 0, sweepAngle: .pi))
        let box = p.controlBox
        #expect(box.minX == -10 && box.maxX == 10)
        #expect(abs(box.minY) < 1e-12 && abs(box.maxY) < 1e-12)
    }

    @Test func everySubpathCountsAndAnEmptyPathIsEmpty() {
        var p = BezPath()
        p.move(to: Point(1, 1)); p.line(to: Point(2, 2))
        p.move(to: Point(-5, 7)); p.line(to: Point(-4, 9))
        #expect(p.controlBox == Rect(minX: -5, minY: 1, maxX: 2, maxY: 9))
        #expect(BezPath().controlBox.isEmpty)
    }
}
