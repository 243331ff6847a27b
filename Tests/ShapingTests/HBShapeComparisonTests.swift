import Testing
@testable import Shaping

/// Our shaping against HarfBuzz's own `hb-shape` 6.0.0 on the same font files.
@Suite struct HBShapeComparisonTests {
    @Test func latinWithKerning() throws {
        let avatar = try expectMatchesHBShape(TestFonts.sans, "AVATAR")
        // Kerning pulls A and V together: A's advance is below its nominal 639 units.
        #expect(avatar.glyphs[0].advance < 639 * 37.5 / 1000 - 1)
        try expectMatchesHBShape(TestFonts.sans, "Tomorrow's VAT")
        try expectMatchesHBShape(TestFonts.serif, "Tomorrow's VAT", size: 12)
    }

    @Test func ligaturesOnAndOff() throws {
        let on = try expectMatchesHBShape(TestFonts.sans, "office")
        let off = try expectMatchesHBShape(TestFonts.sans, "office", features: ["liga=0"])
        #expect(on.glyphs.count == 4)    // o, ffi, c, e
        #expect(off.glyphs.count == 6)
        #expect(on.glyphs[1].cluster == 1 && on.glyphs[2].cluster == 4)
    }

    @Test func kernOffWidensAV() throws {
        let kerned = try expectMatchesHBShape(TestFonts.sans, "AV", size: 100)
        let plain = try expectMatchesHBShape(TestFonts.sans, "AV", size: 100, features: ["kern=0"])
        #expect(abs(kerned.advance - 119.9) < 1e-9)   // 599 + 600 units
        #expect(abs(plain.advance - 123.9) < 1e-9)    // 639 + 600 units
    }

    @Test func arabicJoins() throws {
        let text = "مرحبا بالعالم"
        let line = try expectMatchesHBShape(TestFonts.arabic, text)
        #expect(line.isRightToLeft)
        #expect(line.glyphs.allSatisfy { $0.isRTL })
        // Visual order: the last letter (cluster of the final م) comes first.
        #expect(line.glyphs.first?.cluster == text.utf8.count - 2)
        #expect(line.glyphs.last?.cluster == 0)
        // Joining forms, not isolated ones: compare with each letter shaped alone.
        var byteOffset = 0, differing = 0, letters = 0
        for scalar in text.unicodeScalars {
            defer { byteOffset += UTF8.width(scalar) }
            guard scalar != " " else { continue }
            letters += 1
            let alone = Shaper.shape(AttributedText(String(scalar), attributes: TextAttributes(fonts: [TestFonts.arabic])))
            let inContext = line.glyphs.filter { $0.cluster == byteOffset }.map(\.glyph)
            if inContext != alone.glyphs.map(\.glyph) { differing += 1 }
        }
        // Every letter but the non-joining-at-end ones changes form; at least 9 of 12 letters do.
        #expect(letters == 12)
        #expect(differing >= 9)
    }

    @Test func hebrew() throws {
        let line = try expectMatchesHBShape(TestFonts.hebrew, "שלום עולם")
        #expect(line.isRightToLeft)
        #expect(line.glyphs.map(\.cluster) == [15, 13, 11, 9, 8, 6, 4, 2, 0])   // 2-byte letters, space at 8
    }

    @Test func devanagari() throws {
        let ksha = try expectMatchesHBShape(TestFonts.devanagari, "क्षत्रिय")
        #expect(ksha.glyphs.count < "क्षत्रिय".unicodeScalars.count)   // conjuncts form
        let hindi = try expectMatchesHBShape(TestFonts.devanagari, "हिन्दी")
        // The i-matra is reordered before its consonant: the first glyph belongs to cluster 0 and is not ह alone.
        #expect(hindi.glyphs.first?.cluster == 0)
    }

    @Test func thai() throws {
        try expectMatchesHBShape(TestFonts.thai, "สวัสดีครับ")
        try expectMatchesHBShape(TestFonts.thai, "ภาษาไทย", size: 13)
    }

    @Test func forcedDirectionMatches() throws {
        try expectMatchesHBShape(TestFonts.sans, "abc", direction: .ltr)
        try expectMatchesHBShape(TestFonts.hebrew, "שלום", direction: .rtl)
    }
}
