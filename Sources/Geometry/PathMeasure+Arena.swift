import Support
import Synchronization

extension PathMeasure {
    /// The query records of every segment in one block of memory: a fixed-size slot per segment, so that
    /// segment `i`'s records are at `base + i · stride`, found without reading a pointer first (a random
    /// query at 100 000 segments then waits for one DRAM latency instead of two).
    ///
    /// A slot is a 64-byte header line, room for ``inlinePieces`` records (each ``recordLines`` whole cache
    /// lines) and their ``Piece``s. The header holds the build state (an `Atomic<Int>`: ``empty``,
    /// ``writing``, ``built``), the number of pieces, the starts of the second and third pieces (+∞ where
    /// there is none: the piece choice reads the header line alone) and, for a segment of more pieces, a
    /// pointer to a block of its own (``SegmentRecords/allocate(records:pieces:)``). A slot is written
    /// once: the thread that moves its state from ``empty`` to ``writing`` copies the records in, then
    /// stores ``built`` with release ordering; readers load the state with acquire ordering and read the
    /// records only once it is ``built`` (ThreadSanitizer sees both atomics).
    ///
    /// Large arenas (at least ``mappedBytes``) are anonymous memory mappings, which the kernel gives
    /// zero-filled (a zero state is ``empty``) and commits page by page as slots are first written, so a
    /// measure of a long road that one label queries costs the pages of the slots it touches. From
    /// ``hugePageBytes`` the mapping is aligned to 2 MB and advised for transparent huge pages
    /// (transparent huge pages through `Syscalls.adviseHugePages`, where the kernel allows it), so that random queries do not also miss the
    /// TLB; a touched slot then commits its 2 MB page. Smaller arenas are allocated and their states
    /// initialised.
    struct RecordArena {
        /// The first slot (64-byte aligned).
        let base: UnsafeMutableRawPointer
        /// The number of slots.
        let count: Int
        /// The mapping to unmap (`nil` when allocated) and its size.
        private let mapping: UnsafeMutableRawPointer?
        private let mappingBytes: Int

        /// Records held in the slot itself; a segment of more pieces has a block of its own. Three: a
        /// curve of a few hundred pixels, or a short one that turns sharply, takes up to three pieces.
        static let inlinePieces = 3
        /// Header offsets: the state, the piece count, the overflow block, the second and third pieces' starts.
        static let stateOffset = 0, countOffset = 8, overflowOffset = 16, secondStartOffset = 24, thirdStartOffset = 32
        /// Where the records begin (after the header line).
        static let recordsOffset = 64
        /// Where the pieces begin (after the inline records).
        @inline(__always) static var piecesOffset: Int { recordsOffset + inlinePieces * MemoryLayout<FitRecord>.stride }
        /// The bytes of one slot (a whole number of cache lines).
        @inline(__always) static var stride: Int { (piecesOffset + inlinePieces * MemoryLayout<Piece>.stride + 63) & ~63 }
        /// The cache lines a query may read: the header and the inline records.
        @inline(__always) static var queryLines: Int { (piecesOffset + 63) / 64 }
        /// The lines of one record.
        @inline(__always) static var recordLines: Int { (MemoryLayout<FitRecord>.stride + 63) / 64 }

        /// Build states.
        static let empty = 0, writing = 1, built = 2
        /// Arenas this large are mapped (zero-filled by the kernel, committed as touched).
        static let mappedBytes = 64 << 10
        /// Arenas this large are advised for transparent huge pages.
        static let hugePageBytes = 4 << 20
        static let hugePage = 2 << 20

        /// An arena of `count` empty slots.
        init(count: Int) {
            self.count = count
            let bytes = max(count, 1) * Self.stride
            if bytes >= Self.mappedBytes {
                let huge = bytes >= Self.hugePageBytes
                let total = huge ? bytes + Self.hugePage : bytes
                if let p = Syscalls.mapAnonymous(total) {
                    var start = p
                    if huge {
                        let address = UInt(bitPattern: p), mask = UInt(Self.hugePage - 1)
                        start = p + Int(((address + mask) & ~mask) - address)
                        Syscalls.adviseHugePages(start, bytes)
                    }
                    base = start; mapping = p; mappingBytes = total
                    return
                }
            }
            base = .allocate(byteCount: bytes, alignment: 64)
            mapping = nil; mappingBytes = bytes
            for i in 0..<count { state(slot(i)).initialize(to: Atomic(Self.empty)) }
        }

        /// Frees the arena (the overflow blocks are the storage's to free).
        func release() {
            if let mapping { Syscalls.unmap(mapping, mappingBytes); return }
            base.deallocate()
        }

        /// The bytes the arena reserves (all of them committed once every segment has been queried).
        var byteCount: Int { count * Self.stride }

        /// Whether the arena is a memory mapping (committed as slots are written) rather than allocated.
        var isMapped: Bool { mapping != nil }

        /// Slot `i`.
        @inline(__always) func slot(_ i: Int) -> UnsafeMutableRawPointer { base + i * Self.stride }

        /// A slot's build state (zero-filled memory is an `Atomic<Int>` holding ``empty``).
        @inline(__always) func state(_ slot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Atomic<Int>> {
            (slot + Self.stateOffset).assumingMemoryBound(to: Atomic<Int>.self)
        }

        /// Whether the slot's records are there to read (acquiring: what was written before is visible).
        @inline(__always) func isBuilt(_ slot: UnsafeMutableRawPointer) -> Bool {
            state(slot).pointee.load(ordering: .acquiring) == Self.built
        }

        /// Writes `records` and `pieces` into `slot` unless another thread does (or did) first; returns
        /// once the slot is built either way. `overflow` makes the block of a segment of more than
        /// ``inlinePieces`` pieces (it is called only by the thread that writes the slot).
        func publish(_ slot: UnsafeMutableRawPointer, records: [FitRecord], pieces: [Piece],
                     overflow: () -> UnsafeRawPointer) {
            let state = self.state(slot)
            guard state.pointee.compareExchange(expected: Self.empty, desired: Self.writing, ordering: .acquiring).exchanged else {
                // Another thread is copying the same records in (a few hundred bytes): wait for it.
                while state.pointee.load(ordering: .acquiring) != Self.built { Syscalls.yieldThread() }
                return
            }
            let n = records.count
            slot.storeBytes(of: n, toByteOffset: Self.countOffset, as: Int.self)
            let inline = n <= Self.inlinePieces
            slot.storeBytes(of: inline && n > 1 ? records[1].start : .infinity, toByteOffset: Self.secondStartOffset, as: Double.self)
            slot.storeBytes(of: inline && n > 2 ? records[2].start : .infinity, toByteOffset: Self.thirdStartOffset, as: Double.self)
            if inline {
                let r = (slot + Self.recordsOffset).bindMemory(to: FitRecord.self, capacity: n)
                records.withUnsafeBufferPointer { r.initialize(from: $0.baseAddress!, count: n) }
                let q = (slot + Self.piecesOffset).bindMemory(to: Piece.self, capacity: n)
                pieces.withUnsafeBufferPointer { q.initialize(from: $0.baseAddress!, count: n) }
            } else {
                slot.storeBytes(of: overflow(), toByteOffset: Self.overflowOffset, as: UnsafeRawPointer.self)
            }
            state.pointee.store(Self.built, ordering: .releasing)
        }
    }
}
