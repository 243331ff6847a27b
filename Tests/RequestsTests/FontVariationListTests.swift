import Testing
@testable import Requests
import Shaping

/// `fontVariationSettings` in both spellings, with JSON's number grammar.
@Suite struct FontVariationListTests {
    @Test func readsBothSpellings() throws {
        let ours = try #require(FontVariationList.parse("wght=650, wdth=80.5,GRAD=-50"))
        #expect(ours == [FontVariation(tag: "wght", value: 650), FontVariation(tag: "wdth", value: 80.5), FontVariation(tag: "GRAD", value: -50)])
        let css = try #require(FontVariationList.parse(#""wght" 650, 'wdth' 80.5"#))
        #expect(css == Array(ours.prefix(2)))
        #expect(FontVariationList.parse("normal") == [])
    }

    @Test func refusesWhatIsNotAList() {
        for bad in ["wght", "wght=", "wght=0x10", "wght=1e-320", "wght=nan", "wght=40000", "wg=1", "wghtx=1", "\"wght\" ", "wght=1,,wdth=2",
                    "\"wght 1"] {
            #expect(FontVariationList.parse(bad) == nil, "\(bad)")
        }
        #expect(FontVariationList.parse(Array(repeating: "wght=1", count: 65).joined(separator: ",")) == nil)
    }
}
