import Testing
import Foundation
import PathText
import TestSupport

/// Gradient strokes beyond the glyphs through the CLI: a scene shape's `strokeGradient`, and decoration lines
/// painted with their run's paint (its fill gradient and its stroke, gradient or colour), as Chromium paints a
/// decorating box's lines.
@Suite struct GradientStrokeCLITests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-gstroke-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aShapesStrokeGradientSpansItsBox() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            {"width": 200, "height": 100, "background": "#ffffff",
             "shapes": [{"type": "rect", "x": 20, "y": 20, "width": 160, "height": 60, "strokeWidth": 10,
                         "strokeGradient": "linear-gradient(0 0 1 0, #ff0000, #0000ff)"}]}
            """.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let png = try pathtext(["render", dir + "/scene.json", "--out", dir + "/s.png"])
        let svg = try pathtext(["render", dir + "/scene.json", "--out", dir + "/s.svg"])
        #expect(png.status == 0 && svg.status == 0, "\(png.stderr)\(svg.stderr)")
        let c = try RasterCanvas(pngFile: dir + "/s.png")
        // The left side (x = 20 ± 5) is the gradient's start, the right side its end, the middle of the top edge
        // halfway; the inside is not painted (a stroke, not a fill).
        let left = c.pixel(x: 20, y: 50), right = c.pixel(x: 179, y: 50), top = c.pixel(x: 100, y: 20), inside = c.pixel(x: 100, y: 50)
        #expect(left.r > 240 && left.b < 15 && right.b > 240 && right.r < 15, "\(left) \(right)")
        #expect(abs(Int(top.r) - 128) < 6 && abs(Int(top.b) - 128) < 6, "\(top)")
        #expect(inside.r == 255 && inside.g == 255 && inside.b == 255)
        let text = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
        #expect(text.contains(#"<linearGradient id="gradient1" x1="0" y1="0" x2="1" y2="0" gradientUnits="userSpaceOnUse" gradientTransform="matrix(160 0 0 60 20 20)">"#))
        #expect(text.contains(#"stroke="url(#gradient1)" fill="none" stroke-width="10""#))
    }

    @Test func decorationLinesTakeTheirRunsFillGradientAndStroke() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The underline lies 140..145 px, from x = 20 to the label's end at 232.8 (its box, which the gradient spans).
        let label = ["--text", "HILL", "--size", "100", "--path", "M 20 130 L 380 130", "--width", "400", "--height", "180",
                     "--background", "#ffffff", "--decoration", "underline", "--fill-gradient", "linear-gradient(0 0 1 0, #ff0000, #0000ff)"]
        let filled = try pathtext(["render"] + label + ["--out", dir + "/f.png"])
        #expect(filled.status == 0, "\(filled.stderr)")
        let f = try RasterCanvas(pngFile: dir + "/f.png")
        let start = f.pixel(x: 22, y: 142), end = f.pixel(x: 230, y: 142)
        #expect(start.r > 240 && start.b < 10 && end.b > 240 && end.r < 10, "\(start) \(end)")
        // A colour stroke outlines the band too (3 px outside it: the row 146 is stroke only).
        let stroked = try pathtext(["render"] + label + ["--stroke", "#00ff00", "--stroke-width", "6", "--out", dir + "/s.png"])
        #expect(stroked.status == 0)
        let below = try RasterCanvas(pngFile: dir + "/s.png").pixel(x: 120, y: 146)
        #expect(below.g > 240 && below.r < 10 && below.b < 10, "\(below)")
        // A gradient stroke, with the fill left out: the band's outline in the gradient.
        let gradient = try pathtext(["render", "--text", "HILL", "--size", "100", "--path", "M 20 130 L 380 130", "--width", "400",
                                     "--height", "180", "--background", "#ffffff", "--decoration", "underline", "--fill-opacity", "0",
                                     "--stroke-gradient", "linear-gradient(0 0 1 0, #ff0000, #0000ff)", "--stroke-width", "2",
                                     "--out", dir + "/g.png"])
        #expect(gradient.status == 0)
        let g = try RasterCanvas(pngFile: dir + "/g.png")
        let edgeStart = g.pixel(x: 25, y: 145), edgeEnd = g.pixel(x: 228, y: 145), middle = g.pixel(x: 120, y: 142)
        #expect(edgeStart.r > 200 && edgeStart.b < 40 && edgeEnd.b > 200 && edgeEnd.r < 40, "\(edgeStart) \(edgeEnd)")
        #expect(middle.r == 255 && middle.g == 255 && middle.b == 255, "the band's inside is unfilled: \(middle)")
    }

    /// The SVG reader: `stroke="url(#g)"` on a shape and on a decorated text's lines (Chromium draws both with
    /// the gradient; IoU of ink against Chromium 0.918 for this picture, the rest being glyph hinting).
    @Test func svgGradientStrokesOnShapesAndDecorationLines() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
            <rect width="200" height="200" fill="#fff"/>
            <defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>
            <rect x="20" y="20" width="160" height="60" fill="none" stroke="url(#g)" stroke-width="10"/>
            <text x="20" y="160" font-family="Noto Sans" font-size="48" fill="none" stroke="url(#g)" stroke-width="2"
                  text-decoration="underline">Hello</text>
            </svg>
            """.write(toFile: dir + "/g.svg", atomically: true, encoding: .utf8)
        let r = try pathtext(["render", dir + "/g.svg", "--out", dir + "/g.png"])
        #expect(r.status == 0 && !r.stderr.contains("url(#g)"), "\(r.stderr)")
        let c = try RasterCanvas(pngFile: dir + "/g.png")
        let left = c.pixel(x: 20, y: 50), right = c.pixel(x: 179, y: 50), inside = c.pixel(x: 100, y: 50)
        #expect(left.r > 240 && left.b < 15 && right.b > 240 && right.r < 15 && inside.g == 255, "\(left) \(right) \(inside)")
        // The underline (below the baseline at 160) is inked, red at its start and blue at its end.
        var underline: [(x: Int, p: RGBAColor)] = []
        for x in 15..<190 { for y in 162..<175 { let p = c.pixel(x: x, y: y); if min(p.r, p.g, p.b) < 128 { underline.append((x, p)); break } } }
        let first = try #require(underline.first), last = try #require(underline.last)
        #expect(underline.count > 100 && first.p.r > first.p.b && last.p.b > last.p.r, "\(underline.count) columns; \(first) \(last)")
    }
}
