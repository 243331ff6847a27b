import Testing
@testable import Support

/// ``Swift/Array/take()`` and ``Swift/Array/emptied(reserving:)``: kept storage handed on and filled again.
@Suite struct ArrayTakeTests {
    @Test func takeHandsTheStorageOnAndLeavesAnEmptyArray() {
        var kept = [1, 2, 3]
        kept.reserveCapacity(64)
        let address = kept.withUnsafeBufferPointer { $0.baseAddress }
        let taken = kept.take()
        #expect(kept.isEmpty && kept.capacity == 0)
        #expect(taken == [1, 2, 3] && taken.capacity >= 64)
        #expect(taken.withUnsafeBufferPointer { $0.baseAddress } == address)
    }

    @Test func emptiedKeepsUniqueStorage() {
        var kept = Array(0..<10)
        kept.reserveCapacity(100)
        let address = kept.withUnsafeBufferPointer { $0.baseAddress }
        var taken = kept.take()
        taken.emptied(reserving: 50)
        #expect(taken.isEmpty && taken.capacity >= 100)
        taken.append(contentsOf: 0..<50)
        #expect(taken.withUnsafeBufferPointer { $0.baseAddress } == address)
        // More than it holds: new storage.
        taken.emptied(reserving: 1000)
        #expect(taken.isEmpty && taken.capacity >= 1000)
    }

    @Test func emptiedLeavesACopyAsItWas() {
        var kept = [1, 2, 3]
        let copy = kept
        kept.emptied(reserving: 3)
        kept.append(7)
        #expect(kept == [7] && copy == [1, 2, 3])
        #expect(kept.withUnsafeBufferPointer { $0.baseAddress } != copy.withUnsafeBufferPointer { $0.baseAddress })
    }
}
