import CPrefetch

extension PathMeasure {
    /// The samples at many distances at once: element `j` is exactly ``sample(at:)`` of element `j` of
    /// `distances` (bit for bit), in any order of distances.
    ///
    /// Faster than one ``sample(at:)`` after another when the distances are spread over a path too long
    /// for the cache (random queries on 100 000 segments): each query's records come from DRAM, and a
    /// single query waits for them, while here the queries are taken in groups whose memory reads are
    /// asked for ahead of the arithmetic (see ``samples(at:into:)``), so that their waits overlap.
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
    /// a plain value), and nothing after the first `distances.count` is written. The queries go in
    /// groups of ``batchGroup``, each group in three passes: find every query's segment (from the
    /// bucket table and the 16-bit positions, which stay cached) and ask for its records slot's header
    /// line; read the headers (building records not yet built), choose each query's piece and ask for
    /// that record's five lines; then evaluate. A pass issues a group's reads before the next pass
    /// needs the first of them, so a group waits for about one DRAM latency in each pass instead of
    /// one per query.
    public func samples(at distances: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<PathSample>) {
        precondition(output.count >= distances.count, "samples(at:into:): the output holds fewer samples than there are distances")
        guard let d = distances.baseAddress, let out = output.baseAddress else { return }
        let st = storage, reversed = isReversed, g = Self.batchGroup
        withUnsafeTemporaryAllocation(of: Double.self, capacity: g) { fsBuffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * g) { indexBuffer in
                let fsOf = fsBuffer.baseAddress!, segmentOf = indexBuffer.baseAddress!, pieceOf = segmentOf + g
                var start = 0
                while start < distances.count {
                    let m = min(g, distances.count - start)
                    for j in 0..<m {
                        let fs = forwardDistance(d[start + j])
                        let i = st.locateSegment(fs, preferEarlier: reversed)
                        fsOf[j] = fs; segmentOf[j] = i
                        pt_prefetch_once(st.arena.slot(i))
                    }
                    for j in 0..<m {
                        let block = st.recordsBlock(segmentOf[j])
                        let rs = SegmentRecords(block)
                        let k = Storage.locate(rs, fsOf[j], preferEarlier: reversed)
                        pieceOf[j] = k
                        let record = UnsafeRawPointer(rs.records.baseAddress! + k)
                        for line in 0..<RecordArena.recordLines { pt_prefetch_once(record + 64 * line) }
                    }
                    for j in 0..<m {
                        let i = segmentOf[j]
                        let rs = SegmentRecords(st.arena.slot(i))
                        (out + start + j).initialize(to: sample(rs, piece: pieceOf[j], segment: i, forward: fsOf[j]))
                    }
                    start += m
                }
            }
        }
    }

    /// The queries ``samples(at:into:)`` takes in one group: enough for their reads to overlap the
    /// DRAM latency (≈ 100 ns, a query's arithmetic being 30–40 ns), few enough for the reads of a group
    /// to stay in the L1 cache until used (16 × 6 lines).
    static let batchGroup = 16
}
