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

    @Test func anArcAddsThePointsWhereItsXOrYIsExtreme() {
        var p = BezPath()
        p.move(to: Point(10, 0))
        // A half circle through (0, 10) from (10, 0) to (−10, 0) (positive sweeps turn towards +y): its
        // bottom is in the box. (A filter region or a gradient's bounding box on a circle needs it.)
        p.arc(EllipticalArc(center: Point(0, 0), radii: Vector(10, 10), startAngle: 0, sweepAngle: .pi))
        let box = p.controlBox
        #expect(box.minX == -10 && box.maxX == 10)
        #expect(abs(box.minY) < 1e-12 && abs(box.maxY - 10) < 1e-12)
    }

    @Test func aTurnedEllipticalArcsBoxIsItsSampledBox() {
        // Arcs of an ellipse turned by 30°, both ways and past a full turn, against 100 000 samples.
        for (start, sweep) in [(0.3, 2.0), (-1.0, -4.5), (2.0, 7.0), (1.0, 0.2)] {
            let a = EllipticalArc(center: Point(5, -3), radii: Vector(40, 15), xRotation: .pi / 6, startAngle: start, sweepAngle: sweep)
            var p = BezPath()
            p.move(to: a.start)
            p.arc(a)
            var xs: [Double] = [], ys: [Double] = []
            for k in 0...100_000 { let q = a.eval(Double(k) / 100_000); xs.append(q.x); ys.append(q.y) }
            let sampled = Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
            let box = p.controlBox
            for (got, want) in [(box.minX, sampled.minX), (box.minY, sampled.minY), (box.maxX, sampled.maxX), (box.maxY, sampled.maxY)] {
                #expect(abs(got - want) < 1e-6, "start \(start), sweep \(sweep): \(box) against \(sampled)")
            }
        }
    }

    @Test func everySubpathCountsAndAnEmptyPathIsEmpty() {
        var p = BezPath()
        p.move(to: Point(1, 1)); p.line(to: Point(2, 2))
        p.move(to: Point(-5, 7)); p.line(to: Point(-4, 9))
        #expect(p.controlBox == Rect(minX: -5, minY: 1, maxX: 2, maxY: 9))
        #expect(BezPath().controlBox.isEmpty)
    }
}
