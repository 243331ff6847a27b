import Testing
import Geometry
@testable import Shaping

/// Variable-font instances applied to both FreeType outlines and HarfBuzz shaping (Inter, `wght` 100…900).
@Suite struct FontVariationTests {
    static let inter = TestFonts.interPath

    @Test func parsesSettings() throws {
        let v = try FontVariation.parse("wght=700, wdth=87.5")
        #expect(v == [FontVariation(tag: "wght", value: 700), FontVariation(tag: "wdth", value: 87.5)])
        #expect(v.map(\.description) == ["wght=700", "wdth=87.5"])
        #expect(try FontVariation.parse("").isEmpty)
        for bad in ["wght", "wght=", "wg=700", "wght=heavy", "wght=700=1", "wght=inf", "wghtx=1"] {
            #expect(throws: FontError.badVariation(bad)) { try FontVariation(parsing: bad) }
        }
    }

    @Test func interHasAWeightAxis() throws {
        let font = try Typeface(path: Self.inter)
        let wght = try #require(font.axes.first { $0.tag == "wght" })
        #expect(wght.minimum == 100 && wght.maximum == 900 && wght.defaultValue == 400)
        #expect(font.variations.isEmpty)
        #expect(try Typeface(path: fontsDir + "/NotoSans-Regular.ttf").axes.isEmpty)
    }

    @Test func weightGrowsAdvancesAndOutlines() throws {
        let regular = try Typeface(path: Self.inter, variations: [FontVariation(tag: "wght", value: 400)])
        let bold = try Typeface(path: Self.inter, variations: FontVariation.parse("wght=700"))
        let black = try Typeface(path: Self.inter, variations: FontVariation.parse("wght=900"))
        // Shaping (HarfBuzz) sees the instance, and agrees with hb-shape --variations.
        let r = try expectMatchesHBShape(regular, "Hamburg", size: 50)
        let b = try expectMatchesHBShape(bold, "Hamburg", size: 50)
        let k = try expectMatchesHBShape(black, "Hamburg", size: 50)
        #expect(r.advance < b.advance && b.advance < k.advance)
        #expect(abs(b.advance - r.advance - (2101 + 1634 + 2568 + 1789 + 1751 + 1079 + 1783 - (2084 + 1588 + 2448 + 1748 + 1636 + 1000 + 1716)) * 50.0 / 2816) < 1e-9)   // hb-shape at wght 700 vs 400
        // Outlines (FreeType) see it too: the stem of "l" is wider, so the ink box is.
        func inkWidth(_ font: Typeface, _ c: Unicode.Scalar) -> Double {
            let xs = font.outline(glyph: font.harfBuzz.glyph(for: c)!).flattened(tolerance: 0.5).flatMap { $0.map(\.x) }
            return xs.max()! - xs.min()!
        }
        #expect(inkWidth(regular, "l") < inkWidth(bold, "l"))
        #expect(inkWidth(bold, "l") < inkWidth(black, "l"))
        #expect(inkWidth(regular, "H") < inkWidth(black, "H"))
        // Metrics stay sane (the same upem).
        #expect(bold.unitsPerEm == 2816)
    }

    @Test func instanceListsEveryAxisAndClamps() throws {
        let font = try Typeface(path: Self.inter, variations: FontVariation.parse("wght=1500"))
        #expect(font.variations.first { $0.tag == "wght" }?.value == 900)
        #expect(font.variations.count == font.axes.count)
        let clamped = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [font], size: 50)))
        let black = Shaper.shape(AttributedText("Hamburg", attributes: TextAttributes(fonts: [try Typeface(path: Self.inter, variations: FontVariation.parse("wght=900"))], size: 50)))
        #expect(clamped.advance == black.advance)
    }

    @Test func unknownAxisIsBadVariation() throws {
        #expect(throws: FontError.self) { try Typeface(path: Self.inter, variations: FontVariation.parse("wdth=90")) }
        do {
            _ = try Typeface(path: Self.inter, variations: FontVariation.parse("wght=700,wdth=90"))
            Issue.record("expected badVariation")
        } catch {
            guard case .badVariation(let text) = error else { Issue.record("wrong error \(error)"); return }
            #expect(text.hasPrefix("wdth=90"))
            #expect(text.contains("wght"))
        }
        #expect(throws: FontError.self) { try Typeface(path: fontsDir + "/NotoSans-Regular.ttf", variations: [FontVariation(tag: "wght", value: 700)]) }
    }
}

