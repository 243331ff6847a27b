#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
import TestSupport

@Suite struct ShapeTests {
    @Test func lineAndPolyline() {
        let l = BezPath.line(from: Point(1, 2), to: Point(4, 6))
        #expect(l.segments == [.line(Line(Point(1, 2), Point(4, 6)))])
        let tri = BezPath.polyline([Point(0, 0), Point(10, 0), Point(10, 10)], closed: true)
        #expect(tri.subpaths.count == 1 && tri.subpaths[0].isClosed)
        #expect(tri.segments.count == 3)
        #expect(tri.subpaths[0].end == Point(0, 0))
        #expect(BezPath.polyline([]).isEmpty)
    }

    @Test func sweepWrapsAcrossZero() {
        let deg = Double.pi / 180
        #expect(close(BezPath.sweep(from: 350 * deg, to: 10 * deg, clockwise: true), 20 * deg, 1e-12))
        #expect(close(BezPath.sweep(from: 350 * deg, to: 10 * deg, clockwise: false), -340 * deg, 1e-12))
        #expect(close(BezPath.sweep(from: 10 * deg, to: 350 * deg, clockwise: false), -20 * deg, 1e-12))
        #expect(close(BezPath.sweep(from: -30 * deg, to: 750 * deg, clockwise: true), 60 * deg, 1e-12))
        #expect(close(BezPath.sweep(from: 0, to: 2 * .pi, clockwise: true), 2 * .pi, 1e-15))
        #expect(close(BezPath.sweep(from: 0, to: 2 * .pi, clockwise: false), -2 * .pi, 1e-15))
        #expect(BezPath.sweep(from: 1, to: 1, clockwise: true) == 0)
    }

    @Test func arcEndPoints() {
        let deg = Double.pi / 180
        let p = BezPath.arc(center: Point(100, 100), radius: 50, startAngle: 350 * deg, endAngle: 10 * deg)
        guard case .arc(let a) = p.segments[0] else { Issue.record("expected an arc"); return }
        #expect(close(a.sweepAngle, 20 * deg, 1e-12))
        #expect(close(a.start, Point(100 + 50 * cos(10 * deg), 100 - 50 * sin(10 * deg)), 1e-9))
        #expect(close(a.end, Point(100 + 50 * cos(10 * deg), 100 + 50 * sin(10 * deg)), 1e-9))
    }

    @Test func ellipseIsClosedAndOnTheEllipse() {
        let e = BezPath.ellipse(center: Point(5, 5), radii: Vector(30, 10), rotation: 0.3)
        #expect(e.subpaths.count == 1 && e.subpaths[0].isClosed && e.segments.count == 2)
        #expect(close(e.subpaths[0].end, e.subpaths[0].start, 1e-12))
        // Every point satisfies the ellipse equation in the rotated frame.
        for seg in e.segments {
            for k in 0...8 {
                let v = seg.eval(Double(k) / 8) - Point(5, 5)
                let x = cos(0.3) * v.x + sin(0.3) * v.y, y = -sin(0.3) * v.x + cos(0.3) * v.y
                #expect(close(x * x / 900 + y * y / 100, 1, 1e-12))
            }
        }
    }

    @Test(arguments: [(350.0, 20.0, true), (350.0, 20.0, false), (-45.0, 45.0, true), (90.0, 450.0, true)])
    func ringSector(start: Double, end: Double, clockwise: Bool) {
        let deg = Double.pi / 180
        let c = Point(0, 0)
        let p = BezPath.ringSector(center: c, innerRadius: 40, outerRadius: 100,
                                startAngle: start * deg, endAngle: end * deg, clockwise: clockwise)
        let sp = p.subpaths[0]
        #expect(p.subpaths.count == 1 && sp.isClosed)
        #expect(sp.segments.count == 4)
        let sweep = BezPath.sweep(from: start * deg, to: end * deg, clockwise: clockwise)
        guard case .arc(let outer) = sp.segments[0], case .line(let inLine) = sp.segments[1],
              case .arc(let inner) = sp.segments[2], case .line(let outLine) = sp.segments[3] else {
            Issue.record("expected arc, line, arc, line"); return
        }
        #expect(outer.radii == Vector(100, 100) && inner.radii == Vector(40, 40))
        #expect(close(outer.sweepAngle, sweep, 1e-12) && close(inner.sweepAngle, -sweep, 1e-12))
        #expect(close(inLine.p1, c + .polar(start * deg + sweep, length: 40), 1e-9))
        #expect(close(outLine.p1, c + .polar(start * deg, length: 100), 1e-9))
        #expect(close(outLine.p0, c + .polar(start * deg, length: 40), 1e-9))
        // The mid-angle of the outer arc lies between start and end in the requested direction.
        let mid = outer.eval(0.5) - c
        #expect(close(mid.angle, atan2(sin(start * deg + sweep / 2), cos(start * deg + sweep / 2)), 1e-9))
    }

    @Test func pieWedgeWhenInnerRadiusIsZero() {
        let p = BezPath.ringSector(center: Point(1, 1), innerRadius: 0, outerRadius: 10, startAngle: 0, endAngle: .pi / 2)
        #expect(p.segments.count == 3)   // arc, line to centre, line back out
    }

    @Test func roundedRectangle() {
        let p = BezPath.roundedRectangle(origin: Point(10, 20), width: 100, height: 50, cornerRadius: 10)
        let sp = p.subpaths[0]
        #expect(sp.isClosed && sp.segments.count == 8)
        #expect(sp.start == Point(20, 20))
        // Corner arcs are quarter circles; straight sides have the right lengths.
        let lines = sp.segments.compactMap { if case .line(let l) = $0 { l.length } else { nil } }
        #expect(lines.count == 4)
        #expect(close(lines[0], 80, 1e-9) && close(lines[1], 30, 1e-9) && close(lines[2], 80, 1e-9) && close(lines[3], 30, 1e-9))
        #expect(close(sp.end, sp.start, 1e-9))
        // The radius is clamped to half the shorter side: a stadium has no vertical sides.
        let stadium = BezPath.roundedRectangle(origin: .zero, width: 100, height: 20, cornerRadius: 50)
        #expect(stadium.segments.count == 6)
        let sharp = BezPath.roundedRectangle(origin: .zero, width: 4, height: 3, cornerRadius: 0)
        #expect(sharp.segments.count == 4)
    }
}
