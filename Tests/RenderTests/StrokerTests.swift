#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
import TestSupport
@testable import Render

@Suite struct StrokerTests {
    func line(_ a: Point, _ b: Point) -> BezPath { var p = BezPath(); p.move(to: a); p.line(to: b); return p }

    @Test func buttLineIsARectangle() {
        var r = Rasterizer()
        let m = r.rasterizeStroke(line(Point(10.3, 20.2), Point(70.9, 45.1)), style: StrokeOptions(width: 6))
        let length = Point(10.3, 20.2).distance(to: Point(70.9, 45.1))
        #expect(abs(m.coveredArea - 6 * length) < 0.5, "\(m.coveredArea) vs \(6 * length)")
    }

    @Test func capsAddTheirArea() {
        var r = Rasterizer()
        let path = line(Point(20, 20), Point(80, 20))
        let round = r.rasterizeStroke(path, style: StrokeOptions(width: 10, cap: .round)).coveredArea
        let square = r.rasterizeStroke(path, style: StrokeOptions(width: 10, cap: .square)).coveredArea
        #expect(abs(square - 70 * 10) < 0.5)
        #expect(abs(round - (600 + Double.pi * 25)) < 0.5, "\(round)")
    }

    @Test func closedSquareWithMiterJoinsIsAFrame() {
        var r = Rasterizer()
        let square = TestSupport.rect(20, 20, 40, 40)
        let miter = r.rasterizeStroke(square, style: StrokeOptions(width: 4, join: .miter)).coveredArea
        let bevel = r.rasterizeStroke(square, style: StrokeOptions(width: 4, join: .bevel)).coveredArea
        let round = r.rasterizeStroke(square, style: StrokeOptions(width: 4, join: .round)).coveredArea
        #expect(abs(miter - (44 * 44 - 36 * 36)) < 0.5, "\(miter)")
        #expect(abs(bevel - (44 * 44 - 36 * 36 - 4 * 2)) < 0.5, "\(bevel)")  // each corner loses ½·2·2
        #expect(abs(round - (44 * 44 - 36 * 36 - 4 * (4 - Double.pi))) < 0.5, "\(round)")
    }

    @Test func sharpAnglesFallBackToBevelBeyondTheMiterLimit() {
        var p = BezPath()
        p.move(to: Point(10, 50)); p.line(to: Point(90, 45)); p.line(to: Point(10, 40))
        var r = Rasterizer()
        let limited = r.rasterizeStroke(p, style: StrokeOptions(width: 4, join: .miter, miterLimit: 4))
        let unlimited = r.rasterizeStroke(p, style: StrokeOptions(width: 4, join: .miter, miterLimit: 100))
        #expect(limited.bounds.maxX <= 93)
        #expect(unlimited.bounds.maxX > 110)
    }

    @Test func dotsAndZigzags() {
        var r = Rasterizer()
        var dot = BezPath(); dot.move(to: Point(20, 20)); dot.line(to: Point(20, 20))
        #expect(abs(r.rasterizeStroke(dot, style: StrokeOptions(width: 10, cap: .round)).coveredArea - 25 * .pi) < 0.5)
        #expect(abs(r.rasterizeStroke(dot, style: StrokeOptions(width: 10, cap: .square)).coveredArea - 100) < 0.01)
        #expect(r.rasterizeStroke(dot, style: StrokeOptions(width: 10)).isEmpty)
        // A zigzag with sharp inner corners has no holes along its centre line.
        var zig = BezPath(); zig.move(to: Point(10, 10))
        for i in 1...8 { zig.line(to: Point(10 + Double(i) * 6, i % 2 == 0 ? 10 : 40)) }
        for join in LineJoin.allCases {
            let m = r.rasterizeStroke(zig, style: StrokeOptions(width: 5, join: join))
            for i in 0..<8 {
                for t in stride(from: 0.05, through: 0.95, by: 0.05) {
                    let a = Point(10 + Double(i) * 6, i % 2 == 0 ? 10 : 40)
                    let b = Point(10 + Double(i + 1) * 6, (i + 1) % 2 == 0 ? 10 : 40)
                    let p = a.lerp(b, t)
                    #expect(m[Int(p.x), Int(p.y)] > 200, "\(join) hole at \(p)")
                }
            }
        }
    }

    @Test func strokedCircleIsARing() throws {
        var canvas = try RasterCanvas(width: 100, height: 100)
        canvas.stroke(BezPath.circle(center: Point(50, 50), radius: 30), style: StrokeOptions(width: 8, join: .round), color: .black)
        #expect(canvas.pixel(x: 50, y: 50).a == 0)
        #expect(canvas.pixel(x: 50, y: 20).a == 255 && canvas.pixel(x: 50, y: 17).a == 255)
        #expect(canvas.pixel(x: 50, y: 16).a > 200)  // the edge, y = 16, within the flattening tolerance
        #expect(canvas.pixel(x: 50, y: 14).a == 0)
        var sum = 0.0
        for y in 0..<100 { for x in 0..<100 { sum += Double(canvas.premultipliedPixel(x: x, y: y).a) / 255 } }
        let exact = Double.pi * (34 * 34 - 26 * 26)
        #expect(abs(sum - exact) / exact < 0.001, "\(sum) vs \(exact)")
    }
}
