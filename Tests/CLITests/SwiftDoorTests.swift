import Testing
import Foundation
import PathText

/// Issue 22's Swift door: the memberwise `LabelOptions` init names every placement option as its JSON key,
/// and `TextLabel` follows the one fonts rule of every door.
@Suite struct SwiftDoorTests {
    /// Catalog keys that refine another field instead of being a field of their own.
    static let refinements: [String: String] = ["minSize": "overflow", "length": "fit"]

    @Test func labelOptionsHasAFieldNamedAsEachPlacementKey() {
        let fields = Set(Mirror(reflecting: LabelOptions()).children.compactMap(\.label))
        for key in LabelOptionCatalog.placement.map(\.key) {
            #expect(fields.contains(Self.refinements[key] ?? key), "LabelOptions has no field \(key)")
        }
        // And no placement field that the catalog does not know (the limits are the engine's, not a key;
        // clusterDy is the tail of the dy list; letterSpacing is the run attribute's key, which this adds to;
        // flipDecision is internal, set by multi-line layout so that a block's lines flip together; distances is
        // the package's, set by the SVG reader so that textPath distances are Chromium's chord lengths, and so is
        // snapsVerticalMetrics, Chromium's device-pixel rounding of vertical text).
        let keys = Set(LabelOptionCatalog.placement.map(\.key) + LabelOptionCatalog.style.map(\.key))
        for field in fields.subtracting(["limits", "clusterDy", "flipDecision", "distances", "snapsVerticalMetrics"]) {
            #expect(keys.contains(field), "\(field) is not a catalog key")
        }
    }

    /// Every placement key set through the memberwise init gives the same value as reading its JSON sample.
    @Test func theMemberwiseInitTakesEveryOption() throws {
        let swift = LabelOptions(align: .center, offset: .percent(25), side: .right, baseline: .middle, dx: [1, 2], dy: 3,
                                 clusterDy: [4], shift: .normal, rotate: [5], rotateAbout: .origin, letterSpacing: 0, upright: .off, method: .chord,
                                 overflow: .shrink(minimumSize: 7), fit: .spacing(length: 300), warp: .bend, maxAngle: 45,
                                 repeat: 20, writingMode: .vertical, textOrientation: .upright,
                                 decoration: [.underline], decorationSkipInk: true, haloColor: .black, haloWidth: 2,
                                 closedPath: .clip, missingGlyphs: .error, maxLines: 3, lineHeight: 50)
        let json = #"{"text":"a","path":"M0 0 L9 0","align":"center","offset":"25%","side":"right","baseline":"middle","dx":[1,2],"#
            + #""dy":[3,4],"shift":"normal","rotate":[5],"rotateAbout":"origin","upright":"off","method":"chord","overflow":"shrink","minSize":7,"#
            + #""fit":"spacing","length":300,"warp":"bend","maxAngle":45,"repeat":20,"writingMode":"vertical","#
            + ##""textOrientation":"upright","decoration":["underline"],"decorationSkipInk":true,"haloColor":"#000000","##
            + #""haloWidth":2,"closedPath":"clip","missingGlyphs":"error","maxLines":3,"lineHeight":50}"#
        let label = try SceneJSON.decodeLabel(Array(json.utf8))
        #expect(label.options == swift)
    }

    /// The given fonts come first, then the embedded stack, then the system's fonts: an Arabic word after a
    /// Latin-only font comes from the embedded Noto Sans Arabic, in Swift as in the CLI.
    @Test func givenFontsAreFollowedByTheEmbeddedStackAsInTheCLI() throws {
        let serif = try Typeface(path: packageRoot + "/Fonts/NotoSerif-Regular.ttf")
        let label = try TextLabel("Hi مرحبا", along: "M 0 100 L 400 100", fonts: [serif])
        #expect(Set(label.glyphs.map { label.font(of: $0).name }) == ["NotoSerif-Regular.ttf", "NotoSansArabic-Regular.ttf"])
        #expect(!label.glyphs.contains { $0.glyph == 0 })
        let cli = try pathtext(["layout", "--text", "Hi مرحبا", "--path", "M 0 100 L 400 100", "--font", packageRoot + "/Fonts/NotoSerif-Regular.ttf"])
        let o = try #require(try json(cli.stdout) as? [String: Any])
        let glyphs = try #require((o["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        #expect(glyphs.map { $0["font"] as? String } == label.glyphs.map { label.font(of: $0).name })
        #expect(glyphs.map { $0["glyph"] as? Int } == label.glyphs.map { Int($0.glyph) })

        // Each step is switchable: without the embedded stack and the system's fonts, Arabic is .notdef.
        let alone = try TextLabel("Hi مرحبا", along: "M 0 100 L 400 100", fonts: [serif], embeddedFonts: false, systemFonts: false)
        #expect(Set(alone.glyphs.map { alone.font(of: $0).name }) == ["NotoSerif-Regular.ttf"])
        #expect(alone.glyphs.filter { $0.glyph == 0 }.count == 5)
        #expect(alone.diagnostics.contains { if case .missingGlyphs = $0 { true } else { false } })
    }
}
