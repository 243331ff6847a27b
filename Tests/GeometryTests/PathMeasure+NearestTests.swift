#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

@Suite struct NearestTests {
    @Test func linesAreExact() throws {
        let m = try PathMeasure(.polyline([Point(0, 0), Point(100, 0), Point(100, 100)]))
        let a = m.nearest(to: Point(30, -7))
        #expect(close(a.point, Point(30, 0), 1e-12) && close(a.distance, 30, 1e-12) && close(a.offset, 7, 1e-12))
        let b = m.nearest(to: Point(140, 60))
        #expect(close(b.point, Point(100, 60), 1e-12) && close(b.distance, 160, 1e-12) && close(b.offset, 40, 1e-12))
        let c = m.nearest(to: Point(-5, -5))   // beyond the start: the end point
        #expect(c.point == Point(0, 0) && c.distance == 0)
        let d = m.nearest(to: Point(1.234567, 0.000001))
        #expect(abs(d.distance - 1.234567) < 1e-6)
    }

    @Test func circleIsRadial() throws {
        let m = try PathMeasure(.circle(center: Point(0, 0), radius: 100))
        for k in 0..<12 {
            let ang = Double(k) * 0.5 + 0.1
            let q = Point(150 * cos(ang), 150 * sin(ang))
            let loc = m.nearest(to: q)
            #expect(close(loc.point, Point(100 * cos(ang), 100 * sin(ang)), 1e-6))
            #expect(close(loc.offset, 50, 1e-6))
            let want = (ang.truncatingRemainder(dividingBy: 2 * .pi)) * 100
            #expect(close(loc.distance, want, 1e-6))
        }
    }

    @Test func cubicsAgainstDenseSearch() throws {
        var rng = SplitMix(state: 7)
        var worst = 0.0
        for c in PathMeasureTests.randomCubics().prefix(12) {
            let bez = CubicBez(c[0], c[1], c[2], c[3])
            let m = try PathMeasure(cubicPath(c))
            for _ in 0..<10 {
                let q = Point(.random(in: -600...600, using: &rng), .random(in: -600...600, using: &rng))
                // Reference: a dense scan, then ternary search around the best sample.
                let n = 20000
                var bi = 0, bd = Double.infinity
                for i in 0...n { let d = bez.eval(Double(i) / Double(n)).distance(to: q); if d < bd { bd = d; bi = i } }
                var lo = Double(max(bi - 1, 0)) / Double(n), hi = Double(min(bi + 1, n)) / Double(n)
                for _ in 0..<200 {
                    let a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3
                    if bez.eval(a).distance(to: q) < bez.eval(b).distance(to: q) { hi = b } else { lo = a }
                }
                let refT = (lo + hi) / 2
                let refD = bez.eval(refT).distance(to: q)
                let loc = m.nearest(to: q)
                #expect(loc.offset <= refD + 1e-9)
                worst = max(worst, abs(loc.offset - refD))
                // The location's distance along the path agrees with the independent quadrature.
                if loc.point.distance(to: bez.eval(refT)) < 1e-3 {
                    #expect(abs(loc.distance - Reference.cubicLength(c, to: refT)) < 1e-3)
                }
                #expect(close(m.point(at: loc.distance), loc.point, 1e-6))
            }
        }
        #expect(worst < 1e-6, "worst \(worst)")
    }

    @Test func reversedMeasureReportsReversedDistance() throws {
        let m = try PathMeasure(.polyline([Point(0, 0), Point(100, 0)]))
        let r = m.reversed().nearest(to: Point(30, 5))
        #expect(close(r.distance, 70, 1e-12) && r.tangent == Vector(-1, 0))
    }
}
