import CPrefetch

extension PathMeasure {
    /// The samples at many distances at once: element `j` is exactly ``sample(at:)`` of element `j` of
    /// `distances` (bit for bit), in any order of distances.
    ///
    /// Faster than one ``sample(at:)`` after another when the distances are spread over a path too long
    /// for the cache (random queries on 100 000 segments): each query's records come from DRAM, and a
    /// single query waits for them, while here each query's memory reads are asked for some queries
    /// ahead of its arithmetic, in a pipeline (see ``samples(at:into:)``), so that their waits
    /// overlap.
    /// For a walk along the path, a ``Sampler`` is as fast.
    public func samples(at distances: some Collection<Double>) -> [PathSample] {
        let n = distances.count
        return [PathSample](unsafeUninitializedCapacity: n) { out, initialized in
            let done: Void? = distances.withContiguousStorageIfAvailable { samples(at: $0, into: out) }
            if done == nil { Array(distances).withUnsafeBufferPointer { samples(at: $0, into: out) } }
            initialized = n
        }
    }

    /// Writes the sample at `distances[j]` (exactly ``sample(at:)``) to `output[j]` for every `j`.
    ///
    /// `output` must hold at least `distances.count` samples; it may be uninitialized (``PathSample`` is
    /// a plain value), and nothing after the first `distances.count` is written. The queries run as a
    /// software pipeline of three stages, ``batchDistance`` queries apart: find a query's segment (from
    /// the bucket table and the 16-bit positions, which stay cached) and ask for its records slot's
    /// header line; read the header of the query found `batchDistance` steps before (building records
    /// not yet built), choose its piece and ask for that record's ``RecordArena/recordLines`` lines;
    /// evaluate the query whose record was asked for `batchDistance` steps before that. So each step issues reads that are
    /// needed only some hundred nanoseconds later, and the DRAM latencies of several queries overlap
    /// instead of following one another.
    public func samples(at distances: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<PathSample>) {
        precondition(output.count >= distances.count, "samples(at:into:): the output holds fewer samples than there are distances")
        guard let d = distances.baseAddress, let out = output.baseAddress else { return }
        let st = storage, reversed = isReversed, n = distances.count
        let lag = Self.batchDistance, ring = 4 * Self.batchDistance, mask = ring - 1
        withUnsafeTemporaryAllocation(of: Double.self, capacity: ring) { fsBuffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * ring) { indexBuffer in
                let fsOf = fsBuffer.baseAddress!, segmentOf = indexBuffer.baseAddress!, pieceOf = segmentOf + ring
                var j = -2 * lag
                while j < n {
                    let a = j + 2 * lag
                    if a < n {
                        let fs = forwardDistance(d[a])
                        let i = st.locateSegment(fs, preferEarlier: reversed)
                        fsOf[a & mask] = fs; segmentOf[a & mask] = i
                        pt_prefetch_once(st.arena.slot(i))
                    }
                    let b = j + lag
                    if b >= 0 && b < n {
                        let rs = SegmentRecords(st.recordsBlock(segmentOf[b & mask]))
                        let k = Storage.locate(rs, fsOf[b & mask], preferEarlier: reversed)
                        pieceOf[b & mask] = k
                        let record = UnsafeRawPointer(rs.records.baseAddress! + k)
                        for line in 0..<RecordArena.recordLines { pt_prefetch_once(record + 64 * line) }
                    }
                    if j >= 0 {
                        let i = segmentOf[j & mask]
                        let rs = SegmentRecords(st.arena.slot(i))
                        (out + j).initialize(to: sample(rs, piece: pieceOf[j & mask], segment: i, forward: fsOf[j & mask]))
                    }
                    j += 1
                }
            }
        }
    }

    /// The queries between two stages of ``samples(at:into:)``: enough for a stage's reads to arrive
    /// before the next stage needs them (a DRAM latency of 100–200 ns here, a step's work 30–40 ns), few
    /// enough for what is read ahead to stay in the L1 cache until used (16 headers and 8 records).
    static let batchDistance = 8
}
