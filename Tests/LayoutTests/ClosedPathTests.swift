import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// Closed paths wrap by default (SVG 2: mid_c modulo L); ``ClosedPathMode/clip`` treats them as open
/// (Chromium, resvg): units with mid_c outside [0, L] are dropped.
@Suite struct ClosedPathTests {
    let r = 50.0
    var circle: BezPath { BezPath.circle(center: .zero, radius: r, startAngle: 0, clockwise: true) }

    /// The reference: units in visual order with advances a_c, s0 = −30; a unit is kept when 0 ≤ mid_c ≤ L.
    @Test func clipDropsExactlyTheUnitsBeforeTheStart() throws {
        let line = shaped("WRAPPING", size: 20)
        let L = 2 * Double.pi * r
        var expectedDropped: [Int] = [], expectedKept: [Double] = []
        var pen = -30.0
        for g in line.glyphs {  // one glyph per cluster in Latin
            let mid = pen + g.advance / 2
            if mid < 0 || mid > L { expectedDropped.append(g.cluster) } else { expectedKept.append(mid) }
            pen += g.advance
        }
        #expect(!expectedDropped.isEmpty && !expectedKept.isEmpty)
        let options = LabelOptions(offset: .pixels(-30), upright: .off, closedPath: .clip)
        let label = try LabelLayout.place(line, along: circle, options: options)[0]
        #expect(label.droppedClusters == expectedDropped)
        #expect(label.overflow)
        #expect(label.diagnostics.contains(.droppedClusters(expectedDropped)))
        // Each kept unit turns to θ = mid/r on the circle from angle 0, clockwise.
        for (g, mid) in zip(label.glyphs, expectedKept) {
            #expect(abs(angleDiff(g.angle.radians, mid / r + .pi / 2)) < 1e-9)
        }
        // The default wraps: nothing is dropped.
        let wrapped = try LabelLayout.place(line, along: circle, options: LabelOptions(offset: .pixels(-30), upright: .off))[0]
        #expect(wrapped.glyphs.count == line.glyphs.count && !wrapped.overflow)
    }

    @Test func clipLetsTheOverflowPoliciesAct() throws {
        let line = shaped("A label longer than the whole circle", size: 20)
        #expect(line.advance > 2 * .pi * r)
        #expect(throws: LayoutError.self) {
            try LabelLayout.place(line, along: circle, options: LabelOptions(overflow: .error, closedPath: .clip))
        }
        let shrunk = try LabelLayout.place(line, along: circle,
                                           options: LabelOptions(upright: .off, overflow: .shrink(minimumSize: 2), closedPath: .clip))[0]
        #expect(abs(shrunk.size - 20 * 2 * .pi * r / line.advance) < 1e-9)
        #expect(!shrunk.overflow && shrunk.glyphs.count == line.glyphs.count)
        // Wrapping ignores shrink and overflow, as before.
        let wrapped = try LabelLayout.place(line, along: circle, options: LabelOptions(overflow: .shrink(minimumSize: 2)))[0]
        #expect(wrapped.size == 20)
    }

    /// Chords and the ellipsis follow the same rule: with clip nothing is placed outside [0, L].
    @Test func chordAndEllipsisClipToo() throws {
        let L = 2 * Double.pi * r
        let line = shaped("WRAPPING AROUND", size: 20)
        let chord = try LabelLayout.place(line, along: circle,
                                          options: LabelOptions(offset: .pixels(-30), upright: .off, method: .chord, closedPath: .clip))[0]
        #expect(!chord.droppedClusters.isEmpty && chord.overflow)
        for g in chord.glyphs { #expect(g.pathDistance >= -1e-9 && g.pathDistance + g.advance <= L + 1e-6) }
        let wrapped = try LabelLayout.place(line, along: circle, options: LabelOptions(offset: .pixels(-30), upright: .off, method: .chord))[0]
        #expect(wrapped.droppedClusters.isEmpty)

        let text = AttributedText("A label longer than the whole circle", attributes: TextAttributes(fonts: stack, size: 20))
        let cut = try LabelLayout.layout(text, along: circle, options: LabelOptions(upright: .off, overflow: .ellipsis, closedPath: .clip))[0]
        #expect(cut.overflow && cut.diagnostics.contains { if case .truncated = $0 { true } else { false } })
        let last = try #require(cut.glyphs.last)
        #expect(last.pathDistance + last.advance <= L + 1e-6)
    }

    @Test func openPathsAreTheSameEitherWay() throws {
        let line = shaped("Open path", size: 20)
        let path = horizontal(0, 0, length: 100)
        let a = try LabelLayout.place(line, along: path, options: LabelOptions(offset: .pixels(-20)))[0]
        let b = try LabelLayout.place(line, along: path, options: LabelOptions(offset: .pixels(-20), closedPath: .clip))[0]
        #expect(a.glyphs == b.glyphs && a.droppedClusters == b.droppedClusters)
    }
}
