internal import CFreeType
import Geometry

/// Owns one FreeType library and face (the FreeType boundary: raw FreeType pointers never leave this file).
///
/// Not thread-safe: ``Typeface`` keeps it inside a mutex. The face is sized to one pixel per font unit
/// (`FT_Set_Char_Size(upem·64)` at 72 dpi), so unhinted outlines come out in font units × 64.
final class FreeTypeFace {
    private var library: FT_Library?
    private(set) var face: FT_Face?
    private let data: FontData

    /// The face's units per em.
    let unitsPerEm: Int
    /// Number of faces in the file.
    let faceCount: Int
    /// Number of glyphs in the face.
    let glyphCount: Int
    /// Family and style names.
    let familyName: String, styleName: String
    /// Whether the face has colour glyphs (COLR/CPAL layers, or CBDT/sbix bitmaps; see FreeTypeFace+Color.swift).
    let hasColor: Bool

    /// Opens face `index` of `data`.
    init(data: FontData, index: Int, name: String) throws(FontError) {
        self.data = data
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .invalidFont(name: name, reason: "FreeType could not start") }
        library = lib
        var f: FT_Face?
        let err = FT_New_Memory_Face(lib, data.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &f)
        guard err == 0, let f else {
            FT_Done_FreeType(lib); library = nil
            // Ask how many faces there are, to tell a bad index from a bad file.
            if index > 0, let count = Self.faceCount(data: data), count > 0 {
                throw .faceIndexOutOfRange(name: name, index: index, count: count)
            }
            throw .invalidFont(name: name, reason: "FreeType cannot open it (\(Self.describe(err)))")
        }
        face = f
        unitsPerEm = Int(f.pointee.units_per_EM) > 0 ? Int(f.pointee.units_per_EM) : Self.headUnitsPerEm(f)
        faceCount = Int(f.pointee.num_faces)
        glyphCount = Int(f.pointee.num_glyphs)
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = f.pointee.style_name.map { String(cString: $0) } ?? ""
        hasColor = f.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let scalable = f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        // A colour bitmap font (Noto Color Emoji's CBDT) has no outlines but strikes that scale.
        guard unitsPerEm > 0, scalable || (hasColor && f.pointee.num_fixed_sizes > 0) else {
            throw .invalidFont(name: name, reason: "it has no scalable outlines")
        }
        guard scalable ? FT_Set_Char_Size(f, 0, FT_F26Dot6(unitsPerEm * 64), 72, 72) == 0 : Self.selectLargestStrike(f) else {
            throw .invalidFont(name: name, reason: "FreeType cannot scale it")
        }
    }

    /// The TrueType/OpenType font inside a WOFF or WOFF2 file, decoded by FreeType (zlib for WOFF,
    /// Brotli for WOFF2) and copied into its own allocation; the compressed bytes can then be freed.
    ///
    /// FreeType decodes a WOFF face into a memory stream that replaces the face's stream
    /// (`face->stream`), which is public; HarfBuzz needs the decoded bytes too.
    /// - Parameter limit: the largest decoded size accepted, checked against the header's
    ///   `totalSfntSize` before FreeType allocates anything.
    /// - Throws: ``FontError/fileTooLarge(path:bytes:limit:)``, ``FontError/unsupportedFormat(name:format:)``
    ///   when FreeType was built without Brotli, or ``FontError/invalidFont(name:reason:)``.
    static func decodeWOFF(_ data: FontData, format: String, index: Int, name: String, limit: Int) throws(FontError) -> FontData {
        let header = BigEndian(data.bytes)
        guard data.count >= 44 else {
            throw .invalidFont(name: name, reason: "its \(format) header is cut short (\(data.count) bytes)")
        }
        let decodedSize = header.u32(16)
        guard decodedSize <= limit else { throw .fileTooLarge(path: name, bytes: decodedSize, limit: limit) }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .invalidFont(name: name, reason: "FreeType could not start") }
        defer { FT_Done_FreeType(lib) }
        var f: FT_Face?
        let err = FT_New_Memory_Face(lib, data.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &f)
        guard err == 0, let f else {
            if err == 0x07 || err == 0x02 {  // unimplemented feature, unknown file format
                throw .unsupportedFormat(name: name, format: "\(format) (this FreeType cannot decode it)")
            }
            throw .invalidFont(name: name, reason: "its \(format) data cannot be decoded (\(describe(err)))")
        }
        defer { FT_Done_Face(f) }
        guard let stream = f.pointee.stream, let base = stream.pointee.base, stream.pointee.size > 0,
              UnsafeRawPointer(base) != UnsafeRawPointer(data.base) else {
            throw .invalidFont(name: name, reason: "FreeType did not decode its \(format) data")
        }
        return FontData(copying: base, count: Int(stream.pointee.size))
    }

    private static func faceCount(data: FontData) -> Int? {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        defer { FT_Done_FreeType(lib) }
        var f: FT_Face?
        guard FT_New_Memory_Face(lib, data.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), -1, &f) == 0,
              let f else { return nil }
        defer { FT_Done_Face(f) }
        return Int(f.pointee.num_faces)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Why FreeType could not load a glyph: its error code.
    struct GlyphFailure: Error, Hashable {
        /// FreeType's error code (`FT_Err_Invalid_Outline` is 0x14), or -1 for a glyph that is not an outline.
        var code: Int32
        /// What the code means.
        var reason: String { FreeTypeFace.describe(code) }
    }

    /// The unhinted outline of `glyph` in font units, y up (an empty path for a glyph with no contours,
    /// such as a space), or why FreeType cannot load it. Loaded each time: ``Typeface`` keeps what it
    /// loads in its outline table, the one cache of outlines.
    func outline(glyph: UInt32) -> Result<BezPath, GlyphFailure> {
        let result: Result<BezPath, GlyphFailure>
        if let face {
            let err = FT_Load_Glyph(face, glyph, PT_LOAD_NO_HINTING_NO_BITMAP)
            if err != 0 {
                result = .failure(GlyphFailure(code: err))
            } else if face.pointee.glyph.pointee.format != FT_GLYPH_FORMAT_OUTLINE {
                result = .failure(GlyphFailure(code: -1))
            } else {
                result = .success(Self.decompose(&face.pointee.glyph.pointee.outline))
            }
        } else {
            result = .failure(GlyphFailure(code: 0x23))  // invalid face handle: never happens after init
        }
        return result
    }

    /// The outline of `glyph` in font units, y up, emboldened as `FT_GlyphSlot_Embolden` does it:
    /// `FT_Outline_EmboldenXY` with a strength of `strength` em in x and y (the outline grows by that much
    /// in width and height, keeping its left and bottom edges). Not cached (``Typeface`` caches it).
    func emboldenedOutline(glyph: UInt32, strength: Double) -> Result<BezPath, GlyphFailure> {
        guard let face else { return .failure(GlyphFailure(code: 0x23)) }
        let err = FT_Load_Glyph(face, glyph, PT_LOAD_NO_HINTING_NO_BITMAP)
        if err != 0 { return .failure(GlyphFailure(code: err)) }
        guard face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .failure(GlyphFailure(code: -1)) }
        // The face is sized to one pixel per font unit: 26.6 units are font units × 64.
        let units = FT_Pos((Double(unitsPerEm) * 64 * strength).rounded())
        // An outline FreeType cannot orient (degenerate contours) is left as it is rather than lost:
        // FT_Outline_EmboldenXY returns before changing it.
        _ = FT_Outline_EmboldenXY(&face.pointee.glyph.pointee.outline, units, units)
        return .success(Self.decompose(&face.pointee.glyph.pointee.outline))
    }

    /// FreeType's message for an error code (this FreeType is built without its own error strings).
    static func describe(_ code: Int32) -> String {
        let known: [Int32: String] = [
            -1: "not an outline glyph", 0x02: "unknown file format", 0x03: "broken file", 0x06: "invalid argument",
            0x07: "unimplemented feature", 0x08: "broken table", 0x09: "broken offset within table",
            0x0A: "array allocation size too large", 0x10: "invalid glyph index", 0x12: "unsupported glyph image format",
            0x14: "invalid outline", 0x15: "invalid composite glyph", 0x40: "out of memory",
            0x55: "invalid stream operation", 0x56: "invalid frame operation", 0x58: "invalid frame read",
            0x8E: "SFNT font table missing", 0x95: "invalid horizontal metrics", 0x96: "invalid character map (cmap) format",
        ]
        let hex = "0x" + String(code, radix: 16, uppercase: true)
        return known[code].map { "FreeType error \(hex): \($0)" } ?? "FreeType error \(hex)"
    }

    /// The face's variation axes (`fvar`), in the font's order; empty for a font that does not vary.
    func axes() -> [FontAxis] {
        guard let face, let library, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return [] }
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return [] }
        defer { FT_Done_MM_Var(library, mm) }
        return (0..<Int(mm.pointee.num_axis)).map { i in
            let a = mm.pointee.axis[i]
            let tag = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: a.tag >> $0) }, as: UTF8.self)
            return FontAxis(tag: tag, name: a.name.map { String(cString: $0) } ?? tag,
                            minimum: Double(a.minimum) / 65536, defaultValue: Double(a.def) / 65536,
                            maximum: Double(a.maximum) / 65536)
        }
    }

    /// The design coordinates of named instance `instance` (1-based, as fontconfig's index counts them in
    /// its upper 16 bits), one per axis, or `nil` when there is no such instance.
    func namedInstanceCoordinates(_ instance: Int) -> [Double]? {
        guard instance > 0, let face, let library else { return nil }
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return nil }
        defer { FT_Done_MM_Var(library, mm) }
        guard instance <= Int(mm.pointee.num_namedstyles), let coords = mm.pointee.namedstyle[instance - 1].coords else { return nil }
        return (0..<Int(mm.pointee.num_axis)).map { Double(coords[$0]) / 65536 }
    }

    /// Selects the instance at `coordinates` (design units, one per axis in ``axes()`` order), before the
    /// face's first outline is loaded (``Typeface`` does it while it is made).
    /// - Returns: whether FreeType accepted the coordinates.
    func setDesignCoordinates(_ coordinates: [Double]) -> Bool {
        guard let face else { return false }
        var fixed = coordinates.map { FT_Fixed(($0 * 65536).rounded()) }
        let ok = FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed) == 0
        return ok
    }

    /// Walks an FT_Outline into a ``BezPath`` scaled from 26.6 to font units.
    private static func decompose(_ outline: inout FT_Outline) -> BezPath {
        final class Sink { var path = BezPath() }
        let sink = Sink()
        func pt(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return .zero }
            return Point(Double(v.pointee.x) / 64, Double(v.pointee.y) / 64)
        }
        func sinkOf(_ user: UnsafeMutableRawPointer?) -> Sink { Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue() }
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = sinkOf(user); s.path.close(); s.path.move(to: pt(to)); return 0
            },
            line_to: { to, user in sinkOf(user).path.line(to: pt(to)); return 0 },
            conic_to: { c, to, user in sinkOf(user).path.quad(to: pt(to), control: pt(c)); return 0 },
            cubic_to: { c1, c2, to, user in
                sinkOf(user).path.cubic(to: pt(to), control1: pt(c1), control2: pt(c2)); return 0
            },
            shift: 0, delta: 0)
        _ = withExtendedLifetime(sink) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        sink.path.close()
        return sink.path
    }
}
