import Testing
import Foundation
import PathText
import TestSupport

/// Issue #36's "never blank" through the CLI: a colour glyph PathText cannot draw as its font describes it
/// is drawn as its outline (or, for a composite mode, source-over), and a warning naming the table reaches
/// stderr and the placements JSON's diagnostics.
@Suite struct ColorGlyphFallbackCLITests {
    static let fallbacks = packageRoot + "/fixtures/fonts/ColorFallbacks.ttf"
    static let twitter = packageRoot + "/fixtures/resvg-text/fonts/TwitterColorEmoji.subset.ttf"

    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-colorfb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `pathtext render` of `text` in `font` at 100 px along y = 120 (PNG and placements JSON).
    func render(_ text: String, font: String, in dir: String) throws -> (stderr: String, canvas: RasterCanvas, diagnostics: [[String: Any]]) {
        let r = try pathtext(["render", "--text", text, "--font", font, "--size", "100", "--path", "M 0 120 L 900 120",
                              "--width", "600", "--height", "160", "--background", "#ffffff", "--no-system-fonts",
                              "--out", dir + "/out.png", "--json", dir + "/out.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let placements = try #require(try json(String(contentsOfFile: dir + "/out.json", encoding: .utf8)) as? [String: Any])
        let label = try #require((placements["labels"] as? [[String: Any]])?.first)
        return (r.stderr, try RasterCanvas(pngFile: dir + "/out.png"), label["diagnostics"] as? [[String: Any]] ?? [])
    }

    /// Pixels darker than white (any channel below 128) in columns `x`.
    func ink(_ c: RasterCanvas, _ x: Range<Int>) -> Int {
        var n = 0
        for y in 0..<c.height { for x in x { let p = c.pixel(x: x, y: y); if min(p.r, p.g, p.b) < 128 { n += 1 } } }
        return n
    }

    @Test func svgTableGlyphsAreOutlinedWithAWarningNamingTheTable() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try render("😀🌈", font: Self.twitter, in: dir)
        #expect(out.stderr.contains("warning: color-glyph-outline: TwitterColorEmoji.subset.ttf: SVG table glyphs drawn as outlines"),
                "\(out.stderr)")
        let d = try #require(out.diagnostics.first)
        #expect(out.diagnostics.count == 1 && d["code"] as? String == "color-glyph-outline")
        #expect(d["clusters"] as? [Int] == [0, 4] && d["font"] as? String == "TwitterColorEmoji.subset.ttf")
        #expect((d["message"] as? String)?.contains("SVG table") == true)
        // Not blank: both glyphs' outlines (line drawings in this font's glyf table) are inked, about 1350
        // pixels each.
        #expect(ink(out.canvas, 0..<100) > 1_000 && ink(out.canvas, 100..<250) > 1_000)
    }

    @Test func compositeModesAreDrawnAsChromiumDrawsThemWithoutAWarning() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A: multiply (black where red and blue overlap); B: dest-over (the blue backdrop over the red source);
        // H: src-in (the red source where the blue backdrop is, nothing else); I: xor (the red ring around a
        // hole); J: src-atop (the red source where the backdrop is); K: dest-atop (the blue backdrop inside the
        // red source's ring). Chromium's own COLRv1 rendering equals ours (CompositeChromiumTests).
        let out = try render("ABHIJK", font: Self.fallbacks, in: dir)
        #expect(!out.stderr.contains("warning"), "\(out.stderr)")
        #expect(out.diagnostics.isEmpty)
        // Square centres (the em square sits 100..900 units, 10..90 px, above the baseline at y = 120).
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { let p = out.canvas.pixel(x: x, y: y); return [p.r, p.g, p.b] }
        #expect(rgb(50, 70) == [0, 0, 0] && rgb(20, 70) == [255, 0, 0], "A")
        #expect(rgb(150, 70) == [0, 0, 255] && rgb(120, 70) == [255, 0, 0], "B")
        #expect(rgb(250, 70) == [255, 0, 0] && rgb(215, 70) == [255, 255, 255], "H")
        #expect(rgb(350, 70) == [255, 255, 255] && rgb(315, 70) == [255, 0, 0], "I")
        #expect(rgb(450, 70) == [255, 0, 0] && rgb(415, 70) == [255, 255, 255], "J")
        #expect(rgb(550, 70) == [0, 0, 255] && rgb(515, 70) == [255, 0, 0], "K")
        // The SVG output draws multiply as a mix-blend-mode group.
        let svg = try pathtext(["render", "--text", "A", "--font", Self.fallbacks, "--size", "100", "--path", "M 0 120 L 900 120",
                                "--width", "120", "--height", "160", "--no-system-fonts", "--out", dir + "/a.svg"])
        #expect(svg.status == 0)
        let text = try String(contentsOfFile: dir + "/a.svg", encoding: .utf8)
        #expect(text.contains(#"<g style="isolation:isolate">"#) && text.contains(#"<g style="mix-blend-mode:multiply">"#))
    }

    @Test func aGraphPastTheDepthBoundIsDrawnAsItsOutlineOrItsLayersSilhouette() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try render("CD", font: Self.fallbacks, in: dir)
        #expect(out.stderr.contains("warning: color-glyph-outline: ColorFallbacks.ttf: COLR table glyphs drawn as outlines (2 glyphs): the paint graph goes past 64 nested paints"),
                "\(out.stderr)")
        #expect(out.diagnostics.first?["clusters"] as? [Int] == [0, 1])
        // C: its own outline, the square 10..90 px, in the text's colour (black).
        #expect(out.canvas.pixel(x: 15, y: 35).r == 0 && abs(ink(out.canvas, 0..<100) - 6_400) < 200, "\(ink(out.canvas, 0..<100))")
        // D has no outline of its own: the silhouette of the layers read (the square 30..70 px), in black.
        #expect(out.canvas.pixel(x: 150, y: 70).r == 0 && out.canvas.pixel(x: 115, y: 70).r == 255)
        #expect(abs(ink(out.canvas, 100..<200) - 1_600) < 100, "\(ink(out.canvas, 100..<200))")
    }
}
