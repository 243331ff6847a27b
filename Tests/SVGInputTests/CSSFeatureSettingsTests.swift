import Testing
@testable import SVGInput
import Shaping

/// CSS `font-feature-settings` as SVG documents write it.
@Suite struct CSSFeatureSettingsTests {
    @Test func readsTagsWithOnOffAndIndices() throws {
        let f = try #require(CSSFeatureSettings.parse(#" "liga" 0, 'smcp', "ss01" on, "salt" 3 , "kern" off"#))
        #expect(f.map(\.tag) == ["liga", "smcp", "ss01", "salt", "kern"])
        #expect(f.map(\.value) == [0, 1, 1, 3, 0])
        #expect(CSSFeatureSettings.parse("normal") == [])
    }

    @Test func refusesWhatIsNotAList() {
        for bad in ["liga 0", "\"lig\" 1", "\"liga\" -1", "\"liga\" 0x10", "\"liga\" 1e3", "\"liga\" 99999999", "\"liga\" 1,", "\"liga", ""] {
            #expect(CSSFeatureSettings.parse(bad) == nil, "\(bad)")
        }
        #expect(CSSFeatureSettings.parse(Array(repeating: "\"liga\"", count: 65).joined(separator: ",")) == nil)
    }
}
