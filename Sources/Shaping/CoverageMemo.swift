import Synchronization

/// Which BMP scalars one font was asked about and which of those need no other font (covered or
/// default-ignorable), readable and writable by any number of threads without a lock.
///
/// Two bits per scalar in 2 048 atomic words (16 kB, allocated by the first thread that asks): bit
/// `v & 63` of word `v >> 6` says the scalar is known, the same bit of word `1024 + (v >> 6)` that it is
/// covered. A thread that answers a scalar first sets its covered bit, then (releasing) its known bit;
/// a reader loads the known word acquiring, so a known bit it sees comes with its covered bit. Two threads
/// answering the same scalar at once compute the same answer and set the same bits. Bits are never
/// cleared (a font's instance is fixed when it is loaded). Reads are plain loads on x86 and ARM, and
/// the words are written once per scalar, so threads itemizing with the same font share the words'
/// cache lines without moving them back and forth. ThreadSanitizer sees the atomics.
///
/// `@unchecked Sendable` because raw pointers are not `Sendable`: every shared word is an atomic.
final class CoverageMemo: @unchecked Sendable {
    /// The words of a memo: valid as long as the memo.
    struct Words {
        fileprivate let base: UnsafeMutablePointer<Atomic<UInt64>>

        /// The known bits of scalars `64 w ..< 64 w + 64` (`w` < 1024).
        @inline(__always)
        func known(_ w: Int) -> UInt64 { base[w].load(ordering: .acquiring) }

        /// The covered bits of scalars `64 w ..< 64 w + 64`: meaningful for the bits ``known(_:)``
        /// returned set.
        @inline(__always)
        func covered(_ w: Int) -> UInt64 { base[CoverageMemo.wordCount + w].load(ordering: .relaxed) }

        /// Records the answers for the scalars of `bits` in word `w`: those of `covered` are covered.
        @inline(__always)
        func record(_ w: Int, bits: UInt64, covered: UInt64) {
            if covered & bits != 0 { base[CoverageMemo.wordCount + w].bitwiseOr(covered & bits, ordering: .relaxed) }
            base[w].bitwiseOr(bits, ordering: .releasing)
        }

        /// The memo's answer for BMP scalar `v` (< 0x10000), or `nil` when it was not asked yet.
        @inline(__always)
        func answer(_ v: UInt32) -> Bool? {
            let w = Int(v >> 6), bit = UInt64(1) << UInt64(v & 63)
            guard known(w) & bit != 0 else { return nil }
            return covered(w) & bit != 0
        }

        /// Records `yes` as the answer for BMP scalar `v` (< 0x10000).
        @inline(__always)
        func record(_ v: UInt32, _ yes: Bool) {
            let bit = UInt64(1) << UInt64(v & 63)
            record(Int(v >> 6), bits: bit, covered: yes ? bit : 0)
        }
    }

    /// Words per half: one bit for each of the 65 536 BMP scalars.
    static let wordCount = 1024
    /// The words, `2 × wordCount` of them, or `nil` before the first use.
    private let table = Atomic<UnsafeMutableRawPointer?>(nil)

    /// An empty memo (nothing allocated yet).
    init() {}

    deinit {
        guard let raw = table.load(ordering: .acquiring) else { return }
        let base = raw.assumingMemoryBound(to: Atomic<UInt64>.self)
        base.deinitialize(count: 2 * Self.wordCount)
        base.deallocate()
    }

    /// The words, allocated (all clear) by the first thread that needs them.
    @inline(__always)
    func words() -> Words {
        if let raw = table.load(ordering: .acquiring) { return Words(base: raw.assumingMemoryBound(to: Atomic<UInt64>.self)) }
        return allocate()
    }

    private func allocate() -> Words {
        let fresh = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: 2 * Self.wordCount)
        for i in 0..<2 * Self.wordCount { (fresh + i).initialize(to: Atomic(0)) }
        let (won, current) = table.compareExchange(expected: nil, desired: UnsafeMutableRawPointer(fresh),
                                                   successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if won { return Words(base: fresh) }
        fresh.deinitialize(count: 2 * Self.wordCount)
        fresh.deallocate()
        return Words(base: current!.assumingMemoryBound(to: Atomic<UInt64>.self))
    }
}
