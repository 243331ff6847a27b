#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Geometry

/// Issue #13 row 3: the parallel curve's memory is linear in the segments with a small constant. The
/// bound is computed from what is stored (pieces per segment, bytes of the tables), not timed.
@Suite struct ParallelMemoryTests {
    /// A smooth chain of `n` cubics, each 20–60 px of chord, as `scripts/parallel-scene` writes them.
    static func chain(_ n: Int, scale: Double = 1) -> BezPath {
        var rng = SplitMix(state: 13)
        var p = BezPath()
        var at = Point(500, 500), heading = 0.0, handle = Vector(10, 0) * scale
        p.move(to: at)
        for _ in 0..<n {
            heading += (Double.random(in: 0..<1, using: &rng) - 0.5) * 1.2
            let len = (20 + 40 * Double.random(in: 0..<1, using: &rng)) * scale
            let q = at + Vector.polar(heading, length: len)
            let h2 = Vector.polar(heading + Double.random(in: -0.5..<0.5, using: &rng), length: 0.35 * len)
            p.cubic(to: q, control1: at + handle, control2: q - h2)
            handle = h2; at = q
        }
        return p
    }

    @Test(arguments: [1.0, 10.0])
    func offsetPiecesAndBytesPerSegmentAreBounded(scale: Double) throws {
        let n = 2000
        let base = try PathMeasure(Self.chain(n, scale: scale))
        // The Hermite fit's error is d times that of the unit normal N(t), which does not change when the
        // curve is scaled: the number of pieces depends on d / tolerance and on how the curve turns, not
        // on its size. Before, the offset took as many pieces as flattening the curve to the tolerance
        // (about 47 per 40 px cubic here), each stored twice, some 9 KB per segment. Since issue #17 a
        // measured segment costs more (a 312-byte query record per piece, for queries without
        // iteration), about 3 KB per base segment here.
        for d in [10.0, -10.0, 3.0] {
            let offset = try base.parallel(offset: d)
            let perSegment = Double(offset.segmentCount) / Double(n)
            #expect(perSegment <= 8, "scale \(scale), d \(d): \(perSegment) offset pieces per segment")
            let bytes = Double(offset.storedByteCount) / Double(n)
            // Each offset segment holds one or two query records of 312 bytes (see PathMeasure.FitRecord);
            // array capacities follow the allocator's size classes, so the count varies a little by run.
            #expect(bytes < 5000, "scale \(scale), d \(d): \(Int(bytes)) bytes per segment")
        }
        // Offsets beyond the radius of curvature (cusps in the offset) cost more, still a few KB at most.
        let far = try base.parallel(offset: 30)
        #expect(Double(far.segmentCount) / Double(n) <= 12)
        #expect(Double(far.storedByteCount) / Double(n) < 10000)
    }

    @Test func worstCaseIsCappedPerSegment() throws {
        // Offsetting a cusp and a tight loop by far more than their radius of curvature: the pieces that
        // hold the offset's cusps are halved the deepest, never beyond 2^maxOffsetDepth per segment.
        for c in [cuspCubic, [Point(0, 0), Point(300, 10), Point(-100, 40), Point(200, 50)]] {
            for d in [-40.0, 40.0, 400.0] {
                let offset = try PathMeasure(cubicPath(c)).parallel(offset: d)
                let pieces = offset.path.segments.count
                #expect(pieces <= 1 << BezPath.maxOffsetDepth + 2)
                #expect(pieces <= 200, "d \(d): \(pieces) pieces")
            }
        }
    }

    @Test func fittedOffsetStaysWithinTheTolerance() throws {
        // Every point of the fitted offset (not only where the fit was checked) is within the tolerance of
        // the exact offset, on single smooth cubics offset by less than their radius of curvature (so the
        // exact offset is the set of points at distance d).
        let segments = Self.chain(40).segments
        for tolerance in [0.01, 1e-4] {
            var worst = 0.0
            for seg in segments {
                var one = BezPath(); one.move(to: seg.start); one.append(seg)
                let base = try PathMeasure(one)
                let offset = one.parallel(offset: 3, tolerance: tolerance)
                for piece in offset.segments {
                    for k in 0...8 { worst = max(worst, abs(base.nearest(to: piece.eval(Double(k) / 8)).offset - 3)) }
                }
            }
            #expect(worst <= tolerance, "worst distance error \(worst) at tolerance \(tolerance)")
            #expect(worst > 0)
        }
    }
}
