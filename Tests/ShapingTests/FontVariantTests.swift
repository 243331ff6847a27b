import Testing
@testable import Shaping

/// CSS font-variant keywords as OpenType features.
@Suite struct FontVariantTests {
    @Test func keywordsAskTheFontsFeatures() throws {
        #expect(FontVariant(parsing: "normal")?.features == [])
        #expect(FontVariant(parsing: "small-caps")?.features == [FeatureSetting(tag: "smcp")])
        let v = try #require(FontVariant(parsing: "all-small-caps oldstyle-nums tabular-nums no-common-ligatures"))
        #expect(v.features.map(\.tag) == ["smcp", "c2sc", "onum", "tnum", "liga", "clig"])
        #expect(v.features.map(\.value) == [1, 1, 1, 1, 0, 0])
        #expect(v.smallCaps && v.description == "all-small-caps oldstyle-nums tabular-nums no-common-ligatures")
        #expect(FontVariant(parsing: "none")?.features.allSatisfy { $0.value == 0 } == true)
        #expect(FontVariant(parsing: "Petite-Caps")?.features == [FeatureSetting(tag: "pcap")])
    }

    @Test func twoOfOneGroupOrAnUnknownWordIsRefused() {
        for bad in ["small-caps petite-caps", "lining-nums oldstyle-nums", "normal small-caps", "none ordinal", "smallcaps", "", "super sub"] {
            #expect(FontVariant(parsing: bad) == nil, "\(bad)")
        }
    }
}
