import Foundation
import Testing
import Geometry
import Shaping
@testable import Layout

/// A glyph FreeType cannot load is a ``LayoutError/font(_:)`` when a label places it, never a blank
/// glyph (issue 13): the damaged font passes the load-time checks, and only "H" is broken.
@Suite struct DamagedGlyphLayoutTests {
    @Test func placingAnUnloadableGlyphIsAnError() throws {
        let sans = [UInt8](try #require(FileManager.default.contents(atPath: fontsDir + "/NotoSans-Regular.ttf")))
        let font = try Typeface(bytes: FontDamage.glyphUnloadable.apply(to: sans, glyph: 43), name: "t.ttf")  // 43: "H"
        let path = try BezPath(svgPathData: "M0 50 L400 50")
        func layout(_ text: String) throws(LayoutError) -> [PlacedLabel] {
            try LabelLayout.layout(AttributedText(text, attributes: TextAttributes(fonts: [font], size: 20)), along: path)
        }
        #expect(throws: LayoutError.font(.unreadableGlyph(name: "t.ttf", glyph: 43, reason: "FreeType error 0x14: invalid outline"))) {
            try layout("Hello")
        }
        // The same font places text without the broken glyph, with every outline loaded.
        let labels = try layout("ello")
        #expect(labels.count == 1 && labels[0].glyphs.count == 4)
        #expect(labels[0].glyphs.allSatisfy { !font.outline(glyph: $0.glyph).subpaths.isEmpty })
    }
}
