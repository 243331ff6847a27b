import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

@Suite struct LabelEngineTests {
    @Test func maxAngleRejectsTightBendsAndReportsTheTurn() throws {
        var p = BezPath(); p.move(to: Point(0, 100)); p.line(to: Point(200, 100)); p.line(to: Point(200, 300))
        var options = LabelOptions()
        options.offset = .pixels(150); options.upright = .off
        options.maxAngle = 45
        let label = try LabelLayout.place(shaped("TURNING", size: 30), along: p, options: options)[0]
        #expect(label.rejected)
        #expect(abs(label.rejectedAngle! - 90) < 1e-9)
        #expect(label.glyphs.isEmpty)
        options.maxAngle = 95
        #expect(try !LabelLayout.place(shaped("TURNING", size: 30), along: p, options: options)[0].rejected)
    }

    @Test func repeatPlacesCopiesAlongALongPath() throws {
        let line = shaped("Main St", size: 20)
        var options = LabelOptions()
        options.repeat = 100
        let labels = try LabelLayout.place(line, along: horizontal(0, 0, length: 1000), options: options)
        let w = line.advance
        let expectedCount = Int(((1000 + 100) / (w + 100)).rounded(.down))
        #expect(labels.count == expectedCount)
        for k in 1..<labels.count { #expect(abs(labels[k].start - labels[k - 1].start - (w + 100)) < 1e-9) }
        #expect(labels.allSatisfy { !$0.overflow })
    }

    @Test func inkBoxesEncloseTheGlyphOutline() throws {
        var arc = BezPath(); arc.move(to: Point(0, 200))
        arc.arc(EllipticalArc(center: Point(200, 200), radii: Vector(200, 200), startAngle: .pi, sweepAngle: .pi / 2))
        let label = try LabelLayout.place(shaped("Ink", size: 50), along: arc)[0]
        for g in label.glyphs {
            let box = label.inkBox(of: g)
            let outline = label.font(of: g).outline(glyph: g.glyph, size: g.size).transformed(by: g.transform)
            // Every outline point lies inside the rotated box (in the glyph's frame).
            let inv = g.transform.inverse!
            let local = box.map { inv.apply($0) }
            let (minX, maxX) = (local.map(\.x).min()!, local.map(\.x).max()!)
            let (minY, maxY) = (local.map(\.y).min()!, local.map(\.y).max()!)
            for p in outline.flattened(tolerance: 0.05).flatMap({ $0 }) {
                let q = inv.apply(p)
                #expect(q.x >= minX - 1e-6 && q.x <= maxX + 1e-6 && q.y >= minY - 1e-6 && q.y <= maxY + 1e-6)
            }
            #expect(maxX - minX > 5)
        }
    }
}

@Suite struct PrebuiltMeasureTests {
    @Test func aMeasuredPathGivesTheSamePlacementsAndCanBeShared() throws {
        let path = try BezPath(svgPathData: "M 0 300 C 200 0 400 600 600 300 S 900 100 1000 300")
        let measure = try PathMeasure(path)
        var options = LabelOptions()
        options.align = .center; options.dy = 6; options.method = .align
        for (text, offset) in [("First label", -30.0), ("مرحبا بالعالم", 0), ("क्षत्रिय", 30)] {
            options.offset = .pixels(offset)
            let line = shaped(text, size: 28)
            let viaPath = try LabelLayout.place(line, along: path, options: options)
            let viaMeasure = try LabelLayout.place(line, along: measure, options: options)
            #expect(viaPath.map(\.glyphs) == viaMeasure.map(\.glyphs))
            #expect(viaPath.map(\.start) == viaMeasure.map(\.start))
        }
        // The side and upright rules still reverse a shared measure correctly.
        options.side = .right
        let right = try LabelLayout.place(shaped("Right side", size: 28), along: measure, options: options)[0]
        let rightViaPath = try LabelLayout.place(shaped("Right side", size: 28), along: path, options: options)[0]
        #expect(right.glyphs == rightViaPath.glyphs && right.flipped == rightViaPath.flipped)
    }
}
