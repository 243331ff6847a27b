import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

@Suite struct AlignPlacementTests {
    /// Placed glyphs keep the unit direction; the transform built from it is the one built from the angle
    /// (translate · rotate(angle) · scale(scaleX, 1)), and `rotate` turns each cluster's angle by its value.
    @Test func directionGivesTheAngleAndTheTransform() throws {
        var path = BezPath()
        path.move(to: Point(20, 300))
        path.cubic(to: Point(580, 300), control1: Point(150, 40), control2: Point(450, 560))
        let measure = try PathMeasure(path)
        func place(rotate: [Double] = [], fit: FitMode = .none) throws -> [PlacedGlyph] {
            var options = LabelOptions()
            options.rotate = rotate
            options.fit = fit
            return try #require(try LabelLayout.place(shaped("Curved text"), along: measure, options: options).first).glyphs
        }
        let plain = try place(), turned = try place(rotate: [30, -200]), stretched = try place(fit: .stretch(length: 400))
        #expect(plain.count == 11 && turned.count == 11 && stretched.count == 11)
        #expect(stretched.contains { abs($0.scaleX - 1) > 0.01 })
        for g in plain + turned + stretched {
            #expect(abs(g.direction.x * g.direction.x + g.direction.y * g.direction.y - 1) < 1e-12)
            let old = Affine.translate(g.origin.vector) * Affine.rotate(g.angle.radians) * Affine.scale(g.scaleX, 1)
            let new = g.transform
            for (a, b) in [(old.a, new.a), (old.b, new.b), (old.c, new.c), (old.d, new.d), (old.e, new.e), (old.f, new.f)] {
                #expect(abs(a - b) < 1e-12 * max(1, abs(a)))
            }
        }
        for (k, (a, b)) in zip(plain, turned).enumerated() {
            let turn = (k == 0 ? 30.0 : -200) * .pi / 180
            #expect(abs(Angle.difference(b.angle.radians, a.angle.radians + turn)) < 1e-12)
            #expect(b.angle.radians > -.pi && b.angle.radians <= .pi)
        }
        var g = plain[0]
        g.angle.radians = 2.5
        #expect(abs(g.direction.x - cos(2.5)) < 1e-15 && abs(g.direction.y - sin(2.5)) < 1e-15 && abs(g.angle.radians - 2.5) < 1e-15)
    }

    @Test(arguments: ["Tomorrow's VAT", "مرحبا بالعالم", "क्षत्रिय हिन्दी"])
    func straightPathReproducesShapedPenPositions(text: String) throws {
        let line = shaped(text)
        let label = try #require(try LabelLayout.place(line, along: horizontal(10, 50, length: 2000)).first)
        #expect(label.glyphs.count == line.glyphs.count)
        var pen = 10.0
        for (placed, g) in zip(label.glyphs, line.glyphs) {
            #expect(abs(placed.origin.x - (pen + g.xOffset)) < 1e-6)
            #expect(abs(placed.origin.y - (50 - g.yOffset)) < 1e-6)
            #expect(placed.angle.radians == 0)
            #expect(placed.glyph == g.glyph)
            pen += g.advance
        }
        #expect(!label.flipped)
    }

    /// An independent implementation of the rule on an analytic circle. The letter spacing σ = 3 belongs to
    /// the cluster before it: a_c = (sum of its advances) + σ, mid_c = s0 + p_c + a_c/2, θ_c = π + mid_c / r.
    @Test func circleMatchesTheRuleExactly() throws {
        let r = 150.0, c = Point(200, 200)
        let path = BezPath.circle(center: c, radius: r, startAngle: .pi, clockwise: true)  // from the left, over the top
        let line = shaped("ACCOUNT BALANCE", size: 30, letterSpacing: 3)
        var options = LabelOptions()
        options.align = .center; options.upright = .off
        let label = try #require(try LabelLayout.place(line, along: path, options: options).first)
        let length = 2 * Double.pi * r
        #expect(abs(label.pathLength - length) < 1e-6 * length)
        // Units and pens, by hand.
        var pen = 0.0, expected: [(Int, Point, Double)] = []
        var i = 0
        let w: Double = {
            var total = 0.0, k = 0
            while k < line.glyphs.count {
                let cl = line.glyphs[k].cluster
                while k < line.glyphs.count, line.glyphs[k].cluster == cl { total += line.glyphs[k].advance; k += 1 }
                total += 3
            }
            return total
        }()
        let s0 = length / 2 - w / 2
        while i < line.glyphs.count {
            let cl = line.glyphs[i].cluster
            var j = i, a = 0.0
            while j < line.glyphs.count, line.glyphs[j].cluster == cl { a += line.glyphs[j].advance; j += 1 }
            a += 3  // the spacing after the cluster is part of its advance
            let mid = s0 + pen + a / 2
            let theta = Double.pi + mid / r
            let P = Point(c.x + r * cos(theta), c.y + r * sin(theta))
            let T = Vector(-sin(theta), cos(theta)), N = Vector(T.y, -T.x)
            var pg = 0.0
            for g in i..<j {
                let o = P + T * (pg - a / 2 + line.glyphs[g].xOffset) + N * line.glyphs[g].yOffset
                expected.append((g, o, atan2(T.y, T.x)))
                pg += line.glyphs[g].advance
            }
            pen += a
            i = j
        }
        #expect(label.glyphs.count == expected.count)
        for (placed, (_, o, angle)) in zip(label.glyphs, expected) {
            #expect(placed.origin.distance(to: o) < 1e-6 * r)
            #expect(abs(angleDiff(placed.angle.radians, angle)) < 1e-7)
        }
    }

