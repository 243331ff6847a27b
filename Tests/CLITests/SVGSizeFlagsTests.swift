import Foundation
import Testing
import PathText

/// `pathtext render DRAWING.svg --width W | --height H | --scale F`: the document drawn at another size, as
/// `resvg` and `rsvg-convert` take it, the placements JSON and the SVG output following.
@Suite struct SVGSizeFlagsTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "pathtext-svg-size-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    /// 200 × 100 user units in a viewBox of 100 × 50: a rect and a label.
    static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 100 50">
      <rect x="10" y="10" width="20" height="10" fill="#0000ff"/>
      <text x="40" y="30" font-size="10">Size</text>
    </svg>
    """

    func input() throws -> String {
        let path = dir + "/drawing.svg"
        try Self.drawing.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The PNG's size and the first glyph's x, y and size from the placements JSON.
    func render(_ flags: [String]) throws -> (width: Int, height: Int, x: Double, y: Double, size: Double, stderr: String) {
        let out = dir + "/out.png", placements = dir + "/out.json"
        let r = try pathtext(["render", try input(), "--out", out, "--json", placements] + flags)
        #expect(r.status == 0, "\(r.stderr)")
        let canvas = try RasterCanvas(pngFile: out)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: placements))) as? [String: Any])
        let labels = try #require(json["labels"] as? [[String: Any]])
        let glyph = try #require((labels.first?["glyphs"] as? [[String: Any]])?.first)
        return (canvas.width, canvas.height, glyph["x"] as! Double, glyph["y"] as! Double, glyph["size"] as! Double, r.stderr)
    }

    /// The first ink column of the blue rect on row y.
    func blueStart(_ path: String, row y: Int) throws -> Int? {
        let c = try RasterCanvas(pngFile: path)
        return (0..<c.width).first { x in let i = 4 * (y * c.width + x); return c.pixels[i + 2] > 200 && c.pixels[i] < 50 }
    }

    @Test func scaleTwoDoublesThePictureAndThePlacements() throws {
        let natural = try render([]), double = try render(["--scale", "2"])
        #expect((natural.width, natural.height) == (200, 100))
        #expect((double.width, double.height) == (400, 200))
        #expect(abs(natural.x - 80) < 1e-6 && abs(natural.y - 60) < 1e-6 && abs(natural.size - 20) < 1e-9)
        #expect(abs(double.x - 160) < 1e-6 && abs(double.y - 120) < 1e-6 && abs(double.size - 40) < 1e-9)
        // The rect too: its left edge moves from x = 20 to x = 40.
        #expect(try blueStart(dir + "/out.png", row: 50) == 40)
    }

    @Test func aWidthOrAHeightKeepsTheAspectRatio() throws {
        let w = try render(["--width", "300"])
        #expect((w.width, w.height) == (300, 150))
        #expect(abs(w.x - 120) < 1e-6 && abs(w.size - 30) < 1e-9)
        let h = try render(["--height", "50"])
        #expect((h.width, h.height) == (100, 50))
        #expect(abs(h.x - 40) < 1e-6 && abs(h.size - 10) < 1e-9)
        // Both: the largest size that fits, as resvg does (not stretched).
        let both = try render(["--width", "1000", "--height", "300"])
        #expect((both.width, both.height) == (600, 300))
        #expect(abs(both.size - 60) < 1e-9)
    }

    @Test func theSVGOutputFollows() throws {
        let out = dir + "/out.svg"
        let r = try pathtext(["render", try input(), "--scale", "1.5", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains("width=\"300\" height=\"150\""), "\(svg.prefix(300))")
    }

    @Test(arguments: [
        (["--scale", "0"], "--scale"),
        (["--scale", "1e9"], "--scale"),
        (["--scale", "nan"], "--scale"),
        (["--width", "0"], "--width"),
        (["--scale", "2", "--width", "100"], "--scale or --width/--height"),
        (["--default-font-size", "-3"], "--default-font-size"),
    ])
    func badSizesAreUsageErrors(flags: [String], named: String) throws {
        let out = dir + "/bad.png"
        let r = try pathtext(["render", try input(), "--out", out] + flags)
        #expect(r.status != 0)
        #expect(r.stderr.contains(named), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func sizeFlagsWithASceneFileAreRefused() throws {
        let scene = dir + "/scene.json"
        try #"{"width": 100, "height": 50, "labels": [{"text": "A", "path": "M 0 25 L 100 25"}]}"#.write(toFile: scene, atomically: true, encoding: .utf8)
        for flags in [["--scale", "2"], ["--width", "200"], ["--default-font-size", "12"]] {
            let r = try pathtext(["render", scene, "--out", dir + "/scene.png"] + flags)
            #expect(r.status != 0 && r.stderr.contains(flags[0]) && r.stderr.contains("scene file"), "\(r.stderr)")
        }
    }

    @Test func theDefaultFontSizeAndFamilyApplyWhereTheDocumentSetsNone() throws {
        let path = dir + "/plain.svg"
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text x="10" y="30">A</text><text x="50" y="30" font-size="20" font-family="No Such Family">B</text></svg>"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try pathtext(["render", path, "--json", "-", "--default-font-size", "12", "--default-font-family", "Noto Serif"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let labels = try #require(json["labels"] as? [[String: Any]])
        let glyphs = labels.compactMap { ($0["glyphs"] as? [[String: Any]])?.first }
        #expect(glyphs.map { $0["size"] as? Double } == [12, 20])
        let fonts = try #require(json["fonts"] as? [[String: Any]])
        #expect(glyphs.allSatisfy { g in (fonts[g["fontIndex"] as! Int]["family"] as? String) == "Noto Serif" }, "\(fonts)")
        #expect(r.stderr.contains("No Such Family is not installed"))
    }

    /// `--background C` paints under the document's picture (an SVG has none of its own), as under a scene
    /// file's; a bad colour is refused in the flag's terms.
    @Test func backgroundPaintsUnderTheDocument() throws {
        let out = dir + "/bg.png"
        let r = try pathtext(["render", try input(), "--background", "#ff0000", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let canvas = try RasterCanvas(pngFile: out)
        let corner = canvas.pixel(x: 0, y: 0), rect = canvas.pixel(x: 40, y: 30)
        #expect(corner.r == 255 && corner.g == 0 && corner.b == 0 && corner.a == 255)
        #expect(rect.b == 255 && rect.r == 0, "the rect over it: \(rect)")
        let bad = try pathtext(["render", try input(), "--background", "nope", "--out", out])
        #expect(bad.status != 0 && bad.stderr.contains("--background"))
    }
}
