extension PathMeasure {
    /// A sampler for many distances in (mostly) monotone order, as placement asks them: the same points
    /// and tangents as ``sample(at:)`` (the same tables), but the piece is looked for first where the last
    /// query was, and the next one, before the bucket table.
    public func sampler() -> Sampler { Sampler(self) }

    /// See ``PathMeasure/sampler()``. Any order of distances is allowed.
    public struct Sampler {
        /// The measure sampled.
        public let measure: PathMeasure
        private let storage: PathMeasure.Storage
        /// The segment, its records and the piece of the last query (no records before the first).
        private var segment = 0
        /// The view of the last segment's records (owned by the storage), kept as a view: making one
        /// from its slot reads the slot's header and branches on it.
        private var current = SegmentRecords.none
        private var piece = 0
        /// The forward distances that the last query's piece holds, as ``Storage/holds(_:_:_:_:preferEarlier:)``
        /// decides it: `(lower, upper]` for a reversed measure (which prefers the earlier piece at a
        /// boundary), `[lower, upper)` otherwise; −∞ below the path's first piece and +∞ above its last;
        /// empty before the first query.
        /// Kept so that a query in the same piece as the last (most of them) is two comparisons.
        private var lower = Double.infinity, upper = -Double.infinity

        init(_ measure: PathMeasure) { self.measure = measure; storage = measure.storage }

        /// The point and unit tangent at distance `s`; see ``PathMeasure/sample(at:)``.
        public mutating func sample(at s: Double) -> PathSample {
            let fs = measure.forwardDistance(s)
            // The same piece as the last query (the bounds are empty before the first).
            if measure.isReversed ? (lower < fs && fs <= upper) : (lower <= fs && fs < upper) {
                return measure.sample(current, piece: piece, segment: segment, forward: fs)
            }
            return move(to: fs)
        }

        /// ``sample(at:)`` at forward distance `fs` outside the last query's piece (its bounds are the
        /// ones ``Storage/holds(_:_:_:_:preferEarlier:)`` compares with): the next piece or the next
        /// segment's first (``stepped(to:preferEarlier:)``), else the lookup's.
        @inline(never) private mutating func move(to fs: Double) -> PathSample {
            let preferEarlier = measure.isReversed
            let (i, rs, k): (Int, SegmentRecords, Int)
            if let step = stepped(to: fs, preferEarlier: preferEarlier) {
                (i, rs, k) = step
            } else {
                let (found, block) = storage.locateRecords(fs, preferEarlier: preferEarlier)
                let records = SegmentRecords(block)
                (i, rs, k) = (found, records, Storage.locate(records, fs, preferEarlier: preferEarlier))
            }
            segment = i; current = rs; piece = k
            setBounds(rs)
            return measure.sample(rs, piece: k, segment: i, forward: fs)
        }

        /// The segment, records and piece that hold `fs` one step on from the last query (the one before,
        /// reversed): the next piece of its segment, or a piece of the next segment, found by two
        /// comparisons of segment starts. A label walks along the path so; `nil` before the first query
        /// and after a jump.
        @inline(__always) private func stepped(to fs: Double, preferEarlier: Bool) -> (Int, SegmentRecords, Int)? {
            guard current.records.count > 0 else { return nil }
            let next = preferEarlier ? piece - 1 : piece + 1
            if next >= 0 && next < current.records.count && storage.holds(segment, current, next, fs, preferEarlier: preferEarlier) {
                return (segment, current, next)
            }
            let j = preferEarlier ? segment - 1 : segment + 1
            guard j >= 0, j < storage.segments.count, storage.segmentHolds(j, fs, preferEarlier: preferEarlier) else { return nil }
            let rs = storage.records(j)
            return (j, rs, Storage.locate(rs, fs, preferEarlier: preferEarlier))
        }

        /// Sets ``lower`` and ``upper`` to the bounds of ``piece`` of ``segment`` (records `rs`), the
        /// starts that ``Storage/holds(_:_:_:_:preferEarlier:)`` compares with.
        private mutating func setBounds(_ rs: SegmentRecords) {
            let k = piece, i = segment
            lower = k > 0 || i > 0 ? rs.records[k].start : -Double.infinity
            if k + 1 < rs.records.count { upper = rs.records[k + 1].start }
            else if i + 1 < storage.segments.count { upper = storage.segStart[i + 1] }
            else { upper = Double.infinity }
        }
    }
}
