import Foundation
import TestSupport
import Testing
import Shaping

/// Damaged fonts through the real binary (issue 13, row 6): `pathtext render --font t.ttf` exits 1
/// with a message naming the file and what is wrong, and leaves no output file (nor a temporary one).
@Suite struct DamagedFontCLITests {
    static let sans = [UInt8](FileManager.default.contents(atPath: packageRoot + "/Fonts/NotoSans-Regular.ttf")!)

    /// What `render` prints for each damage of Noto Sans Regular written to `t.ttf`.
    static let expected: [(FontDamage, String)] = [
        (.truncatedAt40k, "its DSIG table is damaged: the file ends at byte 40960 but the table runs to byte 512672 (so do GDEF, GPOS, GSUB, gasp, glyf, name and 1 more): the file is truncated or damaged"),
        (.truncatedAt200k, "its DSIG table is damaged: the file ends at byte 200000 but the table runs to byte 512672 (so do GDEF, GPOS, GSUB, gasp, glyf, name and 1 more): the file is truncated or damaged"),
        (.glyfFlipped, "its glyf table is damaged: glyph 0 has -3 contours"),
        (.locaFF, "its loca table is damaged: glyph 0 lies at bytes 4294967295…4294967295 of glyf, which has only 364748 bytes"),
        (.zeroGlyphs, "it has no glyphs (maxp numGlyphs is 0)"),
        (.glyfLength2G, "its glyf table is damaged: the file ends at byte 512672 but the table runs to byte 2147517540: the file is truncated or damaged"),
        (.hmtxFFFF, "its hmtx table is damaged: glyph 0 advances 65535 units (65.5 em), more than hhea's widest advance (2840) and 4 em"),
        (.cmapCorrupt, "its cmap table is damaged: subtable 0 starts at byte 2147418112, past the table's 2670 bytes"),
        (.cmapNoUnicode, "its cmap table is damaged: it has no Unicode (or Macintosh Roman) subtable, so no character can be found"),
        (.numTablesFFFF, "its table directory is damaged: it lists 65535 tables, whose entries would end at byte 1048572, past the end of the file (512672 bytes)"),
        (.hheaMissing, "it lacks the required table hhea"),
    ]

    /// A fresh folder for one test.
    static func folder(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pt-cli-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func render(font: String, text: String = "Hello", out: String) throws -> Run {
        try pathtext(["render", "--text", text, "--path", "M10 100 L490 100", "--font", font, "--out", out])
    }

    @Test(arguments: 0..<expected.count)
    func eachDamageIsAnErrorNamingTheFile(index: Int) throws {
        let (damage, message) = Self.expected[index]
        let dir = try Self.folder(damage.rawValue)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let font = dir + "/t.ttf"
        #expect(FileManager.default.createFile(atPath: font, contents: Data(damage.apply(to: Self.sans))))
        let r = try Self.render(font: font, out: dir + "/t.png")
        #expect(r.status == 1, "\(damage): \(r.stderr)")
        #expect(r.stderr == "pathtext: --font: \(font) is not a usable font: \(message)\n", "\(damage)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["t.ttf"], "\(damage): an output was left")
    }

    /// A glyph FreeType cannot load is an error when drawn, not a blank; text without it still renders.
    @Test func anUnloadableGlyphIsAnErrorWhenDrawn() throws {
        let dir = try Self.folder("glyph")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let font = dir + "/t.ttf"
        let h = 43  // "H" in Noto Sans Regular (hb-shape: glyph 43)
        #expect(FileManager.default.createFile(atPath: font, contents: Data(FontDamage.glyphUnloadable.apply(to: Self.sans, glyph: h))))
        let r = try Self.render(font: font, out: dir + "/t.png")
        #expect(r.status == 1)
        #expect(r.stderr == "pathtext: \(font): glyph 43 cannot be loaded (FreeType error 0x14: invalid outline); the font is damaged\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["t.ttf"])
        let ok = try Self.render(font: font, text: "ello", out: dir + "/ok.png")
        #expect(ok.status == 0 && ok.stderr.isEmpty, "\(ok.stderr)")
    }

    /// WOFF and WOFF2 are decoded and drawn with the font itself: the same placements as the TTF.
    @Test func webFontsRenderLikeTheTTF() throws {
        func placements(_ font: String) throws -> String {
            let r = try pathtext(["layout", "--text", "שלום", "--path", "M10 100 L490 100", "--font", font])
            #expect(r.status == 0, "\(font): \(r.stderr)")
            return r.stdout.replacingOccurrences(of: "\"\(URL(fileURLWithPath: font).lastPathComponent)\"", with: "\"F\"")
                .replacingOccurrences(of: #""path":"[^"]*""#, with: #""path":"P""#, options: .regularExpression)
        }
        let ttf = try placements(packageRoot + "/fixtures/fuzz/FuzzFontTables/hebrew.ttf")
        #expect(ttf.contains("\"font\":\"F\""))
        for ext in ["woff", "woff2"] {
            #expect(try placements(packageRoot + "/fixtures/fuzz/FuzzFontTables/hebrew.\(ext)") == ttf, "\(ext)")
        }
    }

    /// A font file over the limit is refused before it is read (a sparse 100 MB file: instant).
    @Test func aHugeFontIsRefusedBeforeReading() throws {
        let dir = try Self.folder("huge")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let font = dir + "/big.ttf"
        #expect(FileManager.default.createFile(atPath: font, contents: nil))
        #expect(truncate(font, 100_000_000) == 0)
        let r = try Self.render(font: font, out: dir + "/t.png")
        #expect(r.status == 1)
        #expect(r.stderr == "pathtext: --font: font file \(font) is too large: 100.0 MB, over the limit of 64.0 MB for one font\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["big.ttf"])
    }
}
