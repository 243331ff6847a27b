import Testing
import Foundation
import PathText
import TestSupport

/// COLRv1 glyphs under `--warp bend`: every layer bends with the path, those with their own transform
/// or a gradient too. On a straight path the bent picture is the rigid one; on a tight arc the layers
/// follow the curve (their ink moves from the rigid placement) and stay in colour.
@Suite struct ColorGlyphBendCLITests {
    static let font = packageRoot + "/fixtures/resvg-text/fonts/NotoColorEmojiCOLR.subset.ttf"

    func render(_ path: String, warp: String, in dir: String, text: String = "🐝🌓", font: String = font, size: Int = 80,
                canvas: (width: Int, height: Int) = (300, 220)) throws -> RasterCanvas {
        let out = dir + "/\(warp)-\(abs(path.hashValue))-\(abs(text.hashValue)).png"
        let run = try pathtext(["render", "--text", text, "--font", font, "--size", "\(size)", "--path", path, "--warp", warp,
                                "--width", "\(canvas.width)", "--height", "\(canvas.height)", "--background", "#ffffff", "--no-system-fonts", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        return try RasterCanvas(pngFile: out)
    }

    /// The share of pixels either picture inks that both ink, and the number of coloured (not grey) pixels of `a`.
    func compare(_ a: RasterCanvas, _ b: RasterCanvas) -> (iou: Double, coloured: Int) {
        var both = 0, either = 0, coloured = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            let ia = min(p.r, p.g, p.b) < 224, ib = min(q.r, q.g, q.b) < 224
            if ia || ib { either += 1 }
            if ia && ib { both += 1 }
            if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 60 { coloured += 1 }
        } }
        return (Double(both) / Double(max(either, 1)), coloured)
    }

    @Test func layersBendWithThePathAndKeepTheirColours() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-colr-bend-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let line = "M 20 150 L 290 150"
        let straight = compare(try render(line, warp: "bend", in: dir), try render(line, warp: "rigid", in: dir))
        #expect(straight.iou > 0.97, "bent along a line is rigid: IoU \(straight.iou)")
        let arc = "M 40 200 A 110 110 0 0 1 260 200"
        let bent = try render(arc, warp: "bend", in: dir), rigid = try render(arc, warp: "rigid", in: dir)
        let curved = compare(bent, rigid)
        #expect(curved.iou < 0.9, "bent on a tight arc differs from rigid: IoU \(curved.iou)")
        #expect(curved.iou > 0.5, "but covers the same glyphs: IoU \(curved.iou)")
        #expect(curved.coloured > 2_000, "the bent layers keep their colours and gradients (\(curved.coloured) coloured px)")
    }

    /// Composite glyphs (multiply, hue, src-in, xor: each a backdrop and a source on layers of their own)
    /// bend too, on layers as big as the bent glyph's box: on a line the bent picture is the rigid one, and
    /// on an arc no part of a glyph is cut off (as much ink, and the multiply's black overlap).
    @Test func compositeGlyphsBendOnLayersOfTheirOwnBox() throws {
        try withTemporaryFolder("pathtext-composite-bend") { dir in
            let font = packageRoot + "/fixtures/fonts/ColorFallbacks.ttf"
            let line = "M 20 150 L 290 150"
            let straight = compare(try render(line, warp: "bend", in: dir, text: "AGHI", font: font),
                                   try render(line, warp: "rigid", in: dir, text: "AGHI", font: font))
            #expect(straight.iou > 0.97, "bent along a line is rigid: IoU \(straight.iou)")
            // Glyphs above an arc of radius 170 widen outwards: about 17 % more ink than rigid ones.
            let arc = "M 60 260 A 170 170 0 0 1 400 260"
            let bent = try render(arc, warp: "bend", in: dir, text: "AGHI", font: font, size: 60, canvas: (460, 300))
            let rigid = try render(arc, warp: "rigid", in: dir, text: "AGHI", font: font, size: 60, canvas: (460, 300))
            func counts(_ c: RasterCanvas) -> (ink: Int, black: Int) {
                var ink = 0, black = 0
                for y in 0..<c.height { for x in 0..<c.width {
                    let p = c.pixel(x: x, y: y)
                    if min(p.r, p.g, p.b) < 224 { ink += 1 }
                    if max(p.r, p.g, p.b) < 40 { black += 1 }
                } }
                return (ink, black)
            }
            let b = counts(bent), r = counts(rigid)
            #expect(r.black > 400 && Double(b.black) > 1.05 * Double(r.black),
                    "the multiply glyph's overlap is black when bent (\(b.black) px, rigid \(r.black))")
            #expect(Double(b.ink) > 1.05 * Double(r.ink) && Double(b.ink) < 1.3 * Double(r.ink),
                    "bent ink \(b.ink) px against rigid \(r.ink) px")
        }
    }
}
