import Testing
import Foundation
import PathText
import TestSupport

/// A COLRv1 emoji label on a curve against Chromium's rendering of the same glyphs on the same `textPath`
/// (resvg's Noto Color Emoji COLRv1 subset, loaded by both through the file): ink IoU and the mean colour
/// of the ink, as the other browser comparisons. Chromium draws COLRv1 with Skia's own paint code, so
/// this checks our reader of the `COLR` table (gradients, transforms, layers) glyph by glyph on a bend.
@Suite("COLRv1 on a curve against Chromium (needs PATHTEXT_BROWSER=1 and chromium; skipped otherwise)",
       .enabled(if: browserComparisonEnabled), .serialized)
struct ColorFontCurveChromiumTests {
    static let font = packageRoot + "/fixtures/resvg-text/fonts/NotoColorEmojiCOLR.subset.ttf"
    static let curve = "M 20 190 C 120 40 300 40 400 190"
    static let text = "🐶🐝🌓🥳"

    /// Chromium's screenshot of `page` at device scale factor 2, averaged down by 2 × 2 blocks (so that
    /// Fontconfig's hinting cannot move its glyphs by whole pixels; notes/testing-tools.md).
    func screenshot(_ page: String, width: Int, height: Int, in dir: String) throws -> Picture {
        let big = try chromiumScreenshot(page, width: width, height: height, scale: 2, in: dir)
        return Picture(onWhite: big, averagedDownBy: 2)
    }

    @Test("COLRv1 emoji on a curve: ink IoU and mean ink colour against Chromium (skipped without PATHTEXT_BROWSER=1)")
    func colrv1OnACurveMatchesChromium() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-colr-curve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (w, h) = (420, 220)
        let run = try pathtext(["render", "--text", Self.text, "--font", Self.font, "--size", "64", "--path", Self.curve,
                                "--width", "\(w)", "--height", "\(h)", "--background", "#ffffff", "--no-system-fonts",
                                "--out", dir + "/ours.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("color-glyph"), "every glyph drawn in colour: \(run.stderr)")
        let png = try RasterCanvas(pngFile: dir + "/ours.png")
        let ours = Picture(width: w, height: h, pixels: (0..<h).flatMap { y in (0..<w).map { png.pixel(x: $0, y: y) } })
        try FileManager.default.copyItem(atPath: Self.font, toPath: dir + "/f.ttf")
        try """
            <!DOCTYPE html><html><head><style>@font-face { font-family: F; src: url(f.ttf); }
            html, body { margin: 0; background: #fff; overflow: hidden }</style></head><body>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)"><path id="p" d="\(Self.curve)" fill="none"/>
            <text font-family="F" font-size="64"><textPath href="#p">\(Self.text)</textPath></text></svg>
            </body></html>
            """.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        let theirs = try screenshot(dir + "/page.html", width: w, height: h, in: dir)
        func ink(_ c: Picture, _ x: Int, _ y: Int) -> Bool { let p = c.pixel(x: x, y: y); return min(p.r, p.g, p.b) < 224 }
        var both = 0, either = 0, sum = [0.0, 0.0, 0.0], sumTheirs = [0.0, 0.0, 0.0]
        for y in 0..<h { for x in 0..<w {
            let a = ink(ours, x, y), b = ink(theirs, x, y)
            if a || b { either += 1 }
            if a && b {
                both += 1
                let p = ours.pixel(x: x, y: y), q = theirs.pixel(x: x, y: y)
                sum[0] += Double(p.r); sum[1] += Double(p.g); sum[2] += Double(p.b)
                sumTheirs[0] += Double(q.r); sumTheirs[1] += Double(q.g); sumTheirs[2] += Double(q.b)
            }
        } }
        let iou = Double(both) / Double(max(either, 1))
        let meanDifference = (0..<3).map { abs(sum[$0] - sumTheirs[$0]) / Double(max(both, 1)) }.max()!
        #expect(either > 6_000, "the four emoji ink the canvas (\(either) px)")
        #expect(iou >= 0.85, "ink IoU \(iou)")
        #expect(meanDifference < 12, "mean ink colour differs by \(meanDifference)/255 in some channel")
        print("COLRv1 on a curve against Chromium: ink IoU \(iou), largest mean channel difference \(meanDifference)/255 over \(both) px")
    }
}
