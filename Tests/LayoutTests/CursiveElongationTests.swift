import Testing
import Foundation
import Geometry
@testable import Shaping
@testable import Layout

/// `cursiveTracking: elongate`: the letter spacing cursive tracking takes from Arabic letters is given back
/// as tatweel at each word's kashida position, so the spaced label keeps the width `apply` gives it, with
/// every letter in the joining form HarfBuzz gives the unspaced text (checked against `hb-shape`).
@Suite struct CursiveElongationTests {
    static let arabicPath = fontsDir + "/NotoSansArabic-Regular.ttf"
    static let arabic = try! Typeface(path: arabicPath)
    static let noTatweel = fontsDir + "/../fixtures/fonts/NoTatweelArabic.ttf"  // scripts/make-no-tatweel-font
    static let text = "مرحبا بالعالم"

    func layout(_ text: String, fonts: [Typeface], spacing: Double, _ mode: CursiveTracking) throws -> PlacedLabel {
        let attributed = AttributedText(text, attributes: TextAttributes(fonts: fonts, size: 48, letterSpacing: spacing, systemFallback: false))
        return try LabelLayout.layout(attributed, along: horizontal(20, 100, length: 600),
                                      options: LabelOptions(cursiveTracking: mode))[0]
    }

    /// `hb-shape`'s glyph ids for `text` in `font` (visual order, as HarfBuzz's buffer for right-to-left text).
    func hbGlyphs(_ font: String, _ text: String) throws -> [UInt32] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        p.arguments = ["--output-format=json", "--no-glyph-names", font, text]
        let out = Pipe(); p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return rows.map { UInt32($0["g"] as! Int) }
    }

    @Test func elongationKeepsTheSpacedWidthWithTheJoins() throws {
        let fonts = [Self.arabic]
        let applied = try layout(Self.text, fonts: fonts, spacing: 6, .apply)
        let suppressed = try layout(Self.text, fonts: fonts, spacing: 6, .suppress)
        let elongated = try layout(Self.text, fonts: fonts, spacing: 6, .elongate)
        let alone = Shaper.shape(AttributedText("\u{0640}", attributes: TextAttributes(fonts: fonts, size: 48)))
        let tatweel = try #require(alone.glyphs.first?.glyph), tatweelWidth = alone.advance
        // Twelve Arabic letters lose 6 px each under suppress; elongation gives all 72 px back. The tatweel
        // copies overlap by the remainder, so the width is that of `apply` exactly (far within a
        // tatweel's width, which is the most whole tatweels could miss by).
        #expect(abs(applied.advance - suppressed.advance - 72) < 1e-9)
        #expect(abs(elongated.advance - applied.advance) < 1e-9, "\(elongated.advance) vs \(applied.advance)")
        #expect(abs(elongated.advance - applied.advance) < tatweelWidth)
        // The letters keep the glyphs (joining forms) HarfBuzz gives the unspaced text; the tatweels sit
        // where hb-shape puts them when the text holds them (after ب of مرحبا, before its final alef, and
        // after ل of بالعالم, before its final meem), repeated to make up the width.
        let letters = elongated.glyphs.filter { $0.glyph != tatweel }.map(\.glyph)
        #expect(letters == (try hbGlyphs(Self.arabicPath, Self.text)))
        var collapsed: [UInt32] = []
        for g in elongated.glyphs.map(\.glyph) where !(g == tatweel && collapsed.last == tatweel) { collapsed.append(g) }
        #expect(collapsed == (try hbGlyphs(Self.arabicPath, "مرحبـا بالعالـم")))
        #expect(try hbGlyphs(Self.arabicPath, "مرحبـا بالعالـم").filter { $0 == tatweel }.count == 2)
        // The tatweels belong to the letters they follow (bytes 6 and 21), and every glyph keeps its
        // cluster in the label's own text.
        let tatweels = elongated.glyphs.filter { $0.glyph == tatweel }
        #expect(Set(tatweels.map(\.cluster)) == [6, 21])
        #expect(Set(elongated.glyphs.map(\.cluster)).isSubset(of: Set(applied.glyphs.map(\.cluster))))
        // Within a word, each letter's ink is continuous with its neighbour's: no gap opens between glyphs.
        let word1 = elongated.glyphs.filter { $0.cluster < 10 }.sorted { $0.origin.x < $1.origin.x }
        for (a, b) in zip(word1, word1.dropFirst()) where b.glyph != 0 {
            #expect(b.origin.x <= a.origin.x + a.advance + 1e-9, "no spacing inside the word")
        }
        // Reported: where, how many, how wide; the spacing is no longer "suppressed".
        guard case .elongatedSpacing(let report)? = elongated.diagnostics.first(where: { if case .elongatedSpacing = $0 { true } else { false } }) else {
            Issue.record("no elongated-spacing diagnostic: \(elongated.diagnostics)"); return
        }
        #expect(report.positions == [6, 21])
        #expect(abs(report.width - 72) < 1e-9)
        #expect(report.tatweels == tatweels.count && report.tatweels >= 3)
        #expect(report.covered.count == 12)
        #expect(!elongated.diagnostics.contains { if case .suppressedSpacing = $0 { true } else { false } })
    }

    /// A long label (150 copies of the two words): every word gets its kashida, every cluster maps back into
    /// the label's text, and the width is `apply`'s. The look-ups are binary searches, so 300 positions
    /// over ≈ 2 000 glyphs stay cheap.
    @Test func aLongLabelIsElongatedWordByWord() throws {
        let text = Array(repeating: Self.text, count: 150).joined(separator: " ")
        let fonts = [Self.arabic]
        let applied = try layout(text, fonts: fonts, spacing: 6, .apply)
        let elongated = try layout(text, fonts: fonts, spacing: 6, .elongate)
        #expect(abs(elongated.advance - applied.advance) < 1e-6, "\(elongated.advance) vs \(applied.advance)")
        let report = try #require(elongated.diagnostics.compactMap { if case .elongatedSpacing(let r) = $0 { r } else { nil } }.first)
        let stride = Self.text.utf8.count + 1
        var expected: [Int] = []
        for k in 0..<150 { expected += [6 + k * stride, 21 + k * stride] }
        #expect(report.positions == expected)
        #expect(report.covered.count == 12 * 150)
        #expect(Set(elongated.glyphs.map(\.cluster)).isSubset(of: Set(applied.glyphs.map(\.cluster))))
    }

    @Test func aFontWithoutTatweelIsLeftUnspacedAndSaysSo() throws {
        let font = try Typeface(path: Self.noTatweel)
        #expect(!font.covers(Elongation.tatweel))
        // The embedded Arabic font after it has a tatweel, but a tatweel from another font would not join.
        let fonts = [font, Self.arabic]
        let suppressed = try layout(Self.text, fonts: fonts, spacing: 6, .suppress)
        let elongated = try layout(Self.text, fonts: fonts, spacing: 6, .elongate)
        #expect(elongated.advance == suppressed.advance)
        #expect(elongated.glyphs.map(\.glyph) == suppressed.glyphs.map(\.glyph))
        let unavailable = elongated.diagnostics.compactMap { d -> ([String], [Int])? in
            if case .elongationUnavailable(let f, let c) = d { (f, c) } else { nil }
        }
        #expect(unavailable.count == 1 && unavailable.first?.0 == ["NoTatweelArabic.ttf"] && unavailable.first?.1.count == 12)
        #expect(elongated.diagnostics.contains { if case .suppressedSpacing(let c) = $0 { c.count == 12 } else { false } })
    }

    @Test func onlyPositiveSpacingOfJoiningWordsIsGivenBack() throws {
        let fonts = [Self.arabic] + stack
        // Negative spacing cannot be given back: elongate draws what suppress draws.
        let tight = try layout(Self.text, fonts: fonts, spacing: -2, .elongate)
        #expect(tight.advance == (try layout(Self.text, fonts: fonts, spacing: -2, .suppress)).advance)
        // Latin keeps its letter spacing and gets no tatweel; a word without joins (دار: every letter
        // stands alone) stays unspaced, reported as suppressed.
        let mixed = try layout("دار abc", fonts: fonts, spacing: 5, .elongate)
        let unspaced = try layout("دار abc", fonts: fonts, spacing: 5, .suppress)
        #expect(mixed.advance == unspaced.advance)
        #expect(mixed.diagnostics.contains { if case .suppressedSpacing(let c) = $0 { c == [0, 2, 4] } else { false } })
        #expect(!mixed.diagnostics.contains { if case .elongatedSpacing = $0 { true } else { false } })
        // Lam before alef is a ligature, not a kashida position: لا alone has none.
        #expect(Elongation.positions(in: "لا", suppressed: [(0, 5), (2, 5)]).isEmpty)
        // Seen comes first: in سلام the kashida follows س, not the join before the final meem.
        #expect(Elongation.positions(in: "سلام", suppressed: [(0, 5)]).map(\.letter) == [0])
    }
}
