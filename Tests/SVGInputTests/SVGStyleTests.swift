import Testing
import Shaping
@testable import SVGInput

/// The computed style of the SVG reader: the `font` shorthand, font-kerning, font-variant, size keywords.
@Suite struct SVGStyleTests {
    func style(_ declarations: [(String, String)], parent: SVGStyle = SVGStyle()) -> (SVGStyle, [String]) {
        var warnings: [String] = []
        let s = SVGStyle.computed(parent: parent, declarations: declarations, context: SVGLength.Context(viewport: (200, 200))) {
            warnings.append("\($0): \($1)")
        }
        return (s, warnings)
    }

    @Test func fontWeightsFollowCSSFontsFour() {
        var parent = SVGStyle()
        // bolder and lighter by the table of CSS Fonts 4 §2.2.
        for (from, bolder, lighter) in [(50.0, 400.0, 50.0), (300, 400, 100), (400, 700, 100), (600, 900, 400), (800, 900, 700), (950, 950, 700)] {
            parent.fontWeight = from
            #expect(style([("font-weight", "bolder")], parent: parent).0.fontWeight == bolder, "bolder of \(from)")
            #expect(style([("font-weight", "lighter")], parent: parent).0.fontWeight == lighter, "lighter of \(from)")
        }
        #expect(style([("font-weight", "250")]).0.fontWeight == 250)
        // Out of range: invalid, so ignored with a warning (the inherited weight stays), not drawn bold.
        parent.fontWeight = 300
        let (s, w) = style([("font-weight", "1500")], parent: parent)
        #expect(s.fontWeight == 300 && w.count == 1 && w[0].contains("font-weight") && w[0].contains("1500"), "\(w)")
        #expect(style([("font-stretch", "condensed")]).0.fontStretch == 75)
        #expect(style([("font-style", "oblique 20deg")]).0.fontStyle == .oblique(angle: 20))
    }

    @Test func theFontShorthandSetsEveryFontPropertyAndResetsTheOthers() {
        var parent = SVGStyle()
        parent.fontWeight = 700; parent.kerning = false; parent.fontSize = 200
        let (s, w) = style([("font", "italic small-caps 50px/2 'Noto Sans', serif")], parent: parent)
        #expect(w.isEmpty)
        #expect(s.fontSize == 50 && s.fontFamilies == ["Noto Sans", "serif"] && s.fontStyle == .italic && s.fontVariant?.smallCaps == true)
        #expect(s.fontWeight == 400 && s.kerning)   // reset to their initial values, as CSS says
        // A later longhand wins over the shorthand.
        #expect(style([("font", "bold 20px serif"), ("font-weight", "300")]).0.fontWeight == 300)
    }

    @Test(arguments: ["bold 64 Noto Sans", "italic", "20px", ""])
    func aShorthandWithoutSizeAndFamilyIsAWarning(value: String) {
        let (s, w) = style([("font", value), ("font-size", "10")])
        #expect(w.count == 1 && w[0].hasPrefix("font: cannot read"), "\(w)")
        #expect(s.fontSize == 10 && s.fontWeight == 400)
    }

    @Test func fontAndFontKerningAreNotPresentationAttributes() {
        #expect(!SVGStyle.properties.contains("font") && !SVGStyle.properties.contains("font-kerning"))
        #expect(SVGStyle.properties.contains("font-variant"))
    }

    @Test func kerningAndSmallCapsBecomeFeatures() throws {
        let r = try read(document(#"<text x="0" y="50" style="font-kerning: none" font-variant="small-caps">AVA</text>"#))
        let style = try #require(r.scene.labels.first?.runs?.first?.style)
        #expect(style.features == [FeatureSetting(tag: "kern", value: 0)])
        // small-caps is the run's font-variant: smcp from the font, or synthesized where it has none.
        #expect(style.fontVariant?.features == [FeatureSetting(tag: "smcp")])
        #expect(r.warnings.isEmpty)
    }

    @Test func sizeKeywordsScaleWithTheInitialSize() {
        #expect(SVGStyle.fontSizeKeyword("xx-large", parent: 16, medium: 16) == 32)
        #expect(SVGStyle.fontSizeKeyword("small", parent: 16, medium: 16) == 13)
        #expect(SVGStyle.fontSizeKeyword("xx-large", parent: 12, medium: 12) == 24)
        #expect(SVGStyle.fontSizeKeyword("x-small", parent: 12, medium: 12) == 9)
    }
}

/// The font properties added for variable fonts and features.
@Suite struct SVGFontFeatureStyleTests {
    func style(_ declarations: [(String, String)]) -> (SVGStyle, [String]) {
        var parent = SVGStyle()
        parent.fontSize = 20
        var warnings: [String] = []
        let s = SVGStyle.computed(parent: parent, declarations: declarations, context: SVGLength.Context(viewport: (200, 200))) { name, _ in
            warnings.append(name)
        }
        return (s, warnings)
    }

    @Test func variationFeatureAndVariantPropertiesAreRead() {
        let (s, w) = style([("font-variation-settings", "'wght' 650, \"wdth\" 80"), ("font-feature-settings", "\"liga\" 0, \"ss01\""),
                            ("font-variant", "small-caps oldstyle-nums"), ("font-optical-sizing", "none")])
        #expect(w.isEmpty)
        #expect(s.fontVariationSettings.map(\.tag) == ["wght", "wdth"] && s.fontVariationSettings.map(\.value) == [650, 80])
        #expect(s.fontFeatureSettings.map(\.tag) == ["liga", "ss01"] && s.fontFeatureSettings.map(\.value) == [0, 1])
        #expect(s.fontVariant?.features.map(\.tag) == ["smcp", "onum"] && !s.opticalSizing)
        let (_, warnings) = style([("font-variation-settings", "wght 650"), ("font-variant", "small-caps petite-caps")])
        #expect(warnings.sorted() == ["font-variant", "font-variation-settings"])
    }
}
