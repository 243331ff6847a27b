import Testing
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// Inputs the fuzzers (Fuzz/, scripts/fuzz) found crashing or hanging; the raw inputs are kept in
/// fixtures/fuzz/regressions/<target>/.
@Suite struct LayoutFuzzRegressionTests {
    /// FuzzPipeline, huge-curve-flattening-and-repeat-count.bin: a parallel shift of a curve with huge control
    /// points trapped converting the number of flattening steps to Int.
    @Test func parallelShiftOfAHugeCurveDoesNotTrap() {
        var path = BezPath()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(100, 0), control1: Point(1e100, 0), control2: Point(0, 1e100))
        var options = LabelOptions()
        options.dy = 5
        options.shift = .parallel
        if let labels = try? LabelLayout.place(shaped("Hello"), along: path, options: options) {
            for g in labels.flatMap(\.glyphs) { #expect(g.origin.isFinite && g.angle.radians.isFinite) }
        }
    }

    /// FuzzSceneJSON, chord-march-huge-path.json: the chord method marched along the path in steps of a
    /// quarter advance through every distance up to 4·advance + length even where an open path's point
    /// stands still (before 0 and past the end), so a path of length 1e30 (or an offset of 1e15) never
    /// finished. It now skips those stretches and, after the first 16 advances, doubles its step, with
    /// the same placements on ordinary paths.
    @Test(.timeLimit(.minutes(1))) func chordMarchEndsOnHugePathsAndOffsets() throws {
        var options = LabelOptions()
        options.method = .chord
        var huge = BezPath()
        huge.move(to: Point(37, 150))
        huge.cubic(to: Point(580, 1.5e30), control1: Point(150, 20), control2: Point(450, 20))
        for overflow in [OverflowPolicy.visible, .ellipsis] {
            options.overflow = overflow
            let labels = try LabelLayout.layout(AttributedText("Hello مرحبا", attributes: TextAttributes(fonts: stack, size: 30)),
                                                along: huge, options: options)
            for g in labels.flatMap(\.glyphs) { #expect(g.origin.isFinite && g.angle.radians.isFinite) }
        }
        // chord-march-long-label-far-start.json: 200 clusters on a curve starting 5.9e21 px away. The measure
        // cannot resolve distances far below its length, so each cluster marched all of its steps.
        var far = BezPath()
        far.move(to: Point(5.909973711006583e21, 150))
        far.cubic(to: Point(580, 150), control1: Point(150, 20), control2: Point(450, 20))
        options.overflow = .ellipsis
        let long = String(repeating: "4", count: 70) + "Hello مرحبا न" + String(repeating: "o", count: 110) + "मस्ते"
        let labels = try LabelLayout.layout(AttributedText(long, attributes: TextAttributes(fonts: stack, size: 30)),
                                            along: far, options: options)
        for g in labels.flatMap(\.glyphs) { #expect(g.origin.isFinite && g.angle.radians.isFinite) }
        // A label anchored far before the start or beyond the end of an ordinary line: nothing fits.
        options.overflow = .visible
        for offset in [-1e15, 1e15] {
            options.offset = .pixels(offset)
            let label = try LabelLayout.place(shaped("Hello"), along: horizontal(0, 0, length: 300), options: options)[0]
            #expect(label.glyphs.isEmpty && label.overflow)
        }
        // Straddling the start: the clusters past 0 are placed exactly as before (each chord spans its advance).
        options.offset = .pixels(-30)
        let line = shaped("Hello")
        let label = try LabelLayout.place(line, along: horizontal(0, 0, length: 300), options: options)[0]
        #expect(!label.glyphs.isEmpty && label.overflow)
        for g in label.glyphs { #expect(g.origin.y == 0 && g.angle.radians == 0 && g.origin.x >= 0) }
    }
}

extension LayoutFuzzRegressionTests {
    /// FuzzPipeline, huge-curve-flattening-and-repeat-count.bin: the number of repeated copies, length / (advance + gap),
    /// trapped converting to Int for a huge path, and would have run for ages for a tiny label.
    @Test func repeatingIsLimitedToMaximumRepeatCount() throws {
        var options = LabelOptions()
        options.repeat = 0
        for path in [horizontal(0, 0, length: 1e30), horizontal(0, 0, length: 1e9)] {
            #expect(throws: LayoutError.self) { _ = try LabelLayout.place(shaped("Hi"), along: path, options: options) }
        }
        // Up to the limit copies are placed as before.
        options.repeat = 10
        let w = ClusterRun(shaped("Hi", size: 10), extraSpacing: 0).advance
        let length = (w + 10) * Double(LabelLayout.maximumRepeatCount) - 10
        let labels = try LabelLayout.place(shaped("Hi", size: 10), along: horizontal(0, 0, length: length), options: options)
        #expect(labels.count == LabelLayout.maximumRepeatCount)
    }
}

extension LayoutFuzzRegressionTests {
    /// FuzzPipeline, overflow-message-huge-length.bin: the overflow error's message converted the lengths
    /// to Int to drop ".0", which traps for a path 1e300 px long.
    @Test func overflowMessageWithHugeLengths() {
        #expect(LayoutError.overflow(textLength: -2e19, pathLength: 1e300).description
                == "the text (-2e+19 px long) does not fit on the path (1e+300 px long)")
        #expect(LayoutError.overflow(textLength: 412.34, pathLength: 200).description
                == "the text (412.3 px long) does not fit on the path (200 px long)")
        var options = LabelOptions()
        options.overflow = .error
        options.letterSpacing = -1e20
        #expect(throws: LayoutError.self) {
            _ = try LabelLayout.place(shaped("Hello"), along: horizontal(-1e300, 0, length: 1.5e300), options: options)
        }
    }
}

