import Testing
@testable import Shaping

/// `TextAttributes.sameShaping(as:)`, the comparison of `ShapeCache`'s keys: field by field, so a stored
/// property added to `TextAttributes` must be declared a shaping input or not.
@Suite struct TextAttributesShapingTests {
    let base = TextAttributes(fonts: [TestFonts.sans], size: 20, features: [FeatureSetting(tag: "liga", value: 0)],
                              language: "en", systemFallback: false)

    @Test func everyStoredPropertyIsDeclaredAShapingInputOrNot() {
        let stored = Set(Mirror(reflecting: base).children.compactMap(\.label))
        #expect(stored == TextAttributes.shapingInputs.union(TextAttributes.notShapingInputs))
        #expect(TextAttributes.shapingInputs.isDisjoint(with: TextAttributes.notShapingInputs))
    }

    @Test func eachShapingInputTellsAttributesApart() {
        var changed: [String: TextAttributes] = [:]
        changed["fonts"] = { var a = base; a.fonts = [TestFonts.serif]; return a }()
        changed["size"] = { var a = base; a.size = 21; return a }()
        changed["features"] = { var a = base; a.features = []; return a }()
        changed["language"] = { var a = base; a.language = "tr"; return a }()
        changed["systemFallback"] = { var a = base; a.systemFallback = true; return a }()
        changed["fontSynthesis"] = { var a = base; a.fontSynthesis = .none; return a }()
        #expect(Set(changed.keys) == TextAttributes.shapingInputs)
        for (name, a) in changed {
            #expect(!a.sameShaping(as: base) && !base.sameShaping(as: a), "\(name)")
        }
        #expect(base.sameShaping(as: base))
    }

    @Test func theOtherPropertiesDoNot() {
        var a = base
        a.color = RGBAColor(r: 255, g: 0, b: 0, a: 255)
        a.letterSpacing = 3; a.wordSpacing = 4; a.baselineShift = 5
        #expect(a.sameShaping(as: base) && base.sameShaping(as: a))
        #expect(a != base)
    }
}
