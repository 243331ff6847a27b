import Testing
import Foundation
import PathText

/// Dashed strokes on text through the CLI (`--stroke-dasharray`, `--stroke-dashoffset`): the PNG, the SVG
/// output, the SVG reader and the placements JSON.
@Suite struct StrokeDashCLITests {
    static let label = ["--text", "HILL", "--size", "160", "--path", "M 20 200 L 780 200", "--width", "800", "--height", "260",
                        "--background", "#ffffff", "--fill-opacity", "0", "--stroke", "#000000", "--stroke-width", "4"]

    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-dash-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The ink: coverage summed over the pixels (1 per fully black pixel).
    func ink(_ c: RasterCanvas) -> Double {
        var ink = 0.0
        for y in 0..<c.height { for x in 0..<c.width { ink += 1 - Double(c.pixel(x: x, y: y).r) / 255 } }
        return ink
    }

    @Test func equalDashesAndGapsHalveTheStrokesInk() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let solid = try pathtext(["render"] + Self.label + ["--out", dir + "/solid.png"])
        let dashed = try pathtext(["render"] + Self.label + ["--stroke-dasharray", "12,12", "--out", dir + "/dashed.png", "--json", dir + "/d.json"])
        #expect(solid.status == 0 && dashed.status == 0, "\(dashed.stderr)")
        let a = ink(try RasterCanvas(pngFile: dir + "/solid.png")), b = ink(try RasterCanvas(pngFile: dir + "/dashed.png"))
        // Butt-capped dashes of 12 on gaps of 12 cover half of each contour, less where a contour's last
        // dash is cut short (the letters' contours are 400-900 px long, so by a few per cent at most).
        #expect(a > 5_000 && b / a > 0.44 && b / a < 0.53, "solid \(a), dashed \(b)")
        // An offset of one dash turns the dashes into the gaps: the two together are the solid stroke.
        let shifted = try pathtext(["render"] + Self.label + ["--stroke-dasharray", "12,12", "--stroke-dashoffset", "12", "--out", dir + "/shifted.png"])
        #expect(shifted.status == 0)
        let c = ink(try RasterCanvas(pngFile: dir + "/shifted.png"))
        #expect(abs((b + c) - a) / a < 0.03, "dashed \(b) + shifted \(c) against solid \(a)")
        let placements = try #require(try json(String(contentsOfFile: dir + "/d.json", encoding: .utf8)) as? [String: Any])
        let paint = try #require(((placements["labels"] as? [[String: Any]])?.first?["paints"] as? [[String: Any]])?.first)
        let stroke = try #require(paint["stroke"] as? [String: Any])
        #expect(stroke["dasharray"] as? [Double] == [12, 12] && stroke["dashoffset"] as? Double == 0)
    }

    @Test func theSVGOutputCarriesTheDashesAndReadsBackTheSame() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["render"] + Self.label + ["--stroke-dasharray", "12,6,3", "--stroke-dashoffset", "5"]
        #expect(try pathtext(args + ["--out", dir + "/a.svg"]).status == 0)
        #expect(try pathtext(args + ["--out", dir + "/a.png"]).status == 0)
        let svg = try String(contentsOfFile: dir + "/a.svg", encoding: .utf8)
        #expect(svg.contains(#"stroke-dasharray="12 6 3 12 6 3""#) && svg.contains(#"stroke-dashoffset="5""#))
        // Our SVG reader draws the dashes itself (no "drawn solid" warning) and matches the direct render.
        let back = try pathtext(["render", dir + "/a.svg", "--out", dir + "/back.png"])
        #expect(back.status == 0 && !back.stderr.contains("dash"), "\(back.stderr)")
        let direct = try RasterCanvas(pngFile: dir + "/a.png"), read = try RasterCanvas(pngFile: dir + "/back.png")
        var both = 0.0, either = 0.0
        for y in 0..<direct.height { for x in 0..<direct.width {
            let p = direct.pixel(x: x, y: y).r < 128, q = read.pixel(x: x, y: y).r < 128
            if p && q { both += 1 }
            if p || q { either += 1 }
        } }
        #expect(either > 1_000 && both / either > 0.9, "IoU \(both / either)")
    }

    @Test func aNegativeLengthIsRefusedByItsFlag() throws {
        let r = try pathtext(["render"] + Self.label + ["--stroke-dasharray", "4,-2", "--out", "/tmp/never.png"])
        #expect(r.status == 2 && r.stderr.contains("--stroke-dasharray"), "\(r.stderr)")
    }
}
