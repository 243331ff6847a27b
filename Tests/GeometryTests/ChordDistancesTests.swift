import Testing
import Geometry

/// Skia's chord-length distances (what Chromium lays SVG textPath text out with), mapped to arc length.
/// The expected figures were computed by a direct transcription of SkContourMeasure's halving
/// (compute_cubic_segs, cubic_too_curvy, tolerance 0.5) on Blink's cubics for the arcs.
@Suite struct ChordDistancesTests {
    /// The semicircle of radius 60 (resvg's textPath tests): 188.50 long, 188.22 in Skia's 16 chords.
    @Test func aSemicircleMeasuresShortAsSkiaMeasuresIt() throws {
        let m = try PathMeasure(try BezPath(svgPathData: "M 40 100 A 60 60 0 0 1 160 100"))
        let c = ChordDistances(m)
        #expect(close(m.length, 60 * Double.pi, 1e-9))          // 188.4956
        #expect(close(c.length, 188.218805, 1e-5))
        #expect(c.chordCount == 16)
        #expect(close(c.arcLength, m.length, 0))
        // The middle of the chord distances is the top of the arc (the chords are symmetric) ...
        #expect(close(m.point(at: c.arcDistance(at: c.length / 2)), Point(100, 40), 1e-6))
        // ... and a distance lands further along than the same arc length: 0.15 % of it.
        let d = 94.0
        #expect(close(c.arcDistance(at: d) / d, m.length / c.length, 5e-4))
        #expect(c.arcDistance(at: d) - d > 0.13)
    }

    /// A full circle of four quarter arcs, closed (resvg's textPath/closed-path): 32 chords, 376.44.
    @Test func aClosedCircleWrapsWholeTurns() throws {
        let m = try PathMeasure(try BezPath(svgPathData: "M 160 100 A 60 60 0 0 1 100 160 60 60 0 0 1 40 100 60 60 0 0 1 100 40 60 60 0 0 1 160 100 Z"))
        let c = ChordDistances(m)
        #expect(c.isClosed && c.chordCount == 32)
        #expect(close(c.length, 376.437611, 1e-5))
        #expect(close(c.arcDistance(at: c.length + 10), m.length + c.arcDistance(at: 10), 1e-9))
        #expect(close(c.arcDistance(at: -10), c.arcDistance(at: c.length - 10) - m.length, 1e-9))
    }

    /// Cubics are halved as Skia halves them: resvg's wave of two cubics is 32 chords, 202.784 (202.965 long).
    @Test func cubicsAreHalvedUntilFlat() throws {
        let m = try PathMeasure(try BezPath(svgPathData: "M 20 100 C 35 135 85 135 100 100 C 115 65 165 65 180 100"))
        let c = ChordDistances(m)
        #expect(c.chordCount == 32)
        #expect(close(c.length, 202.783983, 1e-5))
        #expect(close(m.length, 202.964704, 1e-5))
    }

    /// Within a chord the parameter runs linearly with the distance, and the point is the curve's there:
    /// a cubic whose handles stand exactly 0.5 off its chord is flat (Skia's test is strict), one chord of
    /// 30, so half of it is the point at t = ½, (15, 0.375).
    @Test func aFlatCubicIsOneChordWithTheParameterLinearAlongIt() throws {
        let cubic = CubicBez(Point(0, 0), Point(10, 0.5), Point(20, 0.5), Point(30, 0))
        var path = BezPath(); path.move(to: cubic.p0); path.cubic(to: cubic.p3, control1: cubic.p1, control2: cubic.p2)
        let m = try PathMeasure(path)
        let c = ChordDistances(m)
        #expect(c.chordCount == 1 && c.length == 30)
        #expect(close(m.point(at: c.arcDistance(at: 15)), Point(15, 0.375), 1e-9))
        // A tighter tolerance halves it.
        #expect(ChordDistances(m, tolerance: 0.1).chordCount > 1)
    }

    /// Lines are exact; off an open path distances run on at the same rate, so they stay off it.
    @Test func linesAreExactAndTheEndsRunOn() throws {
        let m = try PathMeasure(try BezPath(svgPathData: "M 0 0 L 30 40 L 30 100"))
        let c = ChordDistances(m)
        #expect(c.length == 110 && c.chordCount == 2)
        for d in [0.0, 10, 50, 77.5, 110] { #expect(close(c.arcDistance(at: d), d, 1e-9)) }
        #expect(c.arcDistance(at: -5) == -5 && c.arcDistance(at: 120) == 120)
    }

    /// The reversed chords count from the path's end, for the reversed measure.
    @Test func reversedChordsMatchTheReversedMeasure() throws {
        let m = try PathMeasure(try BezPath(svgPathData: "M 30 100 A 40 30 20 1 1 160 100"))
        let c = ChordDistances(m), r = ChordDistances(m.reversed())
        #expect(r.isReversed && close(r.length, c.length, 1e-12))
        for d in [0.0, 20, 100, c.length] {
            #expect(close(m.reversed().point(at: r.arcDistance(at: d)), m.point(at: c.arcDistance(at: c.length - d)), 1e-6))
        }
        #expect(close(c.reversed().arcDistance(at: 20), r.arcDistance(at: 20), 1e-9))
    }

    /// The map is increasing, from 0 to the arc length (and a bad tolerance falls back to Skia's 0.5).
    @Test func theMapIsMonotone() throws {
        let m = try PathMeasure(try BezPath(svgPathData: "M 30 100 A 40 30 20 1 1 160 100 Q 180 20 100 10"))
        let c = ChordDistances(m, tolerance: .nan)
        #expect(c.tolerance == 0.5)
        #expect(c.arcDistance(at: 0) == 0 && close(c.arcDistance(at: c.length), m.length, 1e-9))
        var last = -1.0
        for k in 0...400 {
            let s = c.arcDistance(at: c.length * Double(k) / 400)
            #expect(s >= last)
            last = s
        }
    }
}
