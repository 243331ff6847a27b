import Testing
@testable import Shaping

/// CSS font-variant-caps as features.
@Suite struct FontVariantCapsTests {
    @Test func smallCapsAskTheFontsFeatures() {
        #expect(FontVariantCaps.normal.features.isEmpty)
        #expect(FontVariantCaps.smallCaps.features == [FeatureSetting(tag: "smcp")])
        #expect(FontVariantCaps.allSmallCaps.features == [FeatureSetting(tag: "smcp"), FeatureSetting(tag: "c2sc")])
        #expect(FontVariantCaps(rawValue: "small-caps") == .smallCaps)
    }
}
