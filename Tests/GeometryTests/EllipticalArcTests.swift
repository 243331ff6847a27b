#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

@Suite struct EllipticalArcTests {
    static let arc = EllipticalArc(center: Point(10, -5), radii: Vector(40, 15), xRotation: 0.4,
                                   startAngle: -0.3, sweepAngle: 2.2)

    static let transforms: [(String, Affine)] = [
        ("rotation", .rotate(0.9)),
        ("non-uniform scale", .scale(2, 0.5)),
        ("rotated non-uniform scale", .rotate(-0.35) * .scale(3, 0.25) * .rotate(1.1)),
        ("mirror x", .scale(-1, 1)),
        ("mirror y with shear", Affine(1.5, 0.4, 0.9, -0.7, 3, 4)),
        ("general", Affine(1.2, -0.3, 0.7, 0.4, -8, 2)),
    ]

    @Test(arguments: transforms.map(\.0))
    func transformedMatchesTransformedPoints(_ name: String) {
        let m = Self.transforms.first { $0.0 == name }!.1
        for arc in [Self.arc, Self.arc.reversed(),
                    EllipticalArc(center: .zero, radii: Vector(7, 7), startAngle: 2, sweepAngle: -4)] {
            let t = arc.transformed(by: m)
            for k in 0...20 {
                let u = Double(k) / 20
                let want = m.apply(arc.eval(u))
                #expect(close(t.eval(u), want, 1e-9), "\(name) at t=\(u): \(t.eval(u)) vs \(want)")
                let dWant = m.apply(arc.deriv(u))
                #expect(close(t.deriv(u).x, dWant.x, 1e-8) && close(t.deriv(u).y, dWant.y, 1e-8))
            }
            #expect(t.radii.x >= 0 && t.radii.y >= 0)
        }
    }

    @Test func mirrorReversesSweepSign() {
        let t = Self.arc.transformed(by: .scale(1, -1))
        #expect(t.sweepAngle == -Self.arc.sweepAngle)
        let u = Self.arc.transformed(by: .rotate(1))
        #expect(close(u.sweepAngle, Self.arc.sweepAngle, 1e-15))
    }

    @Test func svgArcQuarterCircle() throws {
        // From (100, 0) to (0, 100) on a radius-100 circle about the origin, sweep-flag 1 (angle increases).
        let seg = try #require(Segment.svgArc(from: Point(100, 0), to: Point(0, 100), radii: Vector(100, 100),
                                              xRotationDegrees: 0, largeArc: false, sweep: true))
        guard case .arc(let a) = seg else { Issue.record("expected an arc"); return }
        #expect(close(a.center, .zero, 1e-9))
        #expect(close(a.startAngle, 0, 1e-12))
        #expect(close(a.sweepAngle, .pi / 2, 1e-12))
        // The large arc the other way round about (100, 100).
        let big = try #require(Segment.svgArc(from: Point(100, 0), to: Point(0, 100), radii: Vector(100, 100),
                                              xRotationDegrees: 0, largeArc: true, sweep: true))
        guard case .arc(let b) = big else { Issue.record("expected an arc"); return }
        #expect(close(b.center, Point(100, 100), 1e-9))
        #expect(close(b.sweepAngle, 3 * .pi / 2, 1e-12))
        #expect(close(b.end, Point(0, 100), 1e-9))
    }

    @Test func svgArcScalesRadiiUpAndHandlesDegenerates() throws {
        // Radii far too small: scaled up to a half ellipse whose centre is the chord's midpoint.
        let seg = try #require(Segment.svgArc(from: Point(0, 0), to: Point(200, 0), radii: Vector(10, 5),
                                              xRotationDegrees: 0, largeArc: false, sweep: false))
        guard case .arc(let a) = seg else { Issue.record("expected an arc"); return }
        #expect(close(a.center, Point(100, 0), 1e-9))
        #expect(close(a.radii.x, 100, 1e-9) && close(a.radii.y, 50, 1e-9))
        #expect(close(a.sweepAngle, -.pi, 1e-12))
        #expect(close(a.eval(0.5), Point(100, 50), 1e-9))   // sweep 0: counter-clockwise on screen, under the chord
        #expect(Segment.svgArc(from: Point(1, 2), to: Point(1, 2), radii: Vector(5, 5), xRotationDegrees: 0,
                               largeArc: false, sweep: true) == nil)
        #expect(Segment.svgArc(from: Point(1, 2), to: Point(3, 2), radii: Vector(0, 5), xRotationDegrees: 0,
                               largeArc: false, sweep: true) == .line(Line(Point(1, 2), Point(3, 2))))
    }

    @Test func svgParametersRoundTripRotatedArc() throws {
        let arc = EllipticalArc(center: Point(3, 4), radii: Vector(50, 20), xRotation: 0.5, startAngle: 1, sweepAngle: -3.9)
        let s = arc.svgParameters
        #expect(s.largeArc && !s.sweep)
        let back = try #require(Segment.svgArc(from: arc.start, to: s.end, radii: s.radii,
                                               xRotationDegrees: s.xRotationDegrees, largeArc: s.largeArc, sweep: s.sweep))
        #expect(maxDeviation(back, .arc(arc)) < 1e-9)
    }

    @Test func negativeRadiiNormalize() {
        for r in [Vector(-30, 10), Vector(30, -10), Vector(-30, -10)] {
            let a = EllipticalArc(center: Point(1, 1), radii: r, xRotation: 0.2, startAngle: 0.3, sweepAngle: 1.7)
            let n = a.normalizedRadii
            #expect(n.radii.x > 0 && n.radii.y > 0)
            #expect(maxDeviation(.arc(a), .arc(n)) < 1e-12)
        }
    }
}
