import Foundation
import Testing
import Geometry
@testable import Shaping

/// Typeface collections, Fontconfig lookup, metrics, errors and sharing fonts between threads.
@Suite struct FontLoadingTests {
    /// A TrueType collection of `files` built in memory: the 'ttcf' header, then each font with its
    /// table offsets moved to be relative to the collection's start. (No .ttc is installed here.)
    static func collection(of files: [String]) throws -> [UInt8] {
        let fonts = try files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let headerSize = 12 + 4 * fonts.count
        var out: [UInt8] = Array("ttcf".utf8) + be32(0x0001_0000) + be32(fonts.count)
        var starts: [Int] = [], offset = headerSize
        for f in fonts { starts.append(offset); offset += (f.count + 3) & ~3 }
        for s in starts { out += be32(s) }
        for (f, start) in zip(fonts, starts) {
            var f = f
            let numTables = Int(f[4]) << 8 | Int(f[5])
            for t in 0..<numTables {
                let p = 12 + 16 * t + 8
                let old = f[p..<p + 4].reduce(0) { $0 << 8 | Int($1) }
                f.replaceSubrange(p..<p + 4, with: be32(old + start))
            }
            out += f + [UInt8](repeating: 0, count: ((f.count + 3) & ~3) - f.count)
        }
        return out
    }

    @Test func facesOfACollection() throws {
        let ttc = try Self.collection(of: [fontsDir + "/NotoSans-Regular.ttf", fontsDir + "/NotoSans-Bold.ttf"])
        let regular = try Typeface(bytes: ttc, name: "pair.ttc", faceIndex: 0)
        let bold = try Typeface(bytes: ttc, name: "pair.ttc", faceIndex: 1)
        #expect(regular.styleName == "Regular" && bold.styleName == "Bold")
        #expect(regular.faceIndex == 0 && bold.faceIndex == 1)
        // HarfBuzz reads the same face as FreeType: bold glyphs are wider.
        let r = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [regular], size: 100)))
        let b = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [bold], size: 100)))
        let bStandalone = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [TestFonts.sansBold], size: 100)))
        #expect(b.advance == bStandalone.advance)
        #expect(r.advance < b.advance)
        #expect(throws: FontError.faceIndexOutOfRange(name: "pair.ttc", index: 2, count: 2)) {
            try Typeface(bytes: ttc, name: "pair.ttc", faceIndex: 2)
        }
        #expect(throws: FontError.faceIndexOutOfRange(name: fontsDir + "/NotoSans-Regular.ttf", index: 1, count: 1)) {
            try Typeface(path: fontsDir + "/NotoSans-Regular.ttf", faceIndex: 1)
        }
    }

    @Test func fontconfigFindsFamilyAndStyle() throws {
        let bold = try Typeface(family: "Noto Sans", style: "Bold")
        #expect(bold.familyName == "Noto Sans" && bold.styleName == "Bold")
        #expect(bold.name == "NotoSans-Bold.ttf")
        let regular = try FontLookup.font(family: "noto sans")
        #expect(regular.styleName == "Regular")
        #expect(throws: FontError.familyNotFound("No Such Family Xyzzy")) { try Typeface(family: "No Such Family Xyzzy") }
        #expect(throws: FontError.familyNotFound("Noto Sans:style=Ultra Wobbly")) { try Typeface(family: "Noto Sans", style: "Ultra Wobbly") }
    }

    @Test func fontconfigNamedInstanceOfAVariableFont() throws {
        let interBold = try Typeface(family: "Inter", style: "Bold")
        #expect(interBold.variations.first { $0.tag == "wght" }?.value == 700)
        let explicit = try Typeface(path: TestFonts.interPath, variations: FontVariation.parse("wght=700"))
        let a = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [interBold], size: 50)))
        let b = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [explicit], size: 50)))
        #expect(a.advance == b.advance)
    }

    @Test func metricsInPixels() {
        let m = TestFonts.sans.metrics(size: 50)
        #expect(abs(m.xHeight - 536 * 0.05) < 1e-9)   // OS/2 sxHeight 536
        #expect(abs(m.capHeight - 714 * 0.05) < 1e-9) // OS/2 sCapHeight 714
        #expect(abs(m.lineGap) < 1e-9)
        // Linear in size.
        let m2 = TestFonts.sans.metrics(size: 100)
        #expect(abs(m2.capHeight - 2 * m.capHeight) < 1e-9 && m2.size == 100 && m2.unitsPerEm == 1000)
        // The cap height agrees with the ink of "H" (flat top, no overshoot).
        let h = TestFonts.sans.outline(glyph: TestFonts.sans.harfBuzz.glyph(for: "H")!, size: 50)
        let top = h.flattened(tolerance: 0.01).flatMap { $0.map(\.y) }.min()!
        #expect(abs(-top - m.capHeight) < 1e-9)
    }

    @Test func corruptFontNamesTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-shaping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("Broken.ttf").path
        // A real header followed by nothing: truncated.
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fontsDir + "/NotoSans-Regular.ttf")).prefix(200))
        #expect(FileManager.default.createFile(atPath: bad, contents: Data(head)))
        do {
            _ = try Typeface(path: bad)
            Issue.record("a truncated font loaded")
        } catch {
            #expect(error.description.contains("Broken.ttf"))
        }
        #expect(throws: FontError.unreadable(path: dir.path, reason: "it is a folder")) { try Typeface(path: dir.path) }
        let missing = FontError.unreadable(path: "/nope/Missing.ttf", reason: "no such file")
        #expect(missing.description.contains("/nope/Missing.ttf"))
    }

    @Test func sharedFontsFromEightTasks() async throws {
        // Fresh fonts, so outline loads (FreeType, behind the font's lock) and shaping (HarfBuzz,
        // lock-free) really happen from eight tasks at once rather than from a warm cache.
        let shared = try DefaultFonts.stackFileNames.map { try Typeface(path: fontsDir + "/" + $0) }
        let texts = ["Hello שלום world", "Cairo القاهرة 2024", "नमस्ते Hello", "สวัสดีครับ", "office AVATAR"]
        func summary(_ line: ShapedLine) -> [String] {
            line.glyphs.map { g in
                let font = line.font(of: g), ink = font.outline(glyph: g.glyph, size: 24).segments
                return "\(g.glyph) \(g.cluster) \(g.advance) \(font.name) \(ink.count) \(ink.first.map { "\($0.end)" } ?? "-")"
            }
        }
        let expected = texts.map { summary(Shaper.shape(AttributedText($0, attributes: TextAttributes(fonts: TestFonts.stack, size: 24)))) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var bad = 0
                    for round in 0..<40 {
                        let i = (task + round) % texts.count
                        let line = Shaper.shape(AttributedText(texts[i], attributes: TextAttributes(fonts: shared, size: 24)))
                        if summary(line) != expected[i] { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
