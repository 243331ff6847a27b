import Testing
import Geometry
import Layout
@testable import Render

/// `CoverageBudget`: the pixels a picture's shapes and glyphs will cover, charged before drawing.
@Suite struct CoverageBudgetTests {
    static func square(_ x: Double, _ y: Double, _ side: Double) -> BezPath {
        var p = BezPath()
        p.move(to: Point(x, y)); p.line(to: Point(x + side, y)); p.line(to: Point(x + side, y + side)); p.line(to: Point(x, y + side)); p.close()
        return p
    }

    @Test func chargesEachShapesWidenedBoxClippedToTheCanvas() throws {
        var b = CoverageBudget(limit: 20_000, width: 100, height: 100)
        try b.charge(Self.square(10, 10, 10), padding: 1)           // 12 × 12
        #expect(b.used == 144)
        try b.charge(Self.square(95, 95, 10), padding: 0)           // 5 × 5 inside the canvas
        #expect(b.used == 169)
        try b.charge(Self.square(200, 200, 10), padding: 0)         // off the canvas: nothing
        #expect(b.used == 169)
        try b.charge(Self.square(10, 10, 10), padding: .nan)        // an unknown padding: the whole canvas
        #expect(b.used == 10_169)
    }

    @Test func refusesThePictureThatPassesTheLimitAndSaysByHowMuch() {
        var b = CoverageBudget(limit: 150, width: 100, height: 100)
        #expect(throws: LayoutError.limitExceeded(what: "number of pixels the glyphs and shapes cover (each clipped to the canvas, overlaps counted)",
                                                  amount: 200, limit: 150)) {
            try b.charge(Self.square(0, 0, 10), padding: 0)
            try b.charge(Self.square(0, 0, 10), padding: 0)          // overlaps count each time
        }
    }

    @Test func aCurvesControlPointsAndAnArcsCircleCount() throws {
        var b = CoverageBudget(limit: .max - 1, width: 1000, height: 1000)
        var p = BezPath()
        p.move(to: Point(0, 0)); p.cubic(to: Point(10, 0), control1: Point(0, 30), control2: Point(10, 30))
        try b.charge(p, padding: 0)
        #expect(b.used == 300)
        var arc = BezPath()
        arc.move(to: Point(120, 100))
        arc.arc(EllipticalArc(center: Point(100, 100), radii: Vector(20, 10), startAngle: 0, sweepAngle: 0.5))
        try b.charge(arc, padding: 0)
        #expect(b.used == 300 + 40 * 40)                             // the larger radius's square
    }
}
