import Testing
import Geometry
@testable import Shaping
import TestSupport

/// Colour glyphs drawn otherwise than their font describes them: what COLRv1 flattening, the SVG table's
/// index and shaping report (ColorGlyphFallback.swift).
@Suite struct ColorGlyphFallbackTests {
    static let fallbacks = try! Typeface(path: packageRoot + "/fixtures/fonts/ColorFallbacks.ttf")
    static let twitter = try! Typeface(path: packageRoot + "/fixtures/resvg-text/fonts/TwitterColorEmoji.subset.ttf")

    func shape(_ text: String, _ font: Typeface) -> ShapedLine {
        Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [font], size: 100, systemFallback: false)))
    }

    @Test func compositeModesThatFlattenAreExactAndTheOthersAreNamed() throws {
        // A PaintComposite (format 32: source at +8, mode at +4, backdrop at +15) of two PaintGlyphs.
        func table(mode: UInt8) -> [UInt8] {
            COLRv1Tests.table([32, 0, 0, 8, mode, 0, 0, 19] + [10, 0, 0, 6, 0, 7, 2, 0, 0, 0x40, 0x00]
                              + [10, 0, 0, 6, 0, 8, 2, 0, 1, 0x40, 0x00])
        }
        let palette = [RGBAColor.black, RGBAColor(r: 255, g: 0, b: 0)]
        func flat(_ mode: UInt8) throws -> COLRv1.Flattened { try #require(COLRv1(table(mode: mode))).flatten(glyph: 1, palette: palette) }
        #expect(try flat(3).layers?.map(\.glyph) == [8, 7] && flat(3).fallback == nil)    // src-over: backdrop, then source
        #expect(try flat(4).layers?.map(\.glyph) == [7, 8] && flat(4).fallback == nil)    // dest-over: source, then backdrop
        #expect(try flat(1).layers?.map(\.glyph) == [7] && flat(2).layers?.map(\.glyph) == [8])
        #expect(try flat(0).layers == nil && flat(0).fallback == nil)                       // clear: nothing to draw
        // Any other mode is a group the surfaces composite: the backdrop, then the source, then the mode.
        let multiply = try flat(23)
        #expect(multiply.layers?.map(\.group) == [.begin, nil, .source, nil, .end(.multiply)] && multiply.fallback == nil)
        #expect(multiply.layers?.filter { $0.group == nil }.map(\.glyph) == [8, 7])
        #expect(try flat(13).fallback == nil && flat(24).layers?.last?.group == .end(.hue) && flat(24).fallback == nil)
        // Porter–Duff operators are groups too, exact in PNG and in SVG output (masks): nothing to say.
        #expect(try flat(5).fallback == nil && flat(5).layers?.last?.group == .end(.sourceIn))
        #expect(try flat(11).fallback == nil && flat(11).layers?.last?.group == .end(.xor))
        #expect(try flat(9).fallback == nil && flat(9).layers?.last?.group == .end(.sourceAtop))
        #expect(try flat(200).fallback == .compositeMode("200 (unknown)") && flat(200).layers?.map(\.glyph) == [8, 7])
    }

    @Test func compositesNestedPastTheBoundAreDrawnSourceOverAndSaidSo() throws {
        // Three multiply composites, each the source of the one above; every backdrop is glyph 8, the innermost
        // source glyph 7 (composites 8 bytes each at 0, 8, 16; glyph paints of 11 bytes at 24 and 35).
        func composite(source: UInt8, backdrop: UInt8) -> [UInt8] { [32, 0, 0, source, 23, 0, 0, backdrop] }
        let paints = composite(source: 8, backdrop: 35) + composite(source: 8, backdrop: 27) + composite(source: 8, backdrop: 19)
            + [10, 0, 0, 6, 0, 7, 2, 0, 0, 0x40, 0x00] + [10, 0, 0, 6, 0, 8, 2, 0, 1, 0x40, 0x00]
        let flat = try #require(COLRv1(COLRv1Tests.table(paints))).flatten(glyph: 1, palette: [.black, .white])
        #expect(flat.layers?.map(\.group) == [.begin, nil, .source, .begin, nil, .source, nil, nil, .end(.multiply), .end(.multiply)])
        #expect(flat.fallback == .compositeMode("multiply"))
    }

    @Test func eachBoundIsNamed() throws {
        let cycle = try #require(COLRv1(COLRv1Tests.table([11, 0, 1])))   // PaintColrGlyph of glyph 1 itself
        #expect(cycle.flatten(glyph: 1, palette: []).fallback == .paintBound(.depth))
        #expect(COLRPaintBound.depth.limit == "64 nested paints" && COLRPaintBound.layers.limit == "1024 layers")
    }

    @Test func theFixtureFontsGlyphsReportWhatTheyAreDrawnAs() {
        let f = Self.fallbacks
        let glyphs = shape("ABCDEGHI", f).glyphs.map(\.glyph)
        #expect(glyphs.map(f.colorGlyphFallback) == [nil, nil, .paintBound(.depth), .paintBound(.depth), nil, nil, nil, nil])
        // C has an outline of its own: no colour glyph (drawn as that outline). D has none: the silhouette of the
        // layers read before the bound, each in the text's colour.
        #expect(f.colorGlyph(glyphs[2]) == nil)
        guard case .layers(let d)? = f.colorGlyph(glyphs[3]) else { Issue.record("D is not drawn"); return }
        // One layer per turn of the cycle, which nests two paints (the layers, the PaintColrGlyph) deeper.
        #expect(d.count == 31 && d.allSatisfy { $0.color == nil && $0.gradient == nil })
    }

    @Test func shapingReportsOneDiagnosticPerFontAndReason() throws {
        // C and D both go past the depth bound: one record for the font and reason, both glyphs, every cluster.
        let line = shape("ICEDC", Self.fallbacks)
        let records = line.diagnostics.compactMap(\.colorGlyph)
        #expect(records.map(\.reason) == [.paintBound(.depth)])
        #expect(records[0].clusters == [1, 3, 4] && records[0].glyphs.count == 2)
        #expect(records[0].description == "ColorFallbacks.ttf: COLR table glyphs drawn as outlines (2 glyphs): the paint graph goes past 64 nested paints")
        #expect(line.diagnostics.map(\.cluster) == [1])
        #expect(shape("EAGHIJK", Self.fallbacks).diagnostics.isEmpty)
    }

    @Test func svgTableGlyphsAreFoundInTheDocumentIndex() throws {
        let line = shape("😀x", Self.twitter)
        let record = try #require(line.diagnostics.compactMap(\.colorGlyph).first)
        #expect(record.reason == .svgTable && record.reason.table == "SVG" && record.clusters == [0])
        #expect(record.description.hasPrefix("TwitterColorEmoji.subset.ttf: SVG table glyphs drawn as outlines (glyph "))
        #expect(Self.twitter.freeType.withLock { $0.svgGlyphRanges() }.count >= 2)
    }
}
