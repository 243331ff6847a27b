import Testing
import Geometry

/// The `ParamCurve` laws, for every curve type: ends, derivative, subsegments, reversal and transforms.
@Suite struct ParamCurveTests {
    static func laws<C: ParamCurve>(_ c: C) {
        #expect((c.eval(0) - c.start).length < 1e-12 && (c.eval(1) - c.end).length < 1e-12)
        let h = 1e-6
        for t in [0.2, 0.5, 0.9] {
            let fd = (c.eval(t + h) - c.eval(t - h)) * (1 / (2 * h))
            #expect((fd - c.deriv(t)).length <= 1e-6 * max(1, c.deriv(t).length), "deriv at \(t)")
        }
        let sub = c.subsegment(0.25, 0.75)
        #expect((sub.start - c.eval(0.25)).length < 1e-9 && (sub.end - c.eval(0.75)).length < 1e-9)
        #expect((sub.eval(0.5) - c.eval(0.5)).length < 1e-9)
        let back = c.reversed()
        #expect((back.eval(0.3) - c.eval(0.7)).length < 1e-9)
        let m = Affine.rotate(0.4) * .scale(2, 0.5) * .translate(Vector(3, -1))
        #expect((c.transformed(by: m).eval(0.6) - m.apply(c.eval(0.6))).length < 1e-9)
    }

    @Test func lines() { Self.laws(Line(Point(1, 2), Point(7, -3))) }
    @Test func quadratics() { Self.laws(QuadBez(Point(0, 0), Point(5, 9), Point(10, 1))) }
    @Test func cubics() { Self.laws(CubicBez(Point(0, 0), Point(2, 8), Point(9, -4), Point(12, 3))) }
    @Test func ellipticalArcs() { Self.laws(EllipticalArc(center: Point(2, 1), radii: Vector(8, 3), xRotation: 0.6, startAngle: 0.2, sweepAngle: 2.5)) }
    @Test func segments() { Self.laws(Segment.cubic(CubicBez(Point(0, 0), Point(0, 5), Point(5, 5), Point(5, 0)))) }
}
