#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

/// `Segment.deriv2(_:)` against central differences of `deriv` and against the circle's closed form.
@Suite struct SegmentSecondDerivativeTests {
    static let segments: [Segment] = [
        .line(Line(Point(1, 2), Point(7, -3))),
        .quad(QuadBez(Point(0, 0), Point(5, 9), Point(10, 1))),
        .cubic(CubicBez(Point(0, 0), Point(2, 8), Point(9, -4), Point(12, 3))),
        .arc(EllipticalArc(center: Point(2, 1), radii: Vector(8, 3), xRotation: 0.6, startAngle: 0.2, sweepAngle: 2.5)),
    ]

    @Test(arguments: segments) func isTheDerivativeOfTheDerivative(_ s: Segment) {
        let h = 1e-5
        for t in [0.1, 0.37, 0.8] {
            let fd = (s.deriv(t + h) - s.deriv(t - h)) * (1 / (2 * h)), d2 = s.deriv2(t)
            #expect((fd - d2).length <= 1e-5 * max(1, d2.length), "t \(t): \(d2) against \(fd)")
        }
    }

    @Test func onACircleItPointsAtTheCentreWithRadiusTimesSweepSquared() {
        let r = 5.0, sweep = Double.pi / 2
        let s = Segment.arc(EllipticalArc(center: Point(0, 0), radii: Vector(r, r), startAngle: 0, sweepAngle: sweep))
        let t = 0.5, p = s.eval(t), d2 = s.deriv2(t)
        #expect(abs(d2.length - r * sweep * sweep) < 1e-12)
        #expect(abs((p - Point(0, 0)).normalized!.x + d2.normalized!.x) < 1e-12)
    }
}
