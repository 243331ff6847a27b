import Foundation
import Testing
@testable import Geometry

/// The distance → segment search (coarse buckets, a branch-free count of the starts in a bucket, and the
/// prefetching `locateRecords`) gives exactly the segment that the previous search gave (one bucket per
/// segment, then a bisection between the bucket's bounds) and that a bisection of all segment starts
/// gives, and queries through it give bit-identical samples.
@Suite struct SegmentSearchTests {
    /// `n` random cubics of 20–60 px chord, as in the benchmark.
    static func cubicChain(_ n: Int, seed: UInt64) -> BezPath {
        var rng = SplitMix(state: seed)
        var p = BezPath()
        var at = Point(0, 0), heading = 0.0
        p.move(to: at)
        for _ in 0..<n {
            heading += (Double.random(in: 0..<1, using: &rng) - 0.5) * 1.2
            let len = 20 + 40 * Double.random(in: 0..<1, using: &rng)
            let q = Point(at.x + len * cos(heading), at.y + len * sin(heading))
            p.cubic(to: q, control1: Point(at.x + len * 0.3 * cos(heading - 0.4), at.y + len * 0.3 * sin(heading - 0.4)),
                    control2: Point(q.x - len * 0.3 * cos(heading + 0.4), q.y - len * 0.3 * sin(heading + 0.4)))
            at = q
        }
        return p
    }

    /// Lines whose lengths spread over six decades (1e-3 to 1e3 px), so that some buckets hold more than
    /// the counting window and are bisected, and many are empty.
    static func unevenLines(_ n: Int, seed: UInt64) -> BezPath {
        var rng = SplitMix(state: seed)
        var p = BezPath()
        var x = 0.0
        p.move(to: Point(0, 0))
        for k in 0..<n {
            // Runs of tiny segments between long ones.
            let len = k % 40 < 30 ? pow(10, -3 + Double.random(in: 0..<1, using: &rng)) : pow(10, 2 + Double.random(in: 0..<1, using: &rng))
            x += len
            p.line(to: Point(x, 0))
        }
        return p
    }

    /// Segment starts that are equal: after a segment of 1e16 px, segments of 1 px (in subpaths of
    /// their own near the origin, so not of zero length) add no more than half an ulp of the running
    /// total, so the five and the long segment after them all start at 1e16.
    static func equalStarts() -> BezPath {
        var p = BezPath()
        p.move(to: Point(0, 0)); p.line(to: Point(1e16, 0))
        for k in 0..<5 {
            p.move(to: Point(0, Double(k + 1))); p.line(to: Point(1, Double(k + 1)))
        }
        p.move(to: Point(0, 10)); p.line(to: Point(0, 1e16 + 10))
        return p
    }

