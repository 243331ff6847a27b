#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

@Suite struct ParallelTests {
    @Test func circleOffsetIsExact() throws {
        // Clockwise on screen: the normal (T.y, −T.x) points outwards.
        let m = try PathMeasure(.circle(center: Point(10, 10), radius: 100))
        let out = try m.parallel(offset: 20)
        #expect(abs(out.length - 2 * .pi * 120) < 1e-9)
        // The offset path is rebuilt from the measured segments: one closed subpath, one arc.
        #expect(out.path.subpaths.count == 1 && out.path.subpaths[0].isClosed)
        #expect(out.path.segments.count == out.segmentCount)
        let inn = try m.parallel(offset: -30)
        #expect(abs(inn.length - 2 * .pi * 70) < 1e-9)
        // Counter-clockwise: the normal points inwards.
        let ccw = try PathMeasure(.circle(center: .zero, radius: 100, clockwise: false))
        #expect(abs(try ccw.parallel(offset: 20).length - 2 * .pi * 80) < 1e-9)
        // The reversed measure offsets on its own normal side: inwards for the clockwise circle reversed.
        #expect(abs(try m.reversed().parallel(offset: 20).length - 2 * .pi * 80) < 1e-9)
        #expect(throws: GeometryError.zeroLength) { try m.parallel(offset: -100) }
        #expect(throws: GeometryError.nonFinite("the offset distance")) { try m.parallel(offset: .nan) }
    }

    @Test func linesOffsetExactlyWithRoundJoinOutside() throws {
        // Right along +x, then down (+y): a right turn on screen; the normal side (up, then right) is outside.
        let m = try PathMeasure(.polyline([Point(0, 0), Point(100, 0), Point(100, 100)]))
        let p = try m.parallel(offset: 10)
        #expect(abs(p.length - (100 + 100 + .pi / 2 * 10)) < 1e-9)
        #expect(close(p.point(at: 0), Point(0, -10), 1e-12))
        #expect(close(p.point(at: p.length), Point(110, 100), 1e-9))
        // On the inside the offsets overlap and are joined by a straight line between their ends.
        let q = try m.parallel(offset: -10)
        #expect(abs(q.length - (100 + 100 + 10 * 2.0.squareRoot())) < 1e-9)
    }

    @Test func ellipseOffsetLengthIsPerimeterPlusTwoPiD() throws {
        // For a convex closed curve offset outwards by d the length grows by 2πd (total turning).
        let a = 150.0, b = 60.0, d = 12.0
        let m = try PathMeasure(.ellipse(center: .zero, radii: Vector(a, b), rotation: 0.3))
        let p = try m.parallel(offset: d)
        let want = Reference.ellipsePerimeter(a, b) + 2 * .pi * d
        #expect(abs(p.length - want) < 1e-3, "\(p.length) vs \(want)")
        // Every point of the offset is at distance d from the ellipse.
        for k in 0..<50 {
            let q = p.point(at: Double(k) / 50 * p.length)
            #expect(abs(m.nearest(to: q).offset - d) < 0.01)
        }
    }

    @Test func cubicOffsetPointsAreAtDistanceD() throws {
        let c = [Point(0, 0), Point(60, -80), Point(140, 80), Point(200, 0)]
        let m = try PathMeasure(cubicPath(c))
        for d in [-15.0, 8.0] {
            let p = try m.parallel(offset: d)
            for k in 0...60 {
                let s = p.sample(at: Double(k) / 60 * p.length)
                let near = m.nearest(to: s.point)
                #expect(abs(near.offset - abs(d)) < 0.01, "d=\(d) k=\(k): \(near.offset)")
                // On the normal side, with the same direction of travel.
                let side = (s.point - near.point).dot(m.sample(at: near.distance).normal)
                #expect(side * d > 0)
            }
        }
    }
}
