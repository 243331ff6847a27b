import Testing
@testable import Shaping

/// Bidi, script runs, font fallback and visual order on mixed text.
@Suite struct ItemizerTests {
    func shape(_ text: String, direction: ParagraphDirection = .auto, fonts: [Typeface] = TestFonts.stack) -> ShapedLine {
        Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: fonts, size: 20)), direction: direction)
    }

    /// (cluster, font name) per glyph, in visual order.
    func clustersAndFonts(_ line: ShapedLine) -> [(Int, String)] { line.glyphs.map { ($0.cluster, line.font(of: $0).name) } }

    /// The ASCII byte set, eight bytes at a time and folded from a table, is the set byte by byte: every
    /// length from 0 to 40 (the word loop's tail), every byte value, and a byte from 0x80 up anywhere.
    @Test func asciiSetIsTheSetOfTheBytes() {
        func reference(_ bytes: [UInt8]) -> (UInt64, UInt64)? {
            var low: UInt64 = 0, high: UInt64 = 0
            for b in bytes {
                guard b < 0x80 else { return nil }
                if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
            }
            return (low, high)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        var cases: [[UInt8]] = [[], Array(0..<128), Array((0..<128).reversed()), [0x7F], [0x80], [0xFF, 0x41]]
        for n in 0...40 {
            cases.append((0..<n).map { _ in UInt8(next() % 128) })
            if n > 0 {
                var bad = (0..<n).map { _ in UInt8(next() % 128) }
                bad[Int(next() % UInt64(n))] |= 0x80
                cases.append(bad)
            }
        }
        for bytes in cases {
            let ours = bytes.withUnsafeBufferPointer { Itemizer.asciiSet($0) }
            let expected = reference(bytes)
            #expect(ours?.low == expected?.0 && ours?.high == expected?.1 && (ours == nil) == (expected == nil), "\(bytes)")
        }
    }

    @Test func hebrewInsideLatin() {
        let text = "Hello שלום world"
        let line = shape(text)
        #expect(!line.isRightToLeft)
        // Hello␠ = 0…5, שלום = 6,8,10,12 (2 bytes each), ␠world = 14…19.
        #expect(line.glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 5, 12, 10, 8, 6, 14, 15, 16, 17, 18, 19])
        let fonts = line.glyphs.map { line.font(of: $0).name }
        #expect(fonts[6..<10].allSatisfy { $0 == "NotoSansHebrew-Regular.ttf" })
        #expect(fonts[0..<6].allSatisfy { $0 == "NotoSans-Regular.ttf" })
        #expect(fonts[10...].allSatisfy { $0 == "NotoSans-Regular.ttf" })
        #expect(line.glyphs.map(\.isRTL) == Array(repeating: false, count: 6) + Array(repeating: true, count: 4) + Array(repeating: false, count: 6))
        #expect(line.diagnostics.isEmpty)
    }

    @Test func arabicWithNumberInLTRParagraph() {
        let text = "Cairo القاهرة 2024"
        let line = shape(text)
        #expect(!line.isRightToLeft)
        // Cairo␠ = 0…5; القاهرة = 7 letters at 6,8,…,18; ␠ at 20; 2024 at 21…24.
        // Levels: Latin 0, Arabic + space 1, digits 2, so visually: "Cairo " 2024 ␠ ةرهاقلا.
        let clusters = line.glyphs.map(\.cluster)
        #expect(Array(clusters.prefix(6)) == [0, 1, 2, 3, 4, 5])
        #expect(Array(clusters[6..<11]) == [21, 22, 23, 24, 20])
        #expect(clusters.last == 6)
        let arabicGlyphs = line.glyphs.filter { (6..<20).contains($0.cluster) }
        #expect(!arabicGlyphs.isEmpty && arabicGlyphs.allSatisfy { line.font(of: $0) === TestFonts.arabic && $0.isRTL })
        // Digits and the space come from the primary font (it covers them), the digits at level 2 (LTR).
        let digits = line.glyphs.filter { (21...24).contains($0.cluster) }
        #expect(digits.count == 4 && digits.allSatisfy { line.font(of: $0) === TestFonts.sans && !$0.isRTL })
        #expect(line.glyphs.first { $0.cluster == 20 }?.isRTL == true)
    }

    @Test func devanagariThenLatin() {
        let text = "नमस्ते Hello"
        let line = shape(text)
        let split = text.utf8.count - 6   // "␠Hello"
        let deva = line.glyphs.prefix { $0.cluster < split }
        #expect(!deva.isEmpty && deva.allSatisfy { line.font(of: $0) === TestFonts.devanagari })
        #expect(line.glyphs.suffix(6).map(\.cluster) == Array(split..<text.utf8.count))
        #expect(line.glyphs.suffix(6).allSatisfy { line.font(of: $0) === TestFonts.sans })
        // Logical = visual order for LTR text: clusters never decrease.
        #expect(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.cluster <= $1.cluster })
    }

    @Test func rtlParagraphPutsLatinOnTheRight() {
        let line = shape("abc אב", direction: .rtl)
        #expect(line.isRightToLeft)
        // Paragraph level 1: the Hebrew (logically last) is drawn first, "abc" (level 2) last and unreversed.
        #expect(line.glyphs.map(\.cluster) == [6, 4, 3, 0, 1, 2])
        let auto = shape("abc אב")
        #expect(!auto.isRightToLeft)
        #expect(auto.glyphs.map(\.cluster) == [0, 1, 2, 3, 6, 4])
        #expect(shape("אב abc").isRightToLeft)
    }

    @Test func bracketsStayWithTheirOpener() {
        // The closing parenthesis follows Hebrew but pairs with an opener in Latin text: it stays Latin.
        let scalars = Array("ab (שלום) cd".unicodeScalars)
        let scripts = ScriptResolver.resolve(scalars)
        #expect(scripts[3].description == "Latn")            // (
        #expect(scripts[4].description == "Hebr")
        #expect(scripts[8].description == "Latn")            // )
        // Leading neutrals take the first real script; Inherited marks take their base's.
        let s2 = ScriptResolver.resolve(Array("12 שָׁלוֹם".unicodeScalars))
        #expect(s2.allSatisfy { $0.description == "Hebr" })
        #expect(ScriptResolver.resolve(Array("123".unicodeScalars)).allSatisfy { $0 == .common })
    }

    @Test func visualOrderReversesFromTheHighestLevel() {
        func item(_ level: UInt8) -> TextItem { TextItem(range: 0..<1, level: level, script: .common, runIndex: 0, font: TestFonts.sans) }
        #expect(Itemizer.visualOrder([0, 1, 1, 2, 2, 1, 0].map(item)) == [0, 5, 3, 4, 2, 1, 6])
        #expect(Itemizer.visualOrder([1, 1, 1].map(item)) == [2, 1, 0])
        #expect(Itemizer.visualOrder([0, 0].map(item)) == [0, 1])
        #expect(Itemizer.visualOrder([]) == [])
    }

    @Test func fallbackIsPerGraphemeCluster() {
        // A combining mark after a Latin letter stays with the letter's font; ZWJ needs no coverage.
        let line = shape("é\u{200D}x")
        #expect(line.glyphs.allSatisfy { line.font(of: $0) === TestFonts.sans })
        #expect(line.diagnostics.isEmpty)
        // Hebrew letters with points come from the Hebrew font as whole clusters.
        let pointed = shape("שָׁ")
        #expect(pointed.glyphs.count >= 2 && pointed.glyphs.allSatisfy { pointed.font(of: $0) === TestFonts.hebrew })
    }

    @Test func uncoveredCharacterIsNotdefWithADiagnostic() {
        let line = shape("a\u{10FFFD}b")
        #expect(line.glyphs.map(\.glyph)[1] == 0)
        #expect(line.font(of: line.glyphs[1]) === TestFonts.sans)
        #expect(line.glyphs.map(\.cluster) == [0, 1, 5])
        #expect(line.diagnostics.count == 1)
        #expect(line.diagnostics.first?.cluster == 1)
        #expect(line.diagnostics.first?.message.contains("U+10FFFD") == true)
        // An unassigned code point in the BMP as well.
        let unassigned = shape("\u{0378}")
        #expect(unassigned.glyphs.map(\.glyph) == [0] && unassigned.diagnostics.count == 1)
    }

    @Test func emptyTextGivesAnEmptyLineWithMetrics() {
        let line = shape("")
        #expect(line.glyphs.isEmpty && line.diagnostics.isEmpty && line.advance == 0)
        #expect(abs(line.metrics.ascender - 1069.0 * 20 / 1000) < 1e-9)
        let none = Shaper.shape(AttributedText(pieces: []))
        #expect(none.glyphs.isEmpty)
    }

    @Test func runWithoutFontsIsReportedNotCrashed() {
        let text = AttributedText(pieces: [("ab", TextAttributes(fonts: [TestFonts.sans])), ("cd", TextAttributes(fonts: []))])
        let line = Shaper.shape(text)
        #expect(line.glyphs.map(\.cluster) == [0, 1])
        #expect(line.diagnostics.count == 1 && line.diagnostics[0].cluster == 2)
    }

    @Test func attributeRunsSplitItemsAndKeepTheirSizes() {
        let text = AttributedText(pieces: [("AV", TextAttributes(fonts: [TestFonts.sans], size: 10)),
                                           ("AV", TextAttributes(fonts: [TestFonts.sansBold], size: 20))])
        let line = Shaper.shape(text)
        #expect(line.glyphs.map(\.runIndex) == [0, 0, 1, 1])
        #expect(line.glyphs.map(\.size) == [10, 10, 20, 20])
        #expect(line.font(of: line.glyphs[2]) === TestFonts.sansBold)
        // Line metrics: the larger ascender wins (Bold at 20 px).
        #expect(abs(line.metrics.ascender - TestFonts.sansBold.metrics(size: 20).ascender) < 1e-9)
        #expect(abs(line.metrics.descender - TestFonts.sansBold.metrics(size: 20).descender) < 1e-9)
    }

    @Test func lineMetricsCoverEveryFontUsed() {
        let line = shape("Hi नमस्ते")
        let deva = TestFonts.devanagari.metrics(size: 20), sans = TestFonts.sans.metrics(size: 20)
        #expect(line.metrics.ascender == max(deva.ascender, sans.ascender))
        #expect(line.metrics.descender == min(deva.descender, sans.descender))
        #expect(deva.descender != sans.descender)
    }
}

