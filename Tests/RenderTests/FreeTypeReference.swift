import CFreeType
import Geometry
@testable import Render

/// FreeType's own anti-aliased renderer, as the reference our rasterizer is compared with.
/// (The test-side FreeType boundary: raw FreeType pointers stay in this file.)
final class FreeTypeReference {
    private var library: FT_Library?
    private var face: FT_Face?

    init?(fontPath: String) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        library = lib
        var f: FT_Face?
        guard FT_New_Face(lib, fontPath, 0, &f) == 0, let f else { return nil }
        face = f
    }

    /// FreeType's `underline_position` (the stroke's centre) and `underline_thickness`, in font units.
    var underline: (position: Int, thickness: Int, unitsPerEm: Int) {
        guard let face else { return (0, 0, 0) }
        return (Int(face.pointee.underline_position), Int(face.pointee.underline_thickness), Int(face.pointee.units_per_EM))
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Loads `glyph` unhinted at `pixelSize` px per em and returns the loaded outline (pixels, y down,
    /// the very coordinates FreeType renders) and FreeType's coverage of it from `FT_Outline_Get_Bitmap`
    /// (the smooth rasterizer, without the slot renderer's oversampling of overlapping glyphs).
    func render(glyph: UInt32, pixelSize: UInt32) -> (outline: BezPath, mask: CoverageMask)? {
        guard let library, let face, FT_Set_Pixel_Sizes(face, 0, pixelSize) == 0,
              FT_Load_Glyph(face, glyph, PT_LOAD_NO_HINTING_NO_BITMAP) == 0,
              face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        var cbox = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &cbox)
        let x0 = Int(cbox.xMin) >> 6, y0 = Int(cbox.yMin) >> 6
        let x1 = (Int(cbox.xMax) + 63) >> 6, y1 = (Int(cbox.yMax) + 63) >> 6
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return (BezPath(), CoverageMask()) }
        FT_Outline_Translate(&face.pointee.glyph.pointee.outline, FT_Pos(-x0 * 64), FT_Pos(-y0 * 64))
        // Decompose after the translation: the implied on-curve points between two off-curve points are
        // computed in integer 26.6 with truncation, so they depend on where the outline sits; the
        // rasterizer sees the translated outline, and so must we. Then move back (exact in Double).
        let outline = withUnsafeMutablePointer(to: &face.pointee.glyph.pointee.outline) { Self.decompose($0) }
            .transformed(by: .translate(Vector(Double(x0), Double(-y0))))
        var pixels = [UInt8](repeating: 0, count: w * h)
        let err = pixels.withUnsafeMutableBufferPointer { buf -> FT_Error in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(h); bitmap.width = UInt32(w); bitmap.pitch = Int32(w)
            bitmap.buffer = buf.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library, &face.pointee.glyph.pointee.outline, &bitmap)
        }
        guard err == 0 else { return nil }
        // Bitmap row 0 is the top row, FreeType y from y1 − 1 to y1, which is canvas row −y1.
        return (outline, CoverageMask(bounds: PixelRect(x: x0, y: -y1, width: w, height: h), coverage: pixels))
    }

    /// FreeType's coverage of a polygon given in pixels (y down); points are rounded to 1/64 px, so pass
    /// points that are multiples of 1/64 for an exact comparison.
    /// With `evenOdd`, FreeType fills by the even-odd rule (`FT_OUTLINE_EVEN_ODD_FILL`).
    func render(polygons: [[Point]], tags: [[Int8]]? = nil, evenOdd: Bool = false) -> CoverageMask? {
        guard let library else { return nil }
        let all = polygons.flatMap { $0 }
        let allTags = tags?.flatMap { $0 }
        guard !all.isEmpty else { return CoverageMask() }
        var outline = FT_Outline()
        guard FT_Outline_New(library, UInt32(all.count), Int32(polygons.count), &outline) == 0 else { return nil }
        defer { FT_Outline_Done(library, &outline) }
        if evenOdd { outline.flags |= Int32(FT_OUTLINE_EVEN_ODD_FILL) }
        var k = 0
        for (ci, poly) in polygons.enumerated() {
            for p in poly {
                outline.points[k] = FT_Vector(x: FT_Pos((p.x * 64).rounded()), y: FT_Pos((-p.y * 64).rounded()))
                outline.tags[k] = allTags?[k] ?? 1  // FT_CURVE_TAG_ON
                k += 1
            }
            outline.contours[ci] = Int16(k - 1)
        }
        var cbox = FT_BBox()
        FT_Outline_Get_CBox(&outline, &cbox)
        let x0 = Int(cbox.xMin) >> 6, y0 = Int(cbox.yMin) >> 6
        let x1 = (Int(cbox.xMax) + 63) >> 6, y1 = (Int(cbox.yMax) + 63) >> 6
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return CoverageMask() }
        FT_Outline_Translate(&outline, FT_Pos(-x0 * 64), FT_Pos(-y0 * 64))
        var pixels = [UInt8](repeating: 0, count: w * h)
        let err = pixels.withUnsafeMutableBufferPointer { buf -> FT_Error in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(h); bitmap.width = UInt32(w); bitmap.pitch = Int32(w)
            bitmap.buffer = buf.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library, &outline, &bitmap)
        }
        guard err == 0 else { return nil }
        return CoverageMask(bounds: PixelRect(x: x0, y: -y1, width: w, height: h), coverage: pixels)
    }

    /// FreeType's coverage of a path of lines, quadratics and cubics given in pixels (y down): its points
    /// become an outline's on-curve, conic and cubic control points, rounded to 1/64 px.
    func render(path: BezPath, evenOdd: Bool = false) -> CoverageMask? {
        var polygons: [[Point]] = [], tags: [[Int8]] = []
        for sp in path.subpaths where !sp.segments.isEmpty {
            var pts = [sp.start], tg: [Int8] = [1]
            for seg in sp.segments {
                switch seg {
                case .line(let l): pts.append(l.p1); tg.append(1)
                case .quad(let q): pts += [q.p1, q.p2]; tg += [0, 1]
                case .cubic(let c): pts += [c.p1, c.p2, c.p3]; tg += [2, 2, 1]
                case .arc: return nil
                }
            }
            polygons.append(pts); tags.append(tg)
        }
        return render(polygons: polygons, tags: tags, evenOdd: evenOdd)
    }

    private static func decompose(_ outline: UnsafeMutablePointer<FT_Outline>) -> BezPath {
        final class Sink { var path = BezPath() }
        let sink = Sink()
        func pt(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return .zero }
            return Point(Double(v.pointee.x) / 64, -Double(v.pointee.y) / 64)
        }
        func sinkOf(_ user: UnsafeMutableRawPointer?) -> Sink { Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue() }
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in let s = sinkOf(user); s.path.close(); s.path.move(to: pt(to)); return 0 },
            line_to: { to, user in sinkOf(user).path.line(to: pt(to)); return 0 },
            conic_to: { c, to, user in sinkOf(user).path.quad(to: pt(to), control: pt(c)); return 0 },
            cubic_to: { c1, c2, to, user in
                sinkOf(user).path.cubic(to: pt(to), control1: pt(c1), control2: pt(c2)); return 0
            },
            shift: 0, delta: 0)
        _ = withExtendedLifetime(sink) { FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(sink).toOpaque()) }
        sink.path.close()
        return sink.path
    }
}
