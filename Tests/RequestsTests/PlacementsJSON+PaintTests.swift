import Testing
import Foundation
import Geometry
import Shaping
import Layout
@testable import Requests

/// The placements JSON carries a label's paints (gradients in canvas pixels) and each glyph's paint index.
@Suite struct PlacementsPaintTests {
    @Test func aGradientAndAStrokeReachThePlacements() throws {
        let label = try SceneJSON.decodeLabel(Array(#"""
            {"text": "Te", "path": "M 10 100 L 400 100", "size": 40, "font": ["NotoSans-Regular.ttf"], "embeddedFonts": false,
             "systemFonts": false, "fillGradient": "linear-gradient(0 0 1 0, #ff0000, #0000ff)", "stroke": "#00ff00",
             "strokeWidth": 3, "paintOrder": "stroke"}
            """#.utf8))
        let resolver = SceneResolver(fontsDir: fontsDir)
        let placed = try resolver.resolve(label, index: 0).layout()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(PlacementsJSON.encode(placed).utf8)) as? [String: Any])
        let l = try #require((json["labels"] as? [[String: Any]])?.first)
        let paints = try #require(l["paints"] as? [[String: Any]])
        #expect(paints.count == 1)
        let fill = try #require(paints[0]["fill"] as? [String: Any])
        #expect(fill["type"] as? String == "linear" && fill["units"] as? String == "userSpaceOnUse")
        // The box: x from the label's start to its end.
        let t = try #require(fill["transform"] as? [Double])
        #expect(abs(t[4] - 10) < 1e-9 && abs(t[0] - placed[0].advance) < 1e-9)
        let stroke = try #require(paints[0]["stroke"] as? [String: Any])
        #expect(stroke["color"] as? String == "#00ff00" && stroke["width"] as? Double == 3 && paints[0]["paintOrder"] as? String == "stroke")
        #expect((l["glyphs"] as? [[String: Any]])?.allSatisfy { $0["paint"] as? Int == 0 } == true)
    }
}
