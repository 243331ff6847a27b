import Foundation
import Dispatch
import Testing
@testable import Geometry

/// A measure's query records are built lazily, per segment, on the first query into it, and measures
/// are shared between threads: several threads querying one fresh measure get exactly what one thread
/// gets, whichever thread builds a segment's records.
@Suite struct ConcurrentMeasureTests {
    /// A chain of 60 cubics with some lines between.
    static func path() -> BezPath {
        var p = BezPath()
        p.move(to: Point(0, 0))
        for k in 0..<60 {
            let x = Double(k) * 40, y = k % 2 == 0 ? 0.0 : 10.0
            if k % 7 == 3 {
                p.line(to: Point(x + 40, y))
            } else {
                p.cubic(to: Point(x + 40, y), control1: Point(x + 10, y - 30 + Double(k % 5) * 7), control2: Point(x + 30, y + 25))
            }
        }
        return p
    }

    @Test func manyThreadsAgreeWithOne() throws {
        let distances = (0..<4000).map { Double($0) * 0.61803398875 }
        let reference = try PathMeasure(Self.path())
        let expected = distances.map { reference.sample(at: $0) }
        for round in 0..<4 {
            // A fresh measure each round: no segment has records yet.
            let shared = try PathMeasure(Self.path())
            let measure = round % 2 == 0 ? shared : shared.reversed().reversed()
            let lanes = 6
            let results = Results(count: lanes * distances.count)
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                var sampler = measure.sampler()
                for (i, s) in distances.enumerated() {
                    // Different lanes walk in different orders, so that they race on different segments.
                    let j = lane % 2 == 0 ? i : distances.count - 1 - i
                    let smp = lane % 3 == 0 ? sampler.sample(at: distances[j]) : measure.sample(at: distances[j])
                    results.set(lane * distances.count + j, smp)
                    _ = s
                }
            }
            for lane in 0..<lanes {
                for j in distances.indices {
                    let got = results.get(lane * distances.count + j), want = expected[j]
                    #expect(got.point == want.point && got.tangent == want.tangent, "round \(round) lane \(lane) s \(distances[j])")
                }
            }
            #expect(measure.length == reference.length)
        }
    }

    @Test func recordsAreBuiltOnlyForQueriedSegments() throws {
        let m = try PathMeasure(Self.path())
        let before = m.storedByteCount
        _ = m.sample(at: 5)
        let one = m.storedByteCount
        // The records arena (a slot per segment) is counted whole from the start; a segment of more
        // pieces than a slot holds adds its block.
        #expect(one >= before)
        #expect(before >= m.segmentCount * PathMeasure.RecordArena.stride)
        #expect((0..<m.segmentCount).filter { m.storage.builtRecords($0) != nil } == [0])
        _ = m.pieceCount  // builds every segment's
        #expect((0..<m.segmentCount).allSatisfy { m.storage.builtRecords($0) != nil })
        // Segment ends: the records tile the segment's length exactly, so the last piece of a segment
        // ends where the next segment starts.
        for i in 0..<m.segmentCount {
            let rs = m.storage.records(i)
            #expect(rs.records[0].start == m.storage.segStart[i])
            let end = i + 1 < m.segmentCount ? m.storage.segStart[i + 1] : m.length
            let last = rs.records[rs.records.count - 1]
            #expect(abs(last.start + last.length - end) <= 1e-12 * m.length)
        }
    }

    @Test func clenshawCurtisWeightsIntegratePolynomials() {
        // Nested rules on [−1, 1]: exact for x^k up to degree n (n + 1 points, n even).
        let x = PathMeasure.LengthRules.nodeW.map { 2 * $0 - 1 }
        for (w, step, n) in [(PathMeasure.LengthRules.w17, 1, 16), (PathMeasure.LengthRules.w9, 2, 8), (PathMeasure.LengthRules.w5, 4, 4)] {
            for k in 0...n {
                var s = 0.0
                for j in w.indices { s += w[j] * pow(x[j * step], Double(k)) }
                let exact = k % 2 == 1 ? 0 : 2 / Double(k + 1)
                #expect(abs(s - exact) < 1e-14, "\(w.count) points, x^\(k)")
            }
        }
    }
}

/// Results written by several threads at distinct indices.
private final class Results: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<PathSample>
    let count: Int
    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: PathSample(point: .zero, tangent: Vector(0, 0)), count: count)
    }
    deinit { storage.deallocate() }
    func set(_ i: Int, _ s: PathSample) { storage[i] = s }
    func get(_ i: Int) -> PathSample { storage[i] }
}
