import Testing
import Geometry
import Shaping
import Layout
import Requests
@testable import SVGInput

/// text-decoration per element (SVGDecorations): lines are shapes in the declaring element's fill, under
/// that element's glyphs, with Chromium's geometry.
@Suite struct SVGDecorationsTests {
    /// The y extent and x extent of a shape's corners.
    func extent(_ s: SceneShape) throws -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let points = try #require(s.d).subpaths.flatMap { sp in [sp.start] + sp.segments.map(\.end) }
        let xs = points.map(\.x), ys = points.map(\.y)
        return (xs.min()!...xs.max()!, ys.min()!...ys.max()!)
    }

    @Test func aTspansUnderlineIsItsOwnInItsFill() throws {
        let r = try read(document(##"<text x="0" y="100" font-size="20" fill="#0000ff">a<tspan text-decoration="underline" fill="#ff0000">bc</tspan>d</text>"##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.scene.labels.first?.options.decoration == [])
        #expect(r.scene.shapes.count == 1)
        let line = try #require(r.scene.shapes.first)
        #expect(line.fill == RGBAColor(r: 255, g: 0, b: 0))
        // Noto Sans: post.underlinePosition −0.1 em, Chromium's thickness 0.1 em, centred: 101 … 103.
        let e = try extent(line)
        #expect(abs(e.y.lowerBound - 101) < 1e-6 && abs(e.y.upperBound - 103) < 1e-6)
        // From b's origin to d's, not under a or d.
        let placed = try SceneResolver().resolve(r.scene.labels[0], index: 0).layout()[0].glyphs
        #expect(abs(e.x.lowerBound - placed[1].origin.x) < 1e-6 && abs(e.x.upperBound - placed[3].origin.x) < 1e-6)
        // The paint order: the line after the text.
        #expect(r.scene.order?.last == .shape(0))
    }

    /// resvg's indirect-with-multiple-colors: a tspan that declares its ancestor's underline again draws
    /// it again in its own fill, on top (CSS Text Decoration 3), without a warning; a <g>'s line-through,
    /// which has no decorating box in the text, takes the innermost declaring element's fill (Chromium).
    @Test func aLineDeclaredAgainIsDrawnAgainInTheDeclarersFill() throws {
        let r = try read(document(##"<g text-decoration="line-through"><text x="0" y="100" font-size="20" fill="#0000ff"><tspan fill="#00ff00" text-decoration="underline">a<tspan fill="#ff0000" text-decoration="underline">b</tspan></tspan></text></g>"##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let (green, red) = (RGBAColor(r: 0, g: 255, b: 0), RGBAColor(r: 255, g: 0, b: 0))
        let fills = r.scene.shapes.map(\.fill)
        #expect(!fills.contains(RGBAColor(r: 0, g: 0, b: 255)))
        let placed = try SceneResolver().resolve(r.scene.labels[0], index: 0).layout()[0].glyphs
        // The green underline under a and b, the red one under b alone, after it.
        let underlines = try r.scene.shapes.filter { try extent($0).y.lowerBound > 100 }
        #expect(underlines.map(\.fill) == [green, red])
        #expect(try abs(extent(underlines[0]).x.lowerBound - placed[0].origin.x) < 1e-6 && abs(extent(underlines[1]).x.lowerBound - placed[1].origin.x) < 1e-6)
        // The line-through: green under a, red under b.
        let through = try r.scene.shapes.filter { try extent($0).y.upperBound < 100 }
        #expect(Set(through.map(\.fill)) == [green, red] && through.count == 2)
    }

    @Test func aDecorationOnTheTextCoversItsTspansInTheTextsFill() throws {
        let r = try read(document(##"<text x="0" y="100" font-size="20" fill="#00ff00" text-decoration="line-through overline">a<tspan fill="#ff0000">b</tspan></text>"##))
        #expect(r.scene.shapes.count == 2)
        #expect(r.scene.shapes.allSatisfy { $0.fill == RGBAColor(r: 0, g: 255, b: 0) })
        // line-through from OS/2.yStrikeoutPosition (0.322 em) up; overline from the ascender (1.069 em) up.
        let ys = try r.scene.shapes.map { try extent($0).y }
        #expect(ys.contains { abs($0.upperBound - (100 - 0.322 * 20)) < 1e-6 && abs($0.lowerBound - (100 - 0.422 * 20)) < 1e-6 })
        #expect(ys.contains { abs($0.upperBound - (100 - 1.069 * 20)) < 1e-6 })
    }

    @Test func theLineFollowsADyList() throws {
        let r = try read(document(##"<text x="0" y="100" dy="0 10" font-size="20" text-decoration="underline">ab</text>"##))
        let pieces = try #require(r.scene.shapes.first?.d).subpaths
        #expect(pieces.count == 2)
        #expect(abs(pieces[1].start.y - pieces[0].start.y - 10) < 1e-6)
    }
}
