import Foundation
import Testing
import TestSupport

/// CSS font matching through the CLI, on resvg's test fonts (fixtures/resvg-text/fonts: Noto Sans Thin, Light,
/// Regular, Bold, Black; the variable Roboto Flex), with a Fontconfig file that shows only them.
@Suite struct CSSFontMatchCLITests {
    static let fonts = packageRoot + "/fixtures/resvg-text"
    static let environment = ["FONTCONFIG_FILE": fonts + "/fonts.conf"]

    /// The placements of `text` in `family` with `flags`, the embedded and system fonts off.
    func layout(_ text: String, family: String, _ flags: [String]) throws -> [String: Any] {
        let r = try pathtext(["layout", "--text", text, "--path", "M 0 200 L 4000 200", "--size", "100", "--font-family", family,
                              "--embedded-fonts", "false", "--no-system-fonts"] + flags, environment: Self.environment)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try json(r.stdout) as? [String: Any])
    }

    @Test(arguments: [("100", "NotoSans-Thin.ttf"), ("300", "NotoSans-Light.ttf"), ("400", "NotoSans-Regular.ttf"),
                      ("700", "NotoSans-Bold.ttf"), ("900", "NotoSans-Black.ttf"),
                      // The faces CSS's rule names where the family has none of the weight: 500 looks down first
                      // (Regular), 600 and 800 up (Bold, Black), 200 down (Thin), bold is 700.
                      ("500", "NotoSans-Regular.ttf"), ("600", "NotoSans-Bold.ttf"), ("800", "NotoSans-Black.ttf"),
                      ("200", "NotoSans-Thin.ttf"), ("bold", "NotoSans-Bold.ttf")])
    func eachWeightPicksTheFaceCSSNames(weight: String, file: String) throws {
        let placements = try layout("Hamburg", family: "Noto Sans", ["--font-weight", weight])
        let fonts = try #require(placements["fonts"] as? [[String: Any]])
        #expect(fonts.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } } == [file])
    }

    @Test func aVariableFaceIsSetToTheWeightAndWidthAsHBShapeSetsIt() throws {
        let placements = try layout("Hamburg", family: "Roboto Flex", ["--font-weight", "650", "--font-stretch", "60%"])
        let font = try #require((placements["fonts"] as? [[String: Any]])?.first)
        let axes = try #require(font["variations"] as? [String: Double])
        // opsz follows the size (100 px) as font-optical-sizing: auto sets it in browsers.
        #expect(axes["wght"] == 650 && axes["wdth"] == 60 && axes["opsz"] == 100, "\(axes)")
        let upem = try #require(font["unitsPerEm"] as? Double)
        let glyphs = try #require((placements["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        let r = try runProgram("/usr/bin/hb-shape", ["--output-format=json", "--no-glyph-names", "--variations=wght=650,wdth=60,opsz=100",
                                                     Self.fonts + "/fonts/RobotoFlex.subset.ttf", "Hamburg"])
        let hb = try #require(try json(r.stdout) as? [[String: Any]])
        #expect(glyphs.map { $0["glyph"] as! Int } == hb.map { $0["g"] as! Int })
        for k in 1..<glyphs.count {
            let advance = (glyphs[k]["x"] as! Double) - (glyphs[k - 1]["x"] as! Double)
            #expect(abs(advance - Double(hb[k - 1]["ax"] as! Int) * 100 / upem) < 1e-6, "glyph \(k - 1)")
        }
        // The default instance is narrower at wdth 60 than at 100: the axes really moved.
        let normal = try layout("Hamburg", family: "Roboto Flex", ["--font-weight", "650"])
        let wide = try #require((normal["labels"] as? [[String: Any]])?.first?["advance"] as? Double)
        let narrow = try #require((placements["labels"] as? [[String: Any]])?.first?["advance"] as? Double)
        #expect(narrow < 0.97 * wide, "\(narrow) against \(wide)")
    }

    /// font-variation-settings over the matching's axes (and optical sizing off), each as hb-shape sets it.
    @Test func variationSettingsOverrideTheMatchedAxesAsHBShapeSetsThem() throws {
        let cases: [(flags: [String], variations: String, axes: [String: Double])] = [
            (["--font-weight", "650", "--font-variation-settings", "wght=300,GRAD=-100"], "wght=300,wdth=100,opsz=100,GRAD=-100",
             ["wght": 300, "wdth": 100, "opsz": 100, "GRAD": -100]),
            (["--font-optical-sizing", "false", "--font-variation-settings", "'wdth' 30, \"XTRA\" 500, \"none\" 4"], "wght=400,wdth=30,XTRA=500",
             ["wght": 400, "wdth": 30, "XTRA": 500, "opsz": 14]),  // opsz at the font's default
            // Clamped to the axis (wght 100–1000), the last setting of a tag wins.
            (["--font-variation-settings", "wght=5000,wght=900,opsz=1"], "wght=900,wdth=100,opsz=8", ["wght": 900, "wdth": 100, "opsz": 8]),
        ]
        for c in cases {
            let placements = try layout("Hamburg", family: "Roboto Flex", c.flags)
            let font = try #require((placements["fonts"] as? [[String: Any]])?.first)
            let axes = try #require(font["variations"] as? [String: Double])
            for (tag, value) in c.axes { #expect(axes[tag] == value, "\(c.flags): \(tag) in \(axes)") }
            let upem = try #require(font["unitsPerEm"] as? Double)
            let glyphs = try #require((placements["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
            let r = try runProgram("/usr/bin/hb-shape", ["--output-format=json", "--no-glyph-names", "--variations=" + c.variations,
                                                         Self.fonts + "/fonts/RobotoFlex.subset.ttf", "Hamburg"])
            let hb = try #require(try json(r.stdout) as? [[String: Any]])
            for k in 1..<glyphs.count {
                let advance = (glyphs[k]["x"] as! Double) - (glyphs[k - 1]["x"] as! Double)
                #expect(abs(advance - Double(hb[k - 1]["ax"] as! Int) * 100 / upem) < 1e-6, "\(c.flags): glyph \(k - 1)")
            }
        }
        // Not a list of settings: a usage error naming the flag.
        let bad = try pathtext(["layout", "--text", "A", "--path", "M 0 0 L 9 0", "--font-variation-settings", "wght=0x10"])
        #expect(bad.status == 2 && bad.stderr.contains("--font-variation-settings"), "\(bad.stderr)")
    }

    /// font-kerning none and font-variant small-caps, as hb-shape shapes kern=0 and smcp.
    @Test func kerningAndCapsAreTheFontsFeatures() throws {
        func advances(_ flags: [String]) throws -> [Double] {
            let r = try pathtext(["layout", "--text", "AVATAR", "--path", "M 0 200 L 4000 200", "--size", "100", "--font", Self.fonts + "/fonts/NotoSans-Regular.ttf",
                                  "--embedded-fonts", "false", "--no-system-fonts"] + flags, environment: Self.environment)
            let glyphs = try #require(((try json(r.stdout) as? [String: Any])?["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
            return glyphs.map { $0["advance"] as! Double }
        }
        let kerned = try advances([]), unkerned = try advances(["--font-kerning", "none"])
        #expect(kerned != unkerned)
        let hb = try runProgram("/usr/bin/hb-shape", ["--output-format=json", "--no-glyph-names", "--features=kern=0",
                                                      Self.fonts + "/fonts/NotoSans-Regular.ttf", "AVATAR"])
        let hbAdvances = try #require(try json(hb.stdout) as? [[String: Any]]).map { Double($0["ax"] as! Int) * 100 / 1000 }
        #expect(zip(unkerned, hbAdvances).allSatisfy { abs($0 - $1) < 1e-6 }, "\(unkerned) against \(hbAdvances)")
        // A run's own features still win: kern=1 after font-kerning none.
        #expect(try advances(["--font-kerning", "none", "--features", "kern=1"]) == kerned)
    }
}

