import Testing
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// Distances counted as Chromium counts them on SVG textPath (Skia's chord sums, ``ChordDistances``):
/// Chromium decides for SVG input, so the SVG reader asks for ``PathDistanceModel/skiaChords(tolerance:)``;
/// every other door keeps the exact arc length.
@Suite struct PathDistanceModelTests {
    /// resvg's textPath semicircle, radius 60: 188.50 long, 188.22 in Skia's chords.
    let semicircle = try! BezPath(svgPathData: "M 40 100 A 60 60 0 0 1 160 100")
    var chromium: LabelOptions {
        var o = LabelOptions(upright: .off, closedPath: .clip)
        o.distances = .skiaChords(tolerance: 0.5)
        return o
    }

    @Test func exactIsTheDefault() {
        #expect(LabelOptions().distances == .exact)
    }

    /// Each cluster's midpoint is at its chord distance (s0 + pen + a/2), mapped to the arc length: so it
    /// leads the exact layout's by a share growing along the path, and the label's path length is 188.22.
    @Test func midpointsStandAtTheirChordDistances() throws {
        let line = shaped("abcdefghijkl", size: 24)
        let m = try PathMeasure(semicircle)
        let chords = ChordDistances(m)
        let skia = try LabelLayout.place(line, along: m, options: chromium)[0]
        let exact = try LabelLayout.place(line, along: m, options: LabelOptions(upright: .off, closedPath: .clip))[0]
        #expect(abs(skia.pathLength - 188.2188) < 1e-4 && abs(exact.pathLength - 188.4956) < 1e-4)
        var pen = 0.0, lastLead = 0.0
        for (k, g) in line.glyphs.enumerated() {
            let mid = pen + g.advance / 2
            let s = chords.arcDistance(at: mid)
            // The glyph's origin is half its advance back from the midpoint along the tangent there.
            let sample = m.sample(at: s)
            #expect(skia.glyphs[k].origin.distance(to: sample.point - sample.tangent * (g.advance / 2)) < 1e-9)
            #expect(abs(skia.glyphs[k].pathDistance - (s - g.advance / 2)) < 1e-9)
            // The lead grows with the distance, by the chords' shortfall (0.15 %), give or take the chords’ unequal angles.
            let lead = skia.glyphs[k].pathDistance - exact.glyphs[k].pathDistance
            #expect(abs(lead - mid * (m.length / chords.length - 1)) < 0.07)
            lastLead = lead
            pen += g.advance
        }
        // By the far end of the text the lead is a few tenths of a pixel: what moved 24 px glyphs off Chromium's.
        #expect(lastLead > 0.1 && lastLead < 0.3)
    }

    /// A centred label sits on the chords' middle, which on the symmetric arc is its top, as in exact.
    @Test func percentOffsetsAndAnchorsResolveAgainstTheChordLength() throws {
        let line = shaped("o", size: 24)
        var o = chromium
        o.align = .center
        let label = try LabelLayout.place(line, along: semicircle, options: o)[0]
        let g = label.glyphs[0]
        #expect(abs(g.pathDistance + g.advance / 2 - 60 * Double.pi / 2) < 1e-6)
        o.align = .start
        o.offset = .percent(50)
        let half = try LabelLayout.place(line, along: semicircle, options: o)[0]
        let a = line.glyphs[0].advance, chords = ChordDistances(try PathMeasure(semicircle))
        #expect(abs(half.glyphs[0].pathDistance - (chords.arcDistance(at: chords.length / 2 + a / 2) - a / 2)) < 1e-9)
    }

    /// Decorations run between the chord ends mapped to arc length, under the glyphs.
    @Test func decorationsFollowTheMappedEnds() throws {
        let line = shaped("abcdefghijkl", size: 24)
        var o = chromium
        o.decoration = [.underline]
        let label = try LabelLayout.place(line, along: semicircle, options: o)[0]
        let band = try #require(label.decorations.first)
        let m = try PathMeasure(semicircle)
        let end = ChordDistances(m).arcDistance(at: line.advance)
        // The band's corners lie on the normals at the mapped ends: the farthest along is at the mapped end
        // (0.2 px beyond the exact layout's end, the text's own advance).
        let points = band.outline.subpaths.flatMap { $0.segments.map(\.end) }
        let farthest = points.map { m.nearest(to: $0).distance }.max() ?? 0
        #expect(abs(farthest - end) < 0.02)
        #expect(end - line.advance > 0.1)
    }
}
