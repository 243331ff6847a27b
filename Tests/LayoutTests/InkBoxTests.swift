import Foundation
import Testing
import Geometry
@testable import Shaping
@testable import Layout

/// `PlacedGlyph.inkBox` reads the font's cached control box in font units instead of scaling a copy of
/// the outline: the same corners, to the bit, as the box of the pixel outline.
@Suite struct InkBoxTests {
    /// The ink box as it was made before the cache: the box of every point of the pixel outline
    /// (starts and ends, then control points, per subpath), grown by `padding`, through the transform.
    static func reference(_ g: PlacedGlyph, font: Typeface, padding: Double = 0) -> [Point] {
        let outline = font.outline(glyph: g.glyph, size: g.size, emboldened: g.synthesis.bold)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for sp in outline.subpaths {
            for p in [sp.start] + sp.segments.map(\.end) {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
            for seg in sp.segments {
                if case .quad(let q) = seg { minX = min(minX, q.p1.x); maxX = max(maxX, q.p1.x); minY = min(minY, q.p1.y); maxY = max(maxY, q.p1.y) }
                if case .cubic(let c) = seg { for p in [c.p1, c.p2] { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) } }
            }
        }
        guard minX.isFinite else { return Array(repeating: g.origin, count: 4) }
        if padding > 0 {
            let px = padding / max(g.scaleX, 1e-9)
            minX -= px; maxX += px; minY -= padding; maxY += padding
        }
        let m = g.transform
        return [Point(minX, maxY), Point(maxX, maxY), Point(maxX, minY), Point(minX, minY)].map { m.apply($0) }
    }

    static func bits(_ points: [Point]) -> [UInt64] { points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }

    /// Every glyph of every embedded font (each of the first 400 glyph ids, and the .notdef), at sizes
    /// that make products round differently, turned, stretched, emboldened and padded.
    @Test func everyGlyphMatchesTheOutlinesBoxToTheBit() throws {
        var checked = 0, empty = 0
        for font in stack where !font.hasColorGlyphs {
            for id in Array(0..<UInt32(min(400, font.glyphCount))) {
                for size in [0.7, 12, 13.37, 80, 1000.1] {
                    for (k, bold) in [false, true].enumerated() {
                        let g = PlacedGlyph(glyph: id, cluster: 0, size: size, origin: Point(-3.25, 117.5),
                                            angle: .radians(Double(k) * 0.7 - 0.3), advance: 10, scaleX: k == 1 ? 1.25 : 1)
                        var b = g
                        b.synthesis = SyntheticStyle(bold: bold, oblique: k == 1)
                        for glyph in [g, b] {
                            for padding in [0.0, 2.5] {
                                #expect(Self.bits(glyph.inkBox(font: font, padding: padding)) == Self.bits(Self.reference(glyph, font: font, padding: padding)),
                                        "\(font.name) glyph \(id) at \(size), bold \(glyph.synthesis.bold), padding \(padding)")
                            }
                            checked += 1
                            if glyph.inkBox(font: font).allSatisfy({ $0 == glyph.origin }) { empty += 1 }
                        }
                    }
                }
            }
        }
        // Real work: thousands of glyphs, a few empty ones (spaces), most with ink.
        #expect(checked > 10_000)
        #expect(empty > 0 && empty < checked / 10)
    }

    /// At the origin and on axis-aligned baselines zeros appear, and −0 and 0 must come out as before.
    @Test func zerosComeOutAsBefore() throws {
        let font = try #require(stack.first)
        for id in UInt32(0)..<UInt32(200) {
            for angle in [0.0, .pi / 2, .pi, -.pi / 2] {
                let g = PlacedGlyph(glyph: id, cluster: 0, size: 1000, origin: Point(0, 0), angle: .radians(angle), advance: 0)
                #expect(Self.bits(g.inkBox(font: font)) == Self.bits(Self.reference(g, font: font)), "glyph \(id) at \(angle)")
            }
        }
    }

    /// The control box itself: every point and control point, nothing else; empty for no points.
    @Test func controlBoxHoldsThePointsAndControlPoints() {
        var p = BezPath()
        p.move(to: Point(1, 2)); p.quad(to: Point(5, 2), control: Point(3, -4)); p.cubic(to: Point(0, 9), control1: Point(7, 3), control2: Point(-2, 8))
        #expect(p.controlBox == Rect(minX: -2, minY: -4, maxX: 7, maxY: 9))
        #expect(BezPath().controlBox == .empty)
    }
}
