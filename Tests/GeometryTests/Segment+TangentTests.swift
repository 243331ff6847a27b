import Testing
import Geometry

/// `Segment.unitTangent(at:after:scale:)`, also where the derivative vanishes.
@Suite struct SegmentTangentTests {
    @Test func isTheDerivativesDirectionWhereItMoves() throws {
        let s = Segment.quad(QuadBez(Point(0, 0), Point(10, 0), Point(10, 10)))
        let u = try #require(s.unitTangent(at: 0.5, scale: 20))
        // B′(½) = 2·((p1 − p0)·½ + (p2 − p1)·½) = (10, 10): the diagonal.
        #expect(abs(u.x - 0.5.squareRoot()) < 1e-15 && abs(u.y - 0.5.squareRoot()) < 1e-15)
    }

    @Test func atACoincidentControlPointIsTheLimitFromTheSideAsked() throws {
        // p1 == p0: B′(0) = 0; the tangent leaving the start points at p2.
        let c = Segment.cubic(CubicBez(Point(0, 0), Point(0, 0), Point(0, 10), Point(10, 10)))
        let start = try #require(c.unitTangent(at: 0, scale: 30))
        #expect(abs(start.x) < 1e-6 && abs(start.y - 1) < 1e-6)
        // p2 == p3 at the end: arriving from p1's side, the tangent is p3 − p1's direction.
        let d = Segment.cubic(CubicBez(Point(0, 0), Point(10, 0), Point(10, 10), Point(10, 10)))
        let end = try #require(d.unitTangent(at: 1, after: true, scale: 30))
        #expect(abs(end.x) < 1e-6 && abs(end.y - 1) < 1e-6)
    }

    @Test func aCuspTakesTheSideAfterOrBefore() throws {
        // A cubic that stops and turns back on itself at t = ½: (0,0) → (10,0) → back to (0,0).
        let c = Segment.cubic(CubicBez(Point(0, 0), Point(10, 0), Point(10, 0), Point(0, 0)))
        let after = try #require(c.unitTangent(at: 0.5, after: true, scale: 30))
        let before = try #require(c.unitTangent(at: 0.5, after: false, scale: 30))
        #expect(after.x < -0.99 && before.x > 0.99)
    }

    @Test func aSinglePointHasNoTangent() {
        let p = Segment.line(Line(Point(3, 4), Point(3, 4)))
        #expect(p.unitTangent(at: 0.5, scale: 0) == nil)
    }
}
