import Testing
import Geometry

/// `PathMeasure.Sampler` gives the points and tangents of `sample(at:)`, whatever the order of queries.
@Suite struct SamplerTests {
    /// A wave of cubics like the layout benchmark's, random chains, the cusp, a mixed path with lines,
    /// quads and arcs, and a closed path.
    static func paths() -> [BezPath] {
        var out: [BezPath] = []
        var wave = BezPath()
        wave.move(to: Point(0, 300))
        for k in 0..<6 {
            let x = Double(k) * 200
            wave.cubic(to: Point(x + 200, 300), control1: Point(x + 66, 240), control2: Point(x + 133, 360))
        }
        out.append(wave)
        var rng = SplitMix(state: 42)
        for _ in 0..<6 {
            var p = BezPath()
            var q = Point(Double.random(in: 0...100, using: &rng), Double.random(in: 0...100, using: &rng))
            p.move(to: q)
            for _ in 0..<5 {
                func r() -> Point { Point(q.x + Double.random(in: -150...150, using: &rng), q.y + Double.random(in: -150...150, using: &rng)) }
                let c1 = r(), c2 = r(), e = r()
                p.cubic(to: e, control1: c1, control2: c2)
                q = e
            }
            out.append(p)
        }
        out.append(cubicPath(cuspCubic))
        var mixed = BezPath()
        mixed.move(to: Point(0, 0))
        mixed.line(to: Point(100, 0))
        mixed.quad(to: Point(200, 50), control: Point(180, 0))
        mixed.cubic(to: Point(300, 0), control1: Point(220, 100), control2: Point(260, -80))
        mixed.line(to: Point(300, 100))
        mixed.close()
        out.append(mixed)
        return out
    }

    static func expectSame(_ m: PathMeasure, _ distances: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        var sampler = m.sampler()
        var worstPoint = 0.0, worstTangent = 0.0
        for s in distances {
            let a = sampler.sample(at: s), b = m.sample(at: s)
            worstPoint = max(worstPoint, a.point.distance(to: b.point))
            worstTangent = max(worstTangent, (a.tangent - b.tangent).length)
        }
        // Both invert arc length to 1e-11 of the piece's length.
        #expect(worstPoint <= 1e-8, "point differs by \(worstPoint)", sourceLocation: sourceLocation)
        #expect(worstTangent <= 1e-7, "tangent differs by \(worstTangent)", sourceLocation: sourceLocation)
    }

    @Test func increasingDecreasingAndRandomQueries() {
        var rng = SplitMix(state: 7)
        for path in Self.paths() {
            let m = try! PathMeasure(path)
            for measure in [m, m.reversed()] {
                let L = measure.length
                let up = stride(from: -5.0, through: L + 5, by: 7.7).map { $0 }
                Self.expectSame(measure, up)
                Self.expectSame(measure, up.reversed())
                Self.expectSame(measure, (0..<400).map { _ in Double.random(in: -20...(L + 20), using: &rng) })
                Self.expectSame(measure, stride(from: 0.0, through: L, by: 0.37).map { $0 })
                // Exactly on piece and segment boundaries, and repeated distances.
                Self.expectSame(measure, [0, 0, L / 3, L / 3, L / 2, L, L, 0])
            }
        }
    }
}
