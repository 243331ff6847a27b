import Testing
import Geometry

/// `Angle`: the one wrap rule, for angles and for other periods (path length, minutes of a day).
@Suite struct AngleTests {
    let deg = Double.pi / 180

    @Test func wrappedIntoHalfOpenPeriod() {
        #expect(Angle.wrapped(-1, period: 10) == 9)
        #expect(Angle.wrapped(25, period: 10) == 5)
        #expect(Angle.wrapped(10, period: 10) == 0)
        #expect(Angle.wrapped(-1e-300, period: 10) < 10)   // rounds to the period: 0, never the period itself
        #expect(Angle.wrapped(.nan, period: 10) == 0 && Angle.wrapped(.infinity, period: 10) == 0)
        #expect(Angle.wrapped(3, period: 0) == 0 && Angle.wrapped(3, period: -5) == 0)
    }

    @Test(arguments: [(9.0, 1.0, -2.0), (1.0, 9.0, 2.0), (5.0, 0.0, 5.0), (0.0, 5.0, 5.0), (-4.0, 4.0, 2.0), (31.0, 0.0, 1.0)])
    func signedDifferenceInHalfOpenRange(a: Double, b: Double, want: Double) {
        // Period 10: the result is in (−5, 5], so a half period is +5 whichever way round.
        #expect(abs(Angle.signedDifference(a, b, period: 10) - want) < 1e-12)
    }

    @Test func radiansFromDegrees() {
        #expect(abs(Angle.radians(degrees: 90) - .pi / 2) < 1e-15)
        #expect(abs(Angle.radians(degrees: 720 + 45) - .pi / 4) < 1e-15)
        // Reduced before converting: 1e17 degrees is a multiple of 360 exactly.
        #expect(Angle.radians(degrees: 1e17 * 360) == 0)
        #expect(abs(Angle.radians(degrees: -30) + 30 * deg) < 1e-15)
    }

    @Test func turnedLeftIsUpForTextRunningRight() {
        #expect(Vector(1, 0).turnedLeft == Vector(0, -1))
        #expect(Vector(0, 1).turnedLeft == Vector(1, 0))
        #expect(Vector(3, 4).turnedRight == -Vector(3, 4).turnedLeft)
        #expect(PathSample(point: .zero, tangent: Vector(0.6, 0.8)).normal == Vector(0.8, -0.6))
    }
}
