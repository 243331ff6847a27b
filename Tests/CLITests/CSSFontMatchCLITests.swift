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
        #expect(axes["wght"] == 650 && axes["wdth"] == 60, "\(axes)")
        let upem = try #require(font["unitsPerEm"] as? Double)
        let glyphs = try #require((placements["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        let r = try runProgram("/usr/bin/hb-shape", ["--output-format=json", "--no-glyph-names", "--variations=wght=650,wdth=60",
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
}
