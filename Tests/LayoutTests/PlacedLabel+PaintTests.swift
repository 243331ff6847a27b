import Testing
import Geometry
import Shaping
@testable import Layout

/// A label's paint table and its SVG bounding box (the union of glyph cells).
@Suite struct PlacedLabelPaintTests {
    static func sans() throws -> Typeface { try Typeface(path: fontsDir + "/NotoSans-Regular.ttf") }

    @Test func aPlainLabelHasNoPaintTableAndAStrokedOneHasOneEntryARun() throws {
        let font = try Self.sans()
        let plain = Shaper.shape(AttributedText("Te", attributes: TextAttributes(fonts: [font], size: 40)))
        let path = BezPath.line(from: Point(0, 100), to: Point(400, 100))
        #expect(try LabelLayout.place(plain, along: path, options: LabelOptions())[0].paints.isEmpty)
        var stroked = TextAttributes(fonts: [font], size: 40)
        stroked.paint.stroke = TextStroke(width: 2)
        var text = AttributedText("T", attributes: TextAttributes(fonts: [font], size: 40, color: .white))
        text.append("e", attributes: stroked)
        let label = try LabelLayout.place(Shaper.shape(text), along: path, options: LabelOptions())[0]
        #expect(label.paints.count == 2 && label.paints[1].stroke?.width == 2)
        #expect(label.paint(of: label.glyphs[0]).color == .white && label.paint(of: label.glyphs[0]).stroke == nil)
        #expect(label.paint(of: label.glyphs[1]).stroke != nil)
    }

    @Test func theBoundingBoxIsTheGlyphCells() throws {
        let font = try Self.sans()
        let line = Shaper.shape(AttributedText("Te", attributes: TextAttributes(fonts: [font], size: 40)))
        let label = try LabelLayout.place(line, along: BezPath.line(from: Point(10, 100), to: Point(400, 100)), options: LabelOptions())[0]
        let box = try #require(label.objectBoundingBox)
        let m = font.metrics(size: 40)
        #expect(abs(box.minX - 10) < 1e-9 && abs(box.maxX - (10 + label.advance)) < 1e-9)
        #expect(abs(box.minY - (100 - m.ascender)) < 1e-9 && abs(box.maxY - (100 - m.descender)) < 1e-9)
    }
}