/// font-variant small-caps: the font's smcp where it has one (Noto Sans), else capitals at 70 % of the size
/// (Noto Mono has none: browsers synthesize them so).
@Suite struct SmallCapsCLITests {
    static let fonts = packageRoot + "/fixtures/resvg-text/fonts"

    func glyphs(_ font: String, _ flags: [String]) throws -> [[String: Any]] {
        let r = try pathtext(["layout", "--text", "Ab", "--path", "M 0 200 L 4000 200", "--size", "100", "--font", Self.fonts + "/" + font,
                              "--embedded-fonts", "false", "--no-system-fonts"] + flags)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(((try json(r.stdout) as? [String: Any])?["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
    }

    @Test func theFontsSmallCapsOrScaledCapitals() throws {
        // Noto Sans: hb-shape's glyph for "b" with +smcp, at the full size.
        let noto = try glyphs("NotoSans-Regular.ttf", ["--font-variant", "small-caps"])
        let hb = try runProgram("/usr/bin/hb-shape", ["--output-format=json", "--no-glyph-names", "--features=smcp", Self.fonts + "/NotoSans-Regular.ttf", "Ab"])
        let hbGlyphs = try #require(try json(hb.stdout) as? [[String: Any]]).map { $0["g"] as! Int }
        #expect(noto.map { $0["glyph"] as! Int } == hbGlyphs && noto.allSatisfy { $0["size"] as! Double == 100 })
        // Noto Mono: "b" is the capital B at 70 px.
        let source = try glyphs("NotoMono-Regular.ttf", ["--font-variant", "small-caps"])
        let capitals = try glyphs("NotoMono-Regular.ttf", ["--text", "AB"])
        #expect(source.map { $0["glyph"] as! Int } == capitals.map { $0["glyph"] as! Int })
        #expect(source.map { $0["size"] as! Double } == [100, 70])
    }
}

/// CSS font matching among the given font files of one family, as among a family's `@font-face` rules.
@Suite struct GivenFilesMatchingCLITests {
    static let fonts = packageRoot + "/fixtures/resvg-text/fonts"

    func firstFont(_ flags: [String]) throws -> String {
        let files = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Thin.ttf", "NotoSans-Italic.ttf"].flatMap { ["--font", Self.fonts + "/" + $0] }
        let r = try pathtext(["layout", "--text", "Hamburg", "--path", "M 0 200 L 4000 200", "--embedded-fonts", "false", "--no-system-fonts"]
                             + files + flags)
        #expect(r.status == 0, "\(r.stderr)")
        let fonts = try #require((try json(r.stdout) as? [String: Any])?["fonts"] as? [[String: Any]])
        return ((fonts.first?["path"] as? String ?? "") as NSString).lastPathComponent
    }

    @Test func theWeightAndStylePickAmongTheFiles() throws {
        #expect(try firstFont([]) == "NotoSans-Regular.ttf")  // no weight given: the files' order
        #expect(try firstFont(["--font-weight", "700"]) == "NotoSans-Bold.ttf")
        #expect(try firstFont(["--font-weight", "100"]) == "NotoSans-Thin.ttf")
        #expect(try firstFont(["--font-weight", "500"]) == "NotoSans-Regular.ttf")  // CSS: 500 looks down first
        #expect(try firstFont(["--font-style", "italic"]) == "NotoSans-Italic.ttf")
    }
}
