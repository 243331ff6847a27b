import Foundation
import Testing
import Geometry
@testable import Shaping
import TestSupport

/// Damaged fonts are errors that name the file and what is wrong, never blank glyphs or a quiet
/// fallback (issue 13, row 6). Each font is Noto Sans Regular damaged by byte patching (``FontDamage``).
@Suite struct FontDamageTests {
    static let sansBytes = [UInt8](FileManager.default.contents(atPath: fontsDir + "/NotoSans-Regular.ttf")!)

    /// Loads `bytes` as a font named `t.ttf` and returns the error, or `nil` when it loads.
    static func loadError(_ bytes: [UInt8]) -> FontError? {
        do { _ = try Typeface(bytes: bytes, name: "t.ttf"); return nil } catch { return error }
    }

    @Test func theUndamagedFontLoads() throws {
        #expect(Self.loadError(Self.sansBytes) == nil)
        // The directory reader agrees with the file: 18 tables, glyf where hb-shape's font has it.
        let dir = try Self.sansBytes.withUnsafeBytes { try SfntDirectory($0, name: "t.ttf") }
        #expect(dir.tables.count == 18)
        #expect(dir[tag: "glyf"]?.length == 364_748)
        // Every recorded checksum but head's (which holds checkSumAdjustment) matches the bytes.
        let wrong = Self.sansBytes.withUnsafeBytes { b in
            dir.tables.filter { $0.tag != "head" && SfntDirectory.checksum(b, offset: $0.offset, length: $0.length) != $0.checksum }
        }
        #expect(wrong.isEmpty, "\(wrong.map(\.tag))")
    }

    @Test func truncatedFilesNameTheTablesPastTheEnd() {
        for damage in [FontDamage.truncatedAt40k, .truncatedAt200k] {
            let e = Self.loadError(damage.apply(to: Self.sansBytes))
            guard case .damagedTable(let name, let table, let reason) = e else { Issue.record("\(damage): \(String(describing: e))"); continue }
            #expect(name == "t.ttf")
            #expect(table == "DSIG")  // the first entry of the directory whose bytes are gone
            let size = damage == .truncatedAt40k ? 40_960 : 200_000
            #expect(reason.hasPrefix("the file ends at byte \(size) but the table runs to byte 512672"), "\(reason)")
            #expect(reason.contains("glyf") && reason.hasSuffix("the file is truncated or damaged"))
        }
    }

