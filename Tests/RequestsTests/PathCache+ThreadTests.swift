import Testing
import Foundation
import Synchronization
import Geometry
@testable import Requests

/// The per-thread front of ``PathCache`` (`PathCache+Thread.swift`): copies of the thread's own that
/// answer to the bit what the shared measure answers, emptied when the shared tables evict, bounded,
/// and freed with their thread.
@Suite(.serialized) struct PathCacheThreadTests {
    static let text = "M 20 100 C 120 20 280 180 380 100 Q 420 60 460 100 A 40 30 15 0 1 540 100"

    /// Runs `body` on a new thread and waits until it has returned.
    static func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { body(); done.signal() }
        thread.start()
        done.wait()
    }

    /// The bit patterns of samples at 97 distances (past both ends too).
    static func samples(_ m: PathMeasure) -> [UInt64] {
        (0...96).flatMap { k -> [UInt64] in
            let s = m.sample(at: -5 + Double(k) * (m.length + 10) / 96)
            return [s.point.x.bitPattern, s.point.y.bitPattern, s.tangent.x.bitPattern, s.tangent.y.bitPattern]
        }
    }

    @Test func twoThreadsGetTheirOwnMeasuresEqualToAFreshOneToTheBit() throws {
        let cache = PathCache()
        let fresh = Self.samples(try PathMeasure(try BezPath(svgPathData: Self.text)))
        let results = Mutex<[(shared: Bool, samples: [UInt64], hits: Int)]>([])
        let shared = try #require(cache.measure(try cache.path(svgPathData: Self.text), segmentsAtMost: 64))
        for _ in 0..<2 {
            Self.onNewThread {
                var last: PathMeasure?
                for _ in 0..<3 { last = cache.measure(try! cache.path(svgPathData: Self.text), segmentsAtMost: 64) }
                let m = last!
                results.withLock { $0.append((m.sharesStorage(with: shared), Self.samples(m), cache.threadFrontCounts.hits)) }
            }
        }
        let r = results.withLock { $0 }
        #expect(r.count == 2)
        for t in r {
            #expect(!t.shared, "a thread's measure is a copy of its own")
            #expect(t.samples == fresh)
            // Of three paths and three measures, the first of each came from the shared tables.
            #expect(t.hits == 4)
        }
        #expect(Self.samples(shared) == fresh)
    }

    @Test func aFrontHitIsTheThreadsOwnCopy() throws {
        let cache = PathCache()
        let path = try cache.path(svgPathData: Self.text)
        let first = try #require(cache.measure(path, segmentsAtMost: 64))
        let again = try #require(cache.measure(try cache.path(svgPathData: Self.text), segmentsAtMost: 64))
        #expect(!again.sharesStorage(with: first) && cache.threadFrontCounts.measures == 1 && cache.threadFrontCounts.paths == 1)
        let third = try #require(cache.measure(path, segmentsAtMost: 64))
        #expect(third.sharesStorage(with: again))
        #expect(Self.samples(third) == Self.samples(first))
    }

    @Test func anEvictionInTheSharedTablesEmptiesTheFronts() throws {
        let cache = PathCache()
        let path = try cache.path(svgPathData: Self.text)
        _ = cache.measure(path, segmentsAtMost: 64)
        #expect(cache.threadFrontCounts.measures == 1 && cache.threadFrontCounts.paths == 1)
        // Another thread fills the shared tables until they evict.
        Self.onNewThread {
            for i in 0..<PathCache.entryLimit {
                let p = try! cache.path(svgPathData: "M 0 \(i) L 100 \(i)")
                _ = cache.measure(p, segmentsAtMost: 64)
            }
        }
        #expect(!cache.holdsMeasure(of: path))
        #expect(cache.threadFrontCounts.measures == 0 && cache.threadFrontCounts.paths == 0)
        // removeAll empties them too.
        _ = cache.measure(try cache.path(svgPathData: Self.text), segmentsAtMost: 64)
        #expect(cache.threadFrontCounts.measures == 1)
        cache.removeAll()
        #expect(cache.threadFrontCounts.measures == 0 && cache.threadFrontCounts.paths == 0)
    }

    @Test func aThreadsFrontStaysWithinItsBounds() throws {
        let cache = PathCache()
        let limit = PathCache.ThreadTable.entryLimit
        // More paths than a front keeps, fewer than the shared tables keep (no eviction there).
        for i in 0..<(limit + 10) {
            let p = try cache.path(svgPathData: "M 0 \(i) L 100 \(i) L 200 \(i + 1)")
            _ = cache.measure(p, segmentsAtMost: 64)
            let c = cache.threadFrontCounts
            #expect(c.paths <= limit && c.measures <= limit)
        }
        #expect(cache.counts.measures == limit + 10)
        // Measures of 60 segments: the segment budget holds.
        let budget = PathCache.ThreadTable.measureSegmentBudget
        for i in 0..<(budget / 60 + 3) {
            let p = try cache.path(svgPathData: "M 0 0" + String(repeating: " L \(i) 1 L 0 \(i)", count: 30))
            _ = cache.measure(p, segmentsAtMost: 64)
            #expect(cache.threadFrontCounts.segments <= budget)
        }
        // The last measure is in the front with at most the ones that fit beside it.
        let c = cache.threadFrontCounts
        #expect(c.segments >= 60 && c.segments <= budget && c.measures <= budget / 60 + 1)
    }

    @Test func aThreadsFrontGoesWhenTheThreadExits() throws {
        let cache = PathCache()
        _ = cache.measure(try cache.path(svgPathData: Self.text), segmentsAtMost: 64)
        #expect(cache.threadTableCount == 1)
        let during = Mutex(0)
        Self.onNewThread {
            _ = cache.measure(try! cache.path(svgPathData: Self.text), segmentsAtMost: 64)
            during.withLock { $0 = cache.threadTableCount }
        }
        #expect(during.withLock { $0 } == 2)
        // The thread's key destructor runs after its body returns: wait for it (at most 2 s).
        var now = cache.threadTableCount
        for _ in 0..<200 where now > 1 { usleep(10_000); now = cache.threadTableCount }
        #expect(now == 1)
    }
}
