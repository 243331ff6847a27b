import Testing
import Foundation
import PathText
import TestSupport

/// COLRv1 glyphs under `--warp bend`: every layer bends with the path, those with their own transform
/// or a gradient too. On a straight path the bent picture is the rigid one; on a tight arc the layers
/// follow the curve (their ink moves from the rigid placement) and stay in colour.
@Suite struct ColorGlyphBendCLITests {
    static let font = packageRoot + "/fixtures/resvg-text/fonts/NotoColorEmojiCOLR.subset.ttf"

    func render(_ path: String, warp: String, in dir: String) throws -> RasterCanvas {
        let out = dir + "/\(warp)-\(abs(path.hashValue)).png"
        let run = try pathtext(["render", "--text", "🐝🌓", "--font", Self.font, "--size", "80", "--path", path, "--warp", warp,
                                "--width", "300", "--height", "220", "--background", "#ffffff", "--no-system-fonts", "--out", out])
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
}
