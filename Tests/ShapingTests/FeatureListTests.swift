import Testing
@testable import Shaping

/// Parsing feature settings and applying them to their ranges.
@Suite struct FeatureListTests {
    @Test func parsesHarfBuzzSyntax() throws {
        let list = try FeatureList.parse("kern=0, liga=0,ss01,+smcp,-calt,smcp[0:3],aalt=2,smcp[2:]")
        #expect(list.map(\.tag) == ["kern", "liga", "ss01", "smcp", "calt", "smcp", "aalt", "smcp"])
        #expect(list.map(\.value) == [0, 0, 1, 1, 0, 1, 2, 1])
        #expect(list[5].start == 0 && list[5].end == 3 && !list[5].isGlobal)
        #expect(list[7].start == 2 && list[7].end == nil)
        #expect(list[0].isGlobal)
        #expect(list.map(\.description) == ["kern=0", "liga=0", "ss01=1", "smcp=1", "calt=0", "smcp[0:3]=1", "aalt=2", "smcp[2:]=1"])
        #expect(try FeatureList.parse("").isEmpty)
        #expect(try FeatureList.parse(["kern=0", "smcp[1]"]).map(\.end) == [nil, 2])
    }

    @Test(arguments: ["kern[", "=1", "+", "kern=x", "k@rn", "liga[1:2"])
    func rejectsBadSettings(_ text: String) {
        #expect(throws: ShapingError.badFeature(text)) { try FeatureSetting(parsing: text) }
        #expect(throws: ShapingError.badFeature(text)) { try FeatureList.parse("kern=0," + text) }
    }

    @Test func typedSettingsReachHarfBuzz() throws {
        // Attributes hold parsed settings, so text HarfBuzz rejects ("kern[") is refused when read, not
        // carried along as a string; the typed setting applies: 639 + 600 units without kerning.
        #expect(throws: ShapingError.badFeature("kern[")) { try FeatureSetting(parsing: "kern[") }
        let off = [FeatureSetting(tag: "kern", value: 0)]
        #expect(try FeatureList.parse("kern=0") == off)
        let line = Shaper.shape(AttributedText("AV", attributes: TextAttributes(fonts: [TestFonts.sans], size: 100, features: off)))
        #expect(line.diagnostics.isEmpty)
        #expect(abs(line.advance - 123.9) < 1e-9)
    }

    @Test func rangesCountScalarsWithinTheRun() throws {
        // Run 1 is "ééééoffice office": the first "ffi" is scalars 5…7 of the run but bytes 9…11 of it
        // (and 12…14 of the paragraph). liga[5:8]=0 must reach it and only it.
        let text = AttributedText(pieces: [
            ("AB ", TextAttributes(fonts: [TestFonts.sans])),
            ("ééééoffice office", TextAttributes(fonts: [TestFonts.sans], features: try FeatureList.parse(["liga[5:8]=0"]))),
        ])
        let line = Shaper.shape(text)
        let ffi: UInt32 = 1969   // NotoSans-Regular's f_f_i ligature (hb-shape "office")
        #expect(line.glyphs.filter { $0.glyph == ffi }.count == 1)
        #expect(line.glyphs.first { $0.glyph == ffi }?.cluster == 3 + 8 + 6 + 1 + 1)   // "AB ", éééé, office, space, o: the second ffi
        #expect(line.glyphs.count == 3 + 4 + 6 + 1 + 4)
        // Without the range, both ligate; with a global liga=0, neither does.
        let both = Shaper.shape(AttributedText("ééééoffice office", attributes: TextAttributes(fonts: [TestFonts.sans])))
        #expect(both.glyphs.filter { $0.glyph == ffi }.count == 2)
    }

    @Test func rangeOffsetsAreAbsolute() throws {
        let text = AttributedText(pieces: [("ab", TextAttributes(fonts: [TestFonts.sans])),
                                           ("éxyz", TextAttributes(fonts: [TestFonts.sans], features: try FeatureList.parse(["smcp[1:3]", "kern=0", "liga[2:]=0"])))])
        let resolved = Shaper.resolveFeatures(text)
        #expect(resolved[0].isEmpty)
        #expect(resolved[1].map(\.start) == [4, 0, 5])      // é is bytes 2…3, x 4, y 5, z 6
        #expect(resolved[1].map(\.end) == [6, nil, 7])
    }
}
