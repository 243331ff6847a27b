import Testing
import Foundation
import PathText

/// `pathtext layout` with the system's fonts (issue 15's must-show) and without them.
@Suite struct SystemFontsCommandTests {
    static let text = "東京タワー 서울 上海 😀👍🏽"

    @Test func everyGlyphNamesARealFontFileAndNoneIsNotdef() throws {
        let r = try pathtext(["layout", "--text", Self.text, "--path", "M 0 100 L 1000 100"])
        #expect(r.status == 0)
        #expect(!r.stderr.contains("warning"), "\(r.stderr)")  // (under ASan, LeakSanitizer adds its summary)
        let o = try #require(try json(r.stdout) as? [String: Any])
        let labels = try #require(o["labels"] as? [[String: Any]])
        let glyphs = try #require(labels.first?["glyphs"] as? [[String: Any]])
        let fonts = try #require(o["fonts"] as? [[String: Any]])
        #expect(glyphs.count == 14)  // 5 + space + 2 + space + 2 + space + 2 emoji
        for g in glyphs {
            #expect((g["glyph"] as? Int ?? 0) != 0, "\(g)")
            let index = try #require(g["fontIndex"] as? Int)
            let file = try #require(fonts[index]["path"] as? String)
            let name = try #require(g["font"] as? String)
            #expect(file.hasPrefix("/") && file.hasSuffix("/" + name) && FileManager.default.fileExists(atPath: file), "\(file)")
        }
        // None from the embedded stack, and the emoji from another font than the CJK (the colour font).
        // (Not a count of fonts: with fonts-noto-cjk installed one font draws kana, Han and Hangul alike.)
        let names = glyphs.map { $0["font"] as? String ?? "" }
        #expect(names.allSatisfy { !DefaultFonts.stackFileNames.contains($0) }, "\(names)")
        let cjk = Set(names.prefix(5)), emoji = Set(names.suffix(2))
        #expect(cjk.isDisjoint(with: emoji), "\(cjk) \(emoji)")
    }

    @Test func withoutSystemFontsCJKIsNotdefWithTheWarning() throws {
        let r = try pathtext(["layout", "--text", Self.text, "--path", "M 0 100 L 1000 100", "--no-system-fonts"])
        #expect(r.status == 0)
        let o = try #require(try json(r.stdout) as? [String: Any])
        let glyphs = try #require((o["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        #expect(glyphs.filter { ($0["glyph"] as? Int) == 0 }.count == 12)  // 9 CJK, 😀, and 👍🏽 as two
        #expect(r.stderr.contains("warning: missing-glyph: no font in the stack (NotoSans-Regular.ttf, NotoSansArabic-Regular.ttf"))
        #expect(r.stderr.contains("covers U+6771; drawn as .notdef of NotoSans-Regular.ttf (at byte 0)"))
        #expect(!r.stderr.contains("or on the system"))
    }

    /// The missing-glyph diagnostics of one placements reply: (cluster, code points) per diagnostic.
    static func missing(_ reply: String) throws -> [[Int]] {
        let o = try #require(try json(reply) as? [String: Any])
        let label = try #require((o["labels"] as? [[String: Any]])?.first)
        let diagnostics = label["diagnostics"] as? [[String: Any]] ?? []
        return diagnostics.filter { $0["code"] as? String == "missing-glyph" }.map { d in
            (d["clusters"] as? [Int] ?? []) + (d["codePoints"] as? [Int] ?? [])
        }
    }

    /// Issue 22: `systemFonts: false` in a batch line, and `--batch --no-system-fonts`, both give .notdef
    /// with missing-glyph diagnostics that carry the code points, whatever fonts the machine has.
    @Test func batchHonoursSystemFontsOffAsKeyAndAsFlag() throws {
        let byKey = try pathtext(["layout", "--batch"], stdin: #"{"text":"東京","path":"M0 0 L300 0","systemFonts":false}"# + "\n")
        let byFlag = try pathtext(["layout", "--batch", "--no-system-fonts"], stdin: #"{"text":"東京","path":"M0 0 L300 0"}"# + "\n")
        for r in [byKey, byFlag] {
            #expect(r.status == 0, "\(r.stderr)")
            let stdout = String(decoding: r.stdout, as: UTF8.self)
            #expect(try Self.missing(stdout) == [[0, 0x6771], [3, 0x4EAC]])
            #expect(!stdout.contains("or on the system"))
            let o = try #require(try json(stdout) as? [String: Any])
            let glyphs = try #require((o["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
            #expect(glyphs.map { $0["glyph"] as? Int } == [0, 0])
        }
        // With system fonts on (the default) this machine's CJK font covers both: no diagnostic.
        let on = try pathtext(["layout", "--batch"], stdin: #"{"text":"東京","path":"M0 0 L300 0"}"# + "\n")
        #expect(try Self.missing(String(decoding: on.stdout, as: UTF8.self)).isEmpty)
        // The flag wins over a request that asks for system fonts.
        let forced = try pathtext(["layout", "--batch", "--no-system-fonts"],
                                  stdin: #"{"text":"東京","path":"M0 0 L300 0","systemFonts":true}"# + "\n")
        #expect(try Self.missing(String(decoding: forced.stdout, as: UTF8.self)).count == 2)
    }

    /// The CLI's stderr is generated from the same records as the JSON: `warning: CODE: message`.
    @Test func stderrWarningsCarryTheCode() throws {
        let r = try pathtext(["layout", "--text", "a東", "--path", "M0 0 L300 0", "--system-fonts", "false"])
        #expect(r.status == 0)
        #expect(r.stderr == "warning: missing-glyph: no font in the stack (NotoSans-Regular.ttf, NotoSansArabic-Regular.ttf, "
                + "NotoSansHebrew-Regular.ttf, NotoSansDevanagari-Regular.ttf, NotoSansThai-Regular.ttf) covers U+6771; "
                + "drawn as .notdef of NotoSans-Regular.ttf (at byte 1)\n")
        #expect(try Self.missing(r.stdout) == [[1, 0x6771]])
    }
}
