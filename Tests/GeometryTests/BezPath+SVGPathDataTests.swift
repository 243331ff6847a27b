#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
import TestSupport

@Suite struct SVGPathDataTests {
    @Test func writesAbsoluteCommands() throws {
        var p = BezPath()
        p.move(to: Point(0, 0.5))
        p.line(to: Point(10, 0))
        p.quad(to: Point(20, 0), control: Point(15, 5))
        p.cubic(to: Point(30, 0), control1: Point(22, -3), control2: Point(28, -3))
        p.close()
        #expect(p.svgPathData == "M 0 0.5 L 10 0 Q 15 5 20 0 C 22 -3 28 -3 30 0 Z")
    }

    @Test func arcFlagsRecomputed() throws {
        let p = BezPath.arc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: -.pi / 2, clockwise: false)
        #expect(p.svgPathData == "M 10 0 A 10 10 0 0 0 \(Double(10 * cos(-Double.pi / 2)).description) -10")
        let big = BezPath.arc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: -.pi / 2, clockwise: true)
        #expect(big.svgPathData.contains("A 10 10 0 1 1 "))
    }

    static let samples: [String] = [
        "M 0 0 L 10 0 L 10 10 Z M 20 20 Q 30 40 50 20 T 90 20",
        "M 0 100 A 100 100 0 1 1 200 100 A 100 100 0 1 1 0 100 Z",
        "M 10 10 a 30 10 25 1 0 40 30 a 5 5 0 0 1 10 0",
        "M 1e-3 2.5e2 C 0.1 0.2 .3 .4 5 6 S 7 8 9 10",
        "M 0 0 A 1 1 0 0 1 200 0",
        "M 0 0 A 40 20 -30 0 0 30 30 z",
    ]

    @Test(arguments: samples)
    func roundTrip(_ d: String) throws {
        let p = try BezPath(svgPathData: d)
        let q = try BezPath(svgPathData: p.svgPathData)
        #expect(maxDeviation(p, q) < 1e-9, "\(p.svgPathData)")
    }

    @Test func roundTripShapes() throws {
        let shapes: [BezPath] = [
            .circle(center: Point(50, 50), radius: 30, startAngle: -.pi / 2),
            .ellipse(center: Point(5, 5), radii: Vector(30, 10), rotation: 0.3, clockwise: false),
            .ringSector(center: .zero, innerRadius: 10, outerRadius: 20, startAngle: 5, endAngle: 1),
            .roundedRectangle(origin: Point(1, 2), width: 30, height: 20, cornerRadius: 4),
        ]
        for p in shapes {
            let q = try BezPath(svgPathData: p.svgPathData)
            #expect(maxDeviation(p, q) < 1e-9, "\(p.svgPathData)")
        }
    }

    @Test func fullTurnArcIsSplit() throws {
        var p = BezPath()
        let a = EllipticalArc(center: .zero, radii: Vector(10, 5), startAngle: 0, sweepAngle: 2 * .pi)
        p.move(to: a.start); p.append(.arc(a))
        let q = try BezPath(svgPathData: p.svgPathData)
        #expect(q.segments.count == 2)
        for k in 0...10 {
            let t = Double(k) / 10
            let onQ = t <= 0.5 ? q.segments[0].eval(2 * t) : q.segments[1].eval(2 * t - 1)
            #expect(close(onQ, a.eval(t), 1e-9))
        }
    }
}
