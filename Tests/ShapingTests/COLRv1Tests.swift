import Testing
import Geometry
@testable import Shaping
import TestSupport

/// COLRv1 paint graphs read from the `COLR` table and flattened into layers.
@Suite struct COLRv1Tests {
    /// A COLRv1 table whose base glyph list maps glyph 1 to `paints` (the paint bytes, at offset 10 of the list).
    static func table(_ paints: [UInt8]) -> [UInt8] {
        var t: [UInt8] = [0, 1, 0, 0] + [UInt8](repeating: 0, count: 10)   // version 1, no version 0 records
        t += [0, 0, 0, 34] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 12)  // base glyph list at 34, no layer list
        t += [0, 0, 0, 1, 0, 1, 0, 0, 0, 10] + paints                          // one record: glyph 1, paint at +10
        return t
    }

    @Test func aGlyphOverASolidIsOneLayerInThePalettesColour() throws {
        // PaintGlyph (format 10: paint at +6, glyph 7) over PaintSolid (format 2: palette 1, alpha 0.5).
        let colr = try #require(COLRv1(Self.table([10, 0, 0, 6, 0, 7, 2, 0, 1, 0x20, 0x00])))
        let layers = try #require(colr.layers(glyph: 1, palette: [.black, RGBAColor(r: 200, g: 10, b: 20)]))
        #expect(layers == [ColorLayer(glyph: 7, color: RGBAColor(r: 200, g: 10, b: 20, a: 128))])
        #expect(colr.layers(glyph: 2, palette: []) == nil)          // no record
        // Palette index 0xFFFF is the text's colour.
        let text = try #require(COLRv1(Self.table([10, 0, 0, 6, 0, 7, 2, 0xFF, 0xFF, 0x40, 0x00])))
        #expect(text.layers(glyph: 1, palette: [.black])?.first?.color == nil)
    }

    @Test func aCycleThroughPaintColrGlyphIsBounded() {
        // PaintColrGlyph (format 11) of glyph 1 itself.
        let colr = COLRv1(Self.table([11, 0, 1]))
        #expect(colr != nil && colr?.layers(glyph: 1, palette: []) == nil)
    }

    @Test func transformsAboveAGlyphMoveItsOutline() throws {
        // PaintTranslate (format 14: child at +8, dx 100, dy -50) over PaintGlyph 7 over a solid.
        let colr = try #require(COLRv1(Self.table([14, 0, 0, 8, 0, 100, 0xFF, 0xCE, 10, 0, 0, 6, 0, 7, 2, 0, 0, 0x40, 0x00])))
        let layer = try #require(colr.layers(glyph: 1, palette: [.black])?.first)
        #expect(layer.transform == .translate(Vector(100, -50)) && layer.color == .black)
    }

    @Test func resvgsNotoEmojiSubsetFlattensIntoGradientLayers() throws {
        let font = try Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/NotoColorEmojiCOLR.subset.ttf"))
        var gradients = 0
        for glyph in UInt32(1)...4 {
            guard case .layers(let layers)? = font.colorGlyph(glyph) else { Issue.record("glyph \(glyph) has no layers"); continue }
            #expect(layers.count >= 5 && layers.count <= COLRv1.maximumLayers, "glyph \(glyph): \(layers.count) layers")
            gradients += layers.filter { $0.gradient != nil }.count
            for l in layers {
                let t = l.transform
                #expect([t.a, t.b, t.c, t.d, t.e, t.f].allSatisfy { $0.isFinite })
            }
        }
        #expect(gradients > 0, "the moon and the faces are shaded with gradients")
    }
}
