/// Checks an sfnt font's structure before FreeType and HarfBuzz see it, so that a damaged font is an
/// error that says what is wrong instead of blank glyphs or a quiet fallback.
///
/// FreeType and HarfBuzz are both forgiving: a truncated file, a `loca` pointing nowhere or an empty
/// `cmap` loads without complaint and then draws nothing. The checks, each an error naming the font:
/// - the table directory and every table lie within the file (a truncated file fails here);
/// - the required tables are present: `cmap`, `head`, `hhea`, `hmtx`, `maxp`, and outlines (`glyf` with
///   `loca`, `CFF `, `CFF2`, or colour bitmaps `CBDT`/`sbix`, which the caller then refuses as unscalable);
/// - `head` has a sane units-per-em and `loca` format; `maxp` has at least one glyph;
/// - `hhea` and `hmtx` give one advance per metric and no advance is absurd (above both `hhea`'s
///   largest advance and 4 em);
/// - `loca` has an entry per glyph, never goes backwards and stays within `glyf`; each glyph's header
///   is readable (contour count, end points, instruction length within the glyph's bytes);
/// - `cmap` has a Unicode subtable whose bytes lie within the table.
///
/// It reads each glyph's header once: O(glyphs + contours), well under a millisecond for a Latin font.
enum FontValidator {
    /// What the checks learned, for the caller's own consistency checks.
    struct Summary {
        /// `maxp`'s glyph count.
        var glyphCount: Int
    }

    /// Validates face `faceIndex` of `bytes`.
    /// - Throws: ``FontError`` naming `name` for the first problem found.
    @discardableResult
    static func validate(_ bytes: UnsafeRawBufferPointer, faceIndex: Int, name: String) throws(FontError) -> Summary {
        let directory = try SfntDirectory(bytes, faceIndex: faceIndex, name: name)
        let size = bytes.count
        let pastEnd = directory.tables.filter { $0.offset > size || $0.length > size - $0.offset }
        if let first = pastEnd.first {
            let others = pastEnd.dropFirst().map(\.tag)
            let more = others.isEmpty ? "" : " (so do \(others.prefix(6).joined(separator: ", "))\(others.count > 6 ? " and \(others.count - 6) more" : ""))"
            throw .damagedTable(name: name, table: first.tag,
                                reason: "the file ends at byte \(size) but the table runs to byte \(first.offset + first.length)\(more): the file is truncated or damaged")
        }

        var missing = ["cmap", "head", "hhea", "hmtx", "maxp"].filter { directory[tag: $0] == nil }
        let glyf = directory[tag: "glyf"], loca = directory[tag: "loca"]
        let hasOutlines = (glyf != nil && loca != nil) || ["CFF ", "CFF2", "CBDT", "sbix"].contains { directory[tag: $0] != nil }
        if !hasOutlines {
            if glyf == nil && loca == nil { missing.append("glyf and loca (or CFF)") } else { missing.append(glyf == nil ? "glyf" : "loca") }
        }
        guard missing.isEmpty else { throw .missingTables(name: name, tables: missing) }

        let r = BigEndian(bytes)
        // head
        let head = directory[tag: "head"]!
        guard head.length >= 54 else { throw short(name, head, 54) }
        let unitsPerEm = r.u16(head.offset + 18)
        guard (16...16384).contains(unitsPerEm) else {
            throw .damagedTable(name: name, table: "head", reason: "units per em is \(unitsPerEm), outside 16…16384")
        }
        let longLoca = r.i16(head.offset + 50)

        // maxp
        let maxp = directory[tag: "maxp"]!
        guard maxp.length >= 6 else { throw short(name, maxp, 6) }
        let glyphCount = r.u16(maxp.offset + 4)
        guard glyphCount > 0 else { throw .noGlyphs(name: name) }

        // hhea and hmtx
        let hhea = directory[tag: "hhea"]!, hmtx = directory[tag: "hmtx"]!
        guard hhea.length >= 36 else { throw short(name, hhea, 36) }
        let metricCount = r.u16(hhea.offset + 34), widest = r.u16(hhea.offset + 10)
        guard metricCount >= 1 && metricCount <= glyphCount else {
            throw .damagedTable(name: name, table: "hhea",
                                reason: "it has \(metricCount) horizontal metrics for \(glyphCount) glyphs (expected 1…\(glyphCount))")
        }
        guard hmtx.length >= 4 * metricCount else { throw short(name, hmtx, 4 * metricCount, what: "\(metricCount) advances") }
        let absurd = max(widest, 4 * unitsPerEm)
        for g in 0..<metricCount {
            let advance = r.u16(hmtx.offset + 4 * g)
            if advance > absurd {
                let em = (Double(advance) / Double(unitsPerEm) * 10).rounded() / 10
                throw .damagedTable(name: name, table: "hmtx",
                                    reason: "glyph \(g) advances \(advance) units (\(em) em), more than hhea's widest advance (\(widest)) and 4 em")
            }
        }

        // loca and glyf
        if let glyf, let loca, directory[tag: "CFF "] == nil, directory[tag: "CFF2"] == nil {
            guard longLoca == 0 || longLoca == 1 else {
                throw .damagedTable(name: name, table: "head", reason: "the loca format is \(longLoca), not 0 or 1")
            }
            try checkGlyphs(r, glyf: glyf, loca: loca, long: longLoca == 1, glyphCount: glyphCount, name: name)
        }

        try checkCmap(r, directory[tag: "cmap"]!, name: name)
        return Summary(glyphCount: glyphCount)
    }

