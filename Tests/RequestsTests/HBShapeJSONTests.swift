import Foundation
import Testing
@testable import Requests
import Shaping

/// The hb-shape-like JSON the CLI prints.
@Suite struct HBShapeJSONTests {
    @Test func exactTextForAV() {
        let line = Shaper.shape(AttributedText("AV", attributes: TextAttributes(fonts: [TestFonts.sans], size: 37.5)))
        // hb-shape: A 599 units (kerned), V 600 units; × 37.5 / 1000.
        #expect(line.hbShapeJSON() == #"[{"g":36,"cl":0,"ax":22.4625,"ay":0,"dx":0,"dy":0,"font":"NotoSans-Regular.ttf"},{"g":57,"cl":1,"ax":22.5,"ay":0,"dx":0,"dy":0,"font":"NotoSans-Regular.ttf"}]"#)
    }

    @Test func emptyLine() {
        #expect(Shaper.shape(AttributedText("", attributes: TextAttributes(fonts: [TestFonts.sans]))).hbShapeJSON() == "[]")
    }

    @Test func numbers() {
        #expect(ShapedLine.jsonNumber(0) == "0")
        #expect(ShapedLine.jsonNumber(-0.00001) == "-1e-05")
        #expect(ShapedLine.jsonNumber(12.3) == "12.3")
        #expect(ShapedLine.jsonNumber(-1.23456) == "-1.23456")
        #expect(ShapedLine.jsonNumber(-0.5) == "-0.5")
        #expect(ShapedLine.jsonNumber(100) == "100")
        #expect(ShapedLine.jsonNumber(2.00004) == "2.00004")
        #expect(ShapedLine.jsonNumber(-0.0) == "0")
        #expect(ShapedLine.jsonString("a\"b\\c\u{1}") == #""a\"b\\c\u0001""#)
    }

    @Test func mixedLineIsValidJSONInVisualOrderWithOffsets() throws {
        let line = Shaper.shape(AttributedText("Hello שָׁלוֹם", attributes: TextAttributes(fonts: TestFonts.stack, size: 30)))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line.hbShapeJSON().utf8)) as? [[String: Any]])
        #expect(parsed.count == line.glyphs.count)
        #expect(parsed.map { $0["cl"] as? Int } == line.glyphs.map(\.cluster))
        #expect(parsed.map { $0["font"] as? String } == line.glyphs.map { line.font(of: $0).name })
        #expect(parsed.last?["font"] as? String == "NotoSansHebrew-Regular.ttf")
        // Hebrew points are positioned with offsets, which come through in pixels.
        let marks = zip(parsed, line.glyphs).filter { $1.xOffset != 0 || $1.yOffset != 0 }
        #expect(!marks.isEmpty)
        for (json, glyph) in marks {
            #expect(abs((json["dx"] as? Double ?? .nan) - glyph.xOffset) <= 0.00005)
            #expect(abs((json["dy"] as? Double ?? .nan) - glyph.yOffset) <= 0.00005)
        }
    }
}
