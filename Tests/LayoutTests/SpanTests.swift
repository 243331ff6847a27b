import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// ``LabelOptions/span`` confines a label to part of its path: the part is cut out and laid out as an
/// open path, so overflow applies at its ends, on closed paths too.
@Suite struct SpanTests {
    let r = 100.0
    /// From 3 o'clock, clockwise (on a y-down canvas).
    var circle: BezPath { BezPath.circle(center: .zero, radius: r, startAngle: 0, clockwise: true) }
    var L: Double { 2 * .pi * r }

    /// A span of a circle places exactly what the same arc as its own path places.
    @Test func aSpanPlacesAsItsArcWould() throws {
        let line = shaped("SPAN", size: 20)
        let options = LabelOptions(align: .center, upright: .off, span: PathSpan(from: .percent(50), to: .percent(75)))
        let spanned = try LabelLayout.place(line, along: circle, options: options)[0]
        var plain = options
        plain.span = nil
        let arc = BezPath.arc(center: .zero, radius: r, startAngle: .radians(.pi), endAngle: .radians(1.5 * .pi), clockwise: true)
        let direct = try LabelLayout.place(line, along: arc, options: plain)[0]
        #expect(spanned.glyphs.count == direct.glyphs.count)
        #expect(abs(spanned.pathLength - L / 4) < 1e-9)
        for (a, b) in zip(spanned.glyphs, direct.glyphs) {
            #expect(a.origin.distance(to: b.origin) < 1e-9)
            #expect(abs(angleDiff(a.angle.radians, b.angle.radians)) < 1e-9)
        }
        // Centred in the span: the middle of the label lies at 225° (the upper left), r from the centre.
        let mid = spanned.glyphs.map { Angle.normalized(($0.origin - Point.zero).angle) }
        #expect(mid.allSatisfy { $0 > .pi && $0 < 1.5 * .pi })
    }

    /// On a closed path, where a label otherwise wraps and never overflows, a span makes overflow act.
    @Test func overflowActsWithinASpanOfAClosedPath() throws {
        let text = "A LABEL MUCH TOO LONG FOR A QUARTER"
        let line = shaped(text, size: 20)
        #expect(line.advance > L / 4 && line.advance < L)
        let span = PathSpan(from: .percent(50), to: .percent(75))
        // Without a span: all placed, no overflow.
        let whole = try LabelLayout.place(line, along: circle, options: LabelOptions(align: .center, upright: .off))[0]
        #expect(!whole.overflow && whole.droppedClusters.isEmpty)
        // Visible: clusters off the span are dropped and reported; every kept glyph lies in the span.
        let visible = try LabelLayout.place(line, along: circle, options: LabelOptions(align: .center, upright: .off, span: span))[0]
        #expect(visible.overflow && !visible.droppedClusters.isEmpty)
        #expect(visible.diagnostics.contains(.droppedClusters(visible.droppedClusters)))
        for g in visible.glyphs {
            let a = Angle.normalized((g.origin + g.direction * (g.advance / 2) - Point.zero).angle)
            #expect(a >= .pi - 1e-9 && a <= 1.5 * .pi + 1e-9)
        }
        // Shrink: to the size that fits the span exactly.
        let shrunk = try LabelLayout.place(line, along: circle,
                                           options: LabelOptions(align: .center, upright: .off, overflow: .shrink(minimumSize: 2), span: span))[0]
        #expect(abs(shrunk.size - 20 * (L / 4) / line.advance) < 1e-9)
        #expect(!shrunk.overflow)
        // Error: thrown.
        #expect(throws: LayoutError.self) {
            try LabelLayout.place(line, along: circle, options: LabelOptions(overflow: .error, span: span))
        }
        // Ellipsis: cut with "…" and the rest fits.
        let cut = try LabelLayout.layout(AttributedText(text, attributes: TextAttributes(fonts: stack, size: 20, systemFallback: false)),
                                         along: circle, options: LabelOptions(align: .center, upright: .off, overflow: .ellipsis, span: span))[0]
        #expect(cut.diagnostics.contains { if case .truncated = $0 { true } else { false } })
        #expect(cut.advance <= L / 4 + 1e-9)
    }

    /// A span whose end comes before its start runs on across a closed path's start.
    @Test func aSpanRunsOnAcrossTheStartOfAClosedPath() throws {
        let line = shaped("ACROSS", size: 20)
        let options = LabelOptions(align: .center, upright: .off, span: PathSpan(from: .percent(87.5), to: .percent(12.5)))
        let label = try LabelLayout.place(line, along: circle, options: options)[0]
        #expect(abs(label.pathLength - L / 4) < 1e-9)
        #expect(label.glyphs.count == line.glyphs.count && !label.overflow)
        // Centred on the start (3 o'clock): the glyphs straddle y = 0 on the right of the circle.
        #expect(label.glyphs.allSatisfy { $0.origin.x > 60 })
        #expect(label.glyphs.first!.origin.y < 0 && label.glyphs.last!.origin.y > 0)
    }

    /// Pixels, percent and the side: `side: right` reverses the span's part, not the whole path.
    @Test func pixelSpansAndTheOtherSide() throws {
        let path = horizontal(0, 0, length: 400)
        let line = shaped("AB", size: 20)
        let label = try LabelLayout.place(line, along: path, options: LabelOptions(span: PathSpan(from: .pixels(100), to: .pixels(300))))[0]
        #expect(abs(label.glyphs[0].origin.x - 100) < 1e-9)
        let end = try LabelLayout.place(line, along: path, options: LabelOptions(align: .end, span: PathSpan(from: .pixels(100), to: .percent(75))))[0]
        #expect(abs(end.glyphs.last!.origin.x + end.glyphs.last!.advance - 300) < 1e-9)
        let right = try LabelLayout.place(line, along: path, options: LabelOptions(side: .right, upright: .off, span: PathSpan(from: .pixels(100), to: .pixels(300))))[0]
        #expect(abs(right.glyphs[0].origin.x - 300) < 1e-9)
    }

    @Test func badSpansAreErrors() {
        let path = horizontal(0, 0, length: 400)
        let line = shaped("AB", size: 20)
        #expect(throws: LayoutError.badOption("the span ends (100) before it starts (300) on an open path")) {
            try LabelLayout.place(line, along: path, options: LabelOptions(span: PathSpan(from: .pixels(300), to: .pixels(100))))
        }
        #expect(throws: LayoutError.badOption("a span in degrees needs a label that follows a circle or arc shape of a scene")) {
            try LabelLayout.place(line, along: path, options: LabelOptions(span: PathSpan(from: .degrees(10), to: .degrees(20))))
        }
    }

    /// The portion of a measure is the path between the distances, to the measure's accuracy.
    @Test func portionsOfCurves() throws {
        let path = try BezPath(svgPathData: "M 0 0 C 100 -80 200 80 300 0 Q 400 -60 500 0")
        let m = try PathMeasure(path)
        let part = try PathMeasure(m.portion(from: 120, to: 420))
        #expect(abs(part.length - 300) < 1e-6)
        for s in stride(from: 0.0, through: 300, by: 37.5) {
            #expect(part.point(at: s).distance(to: m.point(at: 120 + s)) < 1e-6)
        }
        let back = try PathMeasure(m.reversed().portion(from: 10, to: 60))
        #expect(abs(back.length - 50) < 1e-6)
        #expect(back.point(at: 0).distance(to: m.point(at: m.length - 10)) < 1e-6)
    }
}
