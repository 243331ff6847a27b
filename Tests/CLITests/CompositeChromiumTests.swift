import Testing
import Foundation
import PathText
import TestSupport

/// COLRv1 `PaintComposite` against Chromium: Chromium's own rendering of the fixture font's composite glyphs
/// (Skia's COLRv1) against our PNG, and Chromium's rendering of our SVG output (each Porter–Duff operator
/// written as masked sides, added) against our PNG, pixel by pixel.
@Suite("Composite colour glyphs against Chromium (needs PATHTEXT_BROWSER=1 and chromium; skipped otherwise)",
       .enabled(if: browserComparisonEnabled), .serialized)
struct CompositeChromiumTests {
    static let font = packageRoot + "/fixtures/fonts/ColorFallbacks.ttf"
    /// multiply, dest-over, hue, src-in, xor, src-atop, dest-atop: 33 600 inked pixels at 100 px (five 80 px
    /// squares, the xor's ring, two 40 px squares).
    static let text = "ABGHIJK"

    @Test("every composite glyph equals Chromium's, and Chromium draws our SVG output as our PNG (skipped without PATHTEXT_BROWSER=1)")
    func compositeGlyphsMatchChromium() throws {
        try withTemporaryFolder("pathtext-composite") { dir in
            let args = ["render", "--text", Self.text, "--font", Self.font, "--size", "100", "--path", "M 0 120 L 900 120",
                        "--width", "720", "--height", "160", "--background", "#ffffff", "--no-system-fonts"]
            #expect(try pathtext(args + ["--out", dir + "/ours.png"]).status == 0)
            #expect(try pathtext(args + ["--out", dir + "/ours.svg"]).status == 0)
            let ours = try RasterCanvas(pngFile: dir + "/ours.png")
            try FileManager.default.copyItem(atPath: Self.font, toPath: dir + "/f.ttf")
            try """
                <!DOCTYPE html><html><head><style>@font-face { font-family: F; src: url(f.ttf); }
                html, body { margin: 0; background: #fff; overflow: hidden }</style></head><body>
                <svg xmlns="http://www.w3.org/2000/svg" width="720" height="160"><text x="0" y="120" font-family="F" font-size="100">\(Self.text)</text></svg>
                </body></html>
                """.write(toFile: dir + "/font.html", atomically: true, encoding: .utf8)
            let glyphs = channelDifference(ours, try chromiumScreenshot(dir + "/font.html", width: 720, height: 160, in: dir), columns: [0..<720])
            #expect(glyphs.count == 33_600 && glyphs.mean < 1 && glyphs.p99 <= 4, "PNG against Chromium's glyphs: \(glyphs)")
            try """
                <!DOCTYPE html><html><head><style>html, body { margin: 0; background: #fff; overflow: hidden } img { display: block }</style></head>
                <body><img src="ours.svg" width="720" height="160"></body></html>
                """.write(toFile: dir + "/svg.html", atomically: true, encoding: .utf8)
            let svg = channelDifference(ours, try chromiumScreenshot(dir + "/svg.html", width: 720, height: 160, in: dir), columns: [0..<720])
            #expect(svg.count == 33_600 && svg.mean < 1 && svg.p99 <= 4, "our SVG in Chromium against our PNG: \(svg)")
        }
    }
}
