import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
import Layout
@testable import Render

/// Gradient fills on the canvas, and strokes on a label's glyphs in either paint order.
@Suite struct RasterCanvasGradientTests {
    static let red = RGBAColor(r: 255, g: 0, b: 0), blue = RGBAColor(r: 0, g: 0, b: 255), green = RGBAColor(r: 0, g: 160, b: 0)

    @Test func aLinearGradientIsSampledAtPixelCentres() throws {
        var canvas = try RasterCanvas(width: 100, height: 4)
        let g = Gradient(.linear(start: Point(0, 0), end: Point(100, 0)),
                         stops: [GradientStop(offset: 0, color: Self.red), GradientStop(offset: 1, color: Self.blue)], units: .userSpaceOnUse)
        canvas.fill(TestSupport.polygon([Point(0, 0), Point(100, 0), Point(100, 4), Point(0, 4)]), gradient: g)
        for x in [0, 24, 50, 99] {
            let want = g.color(at: (Double(x) + 0.5) / 100), got = canvas.pixel(x: x, y: 2)
            #expect(abs(Int(got.r) - Int(want.r)) <= 1 && abs(Int(got.b) - Int(want.b)) <= 1 && got.a == 255, "x \(x): \(got) for \(want)")
        }
        // Repeat: the pattern starts again past the end.
        var r = try RasterCanvas(width: 100, height: 1)
        var rep = g; rep.shape = .linear(start: Point(0, 0), end: Point(50, 0)); rep.spread = .repeat
        r.fill(TestSupport.polygon([Point(0, 0), Point(100, 0), Point(100, 1), Point(0, 1)]), gradient: rep)
        #expect(r.pixel(x: 10, y: 0) == r.pixel(x: 60, y: 0))
    }

    /// Noto Sans "l": an upright stem, stroked 6 px wide in green over (or under) a red fill.
    static func stem(order: PaintOrder) throws -> (PlacedLabel, RasterCanvas) {
        let sans = try Typeface(path: TestSupport.font("NotoSans-Regular.ttf"))
        var a = TextAttributes(fonts: [sans], size: 100, color: Self.red)
        a.paint.stroke = TextStroke(color: Self.green, width: 6, join: .miter)
        a.paint.paintOrder = order
        let line = Shaper.shape(AttributedText("l", attributes: a))
        let label = try LabelLayout.place(line, along: BezPath.line(from: Point(20, 120), to: Point(200, 120)), options: LabelOptions())[0]
        var canvas = try RasterCanvas(width: 120, height: 160, background: .white)
        canvas.draw(label)
        return (label, canvas)
    }

    @Test func theStrokeGoesOverTheFillOrUnderIt() throws {
        for order in PaintOrder.allCases {
            let (label, canvas) = try Self.stem(order: order)
            #expect(label.paints.count == 1)
            let g = label.glyphs[0]
            let box = label.font(of: g).outline(glyph: g.glyph, size: g.size).controlBox
            let y = Int(g.origin.y + (box.minY + box.maxY) / 2)
            let left = g.origin.x + box.minX
            // 2 px outside the left edge: the stroke's outer half, in either order.
            #expect(canvas.pixel(x: Int(left - 2), y: y) == Self.green, "\(order)")
            // 2 px inside: the stroke's inner half over the fill, or the fill over it.
            #expect(canvas.pixel(x: Int(left + 2), y: y) == (order == .fillFirst ? Self.green : Self.red), "\(order)")
            // The middle of the stem is filled.
            #expect(canvas.pixel(x: Int(g.origin.x + (box.minX + box.maxX) / 2), y: y) == Self.red)
            // 4 px outside: the background.
            #expect(canvas.pixel(x: Int(left - 4.5), y: y) == .white)
        }
    }

    @Test func theSVGOutputDefinesTheGradientAndTheStroke() throws {
        var (label, _) = try Self.stem(order: .strokeFirst)
        label.paints[0].fillGradient = Gradient(.linear(start: Point(0, 0), end: Point(1, 0)),
                                                stops: [GradientStop(offset: 0, color: Self.red), GradientStop(offset: 1, color: Self.blue)])
        var svg = SVGDocument(width: 120, height: 160)
        svg.draw(label)
        let text = svg.text
        #expect(text.contains("<linearGradient id=\"gradient1\"") && text.contains("gradientUnits=\"userSpaceOnUse\""))
        #expect(text.contains("fill=\"url(#gradient1)\""))
        let stroke = try #require(text.range(of: "stroke=\"#00a000\" stroke-width=\"6\""))
        let fill = try #require(text.range(of: "fill=\"url(#gradient1)\""))
        #expect(stroke.lowerBound < fill.lowerBound, "paint-order stroke: the stroke first")
    }
}