extension LayoutFuzzRegressionTests {
    /// FuzzPipeline, offset-percent-overflows.bin: 1e300 % of a path 1e154 px long is infinite, so the
    /// label's start was −∞, the chord pass's distances NaN, and NaN passed the off-path checks: six
    /// glyphs were placed (at the path's start) with `overflow: .error` not raised. Now an error.
    @Test func nonFiniteOffsetOrLengthIsAnError() {
        var options = LabelOptions()
        for method in PlacementMethod.allCases {
            options.method = method
            options.offset = .percent(1e300)
            options.letterSpacing = 0
            #expect(throws: LayoutError.self) { _ = try LabelLayout.place(shaped("Hello"), along: horizontal(0, 0, length: 1e154), options: options) }
            options.offset = .pixels(0)
            options.letterSpacing = 1e308
            #expect(throws: LayoutError.self) { _ = try LabelLayout.place(shaped("Hello"), along: horizontal(0, 0, length: 100), options: options) }
        }
    }
}

extension LayoutFuzzRegressionTests {
    /// FuzzPipeline, repeat-rebuilds-backward-measure.bin: every repeated copy that the upright rule
    /// flipped shifted and measured the reversed path again; with a parallel shift of a path that
    /// flattens into 2^16 steps, thousands of copies took minutes. The reversed measure is now built once.
    @Test(.timeLimit(.minutes(1))) func repeatedFlippedCopiesShareTheBackwardMeasure() throws {
        // A flat half ellipse run right to left, so every copy flips, and not circular, so its parallel
        // curve is sampled densely (about 22000 points).
        var flat = BezPath()
        flat.move(to: Point(2e6, 0))
        flat.append(.arc(EllipticalArc(center: Point(1e6, 0), radii: Vector(1e6, 1e-3), startAngle: 0, sweepAngle: .pi)))
        var options = LabelOptions()
        options.dy = 3
        options.repeat = 100
        let start = ContinuousClock.now
        let copies = try LabelLayout.place(shaped("Hi", size: 200), along: flat, options: options)
        #expect(copies.count > 1000 && copies.allSatisfy(\.flipped))
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    /// FuzzPipeline (with rendering), bend-huge-glyph-on-tiny-circle.bin: 10 000 px glyphs bent around a
    /// circle of radius 1 subdivided every outline edge to depth 12, about a second per glyph. Subdivision
    /// now stops at `PlacedLabel.bendPointBudget` per glyph.
    @Test func bendingHugeGlyphsAroundATinyCircleStaysWithinTheBudget() throws {
        var options = LabelOptions()
        options.warp = .bend; options.align = .center
        let labels = try LabelLayout.place(shaped("World", size: 10_000), along: BezPath.circle(center: Point(0, 1e6), radius: 1), options: options)
        for label in labels {
            for g in label.glyphs {
                let bent = label.bentOutline(of: g)
                let points = bent.subpaths.reduce(0) { $0 + $1.segments.count }
                let edges = label.font(of: g).outline(glyph: g.glyph, size: g.size).flattened(tolerance: 0.05).reduce(0) { $0 + $1.count }
                #expect(points <= edges + PlacedLabel.bendPointBudget + bent.subpaths.count)
                #expect(bent.subpaths.allSatisfy { $0.start.isFinite })
            }
        }
    }

    /// FuzzPipeline (with rendering), repeat-chord-tiny-gap-long-ellipse.bin: a label repeated every
    /// 0.001 px along a 4 000 000 px path asked for ~8 000 copies and took 40 s. Copies × clusters is now
    /// limited by `ResourceLimits.repeatedClusters`.
    @Test func repeatIsLimitedByTheClustersItWouldPlace() throws {
        var options = LabelOptions()
        options.repeat = 0.001
        let line = shaped("Long road name", size: 10)
        #expect(throws: LayoutError.self) { try LabelLayout.place(line, along: horizontal(0, 0, length: 4_000_000), options: options) }
        options.limits.repeatedClusters = 10_000_000
        options.repeat = 100
        let many = try LabelLayout.place(line, along: horizontal(0, 0, length: 200_000), options: options)
        #expect(many.count > 1000)
    }
}

