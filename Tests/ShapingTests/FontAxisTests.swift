import Testing
import Shaping
import TestSupport

/// `FontAxis`: a variable font's `fvar` axes as the font gives them.
@Suite struct FontAxisTests {
    @Test func robotoFlexListsItsAxesWithTheirRanges() throws {
        let flex = try Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/RobotoFlex.subset.ttf"))
        let wght = try #require(flex.axes.first { $0.tag == "wght" })
        #expect(wght.minimum == 100 && wght.defaultValue == 400 && wght.maximum == 1000)
        #expect(wght.description == "wght 100…1000 (default 400)")
        let wdth = try #require(flex.axes.first { $0.tag == "wdth" })
        #expect(wdth.minimum == 25 && wdth.defaultValue == 100 && wdth.maximum == 151)
        #expect(flex.axes.contains { $0.tag == "opsz" })
    }

    @Test func aStaticFontHasNone() throws {
        #expect(try Typeface(path: PackagePaths.fonts + "/NotoSans-Regular.ttf").axes.isEmpty)
    }

    @Test func aFractionalBoundIsWrittenInFull() {
        #expect(FontAxis(tag: "slnt", name: "Slant", minimum: -10.5, defaultValue: 0, maximum: 0).description == "slnt -10.5…0 (default 0)")
    }
}
