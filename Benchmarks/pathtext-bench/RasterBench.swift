#if canImport(Glibc)
import Glibc
#endif
import CFreeType
import Geometry
import Shaping
import Render

/// The peer for raster rows: FreeType's own anti-aliasing rasterizer on the same unhinted outlines.
final class FreeTypePeer {
    var library: FT_Library?
    var faces: [String: FT_Face] = [:]

    init() {
        guard FT_Init_FreeType(&library) == 0 else { fatalError("FreeType did not start") }
    }

    deinit {
        for (_, f) in faces { FT_Done_Face(f) }
        FT_Done_FreeType(library)
    }

    func face(_ path: String) -> FT_Face {
        if let f = faces[path] { return f }
        var f: FT_Face?
        guard FT_New_Face(library, path, 0, &f) == 0, let f else { fatalError("FreeType cannot open \(path)") }
        faces[path] = f
        return f
    }

    /// A glyph's outline loaded unhinted at `size` px, copied, and translated so its control box starts
    /// at (0, 0) on the pixel grid; with the bitmap size and the translation (26.6) applied.
    struct Glyph {
        var outline: FT_Outline
        var width: Int, rows: Int
        /// The pixel offsets: bitmap x = outline x − x0, bitmap row = y1 − outline y (y up).
        var x0: Int, y1: Int
    }

    func load(_ path: String, glyph: UInt32, size: Int) -> Glyph? {
        let f = face(path)
        guard FT_Set_Pixel_Sizes(f, 0, FT_UInt(size)) == 0,
              FT_Load_Glyph(f, glyph, PT_LOAD_NO_HINTING_NO_BITMAP) == 0 else { return nil }
        var src = f.pointee.glyph.pointee.outline
        guard src.n_contours > 0 else { return nil }
        var copy = FT_Outline()
        guard FT_Outline_New(library, FT_UInt(src.n_points), FT_Int(src.n_contours), &copy) == 0,
              FT_Outline_Copy(&src, &copy) == 0 else { return nil }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&copy, &box)
        let x0 = box.xMin & ~63, y0 = box.yMin & ~63, x1 = (box.xMax + 63) & ~63, y1 = (box.yMax + 63) & ~63
        FT_Outline_Translate(&copy, -x0, -y0)
        return Glyph(outline: copy, width: Int((x1 - x0) >> 6), rows: Int((y1 - y0) >> 6),
                     x0: Int(x0 >> 6), y1: Int(y1 >> 6))
    }

    func free(_ g: inout Glyph) { FT_Outline_Done(library, &g.outline) }

    /// Clears the bitmap area and renders the outline into it (normal anti-aliased mode, 256 grays).
    @inline(__always)
    func render(_ g: inout Glyph, into buffer: UnsafeMutablePointer<UInt8>) {
        memset(buffer, 0, g.width * g.rows)
        var bm = FT_Bitmap()
        bm.rows = UInt32(g.rows); bm.width = UInt32(g.width); bm.pitch = Int32(g.width)
        bm.buffer = buffer; bm.num_grays = 256; bm.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        FT_Outline_Get_Bitmap(library, &g.outline, &bm)
    }
}

enum RasterBench {
    /// The strings whose glyphs are rasterized, each with its font.
    static let strings: [(text: String, font: String)] = [
        ("Hamburgefonstiv", "NotoSans-Regular.ttf"),
        ("مرحبا بالعالم", "NotoSansArabic-Regular.ttf"),
        ("नमस्ते दुनिया", "NotoSansDevanagari-Regular.ttf"),
    ]