    /// `loca` entries and each glyph's header.
    private static func checkGlyphs(_ r: BigEndian, glyf: SfntDirectory.Table, loca: SfntDirectory.Table, long: Bool,
                                    glyphCount: Int, name: String) throws(FontError) {
        let entry = long ? 4 : 2
        guard loca.length >= (glyphCount + 1) * entry else {
            throw short(name, loca, (glyphCount + 1) * entry, what: "\(glyphCount + 1) offsets")
        }
        func offset(_ g: Int) -> Int { long ? r.u32(loca.offset + 4 * g) : 2 * r.u16(loca.offset + 2 * g) }
        var start = offset(0)
        for g in 0..<glyphCount {
            // The last glyph may end past glyf, which FreeType clamps: fonts in the wild, and FreeType's
            // own WOFF2 decoding (its last loca entry counts from the file's start), do that.
            let end = g == glyphCount - 1 && start <= glyf.length ? min(offset(g + 1), glyf.length) : offset(g + 1)
            guard start <= glyf.length, end <= glyf.length else {
                throw .damagedTable(name: name, table: "loca",
                                    reason: "glyph \(g) lies at bytes \(start)…\(end) of glyf, which has only \(glyf.length) bytes")
            }
            guard end >= start else {
                throw .damagedTable(name: name, table: "loca", reason: "the offsets go backwards at glyph \(g) (\(start), then \(end))")
            }
            if end > start { try checkGlyph(r, at: glyf.offset + start, length: end - start, glyph: g, glyphCount: glyphCount, name: name) }
            start = end
        }
    }

    /// One glyph's header: a contour count of -1 (composite) or more, then for a simple glyph rising
    /// end points and instructions within the glyph, for a composite glyph a first component that exists.
    private static func checkGlyph(_ r: BigEndian, at o: Int, length: Int, glyph g: Int, glyphCount: Int,
                                   name: String) throws(FontError) {
        func bad(_ why: String) -> FontError { .damagedTable(name: name, table: "glyf", reason: "glyph \(g) \(why)") }
        guard length >= 10 else { throw bad("has \(length) bytes, too few for a glyph header") }
        let contours = r.i16(o)
        if contours == -1 {
            guard length >= 14 else { throw bad("is composite but has no room for a component") }
            let component = r.u16(o + 12)
            guard component < glyphCount else { throw bad("uses glyph \(component), beyond the font's \(glyphCount) glyphs") }
            return
        }
        guard contours >= 0 else { throw bad("has \(contours) contours") }
        let instructionsAt = 10 + 2 * contours
        guard instructionsAt + 2 <= length else { throw bad("has \(contours) contours, more than its \(length) bytes can hold") }
        var last = -1
        for c in 0..<contours {
            let endPoint = r.u16(o + 10 + 2 * c)
            guard endPoint > last else { throw bad("has contour end points that do not rise (\(last), then \(endPoint))") }
            last = endPoint
        }
        let instructions = r.u16(o + instructionsAt)
        // Then the points' flags (which may repeat, so their count is not known yet) and coordinates.
        guard instructionsAt + 2 + instructions + (contours > 0 ? 1 : 0) <= length else {
            throw bad("has \(instructions) bytes of instructions, more than its \(length) bytes hold")
        }
    }

    /// The `cmap` header and subtable records, and at least one Unicode subtable in a known format.
    private static func checkCmap(_ r: BigEndian, _ cmap: SfntDirectory.Table, name: String) throws(FontError) {
        func bad(_ why: String) -> FontError { .damagedTable(name: name, table: "cmap", reason: why) }
        guard cmap.length >= 4 else { throw short(name, cmap, 4) }
        let o = cmap.offset
        let count = r.u16(o + 2)
        guard r.u16(o) == 0 else { throw bad("its version is \(r.u16(o)), not 0") }
        guard count > 0 else { throw bad("it has no subtables") }
        guard 4 + 8 * count <= cmap.length else { throw bad("it lists \(count) subtables, more than its \(cmap.length) bytes hold") }
        var unicode = 0
        for i in 0..<count {
            let record = o + 4 + 8 * i
            let platform = r.u16(record), encoding = r.u16(record + 2), at = r.u32(record + 4)
            guard at + 4 <= cmap.length else {
                throw bad("subtable \(i) starts at byte \(at), past the table's \(cmap.length) bytes")
            }
            let format = r.u16(o + at)
            let length: Int
            switch format {
            case 0, 2, 4, 6: length = r.u16(o + at + 2)
            case 8, 10, 12, 13: length = r.u32(o + at + 4)
            case 14: length = r.u32(o + at + 2)
            default: throw bad("subtable \(i) has the unknown format \(format)")
            }
            guard length >= 4, at + length <= cmap.length else {
                throw bad("subtable \(i) (format \(format), \(length) bytes at byte \(at)) runs past the table's \(cmap.length) bytes")
            }
            let isUnicode = platform == 0 || (platform == 3 && [0, 1, 10].contains(encoding)) || (platform == 1 && encoding == 0)
            if isUnicode && format != 14 { unicode += 1 }
        }
        guard unicode > 0 else { throw bad("it has no Unicode (or Macintosh Roman) subtable, so no character can be found") }
    }

    private static func short(_ name: String, _ table: SfntDirectory.Table, _ need: Int, what: String? = nil) -> FontError {
        .damagedTable(name: name, table: table.tag,
                      reason: "it has \(table.length) bytes, fewer than the \(need) \(what.map { "its " + $0 + " need" } ?? "it needs")")
    }
}
