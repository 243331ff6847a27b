import Testing
import Geometry
import Shaping
import Placer

/// The one checker both engines' labels go through (the bench's place rows).
@Suite struct OverlapCheckTests {
    /// A label of `text` whose glyphs ("o", 13 px) sit `step` px apart along the x axis from `start`,
    /// each turned by the next angle of `angles` (degrees, y down).
    func label(_ text: String?, from start: Point, angles: [Double], step: Double = 20) throws -> CheckLabel {
        let font = try resolver().font("NotoSans-Regular.ttf")
        let o = try #require(Shaper.shape(AttributedText("o", attributes: TextAttributes(fonts: [font], size: 13))).glyphs.first).glyph
        return CheckLabel(text: text, glyphs: angles.enumerated().map { i, a in
            CheckGlyph(font: font, glyph: o, cluster: i, size: 13, origin: start + Vector(Double(i) * step, 0), angle: .degrees(a))
        })
    }

    @Test func namesCountOncePerTextAndUprightNamesLeaveOutLabelsWithAGlyphUpsideDown() throws {
        // "Kaivokatu" twice (one label upright, one with a glyph pointing left), "Vuorikatu" only with a glyph
        // pointing left (at 95°, 5° past vertical), and an unnamed label.
        let labels = [
            try label("Kaivokatu", from: Point(10, 50), angles: [0, 10, 20]),
            try label("Kaivokatu", from: Point(10, 150), angles: [0, 95, 20]),
            try label("Vuorikatu", from: Point(10, 250), angles: [80, 95]),
            try label(nil, from: Point(10, 350), angles: [-30, 0]),
        ]
        let report = OverlapCheck.check(labels)
        #expect(report.labels == 4)
        #expect(report.names == 3)
        #expect(report.upsideDownGlyphs == 2)
        #expect(report.uprightNames == 2)  // Kaivokatu and the unnamed label
        #expect(report.overlappingPairs == 0)
        #expect(abs(report.worstNeighbourAngle - 95) < 1e-9)
        #expect(abs(report.worstTotalTurn - 170) < 1e-9)
    }

    @Test func glyphsOfTwoLabelsOnTopOfEachOtherOverlapOncePerPair() throws {
        let a = try label("Aleksanterinkatu", from: Point(10, 50), angles: [0, 0])
        let b = try label("Kluuvikatu", from: Point(10, 52), angles: [0, 0])
        let report = OverlapCheck.check([a, b])
        #expect(report.overlappingPairs == 2)
        #expect(report.uprightNames == 2)
    }
}
