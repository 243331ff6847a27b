import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

@Suite struct BendWarpTests {
    @Test func bendMapsBaselinePointsOntoThePathExactly() throws {
        let r = 200.0
        var arc = BezPath()
        arc.move(to: Point(0, 300))
        arc.arc(EllipticalArc(center: Point(200, 300), radii: Vector(r, r), startAngle: .pi, sweepAngle: .pi))
        var options = LabelOptions()
        options.warp = .bend; options.align = .center
        let label = try LabelLayout.place(shaped("HELL", size: 60), along: arc, options: options)[0]
        let capHeight = label.font(of: label.glyphs[0]).metrics(size: 60).capHeight
        for g in label.glyphs {
            // Flat-bottomed capitals: their baseline edges land on the circle itself, their tops on the
            // circle of radius r + cap height (the arc runs over the top, so up is outwards).
            let pts = label.bentOutline(of: g, tolerance: 0.01).flattened(tolerance: 0.01).flatMap { $0 }
            let radii = pts.map { $0.distance(to: Point(200, 300)) }
            #expect(abs(radii.min()! - r) < 1e-3)
            #expect(abs(radii.max()! - (r + capHeight)) < 0.05)
        }
    }

    @Test func longStraightEdgesAreSubdividedSoTheyBend() throws {
        let r = 100.0
        let circle = BezPath.circle(center: .zero, radius: r, startAngle: -.pi, clockwise: true)
        var options = LabelOptions()
        options.warp = .bend; options.upright = .off
        let label = try LabelLayout.place(shaped("—", size: 120), along: circle, options: options)[0]
        let dash = label.glyphs[0]
        let bent = label.bentOutline(of: dash, tolerance: 0.01)
        // An em dash is a rectangle: its long bottom edge, bent, stays at one radius (a straight chord would not).
        let pts = bent.flattened(tolerance: 0.01).flatMap { $0 }
        let radii = pts.map { $0.distance(to: .zero) }.sorted()
        let bottom = radii.first!
        // Points of the lower edge: all within 0.01 px of the smallest radius among that edge's points.
        let lowerEdge = radii.filter { $0 < bottom + 1 }
        #expect(lowerEdge.count > 10)
        #expect(lowerEdge.last! - lowerEdge.first! < 0.02)
    }
}
