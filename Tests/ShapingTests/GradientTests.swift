import Testing
import Geometry
@testable import Shaping

/// Gradient geometry and colour lines, checked against the formulas of SVG 1.1 §13.2 and COLRv1.
@Suite struct GradientTests {
    static let red = RGBAColor(r: 255, g: 0, b: 0), blue = RGBAColor(r: 0, g: 0, b: 255)

    @Test func linearOffsetsAreTheProjectionOntoTheVector() {
        let g = Gradient(.linear(start: Point(10, 0), end: Point(30, 0)), stops: [GradientStop(offset: 0, color: Self.red)])
        #expect(g.offset(at: Point(10, 5)) == 0)
        #expect(g.offset(at: Point(25, -7)) == 0.75)
        #expect(g.offset(at: Point(40, 0)) == 1.5)
    }

    @Test func spreadPadsReflectsAndRepeats() {
        #expect(Gradient.spread(1.5, .pad) == 1 && Gradient.spread(-0.5, .pad) == 0)
        #expect(Gradient.spread(1.25, .reflect) == 0.75 && Gradient.spread(-0.25, .reflect) == 0.25)
        #expect(Gradient.spread(1.25, .repeat) == 0.25 && Gradient.spread(-0.25, .repeat) == 0.75)
    }

    @Test func stopsInterpolateInStraightAlphaAndClampOffsets() {
        let g = Gradient(.linear(start: Point(0, 0), end: Point(1, 0)),
                         stops: [GradientStop(offset: 0.2, color: Self.red), GradientStop(offset: 0.1, color: Self.blue)])
        // The second offset is raised to the first (SVG): a hard step at 0.2.
        #expect(g.stops.map(\.offset) == [0.2, 0.2])
        #expect(g.color(at: 0.1) == Self.red && g.color(at: 0.3) == Self.blue)
        let h = Gradient(.linear(start: Point(0, 0), end: Point(1, 0)),
                         stops: [GradientStop(offset: 0, color: Self.red), GradientStop(offset: 1, color: RGBAColor(r: 0, g: 0, b: 255, a: 0))])
        #expect(h.color(at: 0.5) == RGBAColor(r: 128, g: 0, b: 128, a: 128))
        #expect(Gradient(.linear(start: Point(0, 0), end: Point(1, 0)), stops: []).stops == [GradientStop(offset: 0, color: .transparent)])
    }

    @Test func radialOffsetsAreOnTheInterpolatedCircles() throws {
        // Concentric: t = distance / r.
        let g = Gradient(.radial(start: Point(0, 0), startRadius: 0, end: Point(0, 0), endRadius: 10), stops: [])
        #expect(try #require(g.offset(at: Point(6, 8))) == 1)
        #expect(abs(try #require(g.offset(at: Point(3, 4))) - 0.5) < 1e-12)
        // A focus at (−5, 0) inside a circle of radius 10 at the origin: the point (10, 0) is on the end circle,
        // the focus itself is offset 0, and (2.5, 0) halfway along the focus ray to (10, 0).
        let f = Gradient(.radial(start: Point(-5, 0), startRadius: 0, end: Point(0, 0), endRadius: 10), stops: [])
        #expect(abs(try #require(f.offset(at: Point(10, 0))) - 1) < 1e-12)
        #expect(abs(try #require(f.offset(at: Point(-5, 0)))) < 1e-12)
        #expect(abs(try #require(f.offset(at: Point(2.5, 0))) - 0.5) < 1e-12)
    }

    @Test func sweepOffsetsFollowTheAngleClockwiseOnACanvas() throws {
        let g = Gradient(.sweep(center: Point(0, 0), startAngle: .radians(0), endAngle: .radians(Double.pi)), stops: [])
        #expect(abs(try #require(g.offset(at: Point(0, 10))) - 0.5) < 1e-12)   // y down: a quarter turn clockwise
        #expect(abs(try #require(g.offset(at: Point(-1, 0))) - 1) < 1e-12)
    }

    @Test func aBoundingBoxGradientMapsOntoTheBox() throws {
        let g = Gradient(.linear(start: Point(0, 0), end: Point(1, 0)), stops: [])
        let r = try #require(g.resolved(in: Rect(minX: 100, minY: 50, maxX: 300, maxY: 90)))
        #expect(r.units == .userSpaceOnUse && r.transform == Affine(200, 0, 0, 40, 100, 50))
        #expect(g.resolved(in: Rect(minX: 0, minY: 0, maxX: 0, maxY: 10)) == nil)   // no width: nothing painted
    }
}
