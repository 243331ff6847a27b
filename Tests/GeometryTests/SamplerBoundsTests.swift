import Testing
@testable import Geometry

/// The sampler's kept piece bounds (a query in the last query's piece is two comparisons) choose the
/// piece that `sample(at:)` chooses, to the bit: on every piece boundary, one ulp either side of it, in
/// increasing, decreasing and shuffled order, forward and reversed, and for distances that are not finite.
@Suite struct SamplerBoundsTests {
    /// Every piece's first distance along `m` (forward distances turned into `m`'s own when reversed),
    /// with its neighbours one ulp below and above.
    static func boundaries(_ m: PathMeasure) -> [Double] {
        var out: [Double] = []
        for i in 0..<m.storage.segments.count {
            let rs = m.storage.records(i)
            for k in 0..<rs.records.count {
                let fs = rs.records[k].start
                let s = m.isReversed ? m.length - fs : fs
                out += [s.nextDown, s, s.nextUp]
            }
        }
        return out + [m.length.nextDown, m.length]
    }

    /// The bits of a sample's point and tangent (NaN compares equal to the same NaN).
    static func bits(_ p: PathSample) -> [UInt64] {
        [p.point.x, p.point.y, p.tangent.x, p.tangent.y].map(\.bitPattern)
    }

    static func expectIdentical(_ m: PathMeasure, _ distances: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        var sampler = m.sampler()
        var differing = 0, first: Double?
        for s in distances where Self.bits(sampler.sample(at: s)) != Self.bits(m.sample(at: s)) {
            differing += 1
            if first == nil { first = s }
        }
        #expect(differing == 0, "\(differing) of \(distances.count) samples differ, first at \(first ?? 0)",
                sourceLocation: sourceLocation)
    }

    @Test func piecesChosenAsSampleAtChoosesThem() {
        var rng = SplitMix(state: 11)
        var checked = 0
        for path in SamplerTests.paths() {
            let m = try! PathMeasure(path)
            for measure in [m, m.reversed()] {
                let b = Self.boundaries(measure).sorted()
                #expect(b.count >= 6)
                Self.expectIdentical(measure, b)
                Self.expectIdentical(measure, b.reversed())
                Self.expectIdentical(measure, b.shuffled(using: &rng))
                // Runs of queries inside one piece after a jump, as placement asks them.
                let runs = b.flatMap { s in [s, s + 0.25, s + 0.5, s + 1] }
                Self.expectIdentical(measure, runs)
                Self.expectIdentical(measure, [.nan, 0, .infinity, -.infinity, .nan, measure.length / 2, .nan])
                checked += b.count
            }
        }
        #expect(checked > 100)
    }
}
