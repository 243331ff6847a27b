import Testing
import Geometry

/// The named tolerances mean the same wherever they are used.
@Suite struct ToleranceTests {
    @Test func coincidentPointsScaleWithTheirMagnitude() {
        #expect(Point(0, 0).coincides(with: Point(1e-13, 0)))
        #expect(!Point(0, 0).coincides(with: Point(1e-11, 0)))
        #expect(Point(1e6, 0).coincides(with: Point(1e6 + 1e-7, 0)))
        #expect(!Point(1e6, 0).coincides(with: Point(1e6 + 1e-5, 0)))
    }

    @Test func measureAndOffsetSkipTheSameZeroLengthSegments() throws {
        // A segment just under the zero-length tolerance between two lines: neither the measure nor the
        // offset counts it, so the offset has exactly the two lines and a join.
        var p = BezPath()
        p.move(to: Point(0, 0))
        p.line(to: Point(100, 0))
        p.cubic(to: Point(100 + 5e-12, 0), control1: Point(100 + 1e-12, 0), control2: Point(100 + 4e-12, 0))
        p.line(to: Point(100, 100))
        let m = try PathMeasure(p)
        #expect(m.segmentCount == 2)
        #expect(try m.parallel(offset: 10).segmentCount == 3)
    }

    @Test func defaultAccuracyIsTheNamedTolerances() {
        #expect(PathMeasure.Accuracy.default.arclen == Tolerance.arclen)
        #expect(PathMeasure.Accuracy.default.inversion == Tolerance.inversion)
    }
}