    static func run(_ config: BenchConfig, fontsDir: String, filter: String? = nil) -> [Row] {
        let sizes = [16, 32, 64, 128, 512].filter { filter == nil || "raster/\($0)px".contains(filter!) }
        // The glyphs, as shaped.
        var glyphs: [(font: Typeface, path: String, glyph: UInt32)] = []
        for (text, file) in strings {
            let path = fontsDir + "/" + file
            let font = try! Typeface(path: path)
            let line = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [font], size: 16)))
            for g in line.glyphs where !font.outline(glyph: g.glyph).isEmpty {
                glyphs.append((font, path, g.glyph))
            }
        }
        let ft = FreeTypePeer()
        var rows: [Row] = []
        for size in sizes {
            // Outlines loaded outside the timings, both sides.
            var peerGlyphs: [FreeTypePeer.Glyph] = []
            var ours: [(path: BezPath, transform: Affine)] = []
            for g in glyphs {
                guard let pg = ft.load(g.path, glyph: g.glyph, size: size) else { continue }
                peerGlyphs.append(pg)
                // Ours: y-down pixels from the glyph origin; the same pixel grid as FreeType's bitmap.
                ours.append((g.font.outline(glyph: g.glyph, size: Double(size)),
                             Affine.translate(Vector(Double(-pg.x0), Double(pg.y1)))))
            }
            let maxPixels = peerGlyphs.map { $0.width * $0.rows }.max() ?? 1
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: maxPixels)
            defer { buffer.deallocate(); for i in peerGlyphs.indices { ft.free(&peerGlyphs[i]) } }
            var rasterizer = Rasterizer()
            var mask = CoverageMask()
            // The same kernel with its SSE2 final pass forced (x86-64's baseline; the default is AVX2 where
            // the CPU has it), for the `…/sse2` rows.
            var sse2 = Rasterizer()
            sse2.kernel = .sse2
            let timeSSE2 = RasterKernel.sse2.isSupported && RasterKernel.resolvedDefault != .sse2

            // Same output? Mean and largest difference of coverage over FreeType's bitmap.
            var sumDiff = 0, maxDiff = 0, pixels = 0, ourInk = 0, peerInk = 0
            for i in peerGlyphs.indices {
                ft.render(&peerGlyphs[i], into: buffer)
                rasterizer.rasterize(ours[i].path, transform: ours[i].transform, into: &mask)
                let g = peerGlyphs[i]
                for y in 0..<g.rows {
                    for x in 0..<g.width {
                        let a = Int(mask[x, y]), b = Int(buffer[y * g.width + x])
                        sumDiff += abs(a - b); maxDiff = max(maxDiff, abs(a - b)); ourInk += a; peerInk += b
                    }
                }
                pixels += g.width * g.rows
                // Nothing of ours outside FreeType's box.
                let b = mask.bounds
                precondition(b.x >= 0 && b.y >= 0 && b.maxX <= g.width && b.maxY <= g.rows,
                             "raster/\(size)px: our mask \(b) leaves FreeType's \(g.width)×\(g.rows) box")
            }
            let meanDiff = Double(sumDiff) / Double(max(pixels, 1))
            progress("raster/\(size)px: \(peerGlyphs.count) glyphs, \(pixels) px, mean |Δcoverage| \(String(format: "%.3f", meanDiff))/255, max \(maxDiff), ink ratio \(String(format: "%.5f", Double(ourInk) / Double(max(peerInk, 1))))")

            // Under callgrind: a fixed number of passes on each side, untimed, so that instructions per
            // glyph are (inclusive count) ÷ (passes × glyphs); `PATHTEXT_RASTER_PASSES=100`.
            if let env = getenv("PATHTEXT_RASTER_PASSES"), let passes = Int(String(cString: env)), passes > 0 {
                for _ in 0..<passes {
                    for g in ours { rasterizer.rasterize(g.path, transform: g.transform, into: &mask) }
                }
                for _ in 0..<passes {
                    for i in peerGlyphs.indices { ft.render(&peerGlyphs[i], into: buffer) }
                }
                progress("raster/\(size)px: \(passes) untimed passes of \(peerGlyphs.count) glyphs each side")
                continue
            }
            var bodies: [() -> Void] = [
                {
                    for g in ours { rasterizer.rasterize(g.path, transform: g.transform, into: &mask) }
                    blackHole(mask.bounds)
                },
                {
                    for i in peerGlyphs.indices { ft.render(&peerGlyphs[i], into: buffer) }
                    blackHole(buffer[0])
                },
            ]
            if timeSSE2 {
                bodies.append {
                    for g in ours { sse2.rasterize(g.path, transform: g.transform, into: &mask) }
                    blackHole(mask.bounds)
                }
            }
            let times = timeInterleaved(config, bodies)
            rows.append(makeRow("raster/\(size)px", ours: times[0], peer: times[1],
                                peerName: "FreeType FT_Outline_Get_Bitmap (smooth, 8-bit gray), buffer cleared per glyph",
                                note: "\(peerGlyphs.count) glyphs (Latin+Arabic+Devanagari), \(pixels) px per pass; "
                                    + "mean |Δcoverage| vs FreeType \(String(format: "%.2f", meanDiff))/255, max \(maxDiff); "
                                    + "final pass \(RasterKernel.resolvedDefault)"))
            if timeSSE2 {
                rows.append(makeRow("raster/\(size)px/sse2", ours: times[2], peer: times[1],
                                    peerName: "FreeType FT_Outline_Get_Bitmap, as above",
                                    note: "the same kernel with its SSE2 final pass forced (identical bytes)"))
            }
        }
        return rows
    }
}
