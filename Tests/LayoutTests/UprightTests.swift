import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

@Suite struct UprightTests {
    /// A circle starting at the left and running clockwise: its bottom half runs right to left.
    let circle = BezPath.circle(center: Point(200, 200), radius: 150, startAngle: .pi, clockwise: true)

    func bottomLabel(_ upright: Upright) throws -> PlacedLabel {
        var options = LabelOptions()
        options.align = .center
        options.offset = .percent(25)  // the path's middle is its rightmost point; 75% is the bottom
        options.upright = upright
        return try LabelLayout.place(shaped("SHOW ME THE MONEY", size: 24), along: circle, options: options)[0]
    }

    @Test func aLabelOnTheBottomArcIsFlippedToReadUpright() throws {
        let label = try bottomLabel(.auto)
        #expect(label.flipped)
        for g in label.glyphs { #expect(abs(g.angle.radians) < .pi / 2) }
        let xs = label.glyphs.map(\.origin.x)
        #expect(xs == xs.sorted())  // left to right on screen
        // Still on the bottom of the circle (below the centre), over the same stretch.
        #expect(label.glyphs.allSatisfy { $0.origin.y > 200 })
        // The same stretch: centred on the bottom point, which is a quarter of the way along the reversed circle.
        #expect(abs(label.start + label.advance / 2 - label.pathLength / 4) < 1e-9)
    }

    @Test func uprightOffLeavesItUpsideDown() throws {
        let label = try bottomLabel(.off)
        #expect(!label.flipped)
        for g in label.glyphs { #expect(abs(g.angle.radians) > .pi / 2) }
        let xs = label.glyphs.map(\.origin.x)
        #expect(xs == xs.sorted(by: >))
    }

    @Test func aLabelOnTheTopArcIsNotFlipped() throws {
        var options = LabelOptions()
        options.align = .center
        options.offset = .percent(-25)  // 25% of the way round: the top
        let label = try LabelLayout.place(shaped("ACCOUNT BALANCE", size: 24), along: circle, options: options)[0]
        #expect(!label.flipped)
        #expect(label.glyphs.allSatisfy { $0.origin.y < 200 })
    }

    @Test func sideRightReversesThePathFirst() throws {
        var options = LabelOptions()
        options.side = .right; options.upright = .off
        let path = horizontal(0, 100, length: 500)
        let label = try LabelLayout.place(shaped("Right"), along: path, options: options)[0]
        #expect(label.glyphs.allSatisfy { abs(abs($0.angle.radians) - .pi) < 1e-12 })
        #expect(abs(label.glyphs[0].origin.x - 500) < 1e-9)
        options.upright = .auto
        let upright = try LabelLayout.place(shaped("Right"), along: path, options: options)[0]
        #expect(upright.flipped)
        #expect(upright.glyphs.allSatisfy { $0.angle.radians == 0 })
    }

    @Test func baselineChoicesMoveTheTextAcrossThePath() throws {
        let path = horizontal(0, 100, length: 800)
        let line = shaped("Baseline", size: 40)
        func y(_ b: Baseline) throws -> Double {
            var o = LabelOptions(); o.baseline = b
            return try LabelLayout.place(line, along: path, options: o)[0].glyphs[0].origin.y
        }
        let m = line.metrics
        #expect(try y(.alphabetic) == 100)
        #expect(abs(try y(.middle) - (100 + m.xHeight / 2)) < 1e-9)
        #expect(abs(try y(.hanging) - (100 + m.ascender)) < 1e-9)
        #expect(abs(try y(.ideographic) - (100 + m.descender)) < 1e-9)
    }
}
