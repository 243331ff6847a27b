import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// Letter spacing belongs to its cluster, as a browser counts a character's inline size: a_c includes the
/// spacing σ after cluster c, so mid_c = s0 + p_c + a_c/2 = s0 + p_c + (advances + σ)/2.
@Suite struct LetterSpacingTests {
    /// One glyph on a circle of radius r from angle π, clockwise (over the top): its midpoint lies at
    /// s = (a + σ)/2, so its baseline turns to θ = π + s/r, and its origin is P(s) − T(s)·(a + σ)/2.
    @Test(arguments: [0.0, 12, -6])
    func aSingleClusterIsCentredOnItsAdvancePlusSpacing(sigma: Double) throws {
        let r = 100.0
        let path = BezPath.circle(center: .zero, radius: r, startAngle: .pi, clockwise: true)
        let line = shaped("I", size: 40)
        let a = line.glyphs[0].advance
        let options = LabelOptions(letterSpacing: sigma, upright: .off)
        let g = try #require(try LabelLayout.place(line, along: path, options: options)[0].glyphs.first)
        let s = (a + sigma) / 2
        let theta = Double.pi + s / r
        let P = Point(r * cos(theta), r * sin(theta)), T = Vector(-sin(theta), cos(theta))
        #expect(abs(angleDiff(g.angle.radians, atan2(T.y, T.x))) < 1e-9)
        #expect(g.origin.distance(to: P - T * s) < 1e-7)
    }

    /// Run spacing and option spacing add up, and each unit's turn reflects the spacing after it:
    /// consecutive midpoints differ by (a_{c−1} + a_c)/2 along the arc, where a includes σ.
    @Test func neighbouringMidpointsAreHalfTheirSpacedAdvancesApart() throws {
        let r = 200.0
        let path = BezPath.circle(center: .zero, radius: r, startAngle: .pi, clockwise: true)
        let line = shaped("SPACED", size: 30, letterSpacing: 4)
        let label = try LabelLayout.place(line, along: path, options: LabelOptions(letterSpacing: 6, upright: .off))[0]
        let us = units(label.glyphs)
        #expect(us.count == 6)
        for k in 1..<us.count {
            let a1 = us[k - 1].reduce(0) { $0 + $1.advance } + 10, a2 = us[k].reduce(0) { $0 + $1.advance } + 10
            #expect(abs(angleDiff(us[k][0].angle.radians, us[k - 1][0].angle.radians) - (a1 + a2) / 2 / r) < 1e-9)
        }
        // W counts the spacing after the last cluster too (CSS), so centring is unchanged.
        #expect(abs(label.advance - (line.advance + 6 * 10)) < 1e-9)
    }

    /// On a straight line the rule is unchanged: glyphs start where the pen is.
    @Test func straightLinePositionsAreThePenPositions() throws {
        let line = shaped("Track", size: 30)
        let label = try LabelLayout.place(line, along: horizontal(10, 0, length: 1000), options: LabelOptions(letterSpacing: 5))[0]
        var pen = 10.0
        for (p, g) in zip(label.glyphs, line.glyphs) {
            #expect(abs(p.origin.x - (pen + g.xOffset)) < 1e-9)
            pen += g.advance + 5
        }
    }
}