    @Test func glyfAndLocaDamage() {
        #expect(Self.loadError(FontDamage.glyfFlipped.apply(to: Self.sansBytes))
                == .damagedTable(name: "t.ttf", table: "glyf", reason: "glyph 0 has -3 contours"))
        #expect(Self.loadError(FontDamage.locaFF.apply(to: Self.sansBytes))
                == .damagedTable(name: "t.ttf", table: "loca",
                                 reason: "glyph 0 lies at bytes 4294967295…4294967295 of glyf, which has only 364748 bytes"))
        let e = Self.loadError(FontDamage.glyfLength2G.apply(to: Self.sansBytes))
        #expect(e == .damagedTable(name: "t.ttf", table: "glyf",
                                   reason: "the file ends at byte 512672 but the table runs to byte \(33_892 + (1 << 31)): the file is truncated or damaged"))
    }

    @Test func zeroGlyphsMissingTablesAndTheDirectory() {
        #expect(Self.loadError(FontDamage.zeroGlyphs.apply(to: Self.sansBytes)) == .noGlyphs(name: "t.ttf"))
        #expect(Self.loadError(FontDamage.hheaMissing.apply(to: Self.sansBytes)) == .missingTables(name: "t.ttf", tables: ["hhea"]))
        #expect(Self.loadError(FontDamage.numTablesFFFF.apply(to: Self.sansBytes))
                == .damagedTable(name: "t.ttf", table: "table directory",
                                 reason: "it lists 65535 tables, whose entries would end at byte 1048572, past the end of the file (512672 bytes)"))
        // Not a font at all, and an empty or tiny file.
        #expect(Self.loadError(Array("This is not a font, only text.".utf8))
                == .invalidFont(name: "t.ttf", reason: "it is not a TrueType or OpenType font (it starts with the bytes 54 68 69 73)"))
        #expect(Self.loadError([0, 1, 0, 0]) == .invalidFont(name: "t.ttf", reason: "the file is only 4 bytes, too short for a font"))
    }

    @Test func absurdAdvancesAndCorruptCmaps() {
        #expect(Self.loadError(FontDamage.hmtxFFFF.apply(to: Self.sansBytes))
                == .damagedTable(name: "t.ttf", table: "hmtx",
                                 reason: "glyph 0 advances 65535 units (65.5 em), more than hhea's widest advance (2840) and 4 em"))
        guard case .damagedTable(_, "cmap", let reason) = Self.loadError(FontDamage.cmapCorrupt.apply(to: Self.sansBytes)) else {
            Issue.record("corrupt cmap loaded"); return
        }
        #expect(reason.hasPrefix("subtable 0 starts at byte 2147418112, past the table's"), "\(reason)")
        #expect(Self.loadError(FontDamage.cmapNoUnicode.apply(to: Self.sansBytes))
                == .damagedTable(name: "t.ttf", table: "cmap", reason: "it has no Unicode (or Macintosh Roman) subtable, so no character can be found"))
    }

    /// Errors name the file by the path the caller gave.
    @Test func errorsFromFilesNameThePath() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pt-damaged-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/flipped.ttf"
        try Data(FontDamage.glyfFlipped.apply(to: Self.sansBytes)).write(to: URL(fileURLWithPath: path))
        #expect(throws: FontError.damagedTable(name: path, table: "glyf", reason: "glyph 0 has -3 contours")) { try Typeface(path: path) }
        let message = FontError.damagedTable(name: path, table: "glyf", reason: "glyph 0 has -3 contours").description
        #expect(message == "\(path) is not a usable font: its glyf table is damaged: glyph 0 has -3 contours")
    }

    /// The size is checked before reading; folders and FIFOs are refused without blocking.
    @Test func sizeLimitAndSpecialFiles() throws {
        let path = fontsDir + "/NotoSans-Regular.ttf"
        #expect(throws: FontError.fileTooLarge(path: path, bytes: 512_672, limit: 500_000)) {
            try Typeface(path: path, maximumFileSize: 500_000)
        }
        #expect(FontError.fileTooLarge(path: "big.ttf", bytes: 1_073_741_824, limit: 64_000_000).description
                == "font file big.ttf is too large: 1.1 GB, over the limit of 64.0 MB for one font")
        // A sparse 100 MB file is refused at once (nothing is read or allocated).
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pt-big-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.path + "/big.ttf"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 100_000_000) == 0)
        #expect(throws: FontError.fileTooLarge(path: big, bytes: 100_000_000, limit: Typeface.defaultMaximumFileSize)) { try Typeface(path: big) }
        #expect(throws: FontError.unreadable(path: dir.path, reason: "it is a folder")) { try Typeface(path: dir.path) }
        let fifo = dir.path + "/pipe.ttf"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FontError.unreadable(path: fifo, reason: "it is not a regular file (a device, FIFO or socket)")) { try Typeface(path: fifo) }
        let empty = dir.path + "/empty.ttf"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: FontError.invalidFont(name: empty, reason: "the file is empty")) { try Typeface(path: empty) }
    }

    /// A glyph that passes the load-time checks but that FreeType cannot load is an error when its
    /// outline is needed, not a blank.
    @Test func aGlyphFreeTypeCannotLoadIsAnError() throws {
        let h = try #require(TestFonts.sans.harfBuzz.glyph(for: "H"))
        let font = try Typeface(bytes: FontDamage.glyphUnloadable.apply(to: Self.sansBytes, glyph: Int(h)), name: "t.ttf")
        #expect(throws: FontError.unreadableGlyph(name: "t.ttf", glyph: h, reason: "FreeType error 0x14: invalid outline")) {
            try font.checkedOutline(glyph: h)
        }
        #expect(font.outline(glyph: h).subpaths.isEmpty)
        // Other glyphs are untouched.
        let e = try #require(font.harfBuzz.glyph(for: "e"))
        #expect(try font.checkedOutline(glyph: e) == TestFonts.sans.outline(glyph: e))
    }

    /// FuzzFontTables: a damaged cmap maps a character to glyph 31744 of 149. HarfBuzz passes the id on;
    /// its outline is an error that says so (LabelLayout then refuses to place it).
    @Test func aGlyphIdBeyondTheFontIsAnError() throws {
        let path = packageRoot + "/fixtures/fuzz/regressions/FuzzFontTables/cmap-glyph-beyond-count.ttf"
        let font = try Typeface(path: path)
        let line = Shaper.shape(AttributedText("Hello שָׁלוֹם", attributes: TextAttributes(fonts: [font], size: 20)))
        let beyond = line.glyphs.map(\.glyph).filter { $0 >= UInt32(font.glyphCount) }
        #expect(font.glyphCount == 149 && beyond.contains(31_744), "\(beyond)")
        #expect(throws: FontError.unreadableGlyph(name: path, glyph: 31_744,
                                                  reason: "it is beyond the font's 149 glyphs: the font's cmap or substitutions are damaged")) {
            try font.checkedOutline(glyph: 31_744)
        }
    }

    /// WOFF and WOFF2 are decoded (FreeType: zlib and Brotli) into the same font as the TTF.
    @Test(arguments: ["woff", "woff2"])
    func webFontsDecodeToTheSameFont(ext: String) throws {
        let path = packageRoot + "/fixtures/fuzz/FuzzFontTables/hebrew.\(ext)"
        let web = try Typeface(path: path)
        let ttf = TestFonts.hebrew
        #expect(web.glyphCount == ttf.glyphCount && web.unitsPerEm == ttf.unitsPerEm && web.familyName == ttf.familyName)
        let text = "שָׁלוֹם"
        let a = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [web], size: 40)))
        let b = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [ttf], size: 40)))
        #expect(a.glyphs.map(\.glyph) == b.glyphs.map(\.glyph) && a.glyphs.map(\.advance) == b.glyphs.map(\.advance))
        #expect(a.glyphs.allSatisfy { a.font(of: $0) === web })  // drawn with the web font, not the fallback
        for g in a.glyphs { #expect(try web.checkedOutline(glyph: g.glyph) == ttf.outline(glyph: g.glyph)) }
    }

    @Test func damagedWebFontsAreErrorsByName() throws {
        let woff = [UInt8](try #require(FileManager.default.contents(atPath: packageRoot + "/fixtures/fuzz/FuzzFontTables/hebrew.woff2")))
        let e = Self.loadError(Array(woff.prefix(5000)))
        guard case .invalidFont(let name, let reason) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(name == "t.ttf" && reason.hasPrefix("its WOFF2 data cannot be decoded (FreeType error"), "\(reason)")
    }

    /// Every installed font that loaded before still loads: the checks accept real fonts.
    @Test func installedFontsPassTheChecks() throws {
        let folders = ["/usr/share/fonts/truetype", "/usr/share/fonts/opentype"]
        var checked = 0
        for folder in folders {
            for file in FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            where file.hasSuffix(".ttf") || file.hasSuffix(".otf") || file.hasSuffix(".ttc") {
                let data = try FontData.read(path: folder + "/" + file)
                do {
                    try FontValidator.validate(data.bytes, faceIndex: 0, name: file)
                    checked += 1
                } catch {
                    // Colour-bitmap-only emoji have no outlines; Typeface refuses them as unscalable later.
                    Issue.record("\(file): \(error)")
                }
            }
        }
        #expect(checked >= 20)
    }
}

/// The package's top folder.
let packageRoot = PackagePaths.root
