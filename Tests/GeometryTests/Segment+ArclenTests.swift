#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

/// Arc lengths of segments against closed forms.
@Suite struct SegmentArclenTests {
    /// The length of y = x² from x = 0 to x = a: (a·√(1 + 4a²))/2 + asinh(2a)/4.
    static func parabola(_ a: Double) -> Double { a * (1 + 4 * a * a).squareRoot() / 2 + asinh(2 * a) / 4 }

    @Test func aQuadraticIsTheParabolasClosedForm() {
        // y = x² on [0, 2] as a quadratic Bézier: p0 (0,0), p1 (1, 0), p2 (2, 4).
        let q = Segment.quad(QuadBez(Point(0, 0), Point(1, 0), Point(2, 4)))
        #expect(abs(q.arclen(accuracy: 1e-12) - Self.parabola(2)) < 1e-9)
    }

    @Test func linesAndCircularArcsAreExactInOneRule() {
        let l = Segment.line(Line(Point(1, 1), Point(4, 5)))
        #expect(l.hasConstantSpeed && abs(l.arclen() - 5) < 1e-14)
        let arc = Segment.arc(EllipticalArc(center: Point(0, 0), radii: Vector(3, 3), startAngle: 0.3, sweepAngle: 2))
        #expect(arc.hasConstantSpeed && abs(arc.arclen(from: 0, to: 1) - 6) < 1e-13)
        // An ellipse is not constant-speed.
        #expect(!Segment.arc(EllipticalArc(center: Point(0, 0), radii: Vector(3, 1), startAngle: 0, sweepAngle: 1)).hasConstantSpeed)
    }

    @Test func aQuarterEllipseMatchesTheEllipticIntegral() {
        // Quarter of the ellipse a = 2, b = 1: a·E(e²) with E(m) = 1.2110560275684595 for m = 0.75.
        let e = Segment.arc(EllipticalArc(center: Point(0, 0), radii: Vector(2, 1), startAngle: 0, sweepAngle: .pi / 2))
        #expect(abs(e.arclen(accuracy: 1e-12) - 2 * 1.2110560275684595) < 1e-9)
    }

    @Test func thePiecesCoverTheSegmentAndAddUpToItsLength() {
        let c = Segment.cubic(CubicBez(Point(0, 0), Point(30, 80), Point(60, -80), Point(90, 0)))
        var pieces: [(Double, Double, Double)] = []
        c.forEachArclenPiece(accuracy: 1e-9) { pieces.append(($0, $1, $2)) }
        #expect(pieces.first?.0 == 0 && pieces.last?.1 == 1)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.1 == $1.0 })
        let sum = pieces.reduce(0) { $0 + $1.2 }
        #expect(abs(sum - c.arclen(accuracy: 1e-9)) < 1e-9 * c.controlPolygonLength)
        #expect(c.controlPolygonLength >= sum)
    }
}
