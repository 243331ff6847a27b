import Testing
@testable import Support

@Suite struct LockedTests {
    /// 8 threads × 10 000 increments under the lock: no increment is lost.
    @Test func incrementsFromManyThreadsAreNotLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { counter.withLock { $0 += 1 } } }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    /// The closure's result and its typed error come out of `withLock`, and the lock is free afterwards.
    @Test func resultsAndErrorsComeOut() {
        struct Full: Error {}
        let items = Locked([1, 2])
        #expect(items.withLock { $0.append(3); return $0.count } == 3)
        #expect(throws: Full.self) { try items.withLock { (s: inout [Int]) throws(Full) -> Int in throw Full() } }
        #expect(items.withLock { $0 } == [1, 2, 3])
    }
}
