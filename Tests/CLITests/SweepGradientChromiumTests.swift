import Testing
import Foundation
import PathText
import TestSupport

/// COLRv1 sweep gradients against Chromium: Chromium's own rendering of the font's sweep glyph (Skia's
/// COLRv1) against our PNG, and Chromium's rendering of our SVG output (the sweep written as masked
/// wedges) against our PNG, pixel by pixel.
@Suite("Sweep gradients against Chromium (needs PATHTEXT_BROWSER=1 and chromium; skipped otherwise)",
       .enabled(if: browserComparisonEnabled), .serialized)
struct SweepGradientChromiumTests {
    static let font = packageRoot + "/fixtures/fonts/ColorFallbacks.ttf"

    @Test("a sweep glyph equals Chromium's, and Chromium draws our SVG's wedges as our PNG (skipped without PATHTEXT_BROWSER=1)")
    func sweepGlyphsMatchChromium() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-sweep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["render", "--text", "FEF", "--font", Self.font, "--size", "100", "--path", "M 0 120 L 900 120",
                    "--width", "320", "--height", "160", "--background", "#ffffff", "--no-system-fonts"]
        #expect(try pathtext(args + ["--out", dir + "/ours.png"]).status == 0)
        #expect(try pathtext(args + ["--out", dir + "/ours.svg"]).status == 0)
        let ours = try RasterCanvas(pngFile: dir + "/ours.png")
        // Chromium's own COLRv1 rendering of the glyph (the font at the same size and baseline).
        try FileManager.default.copyItem(atPath: Self.font, toPath: dir + "/f.ttf")
        try """
            <!DOCTYPE html><html><head><style>@font-face { font-family: F; src: url(f.ttf); }
            html, body { margin: 0; background: #fff; overflow: hidden }</style></head><body>
            <svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><text x="0" y="120" font-family="F" font-size="100">FEF</text></svg>
            </body></html>
            """.write(toFile: dir + "/font.html", atomically: true, encoding: .utf8)
        let glyph = channelDifference(ours, try chromiumScreenshot(dir + "/font.html", width: 320, height: 160, in: dir), columns: [0..<100, 200..<300])
        #expect(glyph.count > 12_000 && glyph.mean < 1 && glyph.p99 <= 4, "\(glyph)")
        // Chromium's rendering of our SVG output.
        try """
            <!DOCTYPE html><html><head><style>html, body { margin: 0; background: #fff; overflow: hidden } img { display: block }</style></head>
            <body><img src="ours.svg" width="320" height="160"></body></html>
            """.write(toFile: dir + "/svg.html", atomically: true, encoding: .utf8)
        let svg = channelDifference(ours, try chromiumScreenshot(dir + "/svg.html", width: 320, height: 160, in: dir), columns: [0..<320])
        #expect(svg.count > 18_000 && svg.mean < 1 && svg.p99 <= 4, "\(svg)")
    }
}
