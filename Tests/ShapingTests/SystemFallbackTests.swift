import Foundation
import Testing
@testable import Shaping

/// System font fallback through Fontconfig, with the fonts `scripts/install-deps` installs
/// (IPAex Gothic, Droid Sans Fallback, Lexi Gulim, Noto Color Emoji).
@Suite struct SystemFallbackTests {
    static func shape(_ text: String, lang: String? = nil, system: Bool = true, fonts: [Typeface] = TestFonts.stack) -> ShapedLine {
        Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: fonts, size: 32, language: lang, systemFallback: system)))
    }

    @Test func cjkAndEmojiFindSystemFontsWithNoNotdef() throws {
        let line = Self.shape("東京タワー 서울 上海 😀👍🏽")
        #expect(line.diagnostics.isEmpty, "\(line.diagnostics)")
        #expect(!line.glyphs.isEmpty)
        let scalars = Array(line.text.utf8)
        for g in line.glyphs {
            #expect(g.glyph != 0, "cluster \(g.cluster) drawn as .notdef of \(line.font(of: g).name)")
            let path = try #require(line.font(of: g).path)
            #expect(path.hasPrefix("/") && FileManager.default.fileExists(atPath: path), "\(path)")
            // The font really maps the cluster's first character.
            let s = String(decoding: scalars[g.cluster...].prefix(4), as: UTF8.self).unicodeScalars.first!
            #expect(line.font(of: g).covers(s) || ScalarProperties.isDefaultIgnorable(s))
        }
        // The CJK and the emoji come from system fonts, not the stack; the emoji from a colour font, the
        // CJK from fonts without colour glyphs. (Properties, not a count of fonts: with fonts-noto-cjk
        // installed one font draws kana, Han and Hangul alike.)
        let emojiStart = line.text.utf8.count - "😀👍🏽".utf8.count
        for g in line.glyphs where line.text.utf8[line.text.utf8.index(line.text.utf8.startIndex, offsetBy: g.cluster)] != 0x20 {
            let font = line.font(of: g)
            #expect(!TestFonts.stack.contains { $0 === font }, "cluster \(g.cluster) from the stack: \(font.name)")
            #expect(font.hasColorGlyphs == (g.cluster >= emojiStart), "cluster \(g.cluster): \(font.name)")
        }
    }

    @Test func withoutSystemFontsCJKIsNotdefWithADiagnostic() {
        let line = Self.shape("東京", system: false)
        #expect(line.glyphs.map(\.glyph) == [0, 0])
        #expect(line.glyphs.allSatisfy { line.font(of: $0) === TestFonts.sans })
        #expect(line.diagnostics.count == 2)
        #expect(line.diagnostics.first?.message.hasPrefix("no font in the stack (NotoSans-Regular.ttf,") == true)
        #expect(line.diagnostics.first?.message.contains("covers U+6771; drawn as .notdef of NotoSans-Regular.ttf") == true)
    }

    @Test func missingCoverageAfterEveryFallbackIsReported() {
        // A private-use code point no installed font has.
        let line = Self.shape("a\u{F8FF}\u{10FFFD}")
        #expect(line.glyphs.filter { $0.glyph == 0 }.count == 2)
        #expect(line.diagnostics.count == 2)
        #expect(line.diagnostics.allSatisfy { $0.message.contains("or on the system covers U+") })
    }

    /// One code point, two languages: Japanese and Chinese glyphs differ (here from the regional
    /// families Fontconfig picks for `ja` and `zh-cn`).
    @Test(arguments: ["直", "骨", "写"])
    func japaneseAndChineseGlyphsDiffer(character: String) throws {
        let ja = Self.shape(character, lang: "ja"), zh = Self.shape(character, lang: "zh-Hans")
        let gj = try #require(ja.glyphs.first), gz = try #require(zh.glyphs.first)
        #expect(ja.glyphs.count == 1 && zh.glyphs.count == 1)
        #expect(gj.glyph != 0 && gz.glyph != 0)
        let fj = ja.font(of: gj), fz = zh.font(of: gz)
        let oj = fj.outline(glyph: gj.glyph, size: 100), oz = fz.outline(glyph: gz.glyph, size: 100)
        #expect(!oj.isEmpty && !oz.isEmpty)
        #expect(oj != oz, "the same outline for ja and zh-Hans")
        #expect(fj !== fz || gj.glyph != gz.glyph)
        // zh-Hant asks Fontconfig for zh-tw, ja-JP for ja: the same answers as their neighbours here.
        #expect(Self.shape(character, lang: "ja-JP").fonts.first === fj)
    }

    /// Without a CJK language, Han takes the language its paragraph suggests: Japanese beside kana,
    /// Chinese alone; a non-CJK tag (`en`) counts as none.
    @Test func hanWithoutACJKLanguageFollowsTheParagraph() throws {
        for lang in [nil, "en"] as [String?] {
            let alone = try #require(Self.shape("直", lang: lang).firstGlyphFont)
            let withKana = try #require(Self.shape("直タ", lang: lang).firstGlyphFont)
            #expect(alone === Self.shape("直", lang: "zh-Hans").firstGlyphFont)
            #expect(withKana === Self.shape("直", lang: "ja").firstGlyphFont)
            #expect(alone !== withKana)
        }
    }

    /// The language also reaches HarfBuzz, which picks the font's `locl` glyphs (how a Pan-CJK font
    /// draws one code point the Japanese or the Chinese way): Noto Sans's Serbian б, as hb-shape gives it.
    @Test func theLanguageSelectsLocalizedGlyphs() throws {
        let serbian = Self.shape("б", lang: "sr").glyphs.map(\.glyph), russian = Self.shape("б", lang: "ru").glyphs.map(\.glyph)
        let path = fontsDir + "/NotoSans-Regular.ttf"
        #expect(serbian != russian)
        #expect(serbian == (try hbShape(path, "б", language: "sr")).map(\.g))
        #expect(russian == (try hbShape(path, "б", language: "ru")).map(\.g))
    }

    @Test func bcp47TagsMapToFontconfigLanguages() {
        let cases: [(String, String?)] = [
            ("zh-Hans", "zh-cn"), ("zh", "zh-cn"), ("zh-CN", "zh-cn"), ("zh-Hans-SG", "zh-sg"), ("zh-Hant", "zh-tw"),
            ("zh-TW", "zh-tw"), ("zh-HK", "zh-hk"), ("zh-Hant-HK", "zh-hk"), ("yue", "zh-hk"), ("ja", "ja"), ("ja-JP", "ja"),
            ("ko-KR", "ko"), ("pa-PK", "pa-pk"), ("sr-Latn", "sr"), ("ar", "ar"), ("qqq", nil), ("", nil),
        ]
        for (tag, expected) in cases { #expect(SystemFallback.fontconfigLanguage(tag) == expected, "\(tag)") }
    }

    @Test func spacesAndPunctuationInsideCJKKeepTheirFont() throws {
        let line = Self.shape("東京、タワー 上海。", lang: "ja")
        let font = try #require(line.firstGlyphFont)
        #expect(line.glyphs.allSatisfy { line.font(of: $0) === font && $0.glyph != 0 }, "\(line.fonts.map(\.name))")
        // Latin text after CJK text goes back to the stack's primary font.
        let mixed = Self.shape("東京 Tokyo", lang: "ja")
        #expect(mixed.glyphs.last.map(mixed.font(of:)) === TestFonts.sans)
        #expect(mixed.font(of: mixed.glyphs[2]) === font)  // the space
    }

    @Test func emojiPresentationTakesAColourFont() throws {
        // Default emoji presentation (Fontconfig's first choices are DejaVu Sans and Noto Sans Symbols2).
        for text in ["😀", "🌍", "⌚", "👍🏽", "🇯🇵", "1\u{FE0F}\u{20E3}", "☺\u{FE0F}", "👨‍👩‍👧"] {
            let line = Self.shape(text)
            #expect(line.diagnostics.isEmpty, "\(text): \(line.diagnostics)")
            #expect(line.glyphs.allSatisfy { line.font(of: $0).hasColorGlyphs && $0.glyph != 0 }, "\(text): \(line.fonts.map(\.name))")
        }
        // VS15 asks for text: a monochrome font.
        for text in ["😀\u{FE0E}", "☺\u{FE0E}"] {
            let line = Self.shape(text)
            #expect(line.glyphs.allSatisfy { !line.font(of: $0).hasColorGlyphs && $0.glyph != 0 }, "\(text): \(line.fonts.map(\.name))")
        }
        // Text-default ☺ without a selector: the first font that covers it, not the colour font.
        let smiley = Self.shape("☺")
        #expect(smiley.glyphs.allSatisfy { !smiley.font(of: $0).hasColorGlyphs })
        #expect(EmojiPresentation.of("a".unicodeScalars) == .unspecified)
        #expect(EmojiPresentation.of("😀".unicodeScalars) == .emoji)
        #expect(EmojiPresentation.of("😀\u{FE0E}".unicodeScalars) == .text)
        #expect(EmojiPresentation.of("#\u{FE0F}\u{20E3}".unicodeScalars) == .emoji)
    }

    /// ZWJ sequences, skin tones, keycaps and flags: one grapheme cluster each, one glyph each in Noto
    /// Color Emoji (its ligatures), one HarfBuzz cluster.
    @Test func emojiSequencesStaySingleClusters() throws {
        let sequences = ["👨‍👩‍👧", "👍🏽", "1\u{FE0F}\u{20E3}", "🇯🇵", "🏳️‍🌈", "👩🏾‍💻"]
        let text = sequences.joined()
        let line = Self.shape(text)
        #expect(line.diagnostics.isEmpty)
        var starts: [Int] = [], offset = 0
        for s in sequences { starts.append(offset); offset += s.utf8.count }
        #expect(line.glyphs.map(\.cluster) == starts)
        #expect(line.glyphs.allSatisfy { line.font(of: $0).hasColorGlyphs })
        // The itemizer's clusters agree.
        let clusters = Itemizer.clusters(of: text)
        #expect(clusters.ends.map { clusters.offsets[$0] } == starts.dropFirst() + [text.utf8.count])
    }

    @Test func answersAreCachedAndTheSameFromManyThreads() async throws {
        let texts = ["東京タワー", "서울", "上海", "😀👍🏽", "直", "骨"]
        let expected = texts.map { Self.shape($0).glyphsWithFontIdentities }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for k in 0..<16 {
                group.addTask {
                    let i = k % texts.count
                    return Self.shape(texts[i]).glyphsWithFontIdentities == expected[i]
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test func boldLabelsPreferBoldFallbackFaces() {
        // DejaVu Sans Bold covers ∰ (U+2230) as the regular does; a bold primary picks the bold face.
        let regular = Self.shape("∰", fonts: [TestFonts.sans]).firstGlyphFont
        let bold = Self.shape("∰", fonts: [TestFonts.sansBold]).firstGlyphFont
        #expect(regular != nil && bold != nil)
        #expect(TestFonts.sansBold.style.bold)
        if let bold { #expect(bold.styleName.lowercased().contains("bold"), "\(bold.name) \(bold.styleName)") }
    }
}

extension SystemFallbackTests {
    /// A variable font made bold by its `wght` axis asks fallback for the bold face, as a Bold style name
    /// does, and synthesis then has nothing to add: the two read the same style (`Typeface.style`).
    @Test func aVariableFontBoldByItsAxisPrefersBoldFallbackFaces() throws {
        let heavy = try Typeface(path: TestFonts.interPath, variations: FontVariation.parse("wght=700"))
        let light = try Typeface(path: TestFonts.interPath, variations: FontVariation.parse("wght=400"))
        #expect(heavy.style.bold && !light.style.bold)
        #expect(!heavy.covers("\u{2230}"))
        let line = Self.shape("∰", fonts: [heavy])
        let font = try #require(line.firstGlyphFont)
        #expect(font.styleName.lowercased().contains("bold"), "\(font.name) \(font.styleName)")
        #expect(!line.diagnostics.contains { $0.synthesized != nil }, "the bold face is matched, not synthesized")
        let regular = try #require(Self.shape("∰", fonts: [light]).firstGlyphFont)
        #expect(!regular.styleName.lowercased().contains("bold"))
    }
}

extension ShapedLine {
    /// The font of the first glyph, if any.
    var firstGlyphFont: Typeface? { glyphs.first.map(font(of:)) }
    /// `glyph@font identity` for every glyph.
    var glyphsWithFontIdentities: [String] { glyphs.map { "\($0.glyph)@\(ObjectIdentifier(font(of: $0)).hashValue)" } }
}
