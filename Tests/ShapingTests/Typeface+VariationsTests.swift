import Testing
@testable import Shaping
import TestSupport

/// ``Typeface/varied(by:)`` and ``Typeface/styleVariations(size:style:opticalSizing:)`` on Roboto Flex.
@Suite struct TypefaceVariationsTests {
    let flex = PackagePaths.root + "/fixtures/resvg-text/fonts/RobotoFlex.subset.ttf"

    @Test func settingsAreClampedAndIgnoredWhereTheFaceHasNoAxis() throws {
        let font = try Typeface(path: flex)
        let varied = try font.varied(by: [FontVariation(tag: "wght", value: 5000), FontVariation(tag: "zzzz", value: 3),
                                          FontVariation(tag: "wdth", value: 60), FontVariation(tag: "wdth", value: 70)])
        let coordinates = Dictionary(varied.variations.map { ($0.tag, $0.value) }, uniquingKeysWith: { $1 })
        #expect(coordinates["wght"] == 1000 && coordinates["wdth"] == 70 && coordinates["zzzz"] == nil, "\(coordinates)")
        #expect(try font.varied(by: []) === font)
        let embedded = try #require(try DefaultFonts.stack(folder: PackagePaths.root + "/Fonts").first)
        #expect(try embedded.varied(by: [FontVariation(tag: "wght", value: 700)]) === embedded)  // a static face
    }

    @Test func styleSetsOpszItalAndSlntAsCSSDoes() throws {
        let font = try Typeface(path: flex)
        #expect(font.styleVariations(size: 20, style: .oblique(angle: 10)) == [FontVariation(tag: "opsz", value: 20), FontVariation(tag: "slnt", value: -10)])
        #expect(font.styleVariations(size: 20, style: .normal, opticalSizing: false) == [])
        // Roboto Flex has no ital axis: italic sets nothing (matching or synthesis decides).
        #expect(font.styleVariations(size: 20, style: .italic, opticalSizing: false) == [])
    }
}