/// Mixed-script lines agree with hb-shape on each script's own font, and positions scale linearly.
@Suite struct MixedAgainstHBShapeTests {
    @Test func hebrewPartMatchesHBShapeOnTheHebrewFont() throws {
        let line = Shaper.shape(AttributedText("Hello שלום world", attributes: TextAttributes(fonts: TestFonts.stack, size: 30)))
        let hebrew = line.glyphs.filter { line.font(of: $0) === TestFonts.hebrew }
        let reference = try hbShape(TestFonts.hebrew.path!, "שלום")
        #expect(hebrew.map(\.glyph) == reference.map(\.g))
        for (g, r) in zip(hebrew, reference) { #expect(abs(g.advance - Double(r.ax) * 30 / Double(TestFonts.hebrew.unitsPerEm)) <= 1.0 / 64) }
        let latin = line.glyphs.filter { line.font(of: $0) === TestFonts.sans }
        let latinReference = try hbShape(TestFonts.sans.path!, "Hello ") + (try hbShape(TestFonts.sans.path!, " world"))
        #expect(latin.map(\.glyph) == latinReference.map(\.g))
    }

    @Test func arabicPartOfCairoMatchesHBShape() throws {
        let line = Shaper.shape(AttributedText("Cairo القاهرة 2024", attributes: TextAttributes(fonts: TestFonts.stack, size: 30)))
        let arabic = line.glyphs.filter { line.font(of: $0) === TestFonts.arabic }
        let reference = try hbShape(TestFonts.arabic.path!, "القاهرة")
        #expect(arabic.map(\.glyph) == reference.map(\.g))
    }

    @Test func positionsAreLinearInSize() {
        func shape(_ size: Double) -> ShapedLine {
            Shaper.shape(AttributedText("Tomorrow's VAT مرحبا", attributes: TextAttributes(fonts: TestFonts.stack, size: size)))
        }
        let small = shape(7), large = shape(7 * 13)
        #expect(small.glyphs.map(\.glyph) == large.glyphs.map(\.glyph))
        for (s, l) in zip(small.glyphs, large.glyphs) {
            #expect(abs(l.advance - 13 * s.advance) < 1e-9)
            #expect(abs(l.xOffset - 13 * s.xOffset) < 1e-9 && abs(l.yOffset - 13 * s.yOffset) < 1e-9)
        }
        #expect(abs(large.advance - 13 * small.advance) < 1e-9)
    }
}

@Suite struct ItemizerClustersTests {
    /// Scalars, their UTF-8 offsets and the cluster ends (scalar indices): a base with a combining mark,
    /// CR LF (one cluster), a ZWJ family and a flag (one cluster each), a Hangul syllable from jamo.
    @Test func clustersAreTheStandardLibrarysCharacters() {
        let text = "e\u{301}\r\n👩\u{200D}👧🇫🇮\u{1100}\u{1161}x"
        let (scalars, offsets, ends) = Itemizer.clusters(of: text)
        #expect(scalars == Array(text.unicodeScalars))
        #expect(offsets == [0, 1, 3, 4, 5, 9, 12, 16, 20, 24, 27, 30, 31])
        #expect(ends == [2, 4, 7, 9, 11, 12])
        #expect(ends.count == text.count)
        let empty = Itemizer.clusters(of: "")
        #expect(empty.scalars.isEmpty && empty.offsets == [0] && empty.ends.isEmpty)
    }
}
