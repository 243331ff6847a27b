import Foundation
import Testing
import TestSupport

/// Issue #36's first delivery through the CLI: a change of colour between `--run`s does not end the shaping
/// run, so the pair is kerned as hb-shape kerns the whole text, and a ligature across the change is one glyph.
@Suite struct ShapingAcrossPaintCLITests {
    /// hb-shape's advances of `text` in `font` (1000 units per em, as both Noto fonts here have), in pixels at `size`.
    func hbAdvances(_ font: String, _ text: String, size: Double) throws -> (glyphs: [Int], advances: [Double]) {
        let r = try runProgram("/usr/bin/hb-shape", ["--output-format=json", "--no-glyph-names", font, text])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try json(r.stdout) as? [[String: Any]])
        return (rows.map { $0["g"] as! Int }, rows.map { Double($0["ax"] as! Int) * size / 1000 })
    }

    func glyphs(_ args: [String]) throws -> [[String: Any]] {
        let r = try pathtext(["layout", "--path", "M 0 200 L 2000 200", "--size", "100", "--no-system-fonts"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        let placements = try #require(try json(r.stdout) as? [String: Any])
        return try #require((placements["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
    }

    @Test func twoColoursKernAsHBShapeKernsTheWholeText() throws {
        let split = try glyphs(["--run", "T", "--color", "#ff0000", "--run", "e", "--color", "#0000ff"])
        let hb = try hbAdvances(packageRoot + "/Fonts/NotoSans-Regular.ttf", "Te", size: 100)
        #expect(split.map { $0["glyph"] as! Int } == hb.glyphs)
        let advance = (split[1]["x"] as! Double) - (split[0]["x"] as! Double)
        #expect(abs(advance - hb.advances[0]) < 1e-6, "T advances \(advance), hb-shape \(hb.advances[0])")
        let alone = try hbAdvances(packageRoot + "/Fonts/NotoSans-Regular.ttf", "T", size: 100)
        #expect(abs(alone.advances[0] - 55.6) < 1e-9 && hb.advances[0] < alone.advances[0] - 5)  // really kerned
        #expect(split.map { $0["color"] as? String } == ["#ff0000", "#0000ff"])
    }

    @Test func fiInTwoColoursIsOneGlyph() throws {
        let split = try glyphs(["--font", "NotoSerif-Regular.ttf", "--run", "f", "--color", "#ff0000", "--run", "i", "--color", "#0000ff"])
        let hb = try hbAdvances(packageRoot + "/Fonts/NotoSerif-Regular.ttf", "fi", size: 100)
        #expect(hb.glyphs.count == 1 && split.map { $0["glyph"] as! Int } == hb.glyphs)
        #expect(split.map { $0["color"] as? String } == ["#ff0000"])
    }
}