    /// A closed 40-gon of uneven sides (one subpath, so distances wrap).
    static func closedPolygon() -> BezPath {
        var p = BezPath()
        for k in 0..<40 {
            let a = Double(k) / 40 * 2 * Double.pi, r = 100 + Double(k % 3) * 37
            let q = Point(r * cos(a), r * sin(a))
            if k == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }

    static func measures() throws -> [(String, PathMeasure)] {
        [
            ("one segment", try PathMeasure(Self.cubicChain(1, seed: 1))),
            ("17 cubics", try PathMeasure(Self.cubicChain(17, seed: 2))),
            ("3000 cubics", try PathMeasure(Self.cubicChain(3000, seed: 3))),
            ("uneven lines", try PathMeasure(Self.unevenLines(2000, seed: 4))),
            ("equal starts", try PathMeasure(Self.equalStarts())),
            ("closed polygon", try PathMeasure(Self.closedPolygon())),
        ]
    }

    /// The forward distances worth asking: 0, the length, every segment start and the doubles either
    /// side of it, and random distances.
    static func distances(_ m: PathMeasure, seed: UInt64) -> [Double] {
        let st = m.storage
        var out: [Double] = [0, m.length, m.length.nextDown, Double.leastNonzeroMagnitude]
        for i in 0..<st.segments.count {
            let x = st.segStart[i]
            out += [x, x.nextUp, x.nextDown, x + st.segLength[i] / 2]
        }
        var rng = SplitMix(state: seed)
        for _ in 0..<5000 { out.append(Double.random(in: 0..<1, using: &rng) * m.length) }
        return out.filter { $0 >= 0 && $0 <= m.length }
    }

    /// The search before this one: a bucket per segment (`⌊s·n/L⌋`), then a bisection between the
    /// bucket's bounds.
    struct PreviousSearch {
        let starts: [Double]
        let buckets: [Int32]
        let scale: Double

        init(_ st: PathMeasure.Storage) {
            let n = st.segments.count
            starts = (0..<n).map { st.segStart[$0] }
            scale = Double(n) / st.total
            var b = [Int32](repeating: 0, count: n + 1)
            for k in 0..<n { b[min(Int(starts[k] * scale), n - 1) + 1] = Int32(k) }
            for k in 1...n { b[k] = max(b[k], b[k - 1]) }
            buckets = b
        }

        func locate(_ s: Double, preferEarlier: Bool) -> Int {
            let b = min(Int(s * scale), starts.count - 1)
            var lo = Int(buckets[b]), hi = Int(buckets[b + 1])
            while lo < hi {
                let mid = (lo + hi + 1) >> 1
                let x = starts[mid]
                if preferEarlier ? x < s : x <= s { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
    }

    @Test func segmentSearchAgreesWithThePreviousSearchAndBisection() throws {
        var bisected = 0
        for (name, m) in try Self.measures() {
            let st = m.storage
            let previous = PreviousSearch(st)
            for s in Self.distances(m, seed: 7) {
                for preferEarlier in [false, true] {
                    let got = st.locateSegment(s, preferEarlier: preferEarlier)
                    let want = previous.locate(s, preferEarlier: preferEarlier)
                    #expect(got == want, "\(name): s = \(s), preferEarlier \(preferEarlier): \(got), previously \(want)")
                    #expect(st.locateSegmentByBisection(s, preferEarlier: preferEarlier) == want, "\(name): s = \(s)")
                    #expect(st.locateRecords(s, preferEarlier: preferEarlier).segment == want, "\(name): s = \(s)")
                }
                let (lo, hi) = st.bucketRange(s)
                if hi - lo > PathMeasure.Storage.window { bisected += 1 }
            }
        }
        // The uneven path's long runs of tiny segments take the bisection path.
        #expect(bisected > 0)
    }

    /// The 16-bit positions decide a random query on their own, and a distance at a segment start ties
    /// with it and is decided on the starts (both paths of the count run in the agreement test above);
    /// positions never contradict the distances they stand for.
    @Test func quantizedPositionsDecideOrTie() throws {
        let m = try PathMeasure(Self.cubicChain(3000, seed: 3))
        let st = m.storage
        func ties(_ s: Double) -> Bool {
            let b = PathMeasure.Storage.bucket(s, scale: st.bucketScale, count: st.bucketCount)
            let q = PathMeasure.Storage.quantized(s, scale: st.bucketScale, bucket: b)
            let (lo, hi) = st.bucketRange(s)
            return lo < hi && (lo + 1...hi).contains { st.quantizedStart[$0] == q }
        }
        var rng = SplitMix(state: 17)
        let random = (0..<5000).map { _ in Double.random(in: 0..<1, using: &rng) * m.length }
        #expect(random.filter(ties).count < 10)
        #expect((1..<st.segments.count).allSatisfy { ties(st.segStart[$0]) })
        for k in 1..<st.segments.count {
            let x = st.segStart[k], b = PathMeasure.Storage.bucket(x, scale: st.bucketScale, count: st.bucketCount)
            for y in [x.nextDown, x.nextUp, (x + st.segStart[k - 1]) / 2] {
                guard PathMeasure.Storage.bucket(y, scale: st.bucketScale, count: st.bucketCount) == b else { continue }
                let qy = PathMeasure.Storage.quantized(y, scale: st.bucketScale, bucket: b)
                #expect(y < x ? qy <= st.quantizedStart[k] : qy >= st.quantizedStart[k], "start \(k)")
            }
        }
    }

    @Test func equalStartsResolveAsBefore() throws {
        let m = try PathMeasure(Self.equalStarts())
        let st = m.storage
        // The 1-px segments start where the 1e16-px one ends, all at the same double.
        #expect(st.segments.count == 7)
        #expect((2...6).allSatisfy { st.segStart[$0] == st.segStart[1] })
        let x = st.segStart[1]
        // ≤: the last of the equal starts; <: the segment before them.
        #expect(st.locateSegment(x, preferEarlier: false) == 6)
        #expect(st.locateSegment(x, preferEarlier: true) == 0)
        #expect(st.locateSegment(x.nextUp, preferEarlier: true) == 6)
    }

    /// Samples through the new search are bit-identical to samples on the segment that bisection finds,
    /// for plain, reversed and `Sampler` queries, including distances that wrap round a closed path.
    @Test func samplesAreThoseOfTheBisectedSegment() throws {
        for (name, base) in try Self.measures() {
            for m in [base, base.reversed()] {
                let st = m.storage
                var distances = Self.distances(m, seed: 11)
                distances += [-m.length, -1, -0.0, 2 * m.length, m.length + 1, m.length * 3.5, .nan]
                var sampler = m.sampler()
                for s in distances {
                    let fs = m.forwardDistance(s)
                    let i = st.locateSegmentByBisection(fs, preferEarlier: m.isReversed)
                    let rs = st.records(i)
                    let want = m.sample(rs, piece: PathMeasure.Storage.locate(rs, fs, preferEarlier: m.isReversed), segment: i, forward: fs)
                    let got = m.sample(at: s), walked = sampler.sample(at: s)
                    #expect(got.point == want.point && got.tangent == want.tangent, "\(name) reversed \(m.isReversed): s = \(s)")
                    #expect(walked.point == want.point && walked.tangent == want.tangent, "\(name) sampler: s = \(s)")
                }
            }
        }
        // Wrapping: a closed path's length is its start again.
        let ring = try PathMeasure(Self.closedPolygon())
        #expect(ring.isClosed)
        #expect(ring.sample(at: ring.length).point == ring.sample(at: 0).point)
    }

    /// The memory the search costs: a 4-byte bucket per 8 segments and 16 doubles of padding (it was a
    /// bucket per segment).
    @Test func bucketTableIsAnEighthOfTheSegments() throws {
        let m = try PathMeasure(Self.cubicChain(3000, seed: 3))
        #expect(m.storage.bucketCount == 375)
        #expect(m.storage.buckets.count == 376)
    }
}
