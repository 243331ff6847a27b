import Foundation
import Testing
import Geometry
import TestSupport

/// Inputs the fuzzers (Fuzz/, scripts/fuzz) found crashing; the raw inputs are kept in
/// fixtures/fuzz/regressions/<target>/.
@Suite struct GeometryFuzzRegressionTests {
    /// FuzzPipeline, huge-curve-flattening-and-repeat-count.bin: Wang's bound for a curve with control points near
    /// 1e100 is finite but beyond Int's range, and converting it trapped before it was clamped.
    @Test func flatteningStepsOfHugeCurvesAreClamped() {
        let quad = Segment.quad(QuadBez(Point(0, 0), Point(1e100, -1e100), Point(100, 0)))
        let cubic = Segment.cubic(CubicBez(Point(0, 0), Point(1e100, 0), Point(0, 1e100), Point(100, 0)))
        #expect(quad.flatteningSteps(tolerance: 0.01) == 1 << 16)
        #expect(cubic.flatteningSteps(tolerance: 0.01) == 1 << 16)
        let arc = Segment.arc(EllipticalArc(center: .zero, radii: Vector(1, 1), startAngle: 0, sweepAngle: 1e30))
        #expect(arc.flatteningSteps(tolerance: 1e-3) == 1 << 16)
        var n = 0
        cubic.flatten(tolerance: 0.01) { _ in n += 1 }
        #expect(n == 1 << 16)
    }

    /// FuzzPathData, arc-huge-radius-round-trip.txt: radii of 1e22 on a chord of 1e-7 put the arc's centre
    /// so far away that its end points, evaluated back from the centre, were off by millions of units, so
    /// the arc did not start at the pen and its serialization lost the chord. Such an arc is a line.
    @Test func arcWithRadiiFarBeyondTheChordIsALine() throws {
        let data = "M0,0 A50,66666666666663326606566 66665 0,0 0,0.0000001"
        let p = try BezPath(svgPathData: data)
        #expect(p.segments == [.line(Line(Point(0, 0), Point(0, 1e-7)))])
        let again = try BezPath(svgPathData: p.svgPathData)
        #expect(again == p)
        #expect(abs(try PathMeasure(again).length - 1e-7) < 1e-20)
        // Ordinary arcs, large ones at large coordinates included, are untouched.
        let big = try BezPath(svgPathData: "M 1e6 1e6 A 1e3 1e3 0 0 1 1000100 1e6")
        guard case .arc(let a)? = big.segments.first else { Issue.record("expected an arc"); return }
        #expect(a.start.distance(to: Point(1e6, 1e6)) < 1e-6 && a.end.distance(to: Point(1000100, 1e6)) < 1e-6)
    }

    /// Every kept regression input of FuzzPathData parses (or is rejected) without trapping, and
    /// round-trips through svgPathData.
    @Test func keptPathDataInputsRoundTrip() throws {
        let dir = URL(fileURLWithPath: PackagePaths.file("fixtures/fuzz/regressions/FuzzPathData"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(!files.isEmpty)
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            guard let p = try? BezPath(svgPathData: text) else { continue }
            let again = try BezPath(svgPathData: p.svgPathData)
            #expect(again.subpaths.count == p.subpaths.count && again.isEmpty == p.isEmpty, "\(f)")
        }
    }
}
