import Testing
import Foundation
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

    /// resvg's outside-the-text-element: a <g>'s line, with nothing inside the text declaring one, is drawn
    /// in the <g>'s paint (Chromium draws it green under black text), not the text's.
    @Test func aGroupsLineTakesTheGroupsPaintWhenNothingInsideDeclaresOne() throws {
        let r = try read(document(##"<g fill="#00ff00" stroke="#ff0000" stroke-width="2" text-decoration="underline"><text x="0" y="100" font-size="20" fill="#000000" stroke="none">ab</text></g>"##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let line = try #require(r.scene.shapes.first)
        #expect(r.scene.shapes.count == 1)
        #expect(line.fill == RGBAColor(r: 0, g: 255, b: 0))
        #expect(line.stroke == RGBAColor(r: 255, g: 0, b: 0) && line.strokeWidth == 2)
        #expect(r.scene.labels[0].runs?.first?.style.color == RGBAColor(r: 0, g: 0, b: 0))
    }

    /// `rotate` on vertical text: each character carries its own piece of the underline, turned with it
    /// (Chromium draws resvg's tb-with-rotate-and-underline so): the piece across the cluster's cell, a
    /// tenth of the font size thick just outside the em box on the column's left, turned about the point
    /// an ascender below the cell's top and half the font's height (ascender − descender) left of the
    /// column's centre, with Chromium's whole-pixel ascent and descent (Noto Sans at 20 px: 21 and 6); the
    /// piece's near edge a pixel outside the em box from the text's top, 13.5 px right of the centre:
    /// ⌊13.5 + 10⌋ + 1 − 13.5 = 10.5 px left of the centre.
    @Test func rotatedVerticalTextCarriesItsUnderlineInTurnedPieces() throws {
        let r = try read(document(##"<text x="100" y="20" font-size="20" writing-mode="tb" rotate="-45" text-decoration="underline">ab</text>"##))
        let pieces = try #require(r.scene.shapes.first?.d).subpaths
        let resolved = try SceneResolver().resolve(r.scene.labels[0], index: 0)
        let placed = try resolved.layout()[0]
        let font = try #require(resolved.text.runs.first?.attributes.fonts.first)
        let m = DevicePixelVerticalMetrics.rounded(font.metrics(size: 20))
        #expect((m.ascender, m.descender) == (21, -6))
        try #require(pieces.count == 2 && placed.glyphs.count == 2)
        let c = cos(-Double.pi / 4), s = sin(-Double.pi / 4)
        func turned(_ p: Point, _ pivot: Point) -> Point {
            let v = p - pivot
            return pivot + Vector(v.x * c - v.y * s, v.x * s + v.y * c)
        }
        var top = 20.0
        for (k, piece) in pieces.enumerated() {
            let a = placed.glyphs[k].advance
            let pivot = Point(100 - (m.ascender - m.descender) / 2, top + m.ascender)
            // The unturned piece: x from 100 − 10.5 − 2 to 100 − 10.5, y over the cell.
            let corners = [Point(87.5, top), Point(87.5, top + a), Point(89.5, top + a), Point(89.5, top)].map { turned($0, pivot) }
            let drawn = [piece.start] + piece.segments.map(\.end)
            for q in corners { #expect(drawn.contains { $0.distance(to: q) < 1e-6 }, "piece \(k): \(q) not in \(drawn)") }
            top += a
        }
    }

    /// In vertical writing the overline lies over the text's top, half the primary font's whole-pixel height
    /// (ascender − descender, Noto Sans at 20 px: 21 + 6) from the column's centre, a tenth of the font size thick (Blink's `TextTop`
    /// for the central baseline); on a `textPath` each character carries its own straight piece, on the
    /// tangent at its cell's middle, as Chromium draws resvg's textPath/complex.
    @Test func aVerticalOverlineLiesOverTheTextTopInPiecesOnAPath() throws {
        let body = ##"<defs><path id="p" d="M 100 20 L 100 300"/></defs><text font-size="20" writing-mode="tb" text-decoration="overline">ab</text>"##
        let plain = try read(document(body.replacingOccurrences(of: "<text ", with: "<text x=\"100\" y=\"20\" ")))
        let onPath = try read(document(body.replacingOccurrences(of: ">ab<", with: "><textPath href=\"#p\">ab</textPath><")))
        let resolved = try SceneResolver().resolve(plain.scene.labels[0], index: 0)
        let font = try #require(resolved.text.runs.first?.attributes.fonts.first)
        let m = DevicePixelVerticalMetrics.rounded(font.metrics(size: 20)), textTop = (m.ascender - m.descender) / 2
        #expect(textTop == 13.5)  // beyond the em box's half (Noto Sans: 0.681 em, 13.62 px unrounded)
        #expect(plain.scene.shapes.count == 1 && onPath.scene.shapes.count == 1)
        // Plain text: one band down the whole column, on the column's right.
        let band = try #require(plain.scene.shapes.first)
        let e = try extent(band)
        #expect(try #require(band.d).subpaths.count == 1)
        #expect(abs(e.x.lowerBound - (100 + textTop)) < 1e-6 && abs(e.x.upperBound - (100 + textTop + 2)) < 1e-6, "\(e)")
        // On the path: a piece per character, the same band across, together the same length.
        let pieces = try #require(onPath.scene.shapes.first?.d).subpaths
        let placed = try SceneResolver().resolve(onPath.scene.labels[0], index: 0).layout()[0]
        #expect(pieces.count == 2 && placed.cells.count == 2)
        var top = 20.0
        for (piece, cell) in zip(pieces, placed.cells) {
            let points = [piece.start] + piece.segments.map(\.end)
            #expect(points.allSatisfy { abs($0.x - (100 + textTop)) < 1e-6 || abs($0.x - (100 + textTop + 2)) < 1e-6 }, "\(points)")
            #expect(abs(points.map(\.y).min()! - top) < 1e-6 && abs(points.map(\.y).max()! - (top + cell.length)) < 1e-6)
            top += cell.length
        }
        #expect(abs(top - 20 - (e.y.upperBound - e.y.lowerBound)) < 1e-6)
    }
}
