import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
import Layout
@testable import Render

/// Decorations are bands that follow the path. On a circle of radius r (the text's up side outwards), the
/// underline's top edge lies at r + post.underlinePosition and its bottom a thickness lower (OpenType's
/// position is the top edge; FreeType's `underline_position` is the centre, checked here too).
@Suite struct DecorationTests {
    static let r = 200.0, centre = Point(300, 300)

    static func label(_ text: String = "HHHHHHHHHHHH", decoration: [TextDecoration] = [.underline], skipInk: Bool = false) throws -> (PlacedLabel, DecorationMetrics) {
        let sans = try Typeface(path: TestSupport.font("NotoSans-Regular.ttf"))
        let line = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [sans], size: 40)))
        let circle = BezPath.circle(center: centre, radius: r, startAngle: .pi, clockwise: true)
        var options = LabelOptions(offset: .pixels(20), upright: .off)
        options.decoration = decoration; options.decorationSkipInk = skipInk
        return (try LabelLayout.place(line, along: circle, options: options)[0], sans.decorationMetrics(size: 40))
    }

    @Test func theFontsPositionIsTheTopEdgeAndFreeTypesTheCentre() throws {
        let (_, d) = try Self.label()
        // FreeType reports underline_position = post.underlinePosition − underlineThickness/2: the centre.
        let ft = try #require(FreeTypeReference(fontPath: TestSupport.font("NotoSans-Regular.ttf"))).underline
        let k = 40 / Double(ft.unitsPerEm)
        #expect(d.underlinePosition < 0 && d.underlineThickness > 0)
        #expect(abs(Double(ft.thickness) * k - d.underlineThickness) < 1e-9)
        #expect(abs(Double(ft.position) * k - (d.underlinePosition - d.underlineThickness / 2)) < k, "FreeType's centre")
    }

    @Test func theUnderlineBandLiesAtTheRadiusPlusThePosition() throws {
        let (label, d) = try Self.label()
        let band = try #require(label.decorations.first)
        let top = Self.r + d.underlinePosition, bottom = top - d.underlineThickness
        for poly in band.outline.flattened() {
            for p in poly {
                let rho = p.distance(to: Self.centre)
                #expect(min(abs(rho - top), abs(rho - bottom)) < 1e-6, "outline point at radius \(rho)")
            }
        }
    }

    /// In pixels: in each of ten sectors of the label's arc, the ink between the glyphs' baseline and the
    /// inside has its radial centroid at r + position − thickness/2 and its radial extent equal to the
    /// thickness, each within 0.5 px.
    @Test func underlinePixelsLieAtTheRadiusPlusThePositionAllAround() throws {
        let (label, d) = try Self.label()
        var canvas = try RasterCanvas(width: 600, height: 600, background: .white)
        canvas.draw(label)
        let first = try #require(label.glyphs.first), last = try #require(label.glyphs.last)
        func angle(_ p: Point) -> Double { atan2(p.y - Self.centre.y, p.x - Self.centre.x) }
        let a0 = angle(first.origin), a1 = angle(last.origin + Vector.polar(last.angle.radians) * last.advance)
        let expected = Self.r + d.underlinePosition - d.underlineThickness / 2
        for k in 0..<10 {
            let lo = a0 + (a1 - a0) * (Double(k) + 0.1) / 10, hi = a0 + (a1 - a0) * (Double(k) + 0.9) / 10
            var weight = 0.0, moment = 0.0, count = 0
            for y in 0..<600 { for x in 0..<600 {
                let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                let rho = p.distance(to: Self.centre), a = angle(p)
                guard a >= min(lo, hi), a <= max(lo, hi), abs(rho - expected) < 4 else { continue }
                let ink = 1 - Double(canvas.pixel(x: x, y: y).g) / 255
                weight += ink; moment += ink * rho; count += 1
            } }
            try #require(weight > 0)
            let centroid = moment / weight
            // The band's area over the sector's arc length at that radius is its thickness.
            let arc = abs(hi - lo) * expected
            #expect(abs(centroid - expected) < 0.5, "sector \(k): centroid \(centroid), expected \(expected)")
            #expect(abs(weight / arc - d.underlineThickness) < 0.5, "sector \(k): thickness \(weight / arc)")
        }
    }

    /// Skip-ink cuts the underline where a descender crosses it and nowhere else; line-through is never cut.
    @Test func skipInkLeavesGapsOnlyAtDescenders() throws {
        let (plain, _) = try Self.label("HpH", decoration: [.underline, .lineThrough])
        let (skipped, _) = try Self.label("HpH", decoration: [.underline, .lineThrough], skipInk: true)
        #expect(plain.decorations[0].outline.subpaths.count == 1)
        #expect(skipped.decorations[0].outline.subpaths.count == 2)   // one gap, under the p
        #expect(skipped.decorations[1].outline.subpaths.count == 1)
        let (noDescender, _) = try Self.label("HHH", skipInk: true)
        #expect(noDescender.decorations[0].outline.subpaths.count == 1)
    }
}