    /// The offset moves the anchor forward for every alignment: anchor = {start: 0, center: L/2, end: L} + offset.
    /// (Before, `end` counted the offset back from the end; this test then asked for 960 and 1250.)
    @Test func centreIsSymmetricAndEndEndsAtTheOffset() throws {
        let path = horizontal(0, 0, length: 1000)
        let line = shaped("Symmetry")
        var options = LabelOptions()
        options.align = .center
        let centred = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(abs(centred.start + centred.advance / 2 - 500) < 1e-9)
        options.align = .end; options.offset = .pixels(-40)
        let ended = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(abs(ended.start + ended.advance - 960) < 1e-9)  // ends 40 px before the end: L + (−40)
        #expect(!ended.overflow)
        options.offset = .percent(25)
        let beyond = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(abs(beyond.start + beyond.advance - 1250) < 1e-9)  // end + 25% lies beyond the end
        #expect(beyond.overflow)
        options.offset = .percent(-25)
        let negative = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(abs(negative.start + negative.advance - 750) < 1e-9)  // end − 25%
        #expect(!negative.overflow)
        options.align = .start; options.offset = .pixels(-40)
        let before = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(before.start == -40)
        #expect(before.droppedClusters.first == 0)
    }

    @Test func parallelShiftLaysTheTextOnTheSmallerCircle() throws {
        let r = 120.0, c = Point(0, 0)
        let path = BezPath.circle(center: c, radius: r, startAngle: -.pi, clockwise: true)
        let line = shaped("Parallel text", size: 20)
        var options = LabelOptions()
        options.dy = -10; options.upright = .off
        let label = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(abs(label.pathLength - 2 * .pi * (r - 10)) < 1e-6 * r)
        let us = units(label.glyphs)
        for u in us {
            // The unit's midpoint: origin of its first glyph moved back to the middle of the unit.
            let g = u[0]
            let a = u.reduce(0) { $0 + $1.advance }
            let ys = line.glyphs.first { $0.cluster == g.cluster }!.yOffset
            let midPoint = g.origin + Vector.polar(g.angle.radians) * (a / 2) - Vector(sin(g.angle.radians), -cos(g.angle.radians)) * ys
            #expect(abs(midPoint.distance(to: c) - (r - 10)) < 1e-6 * r)
        }
        // Spacing along the smaller circle equals the advances: consecutive mid angles differ by (a1+a2)/2 / (r−10).
        for k in 1..<us.count {
            let a1 = us[k - 1].reduce(0) { $0 + $1.advance }, a2 = us[k].reduce(0) { $0 + $1.advance }
            let expected = (a1 + a2) / 2 / (r - 10)
            #expect(abs(angleDiff(us[k][0].angle.radians, us[k - 1][0].angle.radians) - expected) < 1e-6)
        }
        options.shift = .normal
        let normal = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(abs(normal.pathLength - 2 * .pi * r) < 1e-6 * r)
    }

    @Test func clustersOfSeveralGlyphsShareOneAngleAndKeepTheirGlyphIds() throws {
        var arc = BezPath()
        arc.move(to: Point(0, 300))
        arc.arc(EllipticalArc(center: Point(300, 300), radii: Vector(300, 300), startAngle: .pi, sweepAngle: .pi / 2))
        for text in ["مَرْحَبًا بِالْعَالَم", "क्षत्रिय हिन्दी"] {  // marks share their base's cluster
            let line = shaped(text, size: 36)
            let label = try LabelLayout.place(line, along: arc)[0]
            #expect(label.glyphs.map(\.glyph) == line.glyphs.map(\.glyph))
            let us = units(label.glyphs)
            #expect(us.contains { $0.count > 1 })
            for u in us { #expect(u.allSatisfy { abs($0.angle.radians - u[0].angle.radians) < 1e-12 }) }
            // Different units do turn along the arc.
            #expect(Set(us.map { ($0[0].angle.radians * 1e6).rounded() }).count > us.count / 2)
        }
    }

    @Test func closedPathsWrapAcrossTheStart() throws {
        let r = 50.0
        let path = BezPath.circle(center: .zero, radius: r, startAngle: 0, clockwise: true)
        let line = shaped("WRAPPING", size: 20)
        var options = LabelOptions()
        options.offset = .pixels(-30); options.upright = .off
        let label = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(label.glyphs.count == line.glyphs.count)  // nothing dropped
        #expect(!label.overflow)
        for g in label.glyphs { #expect(abs(g.origin.distance(to: .zero) - r) < 0.5 * 20) }
        // The first unit sits before the start point (negative angle on the circle), the last after it.
        let firstAngle = atan2(label.glyphs.first!.origin.y, label.glyphs.first!.origin.x)
        let lastAngle = atan2(label.glyphs.last!.origin.y, label.glyphs.last!.origin.x)
        #expect(firstAngle < 0 && lastAngle > 0)
    }
}
