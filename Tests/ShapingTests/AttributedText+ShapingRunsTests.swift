import Testing
@testable import Shaping

/// Shaping runs as browsers make them: a change of paint (colour), word spacing or baseline shift does not
/// end a shaping run, so kerning and ligatures cross it; each glyph is painted with the run of its
/// cluster's first character.
@Suite struct ShapingRunsTests {
    static func attributes(_ font: Typeface, _ color: RGBAColor, size: Double = 100) -> TextAttributes {
        TextAttributes(fonts: [font], size: size, color: color, systemFallback: false)
    }

    @Test func aColourChangeKeepsTheKerningOfHBShape() throws {
        let text = AttributedText(pieces: [("T", Self.attributes(TestFonts.sans, RGBAColor(hex: "#ff0000")!)),
                                           ("e", Self.attributes(TestFonts.sans, RGBAColor(hex: "#0000ff")!))])
        let line = Shaper.shape(text)
        let hb = try hbShape(TestFonts.sans.path!, "Te")
        let scale = 100 / Double(TestFonts.sans.unitsPerEm)
        #expect(line.glyphs.map(\.glyph) == hb.map(\.g))
        for (g, h) in zip(line.glyphs, hb) { #expect(abs(g.advance - Double(h.ax) * scale) < 1e-6) }
        // hb-shape kerns the pair: T's advance is less than T alone.
        let alone = try hbShape(TestFonts.sans.path!, "T")[0].ax
        #expect(hb[0].ax < alone)
        // Each glyph is painted by its own run.
        #expect(line.glyphs.map(\.runIndex) == [0, 1])
        #expect(line.runs.map(\.color) == [RGBAColor(hex: "#ff0000")!, RGBAColor(hex: "#0000ff")!])
    }

    @Test func aLigatureAcrossTwoColoursIsOneGlyphInTheFirstColour() throws {
        let text = AttributedText(pieces: [("f", Self.attributes(TestFonts.serif, RGBAColor(hex: "#ff0000")!)),
                                           ("i", Self.attributes(TestFonts.serif, RGBAColor(hex: "#0000ff")!))])
        let line = Shaper.shape(text)
        let hb = try hbShape(TestFonts.serif.path!, "fi")
        #expect(hb.count == 1 && line.glyphs.map(\.glyph) == hb.map(\.g))
        #expect(line.glyphs.map(\.runIndex) == [0])
    }

    @Test func aChangeOfSizeFontFeaturesOrLetterSpacingEndsTheRun() throws {
        let red = Self.attributes(TestFonts.sans, .black)
        var bigger = red; bigger.size = 101
        var spaced = red; spaced.letterSpacing = 3
        var ranged = red; ranged.features = try FeatureList.parse(["kern[0:1]=0"])
        var serif = red; serif.fonts = [TestFonts.serif]
        for other in [bigger, spaced, ranged, serif] {
            #expect(AttributedText(pieces: [("T", red), ("e", other)]).mergedForShaping == nil)
        }
        var shifted = red; shifted.baselineShift = 4; shifted.wordSpacing = 2; shifted.color = .white
        let merged = try #require(AttributedText(pieces: [("T", red), ("e", shifted), ("st", red)]).mergedForShaping)
        #expect(merged.runs.map(\.range) == [0..<4])
        // A right-to-left pair: the glyphs are in visual order, each still painted by its cluster's run.
        let a = Self.attributes(TestFonts.hebrew, .black), b = Self.attributes(TestFonts.hebrew, .white)
        let line = Shaper.shape(AttributedText(pieces: [("של", a), ("ום", b)]))
        #expect(line.glyphs.map(\.runIndex) == [1, 1, 0, 0])
    }

    @Test func theShapingCacheServesAColourChangeFromTheSameEntryAndPaintsIt() {
        let cache = ShapeCache(byteBudget: 1 << 20)
        let red = Self.attributes(TestFonts.sans, RGBAColor(hex: "#ff0000")!), blue = Self.attributes(TestFonts.sans, RGBAColor(hex: "#0000ff")!)
        let one = cache.shape(AttributedText("Te", attributes: red))
        let two = cache.shape(AttributedText(pieces: [("T", red), ("e", blue)]))
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
        #expect(one.glyphs.map(\.advance) == two.glyphs.map(\.advance))
        #expect(one.glyphs.map(\.runIndex) == [0, 0] && two.glyphs.map(\.runIndex) == [0, 1])
        #expect(two == Shaper.shape(AttributedText(pieces: [("T", red), ("e", blue)])))
    }
}
