internal import CFreeType

/// Colour glyphs from FreeType (part of the FreeType boundary, beside FreeTypeFace.swift): COLR/CPAL
/// layers through `FT_Get_Color_Glyph_Layer` and `FT_Palette_Select`, and CBDT/sbix bitmaps through
/// `FT_Load_Glyph(…, FT_LOAD_COLOR)`, which FreeType decodes to premultiplied BGRA.
extension FreeTypeFace {
    /// Selects the strike with the most pixels per em of a bitmap-only face.
    /// - Returns: whether FreeType accepted it.
    static func selectLargestStrike(_ face: FT_Face) -> Bool {
        let n = Int(face.pointee.num_fixed_sizes)
        guard n > 0, let sizes = face.pointee.available_sizes else { return false }
        return FT_Select_Size(face, FT_Int(StrikeChoice.largest(of: (0..<n).map { Int(sizes[$0].y_ppem) }))) == 0
    }

    /// The pixels per em of each strike of a bitmap-only face (26.6 fixed point), in the face's order;
    /// empty for a scalable face.
    var strikes: [Int] {
        guard let face, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0,
              let sizes = face.pointee.available_sizes else { return [] }
        return (0..<Int(max(face.pointee.num_fixed_sizes, 0))).map { Int(sizes[$0].y_ppem) }
    }

    /// The COLR layers of `glyph` (bottom first), each with its CPAL colour from palette 0, or `nil` for
    /// `0xFFFF` (the text colour); `nil` when the glyph has no layers.
    func colorLayers(glyph: UInt32) -> [ColorLayer]? {
        guard hasColor, let face else { return nil }
        var palette: UnsafeMutablePointer<FT_Color>?
        var data = FT_Palette_Data()
        let entries = FT_Palette_Data_Get(face, &data) == 0 ? Int(data.num_palette_entries) : 0
        if entries > 0, FT_Palette_Select(face, 0, &palette) != 0 { palette = nil }
        var iterator = FT_LayerIterator(num_layers: 0, layer: 0, p: nil)
        var layerGlyph: FT_UInt = 0, colorIndex: FT_UInt = 0
        var layers: [ColorLayer] = []
        while FT_Get_Color_Glyph_Layer(face, glyph, &layerGlyph, &colorIndex, &iterator) != 0 {
            var color: RGBAColor? = nil
            if colorIndex != 0xFFFF, let palette, Int(colorIndex) < entries {
                let c = palette[Int(colorIndex)]
                color = RGBAColor(r: c.red, g: c.green, b: c.blue, a: c.alpha)
            }
            layers.append(ColorLayer(glyph: UInt32(layerGlyph), color: color))
            if layers.count > 1024 { break }  // a malformed table cannot loop for long
        }
        return layers.isEmpty ? nil : layers
    }

    /// The colour bitmap of `glyph` in the selected strike, premultiplied RGBA, or `nil` when the glyph
    /// has none (an outline glyph, or a face without bitmaps).
    /// - Parameter strike: the strike to read (an index into ``strikes``), `nil` for the one selected when
    ///   the face was opened (the largest); the face is left at the largest strike afterwards.
    func colorBitmap(glyph: UInt32, strike: Int? = nil) -> ColorBitmap? {
        guard hasColor, let face, face.pointee.num_fixed_sizes > 0,
              face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 else { return nil }
        if let strike {
            guard strike >= 0, strike < Int(face.pointee.num_fixed_sizes), FT_Select_Size(face, FT_Int(strike)) == 0 else { return nil }
        }
        defer { if strike != nil { _ = Self.selectLargestStrike(face) } }
        guard FT_Load_Glyph(face, glyph, PT_LOAD_COLOR) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard slot.format == FT_GLYPH_FORMAT_BITMAP, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
              let buffer = bitmap.buffer, bitmap.width > 0, bitmap.rows > 0 else { return nil }
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard w <= 4096, h <= 4096 else { return nil }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
            for x in 0..<w {
                let s = row + 4 * x, d = (y * w + x) * 4
                let a = s[3]
                // Premultiplied already; clamp colour to alpha against rounding in the decoder.
                pixels[d] = min(s[2], a); pixels[d + 1] = min(s[1], a); pixels[d + 2] = min(s[0], a); pixels[d + 3] = a
            }
        }
        let ppem = Double(face.pointee.size.pointee.metrics.y_ppem)
        return ColorBitmap(width: w, height: h, premultipliedRGBA: pixels, left: Double(slot.bitmap_left),
                           top: Double(slot.bitmap_top), pixelsPerEm: ppem)
    }
}

extension FreeTypeFace {
    /// The bytes of the table `tag` (`FT_Load_Sfnt_Table`), or `nil` when the face has none.
    func table(_ tag: String) -> [UInt8]? {
        guard let face, tag.utf8.count == 4 else { return nil }
        let t = tag.utf8.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, t, 0, nil, &length) == 0, length > 0, length < 1 << 26 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, t, 0, &bytes, &length) == 0 else { return nil }
        return bytes
    }

    /// Whether the face has a table `tag` with some bytes in it (its length asked, nothing read).
    func hasTable(_ tag: String) -> Bool {
        guard let face, tag.utf8.count == 4 else { return false }
        let t = tag.utf8.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(face, t, 0, nil, &length) == 0 && length > 0
    }

    /// `count` bytes of the table `tag` from `offset`, or `nil` when the face has no such table or it is
    /// shorter.
    func table(_ tag: String, offset: Int, count: Int) -> [UInt8]? {
        guard let face, tag.utf8.count == 4, offset >= 0, count > 0, count < 1 << 20 else { return nil }
        let t = tag.utf8.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
        var whole: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, t, 0, nil, &whole) == 0, offset + count <= Int(whole) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var length = FT_ULong(count)
        guard FT_Load_Sfnt_Table(face, t, FT_Long(offset), &bytes, &length) == 0 else { return nil }
        return bytes
    }

    /// The glyph ranges of the `SVG ` table's document index (SVG-in-OpenType), read without the
    /// documents; empty when the face has none. At most 65536 ranges.
    func svgGlyphRanges() -> [ClosedRange<UInt32>] {
        func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        guard let header = table("SVG ", offset: 0, count: 10) else { return [] }
        let list = u16(header, 2) << 16 | u16(header, 4)
        guard list >= 10, let countBytes = table("SVG ", offset: list, count: 2) else { return [] }
        let n = u16(countBytes, 0)
        guard n > 0, let records = table("SVG ", offset: list + 2, count: 12 * n) else { return [] }
        return (0..<n).compactMap { k in
            let first = u16(records, 12 * k), last = u16(records, 12 * k + 2)
            return first <= last ? UInt32(first)...UInt32(last) : nil
        }
    }

    /// Palette 0's colours (CPAL), empty when the face has none.
    func palette() -> [RGBAColor] {
        guard let face else { return [] }
        var data = FT_Palette_Data()
        guard FT_Palette_Data_Get(face, &data) == 0, data.num_palette_entries > 0 else { return [] }
        var colors: UnsafeMutablePointer<FT_Color>?
        guard FT_Palette_Select(face, 0, &colors) == 0, let colors else { return [] }
        return (0..<Int(data.num_palette_entries)).map { RGBAColor(r: colors[$0].red, g: colors[$0].green, b: colors[$0].blue, a: colors[$0].alpha) }
    }
}

extension FreeTypeFace {
    /// The `head` table's units per em (FreeType reports 0 for a bitmap-only face), or 0.
    static func headUnitsPerEm(_ face: FT_Face) -> Int {
        guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return 0 }
        return Int(head.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
    }
}
