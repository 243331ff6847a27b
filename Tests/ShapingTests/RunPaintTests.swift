import Testing
import Geometry
@testable import Shaping

/// A run's paint: plain when it is one colour, and opacity applied to a colour's alpha.
@Suite struct RunPaintTests {
    @Test func onlyAFlatOpaqueFillIsPlain() {
        #expect(RunPaint(color: .white).isPlain)
        #expect(!RunPaint(stroke: TextStroke()).isPlain)
        #expect(!RunPaint(fillOpacity: 0.5).isPlain && !RunPaint(opacity: 0.2).isPlain)
    }

    @Test func fadingMultipliesAlpha() {
        #expect(RunPaint.faded(RGBAColor(r: 1, g: 2, b: 3, a: 200), 0.5) == RGBAColor(r: 1, g: 2, b: 3, a: 100))
        #expect(RunPaint.faded(.black, 1) == .black && RunPaint.faded(.black, -1).a == 0)
    }

    @Test func paintDoesNotEndAShapingRun() {
        var a = TextAttributes(), b = TextAttributes()
        b.paint.stroke = TextStroke(width: 3)
        #expect(a.shaping == b.shaping && a != b)
        a.paint.fillGradient = Gradient(.linear(start: .init(0, 0), end: .init(1, 0)), stops: [])
        #expect(a.shaping == b.shaping)
    }
}
