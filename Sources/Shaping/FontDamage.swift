/// Ways to damage a font's bytes on purpose, as a hostile or broken file would: for the tests of
/// ``FontValidator`` and the seeds of the `FuzzFontTables` fuzzer. Not used by the library itself.
package enum FontDamage: String, CaseIterable, Sendable {
    /// The first 40 960 bytes only (or the first half of a smaller font).
    case truncatedAt40k = "truncated-40k"
    /// The first 200 000 bytes only (or the first three quarters of a smaller font).
    case truncatedAt200k = "truncated-200k"
    /// Every byte of `glyf` inverted.
    case glyfFlipped = "glyf-flipped"
    /// Every byte of `loca` set to 0xFF.
    case locaFF = "loca-ff"
    /// `maxp`'s glyph count set to 0.
    case zeroGlyphs = "numglyphs-0"
    /// `glyf`'s length in the table directory set to 2³¹.
    case glyfLength2G = "glyf-length-2g"
    /// Every advance in `hmtx` set to 0xFFFF.
    case hmtxFFFF = "hmtx-ffff"
    /// Every `cmap` subtable record pointing far past the table.
    case cmapCorrupt = "cmap-corrupt"
    /// Every `cmap` subtable record moved to a platform without Unicode (2, ISO), so nothing maps.
    case cmapNoUnicode = "cmap-no-unicode"
    /// The table count set to 0xFFFF.
    case numTablesFFFF = "numtables-ffff"
    /// The `hhea` table renamed, so the font lacks it.
    case hheaMissing = "hhea-missing"
    /// The first glyph with contours drawing a letter keeps its header but has its instruction length
    /// grown so that its points' flags and coordinates no longer fit: it passes the load-time checks
    /// and fails in FreeType when drawn.
    case glyphUnloadable = "glyph-unloadable"

    /// `font` with this damage applied (unchanged when the table concerned is absent).
    /// - Parameter glyph: for ``glyphUnloadable``, the glyph to damage.
    package func apply(to font: [UInt8], glyph: Int = 0) -> [UInt8] {
        var b = font
        let directory = b.withUnsafeBytes { try? SfntDirectory($0, name: "font") }
        func table(_ tag: String) -> SfntDirectory.Table? { directory?[tag: tag] }
        func put16(_ at: Int, _ v: Int) { b[at] = UInt8(truncatingIfNeeded: v >> 8); b[at + 1] = UInt8(truncatingIfNeeded: v) }
        func put32(_ at: Int, _ v: Int) { put16(at, v >> 16); put16(at + 2, v) }
        func get16(_ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
        switch self {
        case .truncatedAt40k: return Array(font.prefix(font.count > 40_960 ? 40_960 : font.count / 2))
        case .truncatedAt200k: return Array(font.prefix(font.count > 200_000 ? 200_000 : font.count * 3 / 4))
        case .glyfFlipped:
            if let t = table("glyf") { for i in t.offset..<t.offset + t.length { b[i] ^= 0xFF } }
        case .locaFF:
            if let t = table("loca") { for i in t.offset..<t.offset + t.length { b[i] = 0xFF } }
        case .zeroGlyphs:
            if let t = table("maxp") { put16(t.offset + 4, 0) }
        case .glyfLength2G:
            if let t = table("glyf") { put32(t.recordOffset + 12, 1 << 31) }
        case .hmtxFFFF:
            if let t = table("hmtx"), let h = table("hhea") {
                for g in 0..<get16(h.offset + 34) { put16(t.offset + 4 * g, 0xFFFF) }
            }
        case .cmapCorrupt, .cmapNoUnicode:
            if let t = table("cmap") {
                for i in 0..<get16(t.offset + 2) {
                    let record = t.offset + 4 + 8 * i
                    if self == .cmapCorrupt { put32(record + 4, 0x7FFF_0000 + i) } else { put16(record, 2) }
                }
            }
        case .numTablesFFFF: put16(4, 0xFFFF)
        case .hheaMissing:
            if let t = table("hhea") { b.replaceSubrange(t.recordOffset..<t.recordOffset + 4, with: Array("hhez".utf8)) }
        case .glyphUnloadable:
            if let glyf = table("glyf"), let loca = table("loca"), let head = table("head") {
                let long = get16(head.offset + 50) == 1
                func offset(_ g: Int) -> Int {
                    long ? get16(loca.offset + 4 * g) << 16 | get16(loca.offset + 4 * g + 2) : 2 * get16(loca.offset + 2 * g)
                }
                let start = glyf.offset + offset(glyph), length = offset(glyph + 1) - offset(glyph)
                let contours = get16(start)
                guard length > 12, contours > 0, contours < 0x8000 else { return b }
                // Leave exactly one byte after the instructions: one flag, no coordinates.
                let at = 10 + 2 * contours
                put16(start + at, length - at - 3)
            }
        }
        return b
    }
}
