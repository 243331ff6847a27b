import Testing
@testable import Shaping
import TestSupport

/// `Typeface.style` (bold and italic as fallback and synthesis read them) and `Typeface.traits`.
@Suite struct TypefaceStyleTests {
    static func font(_ name: String) throws -> Typeface { try Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/" + name)) }

    @Test func theStyleNameSaysBoldOrItalic() throws {
        #expect(try Self.font("NotoSans-Bold.ttf").style == (bold: true, italic: false))
        #expect(try Self.font("NotoSans-Black.ttf").style == (bold: true, italic: false))
        #expect(try Self.font("NotoSans-Italic.ttf").style == (bold: false, italic: true))
        #expect(try Self.font("NotoSans-Light.ttf").style == (bold: false, italic: false))
    }

    @Test func aWeightAxisSetsBoldAtCSSsThreshold() throws {
        let flex = try Self.font("RobotoFlex.subset.ttf")
        #expect(try flex.varied(by: [FontVariation(tag: "wght", value: 600)]).style.bold)
        #expect(try !flex.varied(by: [FontVariation(tag: "wght", value: 599)]).style.bold)
        #expect(try flex.varied(by: [FontVariation(tag: "slnt", value: -10)]).style.italic)
    }

    @Test func traitsComeFromTheFontsOwnTables() throws {
        let thin = try Self.font("NotoSans-Thin.ttf").traits
        #expect(thin.weight == 100...100 && thin.width == 100...100 && thin.slant == .upright)
        #expect(try Self.font("NotoSans-Italic.ttf").traits.slant == .italic)
        let flex = try Self.font("RobotoFlex.subset.ttf").traits
        #expect(flex.weight == 100...1000 && flex.width == 25...151)
    }
}
