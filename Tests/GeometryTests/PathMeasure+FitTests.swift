@testable import Geometry
import Testing

/// Issue #39, item 1: a query evaluates the piece's degree-16 fit and takes no Newton step after it. The
/// builder checks the fit with a margin wide enough that queries land within 1e-7 px of where the fit and
/// Newton step put them (the allowance for a faster method); the references here are the tests' own
/// quadrature to 1e-12 px, far below that.
@Suite struct PieceFitTests {
    /// The bench's wave cubic, and the two cubics of the comparison grid's S-curve, where a margin of 4 left
    /// queries 9e-7 px from the Newton step's (`scripts/compare-placements`).
    static let cubics: [[[Point]]] = [
        [[Point(0, 300), Point(66, 240), Point(133, 360), Point(200, 300)]],
        [[Point(0, 0), Point(40, 200), Point(360, -100), Point(400, 200)],
         [Point(400, 200), Point(440, 500), Point(700, 0), Point(800, 200)]],
    ]

    @Test(arguments: cubics)
    func theFitAloneIsWithinTheAllowanceOfTheExactPoint(_ chain: [[Point]]) throws {
        var path = BezPath()
        path.move(to: chain[0][0])
        for c in chain { path.cubic(to: c[3], control1: c[1], control2: c[2]) }
        let m = try PathMeasure(path)
        var sampler = m.sampler()
        var start = 0.0, worst = 0.0
        for c in chain {
            let bez = CubicBez(c[0], c[1], c[2], c[3])
            for k in 0..<200 {
                let t = (Double(k) + 0.5) / 200
                let s = start + Reference.adaptive(Reference.cubicSpeed(c), 0, t, tol: 1e-12)
                worst = max(worst, sampler.sample(at: s).point.distance(to: bez.eval(t)), m.sample(at: s).point.distance(to: bez.eval(t)))
            }
            start += Reference.adaptive(Reference.cubicSpeed(c), 0, 1, tol: 1e-12)
        }
        #expect(worst <= 1e-7, "worst point \(worst) px from the exact one")
    }

    /// The bench's 240 px wave cubic takes 4 pieces, as it did with the Newton step, more than a slot holds
    /// inline; the short gentle cubics of a chain (20–60 px) take one.
    @Test func pieceCounts() throws {
        let wave = try PathMeasure(cubicPath(Self.cubics[0][0]))
        #expect(wave.pieceCount == 4)
        #expect(wave.pieceCount > PathMeasure.RecordArena.inlinePieces)
        let chain = try PathMeasure(SegmentSearchTests.cubicChain(200, seed: 12))
        #expect(chain.pieceCount == chain.segmentCount)
    }

    /// A record is four whole cache lines and a slot's records start on a line, so a batch's four-line
    /// request for a record is the record.
    @Test func aRecordIsFourWholeCacheLines() {
        #expect(MemoryLayout<PathMeasure.FitRecord>.stride == 256)
        #expect(PathMeasure.RecordArena.recordLines == 4)
        #expect(PathMeasure.RecordArena.recordsOffset % 64 == 0 && PathMeasure.RecordArena.stride % 64 == 0)
    }

    /// Short cubics that turn sharply (the measure bench's kind) take up to three pieces without the
    /// Newton step; those stay in their slots, and the piece is chosen from the header's starts.
    @Test func segmentsOfThreePiecesStayInTheirSlots() throws {
        let cubics = QueryAccuracyTests.chain(400, seed: 99)
        var path = BezPath()
        path.move(to: cubics[0][0])
        for c in cubics { path.cubic(to: c[3], control1: c[1], control2: c[2]) }
        let m = try PathMeasure(path)
        let counts = (0..<m.segmentCount).map { m.storage.records($0).records.count }
        #expect(counts.contains(3))
        let inline = counts.filter { $0 <= PathMeasure.RecordArena.inlinePieces }.count
        #expect(inline * 10 >= counts.count * 8, "\(inline) of \(counts.count) segments inline")
        // Every piece start chosen as the bisection over the records chooses it, both ways of preferring.
        for i in 0..<m.segmentCount {
            let rs = m.storage.records(i)
            for k in 0..<rs.records.count {
                let x = rs.records[k].start
                for s in [x.nextDown, x, x.nextUp] {
                    for preferEarlier in [false, true] {
                        let want = rs.records.lastIndex { preferEarlier ? $0.start < s : $0.start <= s } ?? 0
                        #expect(PathMeasure.Storage.locate(rs, s, preferEarlier: preferEarlier) == max(want, 0))
                    }
                }
            }
        }
    }

    /// A piece of constant speed needs no fit: the default coefficients are `w = u`.
    @Test func theDefaultFitIsTheDistanceFraction() {
        let r = PathMeasure.FitRecord(start: 0, length: 1)
        for u in [0.0, 0.25, 0.5, 0.75, 1.0] { #expect(r.parameter(u) == u) }
        #expect(r.parameter(-0.5) == 0 && r.parameter(1.5) == 1)
    }
}
