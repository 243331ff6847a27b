import Testing
import Foundation
import PathText

@Suite struct MeasureAndDragCommandTests {
    @Test func measuresTheTwoArcCircle() throws {
        let r = try pathtext(["measure", "--path", "M 0 100 A 100 100 0 1 1 200 100 A 100 100 0 1 1 0 100 Z"])
        #expect(r.status == 0)
        let o = try #require(try json(r.stdout) as? [String: Any])
        #expect(abs((o["length"] as? Double ?? 0) - 628.3185) < 0.001)
        #expect(o.count == 1)  // only the parts asked for
    }

    @Test func pointProjectionAndDrag() throws {
        let r = try pathtext(["measure", "--path", "M 0 0 L 100 0 L 100 100", "--at", "150", "--project", "40,-7", "--drag-from", "90", "--to", "120,30"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try json(r.stdout) as? [String: Any])
        let at = try #require(o["at"] as? [String: Double])
        #expect(at["x"] == 100 && at["y"] == 50 && at["angle"] == 90)
        let p = try #require(o["projection"] as? [String: Double])
        #expect(p["distance"] == 40 && p["x"] == 40 && p["y"] == 0 && p["offset"] == 7)
        let d = try #require(o["drag"] as? [String: Double])
        #expect(abs(d["distance"]! - 130) < 1e-3)  // round the corner, down to y = 30
    }

    @Test func dragPrintsEveryStep() throws {
        let r = try pathtext(["drag", "--path", "M 0 0 L 100 0", "--from", "10", "--to", "50,5;90,-3;200,0"])
        let o = try #require(try json(r.stdout) as? [String: Any])
        let steps = try #require(o["steps"] as? [[String: Double]])
        // Within the measure's accuracy (1e-8 of the segment's size); the JSON prints every digit it has.
        #expect(zip(steps.map { $0["distance"]! }, [50.0, 90, 100]).allSatisfy { abs($0 - $1) < 1e-6 } && steps.count == 3)
        #expect(try pathtext(["drag", "--path", "M0 0 L 9 0", "--from", "1", "--to", "1;2"]).status == 2)
    }
}

@Suite struct RenderCommandTests {
    let dir = NSTemporaryDirectory() + "pathtext-cli-\(UUID().uuidString)"

    @Test func rendersALabelToPNGSVGAndJSON() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["render", "--text", "Curved", "--path", "M 20 150 Q 200 0 380 150", "--size", "40", "--align", "center",
                    "--color", "#aa0000", "--width", "400", "--height", "200"]
        let png = try pathtext(args + ["--out", dir + "/a.png", "--json", dir + "/a.json"])
        #expect(png.status == 0, "\(png.stderr)")
        let canvas = try RasterCanvas(pngFile: dir + "/a.png")
        #expect(canvas.width == 400 && canvas.height == 200)
        var red = 0
        for y in 0..<200 { for x in 0..<400 where canvas.pixel(x: x, y: y) == RGBAColor(r: 0xaa, g: 0, b: 0) { red += 1 } }
        #expect(red > 300)
        let placements = try #require(try json(String(contentsOfFile: dir + "/a.json", encoding: .utf8)) as? [String: Any])
        #expect(((placements["labels"] as? [[String: Any]])?.first?["glyphs"] as? [Any])?.count == 6)
        let svg = try pathtext(args + ["--out", dir + "/a.svg"])
        #expect(svg.status == 0)
        let text = try String(contentsOfFile: dir + "/a.svg", encoding: .utf8)
        #expect(text.hasPrefix("<svg") || text.hasPrefix("<?xml"))
        #expect(text.components(separatedBy: "fill=\"#aa0000\"").count - 1 == 6)  // one <path> per glyph
        #expect(try pathtext(args + ["--out", dir + "/a.gif"]).status == 2)
    }

    @Test func rendersSceneFilesAndTheDemo() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try pathtext(["render", packageRoot + "/fixtures/scenes/sleep-clock.json", "--out", dir + "/clock.png", "--json", "-"])
        #expect(scene.status == 0, "\(scene.stderr)")
        #expect(((try json(scene.stdout) as? [String: Any])?["labels"] as? [Any])?.count == 14)
        let demo = try pathtext(["demo", "--out", dir + "/demo.png"])
        #expect(demo.status == 0)
        #expect(demo.stdout == "wrote \(dir)/demo.png\n")
        let canvas = try RasterCanvas(pngFile: dir + "/demo.png")
        #expect(canvas.width == 800 && canvas.pixel(x: 105, y: 400) == RGBAColor(hex: "#0f766e"))
    }

    @Test func badgeKnocksLettersOut() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try pathtext(["badge", "--text", "AB", "--size", "64", "--out", dir + "/ab.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let c = try RasterCanvas(pngFile: dir + "/ab.png")
        #expect(c.width == 64 && c.height == 64)
        #expect(c.pixel(x: 0, y: 0).a == 0)          // outside the circle
        #expect(c.pixel(x: 32, y: 6).a == 255)       // the circle, above the letters
        var transparentInside = 0
        for y in 20..<44 { for x in 12..<52 where c.pixel(x: x, y: y).a == 0 { transparentInside += 1 } }
        #expect(transparentInside > 100)             // the letters are holes
        #expect(try pathtext(["badge", "--text", "ABCD", "--out", dir + "/x.png"]).status == 1)
    }
}
