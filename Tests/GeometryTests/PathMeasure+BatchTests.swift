import Support
import Foundation
import Dispatch
import Testing
@testable import Geometry

/// `samples(at:)` and `samples(at:into:)` (many queries at once, their memory reads asked for some queries
/// ahead) give bit for bit what `sample(at:)` gives one distance at a time, on every kind of path, both
/// directions, fresh or warm, from several threads, with segments whose records overflow their slot,
/// and on an arena large enough for huge pages.
@Suite struct BatchSampleTests {
    /// Bit for bit (`==` would let −0 pass for +0 and fail every NaN).
    static func same(_ a: [PathSample], _ b: [PathSample]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { SamplerBoundsTests.bits($0) == SamplerBoundsTests.bits($1) }
    }

    /// Distances of every kind: the search tests' (starts and the doubles beside them, random), out of
    /// range, wrapping, NaN, in random order.
    static func distances(_ m: PathMeasure, seed: UInt64) -> [Double] {
        var d = SegmentSearchTests.distances(m, seed: seed)
        d += [-m.length, -1, -0.0, 2 * m.length, m.length + 1, m.length * 3.5, .nan, .infinity, -.infinity]
        var rng = SplitMix(state: seed &+ 1)
        d.shuffle(using: &rng)
        return d
    }

    @Test func batchIsBitIdenticalToOneAtATime() throws {
        for (name, base) in try SegmentSearchTests.measures() {
            for m in [base, base.reversed()] {
                let d = Self.distances(m, seed: 21)
                let one = d.map { m.sample(at: $0) }
                #expect(Self.same(m.samples(at: d), one), "\(name) reversed \(m.isReversed)")
                // Counts around the pipeline distance, and a collection without contiguous storage.
                for n in [0, 1, PathMeasure.batchDistance - 1, PathMeasure.batchDistance, PathMeasure.batchDistance + 1, 3 * PathMeasure.batchDistance + 5] where n <= d.count {
                    #expect(Self.same(m.samples(at: d.prefix(n)), Array(one.prefix(n))), "\(name): \(n) distances")
                }
                #expect(Self.same(m.samples(at: d.lazy.map { $0 }), one), "\(name): a lazy collection")
            }
        }
    }

    @Test func intoWritesOnlyTheFirstCount() throws {
        let m = try PathMeasure(SegmentSearchTests.cubicChain(40, seed: 5))
        let d = [3.0, 700, 12.5, 0, m.length]
        let marker = PathSample(point: Point(-7, -7), tangent: Vector(0, 0))
        var out = [PathSample](repeating: marker, count: d.count + 3)
        out.withUnsafeMutableBufferPointer { o in d.withUnsafeBufferPointer { m.samples(at: $0, into: o) } }
        #expect(Self.same(Array(out.prefix(d.count)), d.map { m.sample(at: $0) }))
        #expect(out.suffix(3).allSatisfy { $0 == marker })
    }

    /// A fresh measure builds its records inside the batch (in the pass that reads the slots); several
    /// threads batching on one fresh measure race to build the same slots.
    @Test func freshMeasuresOnManyThreadsAgreeWithOne() throws {
        let path = SegmentSearchTests.cubicChain(300, seed: 8)
        let reference = try PathMeasure(path)
        var rng = SplitMix(state: 99)
        let d = (0..<3000).map { _ in Double.random(in: 0..<1, using: &rng) * reference.length }
        let expected = d.map { reference.sample(at: $0) }
        for round in 0..<3 {
            let measure = try PathMeasure(path)
            let lanes = 4
            let got = Locked([[PathSample]](repeating: [], count: lanes))
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                let mine = lane % 2 == 0 ? d : Array(d.reversed())
                let r = measure.samples(at: mine)
                got.withLock { $0[lane] = lane % 2 == 0 ? r : Array(r.reversed()) }
            }
            for lane in 0..<lanes {
                #expect(got.withLock { Self.same($0[lane], expected) }, "round \(round) lane \(lane)")
            }
        }
    }

    /// Segments of more pieces than a slot holds (near-cusps) keep their records in a block of their
    /// own; batches and single queries read them alike.
    @Test func overflowingSegmentsAgree() throws {
        var p = BezPath()
        p.move(to: Point(0, 0))
        for k in 0..<30 {
            let x = Double(k) * 100
            // A cubic folding back almost to a cusp, then a line (one piece).
            p.cubic(to: Point(x + 50, 0), control1: Point(x + 100, 60 + Double(k)), control2: Point(x - 50, 60 + Double(k)))
            p.line(to: Point(x + 100, 0))
        }
        let m = try PathMeasure(p)
        let counts = (0..<m.segmentCount).map { m.storage.records($0).records.count }
        #expect(counts.contains { $0 > PathMeasure.RecordArena.inlinePieces })
        #expect(counts.contains { $0 <= PathMeasure.RecordArena.inlinePieces })
        #expect(m.storage.overflowByteCount > 0)
        for mm in [m, m.reversed()] {
            let d = Self.distances(mm, seed: 3)
            #expect(Self.same(mm.samples(at: d), d.map { mm.sample(at: $0) }))
        }
    }

    /// 8 000 segments: an arena of 5 MB, mapped and advised for huge pages.
    @Test func hugeArenaAgrees() throws {
        let m = try PathMeasure(SegmentSearchTests.cubicChain(8000, seed: 12))
        #expect(m.storage.arena.byteCount >= PathMeasure.RecordArena.hugePageBytes)
        var rng = SplitMix(state: 4)
        let d = (0..<4000).map { _ in Double.random(in: 0..<1, using: &rng) * m.length }
        let batch = m.samples(at: d)
        #expect(Self.same(batch, d.map { m.sample(at: $0) }))
        for s in d.prefix(500) {
            #expect(m.storage.locateSegment(s, preferEarlier: false) == m.storage.locateSegmentByBisection(s, preferEarlier: false))
        }
    }
}
